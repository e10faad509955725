"""The one gate between a level and a player: what ``validate`` fails, nothing publishes.

``validate`` prints every problem of :meth:`Mode.check`; every command that publishes
or exports a level (``export-html``, community publishing, ``daily build``) asks
:func:`publish_refusal` and, when the level fails, refuses it with ``validate``'s own
line, so the two can never disagree (a pack that validates as ``not-unique`` is never
exported as "1 levels, 84 KB").
"""

from __future__ import annotations

from typing import Any

from puzzlesmith.core.mode import Mode
from puzzlesmith.core.problems import Problem, errors


def publish_problems(mode: Mode[Any], level: Any) -> list[Problem]:
    """The errors ``validate`` reports for ``level`` (warnings do not stop a level)."""
    return errors(mode.check(level))


def publish_refusal(mode: Mode[Any], level: Any, source: str = "") -> str | None:
    """``validate``'s line for the level's first error, or None when it may be published."""
    found = publish_problems(mode, level)
    if not found:
        return None
    line = found[0].at(source=source, level=str(level.id)).line()
    more = len(found) - 1
    return line + (f" (and {more} more: puzzlesmith {mode.cli_name} validate)" if more else "")
