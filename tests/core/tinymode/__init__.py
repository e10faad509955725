"""Switches (开关): a fourth, test-only mode that walks docs/adding-a-mode.md.

Never declared by puzzlesmith, so the game and the CLI know three modes: tests add it
for a block (``registry.registered(MODE)``) or install it as a plugin distribution with
an entry point in ``puzzlesmith.modes`` (tests/core/modeplugin.py, tests/core/test_plugin.py). It is deliberately small — a row of
lamps, each press switches one lamp — but it implements the whole Mode contract the
same way a real mode does: its own package, levels, rules, state, solver and grader.

It has no client module, so the shell does not list it and the stream board draws its
rooms' targets and votes but not its lamps. A mode people play adds, besides this
package and its entry point, ``static/modes/<id>.js`` (the play screen) and
``static/modes/<id>/stream.js`` (``drawPosition(pen, position)`` and ``drag``: how the
stream board draws a position; docs/adding-a-mode.md §2).
"""

from __future__ import annotations

from tinymode.mode import MODE

__all__ = ["MODE"]
