"""One room's authoritative state: the position, the voting round, tallies and hints.

No I/O and no clock of its own (``now`` is passed in), so every rule here is tested
directly; :mod:`.hub` adds the sockets and timers. The room keeps the position as the
mode's :class:`~puzzlesmith.core.mode.State` and applies each move to it (the same rules
as a player's move); only an undo folds the log again.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from puzzlesmith.core.errors import IllegalMoveError, PuzzlesmithError
from puzzlesmith.core.mode import Mode
from puzzlesmith.server.rooms.commands import Command, preset_text
from puzzlesmith.server.rooms.limits import Limits

#: Every code a stream room refuses or closes with (a RoomError's, the socket's own
#: ``room-full``, ``room-expired``, a CommandError's ``bad-command``, the hub's ``bad-json`` and ``too-long``): the pages say each
#: in the player's words (``st.err.<code>``, puzzlesmith/core/words/); a test fails on a
#: missing one.
ROOM_CODES = frozenset(
    {
        "bad-channel", "bad-command", "bad-json", "bad-key", "bad-viewer", "busy", "cleared", "host-vote",
        "illegal-move", "kicked", "no-identity", "no-moves", "no-round", "no-such-cell",
        "no-voting", "not-an-option", "nothing-to-undo", "room-busy", "room-expired",
        "room-full", "round-open", "too-fast", "too-many-hints", "too-many-new-rooms",
        "too-long", "too-many-rooms", "too-many-rooms-here", "too-many-viewers-here", "too-many-votes",
        "unknown-action", "unknown-room",
    }
)  # fmt: skip


class RoomError(PuzzlesmithError):
    """A request the room refuses, with a stable code (one of :data:`ROOM_CODES`) and a
    one-line message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class Vote:
    cell: str
    seq: int


@dataclass
class Round:
    """A voting round over the legal moves of one position."""

    number: int
    seconds: float
    options: dict[str, str]
    deadline: float | None
    remaining: float = 0.0
    votes: dict[str, Vote] = field(default_factory=dict)

    @property
    def paused(self) -> bool:
        return self.deadline is None

    def tally(self) -> dict[str, int]:
        """Votes per cell, every option listed (zeros too), most votes first."""
        counts = dict.fromkeys(self.options, 0)
        for v in self.votes.values():
            counts[v.cell] += 1
        return dict(sorted(counts.items(), key=lambda kv: -kv[1]))

    def winner(self) -> str | None:
        """The cell with most votes; a tie goes to the option whose earliest standing vote
        came first. None without votes."""
        best: dict[str, tuple[int, int]] = {}
        for v in self.votes.values():
            count, first = best.get(v.cell, (0, v.seq))
            best[v.cell] = (count + 1, min(first, v.seq))
        if not best:
            return None
        return min(best, key=lambda c: (-best[c][0], best[c][1]))


