"""Timed move logs: one list of (ms since start, move string) serves saves, replays and clips.

The text form fits in a link next to a level code and is written word for word by the
browser (``static/kit/movelog.js``)::

    m1~<delta>.<move>~<delta>.<move>...

``delta`` is the milliseconds since the previous move in base 36 (lower case); in the
move a space is ``_`` and the characters ``%``, ``_`` and ``~`` are percent-escaped, so
cell ids with any of them survive. A log file for the CLI may also hold one move per
line, optionally ``<ms><TAB><move>`` (ms since the start).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from puzzlesmith.core.errors import PuzzlesmithError

PREFIX = "m1"
_ESC = {"%": "%25", "_": "%5F", "~": "%7E"}
_UNESC = {v: k for k, v in _ESC.items()}
#: a move string longer than this is not something any mode writes
MAX_MOVE_CHARS = 2000
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


class MoveLogError(PuzzlesmithError, ValueError):
    """A move log that cannot be read; the message names the entry and what is wrong."""

    code = "bad-log"


@dataclass(frozen=True)
class TimedMove:
    """One move and when it was made (ms since the session started)."""

    ms: int
    move: str


def _escape(move: str) -> str:
    return "".join(_ESC.get(ch, ch) for ch in move).replace(" ", "_")


def _unescape(text: str, where: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "%":
            code = text[i : i + 3].upper()
            if code not in _UNESC:
                raise MoveLogError(f"{where}: bad escape {text[i : i + 3]!r} in the move")
            out.append(_UNESC[code])
            i += 3
            continue
        out.append(" " if ch == "_" else ch)
        i += 1
    return "".join(out)


def _base36(n: int) -> str:
    if n == 0:
        return "0"
    digits: list[str] = []
    while n:
        n, r = divmod(n, 36)
        digits.append(_DIGITS[r])
    return "".join(reversed(digits))


def encode(log: Sequence[TimedMove]) -> str:
    """The text form of a log (times must not decrease)."""
    parts = [PREFIX]
    last = 0
    for k, tm in enumerate(log):
        if tm.ms < last:
            raise MoveLogError(f"entry {k + 1}: time {tm.ms} ms is before the previous move")
        parts.append(f"{_base36(tm.ms - last)}.{_escape(tm.move)}")
        last = tm.ms
    return "~".join(parts)


def decode(text: str) -> list[TimedMove]:
    """Read a text form; MoveLogError names the first bad entry."""
    text = text.strip(" \t\r\n")  # only ASCII blanks: a move may end in any other character
    parts = text.split("~")
    if parts[0] != PREFIX:
        raise MoveLogError(f"not a move log: it must start with {PREFIX!r}")
    out: list[TimedMove] = []
    ms = 0
    for k, part in enumerate(parts[1:], start=1):
        where = f"entry {k}"
        delta, dot, body = part.partition(".")
        if not dot or not delta or any(c not in _DIGITS for c in delta) or len(delta) > 8:
            raise MoveLogError(f"{where}: expected <base-36 delay>.<move>, got {part[:40]!r}")
        move = _unescape(body, where)
        if not move or len(move) > MAX_MOVE_CHARS:
            raise MoveLogError(f"{where}: empty or overlong move")
        ms += int(delta, 36)
        out.append(TimedMove(ms, move))
    return out


def parse_lines(text: str) -> list[TimedMove]:
    """A log file: the text form, or one move per line, optionally ``<ms><TAB><move>``.

    Lines without times are spaced one second apart; blank lines and ``#`` comments are skipped.
    """
    stripped = text.strip(" \t\r\n")
    if stripped.startswith(PREFIX + "~") or stripped == PREFIX:
        return decode(stripped)
    out: list[TimedMove] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip("\r\n")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if "\t" in line:
            head, _, move = line.partition("\t")
            if not head.strip().isdigit() or len(head.strip()) > 12:  # no 100,000-digit int()
                raise MoveLogError(
                    f"line {n}: time {head.strip()[:20]!r} is not a whole number of ms (at most 12 digits)"
                )
            ms = int(head.strip())
            if out and ms < out[-1].ms:
                raise MoveLogError(f"line {n}: time {ms} ms is before the previous move")
        else:
            move = line
            ms = out[-1].ms + 1000 if out else 0
        move = move.strip()
        if not move:
            raise MoveLogError(f"line {n}: no move after the time")
        if len(move) > MAX_MOVE_CHARS:
            raise MoveLogError(
                f"line {n}: a move of {len(move)} characters (at most {MAX_MOVE_CHARS})"
            )
        out.append(TimedMove(ms, move))
    return out


def moves_of(log: Sequence[TimedMove]) -> list[str]:
    return [tm.move for tm in log]
