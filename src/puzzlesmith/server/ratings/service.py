"""Rated games in the store: every verified daily finish and every reported clear moves the
player's and the level's Glicko-2 rating (core/rating decides by how much).

Concurrency: the games of one request are applied in one transaction that first makes sure
the rows exist (``INSERT … ON CONFLICT DO NOTHING``; on SQLite this first write takes the
database's write lock, so nothing read after it is stale), then reads them with
``SELECT … FOR UPDATE`` (PostgreSQL: a row lock, so a second worker finishing the same
level waits and then reads the first one's result) — levels in key order, then players in
key order, so two transactions never wait on each other in a circle. Every game counts.

A daily finish rates one game in the finish's own transaction (:func:`record_one`): each
row is made, locked and read by one upsert (``INSERT … ON CONFLICT DO UPDATE … RETURNING``)
— the player's first, the day's level last (every finish of the day meets that row, so it
is held for the fewest statements) — and written by one ``UPDATE`` each. A daily's level
key (``daily-…``) is never a reported clear's, so the two orders never meet in a circle.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, tuple_, update
from sqlalchemy.orm import Session

from puzzlesmith.core import rating
from puzzlesmith.core.glicko2 import Rating
from puzzlesmith.server.ratings.models import LevelRating, PlayerRating
from puzzlesmith.server.store import Store

#: the model's score of a level (``mode.grade(level).score``): a level's first rating
ScoreOf = Callable[[], float]


@dataclass(frozen=True)
class Clear:
    """One rated game: a player cleared a level in ``time_ms`` with hints and steps back."""

    mode: str
    level: str
    player: str
    time_ms: int
    hints: int
    steps_back: int
    #: the level's score, asked only when the level has no rating yet
    score: ScoreOf


def as_json(r: Rating, plays: int) -> dict[str, Any]:
    """What the views carry: ``{"value", "deviation", "plays"}`` (rounded for people)."""
    return {"value": round(r.value), "deviation": round(r.deviation), "plays": plays}


def _rating(row: Any) -> Rating:
    return Rating(row.value, row.deviation, row.volatility)


def _ensure(store: Store, s: Session, model: type[Any], rows: list[dict[str, Any]]) -> None:
    if rows:
        s.execute(store.insert_new(model), rows)


def _locked(
    s: Session, model: type[Any], key: str, keys: list[tuple[str, str]]
) -> dict[tuple[str, str], Any]:
    """The rows of ``keys`` (mode, key), locked, read in key order."""
    col = getattr(model, key)
    stmt = (
        select(model.mode, col, model.value, model.deviation, model.volatility, model.plays)
        .where(tuple_(model.mode, col).in_(keys))
        .order_by(model.mode, col)
        .with_for_update()
    )
    return {(r.mode, getattr(r, key)): r for r in s.execute(stmt)}


def _new_row(mode: str, key: str, name: str, r: Rating) -> dict[str, Any]:
    return {
        "mode": mode,
        key: name,
        "value": r.value,
        "deviation": r.deviation,
        "volatility": r.volatility,
        "plays": 0,
    }


def record(store: Store, clears: Iterable[Clear], session: Session | None = None) -> int:
    """Apply ``clears`` in order; in ``session`` (the caller's write transaction) or a new
    one. Returns the number of games rated."""
    games = list(clears)
    if not games:
        return 0
    if session is not None:
        _apply(store, session, games)
    else:
        with store.write() as s:
            _apply(store, s, games)
    return len(games)


def _apply(store: Store, s: Session, games: list[Clear]) -> None:
    level_keys = sorted({(g.mode, g.level) for g in games})
    player_keys = sorted({(g.mode, g.player) for g in games})
    first = {(g.mode, g.level): g.score for g in games}
    _ensure(
        store,
        s,
        LevelRating,
        [_new_row(m, "level", lv, rating.level_start(first[(m, lv)]())) for m, lv in level_keys],
    )
    _ensure(
        store, s, PlayerRating, [_new_row(m, "player", p, rating.PLAYER) for m, p in player_keys]
    )
    levels = {
        k: (_rating(r), r.plays) for k, r in _locked(s, LevelRating, "level", level_keys).items()
    }
    players = {
        k: (_rating(r), r.plays) for k, r in _locked(s, PlayerRating, "player", player_keys).items()
    }
    for g in games:
        lk, pk = (g.mode, g.level), (g.mode, g.player)
        (lv, lplays), (pl, pplays) = levels[lk], players[pk]
        out = rating.game(pl, lv, g.time_ms, g.hints, g.steps_back)
        levels[lk], players[pk] = (out.level, lplays + 1), (out.player, pplays + 1)
    for model, key, table in (
        (LevelRating, "level", levels),
        (PlayerRating, "player", players),
    ):
        col = getattr(model, key)
        for (mode, name), (r, plays) in table.items():
            s.execute(
                update(model)
                .where(model.mode == mode, col == name)
                .values(value=r.value, deviation=r.deviation, volatility=r.volatility, plays=plays)
            )


def _upsert_locked(
    store: Store, s: Session, model: type[Any], key: str, first: dict[str, Any]
) -> tuple[Rating, int]:
    """The row ``first`` names, stored as ``first`` when new, locked and read: one
    statement (the no-op ``DO UPDATE`` takes the row lock and returns the row)."""
    t = model.__table__.c
    stmt = (
        store.upsert(model)
        .values(first)
        .on_conflict_do_update(index_elements=["mode", key], set_={"plays": t.plays})
        .returning(t.value, t.deviation, t.volatility, t.plays)
    )
    row = s.execute(stmt).one()
    return _rating(row), int(row.plays)


def record_one(store: Store, s: Session, g: Clear) -> None:
    """Rate one game in ``s`` (the caller's write transaction): four statements."""
    player, pplays = _upsert_locked(
        store, s, PlayerRating, "player", _new_row(g.mode, "player", g.player, rating.PLAYER)
    )
    level, lplays = _upsert_locked(
        store,
        s,
        LevelRating,
        "level",
        _new_row(g.mode, "level", g.level, rating.level_start(g.score())),
    )
    out = rating.game(player, level, g.time_ms, g.hints, g.steps_back)
    for model, key, name, r, plays in (
        (PlayerRating, "player", g.player, out.player, pplays + 1),
        (LevelRating, "level", g.level, out.level, lplays + 1),
    ):
        s.execute(
            update(model)
            .where(model.mode == g.mode, getattr(model, key) == name)
            .values(value=r.value, deviation=r.deviation, volatility=r.volatility, plays=plays)
        )


def level_rating(store: Store, mode: str, level: str, score: ScoreOf) -> dict[str, Any]:
    """A level's rating for its view: stored, or its start from the model's score."""
    with store.session() as s:
        row = s.get(LevelRating, (mode, level))
        if row is None:
            return as_json(rating.level_start(score()), 0)
        return as_json(_rating(row), row.plays)


def player_ratings(store: Store, player: str) -> dict[str, dict[str, Any]]:
    """A player's rating in every mode they have played: mode id → rating."""
    with store.session() as s:
        rows = s.scalars(select(PlayerRating).where(PlayerRating.player == player))
        return {r.mode: as_json(_rating(r), r.plays) for r in rows}


class Ratings:
    """The ratings kept in one store, for the views that show them: built once per app
    (``app.state.services.ratings``; routes take ``deps.RatingsDep``). Recording a game
    stays :func:`record`, inside the transaction of the finish or try that made it."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def level(self, mode: str, level: str, score: ScoreOf) -> dict[str, Any]:
        return level_rating(self.store, mode, level, score)

    def player(self, player: str) -> dict[str, dict[str, Any]]:
        return player_ratings(self.store, player)
