"""Special files (issue #30 item 6) and every CLI command that reads or writes a path.

Shared by tests/cli/test_special_files.py and benchmarks/cli_special_files.py: each
case is a command line with ``{x}`` where the special path goes. Every one must end in
exit 2 with one line on stderr, fast, and leave the special file as it was.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

#: commands that read the path
READERS: list[list[str]] = [
    ["stroke", "validate", "{x}"],
    ["stroke", "solve", "{x}"],
    ["hex", "grade", "{x}"],
    ["cows", "check", "{x}"],
    ["stroke", "design", "{x}", "--minimize"],
    ["stroke", "code", "{x}"],
    ["cows", "render", "{x}", "-o", "{tmp}/out.svg"],
    ["cows", "clip", "1-1", "--moves", "{x}", "-o", "{tmp}/out.gif"],
    ["export-html", "--pack", "{x}", "-o", "{tmp}/out.html"],
]
#: commands that write the path (a clip's name must end in .gif: the special file's does)
WRITERS: list[list[str]] = [
    ["cows", "render", "1-1", "-o", "{x}"],
    ["cows", "clip", "1-1", "--moves", "{tmp}/moves.txt", "-o", "{x}.gif"],
    ["export-html", "-m", "cows", "-o", "{x}"],
    ["cows", "decode", "{code}", "-o", "{x}"],
    ["cows", "generate", "--size", "5", "--grade", "easy", "--count", "1", "--out", "{x}"],
]


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


@contextmanager
def special_files(tmp: Path) -> Iterator[dict[str, Path]]:
    """A FIFO, a symlink to /dev/zero, /dev/zero itself, a folder and (as root) a device
    node of our own (a copy of /dev/null's numbers), each also reachable as ``<name>.gif``."""
    made: dict[str, Path] = {}
    fifo = tmp / "pipe"
    os.mkfifo(fifo)
    made["fifo"] = fifo
    link = tmp / "zero.json"
    link.symlink_to("/dev/zero")
    made["symlink-to-dev-zero"] = link
    made["dev-zero"] = Path("/dev/zero")
    folder = tmp / "folder.json"
    folder.mkdir()
    made["folder"] = folder
    if is_root():
        node = tmp / "null-node"
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        made["device-node"] = node
    for p in list(made.values()):
        gif = p.with_name(p.name + ".gif")
        if p.parent == tmp and not os.path.lexists(gif):
            gif.symlink_to(p.name)  # the same special file under a clip's name
    (tmp / "moves.txt").write_text("cow 0 0\n", encoding="utf-8")
    yield made


def kind(path: Path) -> int:
    """The file type bits, to check a special file is still what it was."""
    return stat.S_IFMT(os.lstat(path).st_mode)


def argv(template: list[str], x: Path, tmp: Path, code: str) -> list[str]:
    return [a.format(x=x, tmp=tmp, code=code) for a in template]
