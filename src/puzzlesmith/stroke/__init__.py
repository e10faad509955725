"""Number Stroke (数字一笔): a numbered Hamiltonian path over polyomino cells."""

from puzzlesmith.stroke.mode import StrokeMode

MODE = StrokeMode()

__all__ = ["MODE", "StrokeMode"]
