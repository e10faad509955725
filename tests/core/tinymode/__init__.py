"""Switches (开关): a fourth, test-only mode that walks docs/adding-a-mode.md.

Never declared by puzzlesmith, so the game and the CLI know three modes: tests add it
for a block (``registry.registered(MODE)``) or install it as a plugin distribution with
an entry point in ``puzzlesmith.modes`` (tests/core/modeplugin.py, tests/core/test_plugin.py). It is deliberately small — a row of
lamps, each press switches one lamp — but it implements the whole Mode contract the
same way a real mode does: its own package, levels, rules, state, solver and grader.

It has no play screen (``<id>.js``), so the shell does not list it; its package's
``client/90-switches/stream.js`` is how the stream board draws its lamps, served by the
server at ``/static/modes/90-switches/stream.js`` as any mode's client files are. A mode
people play adds, besides this package and its entry point, ``client/<id>.js`` (the play
screen) and ``client/<id>.css`` in its package (docs/adding-a-mode.md §2).
"""

from __future__ import annotations

from tinymode.mode import MODE

__all__ = ["MODE"]
