"""Anonymous tries of shipped levels: what ``POST /api/plays`` stores and ``puzzlesmith
playtest`` counts (seed 001 §8.4's new-player tests)."""
