"""Problems: one named check failure, shared by validation, highlighting and messages.

Like pzprjs, every rule a level or a played position can break has a stable code
(``cell-overlap``, ``clue-repeated``, ``not-unique`` …). The CLI prints
:meth:`Problem.line`, the server returns the code and the cells, the client
translates the code; so a rule is named once and shown consistently everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from puzzlesmith.core.text import safe

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Problem:
    """One failed check.

    >>> Problem("cell-overlap", "overlaps cell c at (1, 0)", source="p.json",
    ...         level="1-2", where="cell b").line()
    'p.json: level 1-2: cell b: overlaps cell c at (1, 0) [cell-overlap]'
    """

    code: str
    message: str
    source: str = ""
    level: str | None = None
    where: str | None = None
    severity: Severity = "error"
    cells: tuple[str, ...] = field(default=())

    def line(self) -> str:
        """The one-line form the CLI prints: file, level, item, message, code."""
        parts = [p for p in (self.source, _opt("level", self.level), self.where) if p]
        prefix = ": ".join(parts)
        tag = "warning: " if self.severity == "warning" else ""
        body = f"{tag}{self.message} [{self.code}]"
        return safe(f"{prefix}: {body}" if prefix else body)

    def at(self, *, source: str | None = None, level: str | None = None) -> Problem:
        """The same problem, placed in a file and/or level."""
        return Problem(
            self.code,
            self.message,
            source if source is not None else self.source,
            level if level is not None else self.level,
            self.where,
            self.severity,
            self.cells,
        )

    def to_json(self) -> dict[str, object]:
        return {
            "code": self.code,
            "message": self.message,
            "level": self.level,
            "where": self.where,
            "severity": self.severity,
            "cells": list(self.cells),
        }


def _opt(label: str, value: str | None) -> str | None:
    return f"{label} {value}" if value is not None else None


def errors(problems: list[Problem]) -> list[Problem]:
    """Only the problems that fail a level (warnings are advice)."""
    return [p for p in problems if p.severity == "error"]
