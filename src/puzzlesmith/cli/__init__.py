"""The designer's command line: ``puzzlesmith <mode> validate|solve|grade|render|generate|design``."""
