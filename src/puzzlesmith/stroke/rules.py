"""The played game: one path, move strings, conflicts, dead end and cleared (seed 000 §4.5, §5.3).

Moves are strings (``start a``, ``add b``, ``rewind a``, ``reset``, ``reveal m 5``); the
position, its moves and its JSON are the path kit's (:mod:`puzzlesmith.paths.state`).
What is Number Stroke's own: the path steps back with ``rewind <cell>`` (keep the cell,
drop what follows), and the parity clues, which the kit's conflicts read from the board.

>>> from puzzlesmith.stroke.board import parse_level, board_of
>>> lv = parse_level({"id": "t", "cells": [
...     {"id": "a", "x": 0, "y": 0, "w": 1, "h": 1, "clue": 1},
...     {"id": "b", "x": 1, "y": 0, "w": 1, "h": 1},
...     {"id": "c", "x": 2, "y": 0, "w": 1, "h": 1, "clue": 3}]})[0]
>>> s = replay(board_of(lv), ["start a", "add b", "add c"]).to_json()
>>> s["steps"], s["cleared"]
({'a': 1, 'b': 2, 'c': 3}, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from puzzlesmith.paths.state import PathState, replay_moves
from puzzlesmith.stroke.board import Board


@dataclass
class GameState(PathState):
    """A Number Stroke position: the kit's, stepping back with ``rewind <cell>``."""

    board: Board


def replay(board: Board, moves: Sequence[str]) -> GameState:
    """The state the moves reach from the empty position."""
    return replay_moves(GameState(board), moves)
