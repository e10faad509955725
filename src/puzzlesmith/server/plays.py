"""What the play, code and clip routers share: a level from a code, checks and hints of a
position on any level (shipped, or from a level code). Not a router: routers import it."""

from __future__ import annotations

from typing import Any

from puzzlesmith.core.codes import CodeError, CodeLevelError, decode_level
from puzzlesmith.core.mode import Mode
from puzzlesmith.core.movelog import MoveLogError, TimedMove, decode
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.payloads import tagged
from puzzlesmith.server.schemas import MAX_MOVE_LEN, HintBody, MovesBody


def level_of_code(code: str) -> tuple[Mode[Any], Any]:
    """The mode and level of a level code: 422 ``code-level``, 400 ``bad-code``."""
    try:
        return decode_level(code)
    except CodeLevelError as exc:
        raise ApiError("code-level", str(exc)) from None
    except CodeError as exc:
        raise ApiError("bad-code", str(exc)) from None


def _check_moves(moves: list[str]) -> None:
    for i, mv in enumerate(moves):
        if len(mv) > MAX_MOVE_LEN:
            raise ApiError("illegal-move", f"move {i + 1}: longer than {MAX_MOVE_LEN}", "moves")


def replay_level(m: Mode[Any], lv: Any, body: MovesBody) -> dict[str, Any]:
    """The state the moves reach, for any level (shipped, or from a level code)."""
    _check_moves(body.moves)
    return tagged(m.id, m.replay(lv, body.moves))


def hint_level(m: Mode[Any], lv: Any, body: HintBody) -> dict[str, Any]:
    """A hint for the position the moves reach, for any level."""
    if body.kind not in m.hint_kinds:
        kinds = ", ".join(m.hint_kinds) or "none"
        raise ApiError("unknown-hint-kind", f"kind {body.kind!r} is not one of: {kinds}", "kind")
    _check_moves(body.moves)
    return tagged(m.id, m.hint(lv, body.moves, body.kind))


def read_log(text: str, max_moves: int | None = None) -> list[TimedMove]:
    """A request's move log (its text form): readable, not empty, not over ``max_moves``;
    else 422 ``invalid-log`` naming why."""
    try:
        log = decode(text)
    except MoveLogError as exc:
        raise ApiError("invalid-log", str(exc), "log") from None
    if not log:
        raise ApiError("invalid-log", "the log has no moves", "log")
    if max_moves is not None and len(log) > max_moves:
        raise ApiError("invalid-log", f"{len(log)} moves (at most {max_moves})", "log")
    return log
