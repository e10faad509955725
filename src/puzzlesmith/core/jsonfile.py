"""Reading a JSON file that may be hostile: one line naming the file and what is wrong.

A pack path may be a named pipe (reading would block forever), a device
(``/dev/zero`` never ends), a symlink loop, a huge file, JSON nested 100,000 deep
or an integer of thousands of digits. Each ends in :class:`UnreadableFileError`
(CLI exit 2), never in a traceback or a hang.
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

from puzzlesmith.core.bounds import MAX_FILE_BYTES
from puzzlesmith.core.errors import UnreadableFileError
from puzzlesmith.core.text import safe

#: deeper than any pack needs (a Hex Walls turner is 5 levels down); the parser recurses
MAX_DEPTH = 32
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def read_json_file(path: str | Path, *, max_bytes: int = MAX_FILE_BYTES) -> object:
    """The parsed JSON of a regular file of at most ``max_bytes`` bytes."""
    p = Path(path)
    name = safe(str(p))
    try:
        # O_NONBLOCK: opening a FIFO with no writer must not wait; fstat then refuses it
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise UnreadableFileError(f"{name}: cannot read file ({_why(exc)})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFileError(f"{name}: not a regular file")
        if info.st_size > max_bytes:
            raise UnreadableFileError(f"{name}: file is {info.st_size} bytes (at most {max_bytes})")
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(max_bytes + 1)
    except OSError as exc:
        raise UnreadableFileError(f"{name}: cannot read file ({_why(exc)})") from None
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise UnreadableFileError(f"{name}: file is larger than {max_bytes} bytes")
    return parse_json(data, name)


def parse_json(data: bytes | str, name: str) -> object:
    """Parse JSON text; every failure is one line starting with ``name``."""
    try:
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    except UnicodeDecodeError as exc:
        raise UnreadableFileError(
            f"{name}: cannot read file (not UTF-8 at byte {exc.start})"
        ) from None
    depth = nesting_depth(text)
    if depth > MAX_DEPTH:
        raise UnreadableFileError(f"{name}: JSON nested {depth} deep (at most {MAX_DEPTH})")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UnreadableFileError(
            f"{name}: not valid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from None
    except (ValueError, RecursionError) as exc:  # e.g. an integer of more than 4,300 digits
        why = "an integer has too many digits" if "digits" in str(exc) else safe(str(exc))[:80]
        raise UnreadableFileError(f"{name}: not usable JSON: {why}") from None


def nesting_depth(text: str) -> int:
    """The deepest ``[``/``{`` nesting outside strings (a linear scan, no recursion).

    >>> nesting_depth('{"a": [[1], "[[["]}')
    3
    """
    depth = deepest = 0
    for m in _BRACKET.finditer(_STRING.sub('""', text)):
        if m.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _why(exc: OSError) -> str:
    return exc.strerror or exc.__class__.__name__
