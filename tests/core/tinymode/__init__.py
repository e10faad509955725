"""Switches (开关): a fourth, test-only mode that walks docs/adding-a-mode.md.

Registered only by the tests that use it (``registry.registered(MODE)``), never by the
package, so the game and the CLI know three modes. It is deliberately small — a row of
lamps, each press switches one lamp — but it implements the whole Mode contract the
same way a real mode does: its own package, levels, rules, state, solver and grader.
"""

from __future__ import annotations

from tinymode.mode import MODE

__all__ = ["MODE"]
