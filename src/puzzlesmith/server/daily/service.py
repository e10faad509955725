"""Today's puzzles from the store: read, or generated on first request and stored.

Several workers may generate the same daily at once: they make the same puzzle (it is
deterministic) and the first insert wins; the others read it back.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from puzzlesmith.core import registry
from puzzlesmith.core.batch import run_tasks
from puzzlesmith.core.mode import JSON, Mode
from puzzlesmith.server.config import Settings
from puzzlesmith.server.daily.puzzles import DailyPuzzle, make_daily
from puzzlesmith.server.daily.sameness import Print, fingerprint, solved_by
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.secret import load_secret
from puzzlesmith.server.store import Daily, Store, open_store


def now_ms() -> int:
    return time.time_ns() // 1_000_000


def today() -> date:
    return datetime.now(UTC).date()


#: the Earth's time zones run from UTC−12 to UTC+14: at any moment, the dates that exist
#: somewhere lie between these offsets' dates (two dates, three for ten hours a day)
EARLIEST_OFFSET_H = -12
LATEST_OFFSET_H = 14


def earth_dates(now_ms: int) -> tuple[date, date]:
    """The first and last date that exist somewhere on Earth at ``now_ms``: a player's local
    date must lie between them (a player in UTC+14 meets tomorrow's UTC puzzle first)."""
    now = datetime.fromtimestamp(now_ms / 1000, UTC)
    return (
        (now + timedelta(hours=EARLIEST_OFFSET_H)).date(),
        (now + timedelta(hours=LATEST_OFFSET_H)).date(),
    )


def daily_modes() -> list[Mode[Any]]:
    """Every registered mode that can generate (and so has dailies), in menu order."""
    return [m for m in registry.all_modes() if m.capabilities.generate]


def daily_mode(name: str) -> Mode[Any]:
    """The daily mode called ``name`` (id, CLI name or alias), else 404 ``unknown-mode``."""
    for m in daily_modes():
        if name in (m.id, m.cli_name, *m.aliases):
            return m
    known = ", ".join(m.cli_name for m in daily_modes())
    raise ApiError("unknown-mode", f"no daily for mode {name!r} (known: {known})")


def build_task(mode_id: str, iso: str, secret: bytes) -> tuple[str, str, int, str, JSON]:
    """One daily as plain data (top-level: worker processes and Dask pickle it)."""
    p = make_daily(registry.get(mode_id), date.fromisoformat(iso), secret)
    return p.mode, p.date.isoformat(), p.number, p.grade, p.level


@dataclass
class Dailies:
    """The store's dailies, with the parsed levels cached (verifying a run parses nothing)."""

    store: Store
    secret: bytes
    clock: Callable[[], int] = now_ms
    _levels: dict[tuple[str, str], tuple[DailyPuzzle, Any]] = field(default_factory=dict)
    _views: dict[tuple[str, str], JSON] = field(default_factory=dict)
    _view_texts: dict[tuple[str, str], str] = field(default_factory=dict)
    _prints: dict[tuple[str, str], Print | None] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def get(self, mode: Mode[Any], day: date) -> tuple[DailyPuzzle, Any]:
        """The puzzle and its parsed level; generated and stored when the date has none."""
        key = (mode.id, day.isoformat())
        hit = self._levels.get(key)
        if hit is not None:
            return hit
        with self._lock:  # one generation per process at a time; others wait and then read
            hit = self._levels.get(key)
            if hit is None:
                puzzle = self._read(mode.id, day) or self._insert(
                    make_daily(mode, day, self.secret)
                )
                hit = (puzzle, puzzle.parsed(mode))
                self._levels[key] = hit
            return hit

    def view(self, mode: Mode[Any], day: date) -> JSON:
        """The daily's level as the client gets it (no solution), made once per process."""
        key = (mode.id, day.isoformat())
        hit = self._views.get(key)
        if hit is not None:
            return hit
        _, level = self.get(mode, day)
        with self._lock:  # one thread computes it; the rest of a burst of starts waits here
            hit = self._views.get(key)
            if hit is None:
                hit = self._views[key] = public_view(mode, level)
            return hit

    def view_text(self, mode: Mode[Any], day: date) -> str:
        """:meth:`view` as JSON text, serialised once (every start of the day sends it)."""
        key = (mode.id, day.isoformat())
        hit = self._view_texts.get(key)
        if hit is None:
            hit = self._view_texts[key] = json.dumps(self.view(mode, day), ensure_ascii=False)
        return hit

    def is_todays(self, mode: Mode[Any], level: Any) -> bool:
        """Whether a daily that is someone's today (every date that exists on Earth now,
        UTC−12 … UTC+14) has a solution that solves ``level``, turned or mirrored or not:
        that board itself, and any board one harmless change away from it
        (daily/sameness.py). Nothing is solved for ``level``."""
        first, last = earth_dates(self.clock())
        day = first
        while day <= last:
            if solved_by(mode, level, self._print(mode, day)):
                return True
            day += timedelta(days=1)
        return False

    def _print(self, mode: Mode[Any], day: date) -> Print | None:
        key = (mode.id, day.isoformat())
        if key not in self._prints:
            # only a stored daily: one not yet made (its first start makes it) is in nobody's
            # hands, and making it here would spend the asking route's work budget
            hit = self._levels.get(key)
            puzzle = hit[0] if hit is not None else self._read(mode.id, day)
            if puzzle is None:
                return None  # not remembered: it may be made and stored a moment later
            parsed = hit[1] if hit is not None else puzzle.parsed(mode)
            self._prints[key] = fingerprint(mode, parsed)
        return self._prints[key]

    def _read(self, mode_id: str, day: date) -> DailyPuzzle | None:
        with self.store.session() as s:
            row = s.get(Daily, (mode_id, day.isoformat()))
            if row is None:
                return None
            return DailyPuzzle(row.mode, day, row.number, row.grade, json.loads(row.level))

    def _insert(self, p: DailyPuzzle) -> DailyPuzzle:
        try:
            with self.store.write() as s:
                s.add(
                    Daily(
                        mode=p.mode,
                        date=p.date.isoformat(),
                        number=p.number,
                        grade=p.grade,
                        level=json.dumps(p.level, ensure_ascii=False),
                        created_ms=self.clock(),
                    )
                )
        except IntegrityError:  # another worker stored it first: theirs is the same puzzle
            stored = self._read(p.mode, p.date)
            if stored is not None:
                return stored
            raise
        return p

    def stored_dates(self, mode_id: str) -> set[str]:
        with self.store.session() as s:
            return set(s.scalars(select(Daily.date).where(Daily.mode == mode_id)))

    def build(
        self,
        modes: list[Mode[Any]],
        first: date,
        days: int,
        *,
        jobs: int = 1,
        scheduler: str | None = None,
        on_done: Callable[[int], None] | None = None,
    ) -> tuple[int, int]:
        """Generate and store the missing dailies of ``days`` dates from ``first``.

        Returns (made, already stored).
        """
        wanted = [
            (m.id, (first + timedelta(days=k)).isoformat()) for m in modes for k in range(days)
        ]
        have = {m.id: self.stored_dates(m.id) for m in modes}
        missing = [(mid, iso, self.secret) for mid, iso in wanted if iso not in have[mid]]
        skipped = len(wanted) - len(missing)
        if on_done is not None:
            for _ in range(skipped):
                on_done(-1)
        made = run_tasks(build_task, missing, jobs=jobs, scheduler=scheduler, on_done=on_done)
        for mid, iso, number, grade, level in made:
            self._insert(DailyPuzzle(mid, date.fromisoformat(iso), number, grade, level))
        return len(made), skipped


def public_view(mode: Mode[Any], level: Any) -> JSON:
    """The mode's view without what would give the daily away (solution, baked hint path)."""
    view = mode.view(level)
    return {
        k: v for k, v in view.items() if "solution" not in k.lower() and "hint" not in k.lower()
    }


def open_dailies(conf: Settings) -> Dailies:
    """The store of ``conf`` (its database URL or its data dir's SQLite file) and the
    secret (its ``secret`` or the data dir's), checked against the store's fingerprint of
    it (``StoreRefused`` for another secret, a lost ``secret.key``)."""
    store = open_store(conf)
    try:
        return Dailies(store, load_secret(conf, store))
    except BaseException:
        store.close()
        raise
