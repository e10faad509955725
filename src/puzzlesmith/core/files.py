"""Opening the files a command is given, when the path may be hostile.

One pair of helpers every CLI command reads and writes through:

- :func:`open_input` reads a *regular* file of bounded size. A named pipe (whose open
  or read would wait forever), a device (``/dev/zero`` never ends, also behind a
  symlink), a folder or a file over the limit ends in :class:`UnreadableFileError`
  (exit 2) at once, before any byte is read.
- :func:`open_output` writes atomically: to a temporary file in the destination's
  folder, fsynced, then renamed into place. It replaces only a regular file (or
  creates a new path); a FIFO, a device node or a folder at the destination is
  refused, never opened (writing would block) nor replaced (as root, ``os.replace``
  would swap ``/dev/full`` for a plain file).
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from puzzlesmith.core.bounds import MAX_FILE_BYTES
from puzzlesmith.core.errors import UnreadableFileError
from puzzlesmith.core.text import safe


def _why(exc: OSError) -> str:
    return exc.strerror or exc.__class__.__name__


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def open_input(path: str | Path, *, max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``max_bytes`` bytes (else one-line error)."""
    name = safe(str(path))
    try:
        # O_NONBLOCK: opening a FIFO with no writer must not wait; fstat then refuses it
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise UnreadableFileError(f"{name}: cannot read file ({_why(exc)})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFileError(f"{name}: not a regular file ({_kind(info.st_mode)})")
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
    return data


def check_output(path: str | Path) -> Path:
    """``path`` when a command may write there: a new path or a regular file, in a folder
    that accepts files (checked before the work starts, so a long run does not end in
    "cannot write")."""
    p = Path(path)
    name = safe(str(p))
    try:
        info = os.stat(p)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise UnreadableFileError(f"{name}: cannot write ({_why(exc)})") from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        kind = _kind(info.st_mode)
        raise UnreadableFileError(f"{name}: is {kind}; write to a regular file")
    folder = p.parent if str(p.parent) else Path(".")
    if not folder.is_dir():
        raise UnreadableFileError(f"{name}: cannot write (folder {safe(str(folder))} not found)")
    return p


@contextlib.contextmanager
def open_output(path: str | Path) -> Iterator[IO[bytes]]:
    """A binary file to write ``path``'s new content to; it replaces ``path`` atomically when
    the body ends without error (and is removed when it fails)."""
    p = check_output(path)
    name = safe(str(p))
    folder = p.parent if str(p.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise UnreadableFileError(f"{name}: cannot write ({_why(exc)})") from None
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # mkstemp's 0600 is not what a plain write gives
        with os.fdopen(fd, "wb") as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        check_output(p)  # a FIFO that appeared meanwhile is not replaced either
        os.replace(tmp, p)
    except OSError as exc:
        raise UnreadableFileError(f"{name}: cannot write ({_why(exc)})") from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def write_output(path: str | Path, data: bytes | str) -> None:
    """Write all of ``data`` to ``path`` through :func:`open_output`."""
    with open_output(path) as f:
        f.write(data.encode("utf-8") if isinstance(data, str) else data)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
