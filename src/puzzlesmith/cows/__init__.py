"""Cows (奶牛, mode ``04-cows``): one cow per row, column and colour region; cows never touch.

Seed 002 is the authority on behaviour. The engine is pure (no web or CLI imports):
``board`` parses levels, ``rules`` replays moves, ``solver`` counts solutions,
``logic`` solves like a person and grades, ``generate`` makes unique boards,
``hints`` explains the next step, ``render`` draws SVG; ``mode`` wires them into the
common interface.
"""

from puzzlesmith.cows.mode import CowsMode

MODE = CowsMode()

__all__ = ["MODE", "CowsMode"]
