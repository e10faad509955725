"""Runs the server verifies: start (signed token, server time), hints it answers, finish.

A finish is recorded only when the Python engine replays the move log to a clear; its
time is the server's finish time minus the server's start time, and the log's own times
may not claim more. A run faster than the plausible minimum for its number of moves, or
whose timing is not a person's (``timing.judge``), is recorded as flagged, never ranked.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any, NamedTuple

from sqlalchemy import ColumnElement, and_, case, func, literal, or_, select, update
from sqlalchemy.orm import Session

from puzzlesmith.core.codes import encode_level
from puzzlesmith.core.errors import IllegalMoveError
from puzzlesmith.core.mode import JSON, Mode
from puzzlesmith.core.movelog import MoveLogError, TimedMove, decode, encode, moves_of
from puzzlesmith.paths.mode import PathMode
from puzzlesmith.server.daily.awards import Awards
from puzzlesmith.server.daily.service import Dailies, earth_dates
from puzzlesmith.server.daily.timing import REASONS, floor_ms, judge
from puzzlesmith.server.daily.tokens import RunClaim, sign, verify
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.players import display_key, tagged
from puzzlesmith.server.ratings import service as ratings
from puzzlesmith.server.ratings.scores import daily_key, daily_score
from puzzlesmith.server.store import Player, Run, Start

#: the fastest a person plays one move of the log (a drag through cells, a tap)
MIN_MS_PER_MOVE = 60
BOARD_SIZE = 100
#: how long a day's top 100 is served from memory (a finish here is added to it at once;
#: finishes on other workers show within this time)
BOARD_TTL_S = 1.0
#: more moves than this in one run's log is not play
MAX_LOG_MOVES = 20_000


@dataclass
class Rules:
    """How finishes are judged. ``min_ms_per_move = 0`` is a test server: no speed or
    timing flags at all (browser tests drive the board at machine speed)."""

    min_ms_per_move: int = MIN_MS_PER_MOVE

    @property
    def judges_timing(self) -> bool:
        return self.min_ms_per_move > 0


def utc_date(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).date().isoformat()


class Board(NamedTuple):
    """A day's top 100 as this worker last read it: until when it is served, the rows (id,
    time, flawless, has a log, name, player id), how many are ranked, the entries shown."""

    until: float
    rows: list[tuple[Any, ...]]
    total: int
    entries: list[JSON]


def _entries(rows: list[tuple[Any, ...]]) -> list[JSON]:
    clash = Counter(display_key(row[4]) for row in rows)
    return [
        {
            "rank": i + 1,
            "id": rid,
            "name": tagged(name, pid) if clash[display_key(name)] > 1 else name,
            "time_ms": t,
            "flawless": f,
            "replay": lg,
        }
        for i, (rid, t, f, lg, name, pid) in enumerate(rows)
    ]


class Runs:
    def __init__(self, dailies: Dailies, rules: Rules | None = None) -> None:
        self.dailies = dailies
        self.store = dailies.store
        self.rules = rules or Rules()
        self._boards: dict[tuple[str, str], Board] = {}
        self._board_lock = threading.Lock()
        #: finished runs never change: (player, mode, date) → run, once seen
        self._finished: dict[tuple[str, str, str], Run] = {}
        #: (mode, date) → the fastest clear ranked (timing.floor_ms), graded once per process
        self._floors: dict[tuple[str, str], int] = {}
        self.awards = Awards(self.store)

    @property
    def secret(self) -> bytes:
        return self.dailies.secret

    def local_today(self, local: object = None) -> date:
        """The player's date: ``local`` (the client's own date, header ``X-Local-Date``) when
        it exists somewhere on Earth now (UTC−12 … UTC+14), else 422 ``bad-local-date``;
        without one, the UTC date."""
        now_ms = self.dailies.clock()
        if local is None:
            return date.fromisoformat(utc_date(now_ms))
        try:
            day = date.fromisoformat(str(local))
        except ValueError:
            raise ApiError(
                "bad-local-date", f"X-Local-Date: {local!r} is not YYYY-MM-DD", "date"
            ) from None
        first, last = earth_dates(now_ms)
        if not first <= day <= last:
            raise ApiError(
                "bad-local-date",
                f"X-Local-Date: {day.isoformat()} is no one's date now (UTC−12 … UTC+14: "
                f"{first.isoformat()} … {last.isoformat()})",
                "date",
            )
        return day

    def day_of(self, raw: object, local: object = None) -> date:
        """The date asked for (the player's today by default): a real date, not before #1,
        not after the player's today."""
        mine = self.local_today(local)
        if raw is None:
            return mine
        try:
            day = date.fromisoformat(str(raw))
        except ValueError:
            raise ApiError("bad-date", f"date: {raw!r} is not YYYY-MM-DD", "date") from None
        if day > mine:
            raise ApiError("future-date", f"date: {day.isoformat()} is not here yet", "date")
        return day

    # ---- start --------------------------------------------------------------------------
    def start(self, player: Player, mode: Mode[Any], day: date) -> JSON:
        """The run token; starting again the same day resumes it (same server start time)."""
        puzzle, _ = self.dailies.get(mode, day)
        iso = day.isoformat()
        # the usual start is a first one: one insert that does nothing when the start is
        # stored already (a resumed one), which is then read in the same transaction
        started_ms = self.dailies.clock()
        stmt = (
            self.store.insert_new(Start)
            .values(player_id=player.id, mode=mode.id, date=iso, started_ms=started_ms, hints=0)
            .returning(Start.id)
        )
        row: Start | None
        with self.store.write() as s:
            new_id = s.scalar(stmt)
            fresh = new_id is not None
            if fresh:
                row = Start(
                    id=new_id, player_id=player.id, mode=mode.id, date=iso,
                    started_ms=started_ms, hints=0,
                )  # fmt: skip
            else:
                row = self._start_row(player.id, mode.id, iso, s)
        assert row is not None
        claim = RunClaim(player.id, mode.id, iso, row.id, row.started_ms)
        out: JSON = {
            "run": sign(self.secret, claim),
            "level": self.dailies.view(mode, day),  # the router sends it pre-serialised
            "number": puzzle.number,
            "date": iso,
            "grade": puzzle.grade,
            "started_ms": row.started_ms,
            "now_ms": self.dailies.clock(),
            "hints": row.hints,
        }
        done = None if fresh else self._run_row(player.id, mode.id, iso)
        if done is not None:
            out["finished"] = self.result(done)
        return out

    def _start_row(
        self, player_id: str, mode_id: str, iso: str, session: Session | None = None
    ) -> Start | None:
        if session is None:
            with self.store.session() as s:
                return self._start_row(player_id, mode_id, iso, s)
        return session.scalars(
            select(Start).where(
                Start.player_id == player_id, Start.mode == mode_id, Start.date == iso
            )
        ).first()

    def _run_row(self, player_id: str, mode_id: str, iso: str) -> Run | None:
        key = (player_id, mode_id, iso)
        hit = self._finished.get(key)
        if hit is not None:
            return hit
        return self._stored_run(player_id, mode_id, iso)

    def _remember(self, run: Run) -> None:
        if len(self._finished) > 200_000:
            self._finished.clear()
        self._finished[(run.player_id, run.mode, run.date)] = run

    def _claim(self, player: Player, mode: Mode[Any], token: object) -> tuple[RunClaim, Start]:
        """The token's claim, checked against the player, the mode and the stored start."""
        claim = self._verified(player, mode, token)
        row = self._start_row(player.id, mode.id, claim.date)
        if row is None or row.id != claim.start or row.started_ms != claim.started_ms:
            raise ApiError("bad-run-token", "run: no such start on this server", "run")
        return claim, row

    # ---- hints --------------------------------------------------------------------------
    def hint(
        self, player: Player, mode: Mode[Any], token: object, moves: Sequence[str], kind: str
    ) -> JSON:
        """The server answers a daily's hints (the level sent has no solution) and counts them."""
        claim, row = self._claim(player, mode, token)
        if self._run_row(player.id, mode.id, claim.date) is not None:
            raise ApiError("already-finished", "run: this daily is already finished", "run")
        if kind not in mode.hint_kinds:
            kinds = ", ".join(mode.hint_kinds) or "none"
            raise ApiError("unknown-hint-kind", f"kind {kind!r} is not one of: {kinds}", "kind")
        _, level = self.dailies.get(mode, date.fromisoformat(claim.date))
        answer = mode.hint(level, moves, kind)
        counted = (  # one statement: two hints at once answer 1 and 2, never 1 and 1
            update(Start)
            .where(Start.id == row.id)
            .values(hints=Start.hints + 1)
            .returning(Start.hints)
        )
        with self.store.write() as s:
            hints = int(s.execute(counted).scalar_one())
        return {**answer, "hints": hints}

    # ---- finish -------------------------------------------------------------------------
    def read_log(self, text: str, time_ms: int) -> list[TimedMove]:
        """The client's timed log: readable, not huge, not longer than the run itself."""
        try:
            log = decode(text)
        except MoveLogError as exc:
            raise ApiError("bad-log", f"log: {exc}", "log") from None
        if len(log) > MAX_LOG_MOVES:
            raise ApiError("bad-log", f"log: {len(log)} moves (at most {MAX_LOG_MOVES})", "log")
        if log and log[-1].ms > time_ms:  # the log's clock starts after the server's
            raise ApiError(
                "bad-log",
                f"log: it lasts {log[-1].ms} ms but the server measured {time_ms} ms",
                "log",
            )
        return log

    def floor_of(self, mode: Mode[Any], iso: str, level: Any) -> int:
        """The daily's floor (timing.floor_ms): its solution's moves, its decisions (every
        Cows tap; a path's forks) and its difficulty score."""
        key = (mode.id, iso)
        hit = self._floors.get(key)
        if hit is None:
            moves = len(mode.solution_moves(level))
            graded = mode.grade(level)
            taps = not isinstance(mode, PathMode)
            decisions = moves if taps else int(graded.details.get("branch_points", moves))
            hit = self._floors[key] = floor_ms(moves, decisions, graded.score)
        return hit

    def flags_of(
        self,
        claim: RunClaim,
        time_ms: int,
        played: int,
        timed: list[TimedMove] | None,
        mode: Mode[Any],
        level: Any,
    ) -> list[str]:
        """Why a verified run is not ranked (no reason: ranked)."""
        flags: list[str] = []
        if self.rules.judges_timing:
            if time_ms < self.rules.min_ms_per_move * played:
                flags.append("too-fast")
            if time_ms < self.floor_of(mode, claim.date, level):
                flags.append("under-floor")
            if timed is None:
                flags.append("no-log")
            else:
                flags.extend(flag for flag, _ in judge(timed, not isinstance(mode, PathMode)))
        first, last = earth_dates(claim.started_ms)
        if not first <= date.fromisoformat(claim.date) <= last:  # no one's today: no rank
            flags.append("archive")
        return flags

    def finish(
        self,
        player: Player,
        mode: Mode[Any],
        token: object,
        moves: Sequence[str],
        log: str | None = None,
    ) -> JSON:
        """Record a clear. With ``log`` (every move, rewinds and undos included) the log is
        what is replayed and counted; without it, the compacted ``moves``.

        The token's signature, player and mode are checked first, then the log is replayed
        (422), and then one write transaction checks the stored start (403 ``bad-run-token``),
        stores the run, its unlocks and its rating: a finish answered 503 stored nothing,
        and one whose answer was lost is answered again from the stored run."""
        finished_ms = self.dailies.clock()
        claim = self._verified(player, mode, token)
        known = self._finished.get((player.id, mode.id, claim.date))
        if known is not None:  # a retry (its answer lost, or a 503): the same answer again
            return self._again(player, claim, known)
        _, level = self.dailies.get(mode, date.fromisoformat(claim.date))
        time_ms = finished_ms - claim.started_ms
        timed = None if log is None else self.read_log(log, time_ms)
        played = list(moves) if timed is None else moves_of(timed)
        field = "moves" if timed is None else "log"
        # one fold over the log: each move is judged (a step back?) at the position it is
        # played in, in the mode's own words, then applied
        state = mode.start(level)
        undos = 0
        is_undo, is_assist = mode.is_undo, mode.is_assist
        assists = 0
        try:
            for i, move in enumerate(played):
                undos += is_undo(state, move)
                assists += is_assist(move)
                state.apply(move, i)
        except IllegalMoveError as exc:
            raise ApiError("illegal-move", f"{field}: {exc}", field) from None
        if not state.to_json().get("cleared"):
            raise ApiError("not-cleared", f"{field}: the moves do not clear the puzzle", field)
        flags = self.flags_of(claim, time_ms, len(played), timed, mode, level)
        run = Run(
            player_id=player.id,
            mode=mode.id,
            date=claim.date,
            started_ms=claim.started_ms,
            finished_ms=finished_ms,
            time_ms=time_ms,
            moves=len(played),
            hints=assists,
            undos=undos,
            flawless=False,
            ranked=not flags,
            flags=" ".join(flags),
            log=None if timed is None else encode(timed),
        )
        day = date.fromisoformat(claim.date)
        rated = set(flags) <= {"archive"}  # a run whose timing is not a person's rates nothing
        score = daily_score(mode, day, level) if rated else 0.0  # graded before the lock
        key = (mode.id, claim.date)
        board = self._fresh_board(key) if run.ranked else None
        with self.store.write() as s:
            if not self._insert_run(s, run, claim):
                stored = self._stored_run(player.id, mode.id, claim.date, s)
                if stored is None:
                    raise ApiError("bad-run-token", "run: no such start on this server", "run")
                again = True
            else:
                again = False
                unlocked = self.awards.award(player.id, finished_ms, s)
                rank = None
                if run.ranked and (board is None or not self._on_board(board, run)):
                    rank = self._count_ahead(s, run) + 1  # the board cannot tell it
                if rated:  # last: every finish of the day waits for the level's row
                    game = ratings.Clear(
                        mode.id, daily_key(day), player.id, time_ms, run.hints, undos,
                        lambda: score,
                    )  # fmt: skip
                    ratings.record_one(self.store, s, game)
        if again:
            assert stored is not None
            return self._again(player, claim, stored)
        self._remember(run)
        if board is not None:
            self._board_add(key, run, player)
        return {**self.result(run, rank), "achievements": unlocked}

    def _verified(self, player: Player, mode: Mode[Any], token: object) -> RunClaim:
        """The token's claim when it is signed here for this player and mode (no store)."""
        claim = verify(self.secret, token)
        if claim.player != player.id:
            raise ApiError("foreign-token", "run: this token belongs to another player", "run")
        if claim.mode != mode.id:
            raise ApiError("foreign-token", f"run: this token is for {claim.mode}", "run")
        return claim

    def _insert_run(self, s: Session, run: Run, claim: RunClaim) -> bool:
        """Store ``run`` when the token's start is the stored one and the run is not stored
        yet: one ``INSERT … SELECT … FROM starts … ON CONFLICT DO NOTHING RETURNING``, so
        the start's hint count is read as the run is written (a hint answered meanwhile
        counts). Fills in the run's id, hints and flawless; False when nothing was stored
        (no such start, or the run is stored already). On PostgreSQL the player's row is
        locked first (``FOR NO KEY UPDATE``: inserts that refer to it still go on), so one
        player's finishes take turns and each sees the other's run."""
        if self.store.dialect == "postgresql":
            s.execute(
                select(Player.id).where(Player.id == run.player_id).with_for_update(key_share=True)
            )
        hints = case((Start.hints > run.hints, Start.hints), else_=literal(run.hints))
        flawless = and_(Start.hints == 0, literal(run.hints == 0 and run.undos == 0))
        cols: dict[str, ColumnElement[Any]] = {
            "player_id": literal(run.player_id),
            "mode": literal(run.mode),
            "date": literal(run.date),
            "started_ms": literal(run.started_ms),
            "finished_ms": literal(run.finished_ms),
            "time_ms": literal(run.time_ms),
            "moves": literal(run.moves),
            "hints": hints,
            "undos": literal(run.undos),
            "flawless": flawless,
            "ranked": literal(run.ranked),
            "flags": literal(run.flags),
            "log": literal(run.log),
        }
        source = select(*cols.values()).where(
            Start.id == claim.start,
            Start.player_id == claim.player,
            Start.mode == claim.mode,
            Start.date == claim.date,
            Start.started_ms == claim.started_ms,
        )
        stmt = (
            self.store.insert_new(Run)
            .from_select(list(cols), source)
            .returning(Run.id, Run.hints, Run.flawless)
        )
        got = s.execute(stmt).first()
        if got is None:
            return False
        run.id, run.hints, run.flawless = int(got.id), int(got.hints), bool(got.flawless)
        return True

    def _stored_run(
        self, player_id: str, mode_id: str, iso: str, session: Session | None = None
    ) -> Run | None:
        """The stored run, read from the store (not this worker's memory)."""
        if session is None:
            with self.store.session() as s:
                return self._stored_run(player_id, mode_id, iso, s)
        run = session.scalars(
            select(Run).where(Run.player_id == player_id, Run.mode == mode_id, Run.date == iso)
        ).first()
        if run is not None:
            self._remember(run)
        return run

    def _again(self, player: Player, claim: RunClaim, run: Run) -> JSON:
        """A finish of a stored run is answered as the first was (200, its result and rank,
        and any achievement the first did not get to store): a finish is idempotent, so a
        retry after a lost answer or a 503 shows the player their time on any worker."""
        if run.started_ms != claim.started_ms:  # not this run: an older token of the day
            raise ApiError(
                "already-finished", "run: a run of this daily is already recorded", "run"
            )
        return {**self.result(run), "achievements": self.awards.award(player.id, run.finished_ms)}

    def _count_ahead(self, s: Session, run: Run) -> int:
        """Ranked runs of the day before ``run`` (time, then who finished first by id)."""
        ahead = s.scalar(
            select(func.count(Run.id)).where(
                Run.mode == run.mode,
                Run.date == run.date,
                Run.ranked.is_(True),
                or_(Run.time_ms < run.time_ms, and_(Run.time_ms == run.time_ms, Run.id < run.id)),
            )
        )
        return int(ahead or 0)

    def rank_of(self, run: Run) -> int | None:
        """1 + ranked runs of the day before it: from this worker's board when the run is
        on it (a second old at most, as the board itself), else counted in the store."""
        if not run.ranked:
            return None
        board = self._fresh_board((run.mode, run.date))
        if board is not None:
            for i, row in enumerate(board.rows):
                if row[0] == run.id:
                    return i + 1
        with self.store.session() as s:
            return self._count_ahead(s, run) + 1

    def result(self, run: Run, rank: int | None = None) -> JSON:
        """The run as its player sees it; ``rank`` when the caller knows it."""
        flags = run.flags.split() if run.flags else []
        return {
            "verified": True,
            "ranked": run.ranked,
            "time_ms": run.time_ms,
            "rank": rank if rank is not None or not run.ranked else self.rank_of(run),
            "flawless": run.flawless,
            "hints": run.hints,
            "flags": flags,
            #: flag → one sentence saying why the run is not ranked (for the player)
            "reasons": {f: REASONS.get(f, f) for f in flags},
            "date": run.date,
        }

    def state_of(self, player: Player, mode: Mode[Any], day: date) -> JSON:
        """``new``, ``started`` (with the server's start time) or ``finished`` (with the result)."""
        iso = day.isoformat()
        done = self._run_row(player.id, mode.id, iso)
        if done is not None:
            return {"state": "finished", "result": self.result(done)}
        row = self._start_row(player.id, mode.id, iso)
        if row is not None:
            return {"state": "started", "started_ms": row.started_ms}
        return {"state": "new"}

    # ---- boards -------------------------------------------------------------------------
    def _fresh_board(self, key: tuple[str, str]) -> Board | None:
        hit = self._boards.get(key)
        return hit if hit is not None and hit.until > time.monotonic() else None

    @staticmethod
    def _on_board(board: Board, run: Run) -> bool:
        """Whether ``run`` (ranked, just stored) belongs on ``board``'s top 100."""
        if board.total < BOARD_SIZE:
            return True
        last = board.rows[-1]
        return (run.time_ms, run.id or 0) < (last[1], last[0])

    def _board_add(self, key: tuple[str, str], run: Run, player: Player) -> None:
        """A finish here is on this worker's board at once (others' within a second)."""
        row = (run.id, run.time_ms, run.flawless, run.log is not None, player.name, player.id)
        with self._board_lock:
            board = self._fresh_board(key)
            if board is None or any(r[0] == run.id for r in board.rows):
                return  # gone (read afresh next time), or read after the commit: there already
            rows = sorted([*board.rows, row], key=lambda r: (r[1], r[0]))[:BOARD_SIZE]
            self._boards[key] = Board(board.until, rows, board.total + 1, _entries(rows))

    def top(self, mode_id: str, iso: str) -> tuple[list[JSON], int]:
        """The day's top 100 (rank, name, time, flawless) and how many are ranked."""
        key = (mode_id, iso)
        hit = self._fresh_board(key)
        if hit is not None:
            return hit.entries, hit.total
        now = time.monotonic()
        with self.store.session() as s:
            rows = [
                tuple(row)
                for row in s.execute(
                    select(
                        Run.id,
                        Run.time_ms,
                        Run.flawless,
                        Run.log.is_not(None),
                        Player.name,
                        Player.id,
                    )
                    .join(Player, Player.id == Run.player_id)
                    .where(Run.mode == mode_id, Run.date == iso, Run.ranked.is_(True))
                    .order_by(Run.time_ms, Run.id)
                    .limit(BOARD_SIZE)
                )
            ]
            total = len(rows)
            if total == BOARD_SIZE:
                total = int(
                    s.scalar(
                        select(func.count(Run.id)).where(
                            Run.mode == mode_id, Run.date == iso, Run.ranked.is_(True)
                        )
                    )
                    or 0
                )
        entries = _entries(rows)
        if len(self._boards) > 10_000:
            self._boards.clear()
        self._boards[key] = Board(now + BOARD_TTL_S, rows, total, entries)
        return entries, total

    def leaderboard(self, mode: Mode[Any], day: date, player: Player | None) -> JSON:
        iso = day.isoformat()
        entries, total = self.top(mode.id, iso)
        out: JSON = {"date": iso, "mode": mode.id, "total": total, "entries": entries}
        if player is not None:
            mine = self._run_row(player.id, mode.id, iso)
            if mine is not None:
                mine_shown = [e["name"] for e in entries if e["id"] == mine.id]
                key = display_key(player.name)
                clash = any(display_key(e["name"].split(" #")[0]) == key for e in entries)
                name = (
                    mine_shown[0]
                    if mine_shown
                    else tagged(player.name, player.id)
                    if clash
                    else player.name
                )
                out["you"] = {"name": name, **self.result(mine)}
        return out

    # ---- replays ------------------------------------------------------------------------
    def replay_of(self, mode: Mode[Any], entry_id: int) -> JSON:
        """A ranked run's level code and log, once its day is over (UTC): no spoilers."""
        with self.store.session() as s:
            run = s.get(Run, entry_id)
        if run is None or run.mode != mode.id or not run.ranked:
            raise ApiError("no-entry", f"replay: no ranked {mode.cli_name} run {entry_id}", "id")
        if date.fromisoformat(run.date) >= earth_dates(self.dailies.clock())[0]:
            raise ApiError(
                "day-not-over",
                f"replay: runs of {run.date} can be watched once the day is over everywhere",
                "id",
            )
        if run.log is None:
            raise ApiError(
                "no-log", f"replay: run {entry_id} was recorded without a move log", "id"
            )
        _, level = self.dailies.get(mode, date.fromisoformat(run.date))
        return {
            "mode": mode.id,
            "date": run.date,
            "code": encode_level(mode, level),
            "log": run.log,
        }
