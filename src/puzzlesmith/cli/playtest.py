"""``puzzlesmith playtest``: anonymous per-level play figures from the store.

Seed 001 §8.4 asks for new-player tests (thinking time, first mistake, rewinds, hint use)
before a release; docs/playtests.md is the template a designer fills in. This command
exports what the server's store knows, with no player ids, names or session ids:

- every shipped level that was tried: tries, sessions, clears, clear rate, the median
  time to clear, hints, rewinds, flawless clears, and where players gave up (the last
  step reached by each try that left the level), from ``level_plays`` (the browser
  reports each try of a shipped level: ``POST /api/plays``);
- every daily puzzle: attempts (runs started), clears (verified finishes), the median
  clear time, hints (answered by the server), rewinds/undos, flawless clears, and how
  many gave up (started, never finished);
- every community level: plays and likes (the store keeps counters, not runs).
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from puzzlesmith.cli.common import EXIT_UNREADABLE, fail, open_command_store


@dataclass(frozen=True)
class Figures:
    """One level's play figures, anonymous by construction (counts and medians only)."""

    kind: str  # "shipped" | "daily" | "community"
    mode: str
    level: str  # shipped, community: the level id; daily: the date
    title: str
    grade: str | None
    attempts: int | None
    clears: int | None
    median_s: float | None
    hints: int | None
    hint_share: float | None  # attempts that asked for at least one hint
    undos_median: float | None
    flawless: int | None
    gave_up: int | None
    #: where players gave up: last step reached → tries that left there (shipped levels;
    #: a daily's unfinished run leaves only its start, so None there)
    gave_up_at: dict[str, int] | None
    plays: int | None = None
    likes: int | None = None
    clear_rate: float | None = None
    rewinds: int | None = None
    sessions: int | None = None

    def line(self) -> str:
        """One readable line."""
        if self.kind == "community":
            return (
                f"community {self.mode} {self.level} {self.title!r} ({self.grade}): "
                f"{self.plays} plays, {self.likes} likes"
            )
        med = "—" if self.median_s is None else f"{self.median_s:.1f} s"
        share = 0.0 if self.hint_share is None else self.hint_share
        if self.kind == "shipped":
            where = ", ".join(f"step {k} ×{n}" for k, n in (self.gave_up_at or {}).items())
            return (
                f"shipped {self.mode} {self.level} {self.title!r}: {self.attempts} tries "
                f"({self.sessions} sessions), {self.clears} clears ({self.clear_rate:.0%}), "
                f"median {med}, {self.hints} hints ({share:.0%} used one), "
                f"{self.rewinds} rewinds, {self.gave_up} left" + (f" ({where})" if where else "")
            )
        return (
            f"daily {self.mode} {self.level} {self.title} ({self.grade}): {self.attempts} attempts, "
            f"{self.clears} clears, median {med}, {self.hints} hints ({share:.0%} used one), "
            f"{self.gave_up} gave up"
        )


@dataclass(frozen=True)
class Try:
    """What the figures read of one stored try (``level_plays``), its session only to count."""

    session: str
    outcome: str  # "cleared" | "left"
    time_ms: int
    hints: int
    rewinds: int
    last_step: int


def summarise(mode: str, level: str, title: str, tries: list[Try]) -> Figures:
    """One shipped level's figures from its tries (counts, medians, a distribution)."""
    clears = [t for t in tries if t.outcome == "cleared"]
    left = sorted(t.last_step for t in tries if t.outcome != "cleared")
    n = len(tries)
    return Figures(
        kind="shipped",
        mode=mode,
        level=level,
        title=title,
        grade=None,
        attempts=n,
        clears=len(clears),
        median_s=round(statistics.median(t.time_ms for t in clears) / 1000, 1) if clears else None,
        hints=sum(t.hints for t in tries),
        hint_share=round(sum(1 for t in tries if t.hints) / n, 3) if n else None,
        undos_median=statistics.median(t.rewinds for t in clears) if clears else None,
        flawless=sum(1 for t in clears if not t.rewinds and not t.hints),
        gave_up=len(left),
        gave_up_at={str(k): left.count(k) for k in sorted(set(left))},
        clear_rate=round(len(clears) / n, 3) if n else None,
        rewinds=sum(t.rewinds for t in tries),
        sessions=len({t.session for t in tries}),
    )


def _title(caption: str | None) -> str:
    """The level's caption, cut to one short label."""
    text = " ".join((caption or "").split())
    return text if len(text) <= 40 else text[:39] + "…"


def shipped_figures(
    store: Any, mode: str | None = None, since: str | None = None, min_attempts: int = 1
) -> Iterator[Figures]:
    """Per shipped level with tries, in the modes' and packs' play order (one query)."""
    import datetime as dt

    from sqlalchemy import select

    from puzzlesmith.core import registry
    from puzzlesmith.server.tries.models import LevelPlay as P

    q = select(P.mode, P.level, P.session, P.outcome, P.time_ms, P.hints, P.rewinds, P.last_step)
    if mode:
        q = q.where(P.mode == mode)
    if since:
        day = dt.datetime.combine(dt.date.fromisoformat(since), dt.time(), dt.UTC)
        q = q.where(P.received_ms >= int(day.timestamp() * 1000))
    tries: dict[tuple[str, str], list[Try]] = {}
    with store.session() as s:
        for m, lv, *rest in s.execute(q):
            tries.setdefault((m, lv), []).append(Try(*rest))
    for m in registry.all_modes():
        if mode and m.id != mode:
            continue
        for pack in (m.load_file(f) for f in m.shipped_pack_files()):
            for lv in pack.levels:
                got = tries.get((m.id, lv.id), [])
                if got and len(got) >= min_attempts:
                    yield summarise(m.id, lv.id, _title(lv.caption), got)


