"""The path modes' logic engine in parts: the state and rules (``engine``) and one module
per technique family. Import it from :mod:`puzzlesmith.paths.techniques`, which holds the
table of techniques and ``deduce``.
"""
