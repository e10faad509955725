"""Switches (开关): a fourth, test-only mode that walks docs/adding-a-mode.md.

Registered only by the tests that use it (``registry.registered(MODE)``), never by the
package, so the game and the CLI know three modes. It is deliberately small — a row of
lamps, each press switches one lamp — but it implements the whole Mode contract the
same way a real mode does: its own package, levels, rules, state, solver and grader.

It has no client module, so the shell does not list it and the stream board draws its
rooms' targets and votes but not its lamps. A mode people play adds, besides this
package and its registry line, ``static/modes/<id>.js`` (the play screen) and
``static/modes/<id>/stream.js`` (``drawPosition(pen, position)`` and ``drag``: how the
stream board draws a position; docs/adding-a-mode.md §2).
"""

from __future__ import annotations

from tinymode.mode import MODE

__all__ = ["MODE"]