def daily_figures(
    store: Any, mode: str | None = None, since: str | None = None, min_attempts: int = 1
) -> Iterator[Figures]:
    """Per daily puzzle, oldest first (one query for starts, one for runs)."""
    from sqlalchemy import select

    from puzzlesmith.server.store.models import Daily, Run, Start

    with store.session() as s:
        days = select(Daily.mode, Daily.date, Daily.number, Daily.grade)
        starts = select(Start.mode, Start.date, Start.hints)
        runs = select(Run.mode, Run.date, Run.time_ms, Run.undos, Run.flawless)
        if mode:
            days = days.where(Daily.mode == mode)
            starts = starts.where(Start.mode == mode)
            runs = runs.where(Run.mode == mode)
        if since:
            days = days.where(Daily.date >= since)
            starts = starts.where(Start.date >= since)
            runs = runs.where(Run.date >= since)
        hints: dict[tuple[str, str], list[int]] = {}
        for m, d, h in s.execute(starts):
            hints.setdefault((m, d), []).append(h)
        done: dict[tuple[str, str], list[tuple[int, int, bool]]] = {}
        for m, d, t, u, f in s.execute(runs):
            done.setdefault((m, d), []).append((t, u, f))
        rows = list(s.execute(days.order_by(Daily.date, Daily.mode)))
    for m, d, number, grade in rows:
        hs = hints.get((m, d), [])
        rs = done.get((m, d), [])
        if len(hs) < min_attempts:
            continue
        yield Figures(
            kind="daily",
            mode=m,
            level=d,
            title=f"#{number}",
            grade=grade,
            attempts=len(hs),
            clears=len(rs),
            median_s=round(statistics.median(t for t, _, _ in rs) / 1000, 1) if rs else None,
            hints=sum(hs),
            hint_share=round(sum(1 for h in hs if h) / len(hs), 3) if hs else None,
            undos_median=statistics.median(u for _, u, _ in rs) if rs else None,
            flawless=sum(1 for _, _, f in rs if f),
            gave_up=max(len(hs) - len(rs), 0),
            gave_up_at=None,
            clear_rate=round(len(rs) / len(hs), 3) if hs else None,
        )


def community_figures(store: Any, mode: str | None = None) -> Iterator[Figures]:
    """Per shown community level, most played first."""
    from sqlalchemy import select

    from puzzlesmith.server.community.models import CommunityLevel

    q = select(
        CommunityLevel.mode,
        CommunityLevel.id,
        CommunityLevel.title,
        CommunityLevel.grade,
        CommunityLevel.plays,
        CommunityLevel.likes,
    ).where(CommunityLevel.hidden.is_(False))
    if mode:
        q = q.where(CommunityLevel.mode == mode)
    with store.session() as s:
        rows = list(s.execute(q.order_by(CommunityLevel.plays.desc(), CommunityLevel.id)))
    for m, lid, title, grade, plays, likes in rows:
        yield Figures(
            "community",
            m,
            lid,
            title,
            grade,
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            plays=plays,
            likes=likes,
        )


def playtest(
    mode: Annotated[
        str | None, typer.Option("--mode", help="Only this mode (e.g. stroke, 04-cows).")
    ] = None,
    since: Annotated[
        str | None,
        typer.Option("--since", help="Tries and dailies from this UTC date on (YYYY-MM-DD)."),
    ] = None,
    min_attempts: Annotated[
        int,
        typer.Option(
            "--min-attempts", min=1, help="Skip levels with fewer tries (dailies: attempts)."
        ),
    ] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per level.")] = False,
    data_dir: Annotated[
        Path | None,
        typer.Option(
            "--data-dir", help="Where the SQLite store lives ($PUZZLESMITH_DATABASE_URL wins)."
        ),
    ] = None,
) -> None:
    """Anonymous play figures per level from the store (shipped levels, dailies, community
    levels), for docs/playtests.md records."""

    from puzzlesmith.core import registry
    from puzzlesmith.core.errors import UnknownModeError

    mode_id = None
    if mode:
        try:
            mode_id = registry.get(mode).id
        except UnknownModeError as exc:
            raise fail(f"playtest: {exc}", EXIT_UNREADABLE) from None
    if since is not None and not _is_date(since):
        raise fail(f"playtest: --since {since!r} is not a date YYYY-MM-DD", EXIT_UNREADABLE)
    store = open_command_store("playtest", data_dir)
    try:
        rows = [
            *shipped_figures(store, mode_id, since, min_attempts),
            *daily_figures(store, mode_id, since, min_attempts),
            *community_figures(store, mode_id),
        ]
    finally:
        store.close()
    for r in rows:
        typer.echo(json.dumps(asdict(r), ensure_ascii=False) if as_json else r.line())


def _is_date(text: str) -> bool:
    import datetime as dt

    try:
        return dt.date.fromisoformat(text).isoformat() == text
    except ValueError:
        return False
