"""The genre registry (pzprjs style): the CLI, the server and the tests iterate over it."""

from __future__ import annotations

import importlib
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from puzzlesmith.core.errors import UnknownModeError
from puzzlesmith.core.mode import Mode

#: Built-in mode packages, in menu order; each exposes ``MODE``.
BUILTIN = ("puzzlesmith.stroke", "puzzlesmith.hexwalls", "puzzlesmith.cows")

_modes: dict[str, Mode[Any]] = {}
_loaded = False
_loading = False
#: The server's first requests arrive on several threads at once: none may see half a registry.
_lock = threading.RLock()


def register(mode: Mode[Any]) -> Mode[Any]:
    _modes[mode.id] = mode
    return mode


@contextmanager
def registered(mode: Mode[Any]) -> Iterator[Mode[Any]]:
    """``mode`` registered (after the built-in ones) for the block only: how the tests add
    their test-only mode without the game or the CLI ever seeing it."""
    _load_builtin()
    register(mode)
    try:
        yield mode
    finally:
        _modes.pop(mode.id, None)


def _load_builtin() -> None:
    global _loaded, _loading
    if _loaded:
        return
    with _lock:
        if _loaded or _loading:  # _loading: a mode's own import asking, on this thread
            return
        _loading = True
        try:
            _import_builtin()
        finally:
            _loading = False
        _loaded = True


def _import_builtin() -> None:
    for name in BUILTIN:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:  # a mode not built yet is simply absent
            if exc.name == name:
                continue
            raise
        mode = getattr(module, "MODE", None)
        if mode is None:  # a mode package still being written (no MODE yet)
            continue
        register(mode)


def all_modes() -> list[Mode[Any]]:
    """Registered modes in menu order."""
    _load_builtin()
    return list(_modes.values())


def get(name: str) -> Mode[Any]:
    """A mode by id (``01-number-stroke``), CLI name (``stroke``) or alias."""
    for mode in all_modes():
        if name in (mode.id, mode.cli_name, *mode.aliases):
            return mode
    known = ", ".join(m.cli_name for m in all_modes())
    raise UnknownModeError(f"unknown mode {name!r} (known: {known})")
