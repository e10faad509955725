"""Hex Walls (六边一笔, mode 03-hex-walls): a numbered path over hexes with static and turning walls."""

from puzzlesmith.hexwalls.mode import HexWallsMode

MODE = HexWallsMode()

__all__ = ["MODE", "HexWallsMode"]
