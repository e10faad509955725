"""Runs the server verifies: start (signed token, server time), hints it answers, finish.

A finish is recorded only when the Python engine replays the move log to a clear; its
time is the server's finish time minus the server's start time, and the log's own times
may not claim more. A run faster than the plausible minimum for its number of moves, or
whose timing is not a person's (``timing.judge``), is recorded as flagged, never ranked.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import and_, func, or_, select, update
from sqlalchemy.exc import IntegrityError

from puzzlesmith.core.codes import encode_level
from puzzlesmith.core.errors import IllegalMoveError
from puzzlesmith.core.mode import JSON, Mode
from puzzlesmith.core.movelog import MoveLogError, TimedMove, decode, encode, moves_of
from puzzlesmith.paths.mode import PathMode
from puzzlesmith.server.daily.awards import Awards
from puzzlesmith.server.daily.players import display_key, tagged
from puzzlesmith.server.daily.service import Dailies, earth_dates
from puzzlesmith.server.daily.timing import REASONS, floor_ms, judge
from puzzlesmith.server.daily.tokens import RunClaim, sign, verify
from puzzlesmith.server.errors import DailyApiError
from puzzlesmith.server.ratings import service as ratings
from puzzlesmith.server.ratings.scores import daily_key, daily_score
from puzzlesmith.server.store import Player, Run, Start

#: the fastest a person plays one move of the log (a drag through cells, a tap)
MIN_MS_PER_MOVE = 60
BOARD_SIZE = 100
#: how long a day's top 100 is served from memory (a finish here refreshes it at once;
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


class Runs:
    def __init__(self, dailies: Dailies, rules: Rules | None = None) -> None:
        self.dailies = dailies
        self.store = dailies.store
        self.rules = rules or Rules()
        self._boards: dict[tuple[str, str], tuple[float, list[JSON], int]] = {}
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
            raise DailyApiError(
                422, "bad-local-date", f"X-Local-Date: {local!r} is not YYYY-MM-DD", "date"
            ) from None
        first, last = earth_dates(now_ms)
        if not first <= day <= last:
            raise DailyApiError(
                422,
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
            raise DailyApiError(
                422, "bad-date", f"date: {raw!r} is not YYYY-MM-DD", "date"
            ) from None
        if day > mine:
            raise DailyApiError(
                403, "future-date", f"date: {day.isoformat()} is not here yet", "date"
            )
        return day

    # ---- start --------------------------------------------------------------------------
    def start(self, player: Player, mode: Mode[Any], day: date) -> JSON:
        """The run token; starting again the same day resumes it (same server start time)."""
        puzzle, _ = self.dailies.get(mode, day)
        iso = day.isoformat()
        # the usual start is a first one: insert at once; a resumed one meets the
        # unique constraint and reads the stored start instead
        fresh = True
        row: Start | None = None
        try:
            with self.store.write() as s:
                row = Start(
                    player_id=player.id,
                    mode=mode.id,
                    date=iso,
                    started_ms=self.dailies.clock(),
                    hints=0,
                )
                s.add(row)
                s.flush()  # its id
        except IntegrityError:
            fresh = False
            row = self._start_row(player.id, mode.id, iso)
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

    def _start_row(self, player_id: str, mode_id: str, iso: str) -> Start | None:
        with self.store.session() as s:
            return s.scalars(
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
        claim = verify(self.secret, token)
        if claim.player != player.id:
            raise DailyApiError(
                403, "foreign-token", "run: this token belongs to another player", "run"
            )
        if claim.mode != mode.id:
            raise DailyApiError(403, "foreign-token", f"run: this token is for {claim.mode}", "run")
        row = self._start_row(player.id, mode.id, claim.date)
        if row is None or row.id != claim.start or row.started_ms != claim.started_ms:
            raise DailyApiError(403, "bad-token", "run: no such start on this server", "run")
        return claim, row

    # ---- hints --------------------------------------------------------------------------
    def hint(
        self, player: Player, mode: Mode[Any], token: object, moves: Sequence[str], kind: str
    ) -> JSON:
        """The server answers a daily's hints (the level sent has no solution) and counts them."""
        claim, row = self._claim(player, mode, token)
        if self._run_row(player.id, mode.id, claim.date) is not None:
            raise DailyApiError(
                409, "already-finished", "run: this daily is already finished", "run"
            )
        if kind not in mode.hint_kinds:
            kinds = ", ".join(mode.hint_kinds) or "none"
            raise DailyApiError(
                422, "unknown-hint-kind", f"kind {kind!r} is not one of: {kinds}", "kind"
            )
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
            raise DailyApiError(422, "bad-log", f"log: {exc}", "log") from None
        if len(log) > MAX_LOG_MOVES:
            raise DailyApiError(
                422, "bad-log", f"log: {len(log)} moves (at most {MAX_LOG_MOVES})", "log"
            )
        if log and log[-1].ms > time_ms:  # the log's clock starts after the server's
            raise DailyApiError(
                422,
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
        what is replayed and counted; without it, the compacted ``moves``."""
        finished_ms = self.dailies.clock()
        claim, row = self._claim(player, mode, token)
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
        try:
            for i, move in enumerate(played):
                undo = mode.is_undo(state, move)
                state.apply(move, i)
                undos += undo
        except IllegalMoveError as exc:
            raise DailyApiError(422, "illegal-move", f"{field}: {exc}", field) from None
        if not state.to_json().get("cleared"):
            raise DailyApiError(
                422, "not-cleared", f"{field}: the moves do not clear the puzzle", field
            )
        hints = max(row.hints, sum(map(mode.is_assist, played)))
        flags = self.flags_of(claim, time_ms, len(played), timed, mode, level)
        run = Run(
            player_id=player.id,
            mode=mode.id,
            date=claim.date,
            started_ms=claim.started_ms,
            finished_ms=finished_ms,
            time_ms=time_ms,
            moves=len(played),
            hints=hints,
            undos=undos,
            flawless=hints == 0 and undos == 0,
            ranked=not flags,
            flags=" ".join(flags),
            log=None if timed is None else encode(timed),
        )
        day = date.fromisoformat(claim.date)
        rated = set(flags) <= {"archive"}  # a run whose timing is not a person's rates nothing
        score = daily_score(mode, day, level) if rated else 0.0  # graded before the lock
        game = ratings.Clear(
            mode.id, daily_key(day), player.id, time_ms, hints, undos, lambda: score
        )
        try:
            with self.store.write() as s:
                s.add(run)
                s.flush()  # the same run twice fails here, before any rating moves
                ratings.record(self.store, [game] if rated else [], session=s)
        except IntegrityError:  # stored already (a retry, or posted twice at once): that one
            stored = self._stored_run(player.id, mode.id, claim.date)
            if stored is None:
                raise
            return self._again(player, claim, stored)
        self._boards.pop((mode.id, claim.date), None)
        self._remember(run)
        return {**self.result(run), "achievements": self.awards.award(player.id, finished_ms)}

    def _stored_run(self, player_id: str, mode_id: str, iso: str) -> Run | None:
        """The stored run, read from the store (not this worker's memory)."""
        with self.store.session() as s:
            run = s.scalars(
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
            raise DailyApiError(
                409, "already-finished", "run: a run of this daily is already recorded", "run"
            )
        return {**self.result(run), "achievements": self.awards.award(player.id, run.finished_ms)}

    def rank_of(self, run: Run) -> int | None:
        """1 + ranked runs of the day before it (time, then who finished first by id)."""
        if not run.ranked:
            return None
        with self.store.session() as s:
            ahead = s.scalar(
                select(func.count(Run.id)).where(
                    Run.mode == run.mode,
                    Run.date == run.date,
                    Run.ranked.is_(True),
                    or_(
                        Run.time_ms < run.time_ms, and_(Run.time_ms == run.time_ms, Run.id < run.id)
                    ),
                )
            )
        return int(ahead or 0) + 1

    def result(self, run: Run) -> JSON:
        flags = run.flags.split() if run.flags else []
        return {
            "verified": True,
            "ranked": run.ranked,
            "time_ms": run.time_ms,
            "rank": self.rank_of(run),
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
    def top(self, mode_id: str, iso: str) -> tuple[list[JSON], int]:
        """The day's top 100 (rank, name, time, flawless) and how many are ranked."""
        key = (mode_id, iso)
        now = time.monotonic()
        hit = self._boards.get(key)
        if hit is not None and hit[0] > now:
            return hit[1], hit[2]
        with self.store.session() as s:
            rows = s.execute(
                select(
                    Run.id, Run.time_ms, Run.flawless, Run.log.is_not(None), Player.name, Player.id
                )
                .join(Player, Player.id == Run.player_id)
                .where(Run.mode == mode_id, Run.date == iso, Run.ranked.is_(True))
                .order_by(Run.time_ms, Run.id)
                .limit(BOARD_SIZE)
            ).all()
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
        clash = Counter(display_key(row[4]) for row in rows)
        entries = [
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
        if len(self._boards) > 10_000:
            self._boards.clear()
        self._boards[key] = (now + BOARD_TTL_S, entries, total)
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
            raise DailyApiError(
                404, "no-entry", f"replay: no ranked {mode.cli_name} run {entry_id}", "id"
            )
        if date.fromisoformat(run.date) >= earth_dates(self.dailies.clock())[0]:
            raise DailyApiError(
                403,
                "day-not-over",
                f"replay: runs of {run.date} can be watched once the day is over everywhere",
                "id",
            )
        if run.log is None:
            raise DailyApiError(
                404, "no-log", f"replay: run {entry_id} was recorded without a move log", "id"
            )
        _, level = self.dailies.get(mode, date.fromisoformat(run.date))
        return {
            "mode": mode.id,
            "date": run.date,
            "code": encode_level(mode, level),
            "log": run.log,
        }