class Room:
    """A streamer's room for one level."""

    def __init__(
        self, code: str, host_key: str, mode: Mode[Any], level: Any, limits: Limits, now: float
    ) -> None:
        self.code = code
        self.host_key = host_key
        self.mode = mode
        self.level = level
        self.limits = limits
        self.created = now
        self.active = now
        self.board = mode.render_svg(level)
        self.cells = frozenset(mode.cell_ids(level))
        self.moves: list[str] = []
        self.game = mode.start(level)
        self.round: Round | None = None
        self.rounds = 0
        self.last: dict[str, Any] | None = None
        self.hints: deque[dict[str, Any]] = deque(maxlen=limits.hints_kept)
        self.hint_seq = 0
        self.vote_seq = 0
        self.auto = False
        self.seconds = 20.0
        self.kicked: set[str] = set()
        #: a room no host ever joined expires within minutes (``Limits.unjoined_ttl``)
        self.host_joined = False
        self.version = 0
        self._refresh()

    # ---- persistence (a shared store keeps this between workers) --------------------------
    def snapshot(self) -> dict[str, Any]:
        """Everything that changes, as JSON (votes are kept apart: a shared store counts them
        in rows, one per viewer and round)."""
        r = self.round
        return {
            "moves": list(self.moves),
            "round": None
            if r is None
            else {
                "number": r.number,
                "seconds": r.seconds,
                "options": r.options,
                "deadline": r.deadline,
                "remaining": r.remaining,
            },
            "rounds": self.rounds,
            "last": self.last,
            "hints": list(self.hints),
            "hint_seq": self.hint_seq,
            "vote_seq": self.vote_seq,
            "auto": self.auto,
            "seconds": self.seconds,
            "kicked": sorted(self.kicked),
            "host_joined": self.host_joined,
            "version": self.version,
            "created": self.created,
            "active": self.active,
        }

    def restore(self, snap: dict[str, Any]) -> None:
        """Take a :meth:`snapshot` (the votes of the open round start empty)."""
        moves = list(snap["moves"])  # never shared with the copy it came from
        if moves != self.moves:
            if moves[: len(self.moves)] == self.moves:  # moves played since: apply just those
                for i in range(len(self.moves), len(moves)):
                    self.game.apply(moves[i], i)
            else:  # an undo elsewhere: fold the log again
                self.game = self.mode.play(self.level, moves)
            self.moves = moves
            self._refresh()
        r = snap["round"]
        self.round = (
            None
            if r is None
            else Round(r["number"], r["seconds"], dict(r["options"]), r["deadline"], r["remaining"])
        )
        self.rounds, self.last = snap["rounds"], snap["last"]
        self.hints = deque(snap["hints"], maxlen=self.limits.hints_kept)
        self.hint_seq, self.vote_seq = snap["hint_seq"], snap["vote_seq"]
        self.auto, self.seconds = snap["auto"], snap["seconds"]
        self.kicked = set(snap["kicked"])
        self.host_joined = snap["host_joined"]
        self.version, self.created, self.active = snap["version"], snap["created"], snap["active"]

    # ---- the position ------------------------------------------------------------------
    def _refresh(self) -> None:
        self.position = self.game.to_json()
        vote = self.mode.capabilities.vote
        self.legal = self.mode.votes(self.level, self.game) if vote else {}
        self.version += 1

    @property
    def cleared(self) -> bool:
        return bool(self.position.get("cleared"))

    def play(self, move: str) -> None:
        """Apply one move string through the mode's rules (IllegalMoveError → RoomError)."""
        if not isinstance(move, str) or not 0 < len(move) <= 64:
            raise RoomError("illegal-move", "move: expected a move string of 1..64 characters")
        try:
            self.game.apply(move, len(self.moves))  # an illegal move changes nothing
        except IllegalMoveError as exc:
            raise RoomError("illegal-move", str(exc)) from None
        except PuzzlesmithError as exc:
            raise RoomError("illegal-move", str(exc)) from None
        self.moves.append(move)
        self.round = None  # a round was about the old position
        self._refresh()

    def undo(self) -> None:
        if not self.moves:
            raise RoomError("nothing-to-undo", "undo: no move has been played")
        self.moves.pop()
        self.game = self.mode.play(self.level, self.moves)
        self.round = None
        self._refresh()

    # ---- voting rounds ---------------------------------------------------------------------
    def clamp(self, seconds: object) -> float:
        if not isinstance(seconds, int | float) or isinstance(seconds, bool):
            seconds = self.seconds
        return float(min(self.limits.max_round, max(self.limits.min_round, seconds)))

    def open_round(self, now: float, seconds: object = None) -> Round:
        if self.cleared:
            raise RoomError("cleared", "vote: the level is already solved")
        if not self.legal:
            raise RoomError("no-moves", "vote: no move to vote on here (undo first)")
        self.seconds = self.clamp(seconds)
        self.rounds += 1
        self.round = Round(self.rounds, self.seconds, dict(self.legal), now + self.seconds)
        self.version += 1
        return self.round

    def _current(self) -> Round:
        if self.round is None:
            raise RoomError("no-round", "no voting round is open")
        return self.round

    def pause(self, now: float) -> None:
        r = self._current()
        if r.deadline is not None:
            r.remaining = max(0.0, r.deadline - now)
            r.deadline = None
            self.version += 1

    def resume(self, now: float) -> None:
        r = self._current()
        if r.deadline is None:
            r.deadline = now + r.remaining
            self.version += 1

    def skip(self) -> None:
        """Drop the round without a move."""
        r = self._current()
        self.last = {
            "round": r.number,
            "winner": None,
            "move": None,
            "tally": r.tally(),
            "votes": len(r.votes),
            "skipped": True,
        }
        self.round = None
        self.version += 1

    def vote(self, voter: str, cell: str) -> None:
        """Record (or change) ``voter``'s vote; a change counts from its own time."""
        r = self.round
        if r is None or r.paused:
            raise RoomError("no-round", "vote: no voting round is open")
        if cell not in self.cells:  # a typo in chat (r9c9 on a 5×5), not a move refused
            raise RoomError("no-such-cell", f"vote: no cell {cell} on this board")
        if cell not in r.options:
            raise RoomError("not-an-option", f"vote: {cell} is not a legal move this round")
        old = r.votes.get(voter)
        if old is None or old.cell != cell:
            self.vote_seq += 1
            r.votes[voter] = Vote(cell, self.vote_seq)

    def decide(self) -> dict[str, Any]:
        """Close the round: the winning move is played through the rules."""
        r = self._current()
        win = r.winner()
        move = r.options[win] if win is not None else None
        result = {
            "round": r.number,
            "winner": win,
            "move": move,
            "tally": r.tally(),
            "votes": len(r.votes),
            "skipped": False,
        }
        self.round = None
        if move is not None:
            self.play(move)
        self.last = result
        self.version += 1
        return result

    # ---- hints -------------------------------------------------------------------------
    def hint(self, voter: str, name: str, cmd: Command, now: float) -> dict[str, Any]:
        if cmd.cell not in self.cells:
            raise RoomError("no-such-cell", f"hint: no cell {cmd.cell} on this board")
        self.hint_seq += 1
        h = {
            "id": self.hint_seq,
            "viewer": voter,
            "name": name,
            "tag": "" if name else voter[:4],  # what labels an unnamed sender
            "cell": cmd.cell,
            "preset": cmd.preset,
            "n": cmd.n,
            "text": preset_text(cmd.preset, cmd.n),
            "at": now,
        }
        self.hints.append(h)
        return h

    # ---- what clients see -----------------------------------------------------------------
    def round_json(self, now: float) -> dict[str, Any] | None:
        r = self.round
        if r is None:
            return None
        left = r.remaining if r.deadline is None else max(0.0, r.deadline - now)
        return {
            "number": r.number,
            "seconds": r.seconds,
            "left": round(left, 2),
            "paused": r.paused,
            "options": list(r.options),
        }

    def state(self, now: float, *, board: bool) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": "state",
            "room": self.code,
            "mode": self.mode.id,
            "level": self.level.id,
            "version": self.version,
            "moves": list(self.moves),
            "position": self.position,
            "legal": self.legal,
            "cleared": self.cleared,
            "round": self.round_json(now),
            "last": self.last,
            "auto": self.auto,
        }
        if board:
            out["board"] = self.board
        return out

    def live(self, viewers: int, *, host: bool = False) -> dict[str, Any]:
        """The often-changing part: tally, vote count, viewer count, hints. Only the host
        sees who sent a hint (the id it kicks by); viewers must not learn each other's ids."""
        r = self.round
        shown = ("at",) if host else ("at", "viewer")
        return {
            "type": "live",
            "round": r.number if r else None,
            "tally": r.tally() if r else {},
            "votes": len(r.votes) if r else 0,
            "viewers": viewers,
            "hints": [{k: v for k, v in h.items() if k not in shown} for h in self.hints],
        }
