"""The genre registry (pzprjs style): the CLI, the server and the tests iterate over it.

Modes are plugins: each is found through the ``puzzlesmith.modes`` entry-point group."""

from __future__ import annotations

import importlib
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import entry_points
from typing import Any

from puzzlesmith.core.errors import ModeLoadError, UnknownModeError
from puzzlesmith.core.mode import Capabilities, Mode

#: The entry-point group every mode package declares itself in (pyproject
#: ``[project.entry-points."puzzlesmith.modes"]``, ``name = "package:MODE"``): the built-in
#: modes and a third party's are found the same way, as pytest finds its plugins.
GROUP = "puzzlesmith.modes"
#: Only for a source tree whose installed metadata predates the entry points (no
#: ``puzzlesmith.*`` entry in the group): the built-in packages, imported directly.
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
    if mode.id in _modes:  # installed already (an entry point): it stays after the block
        yield _modes[mode.id]
        return
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
    """Every mode declared in :data:`GROUP`, in menu order (by id: ``01-…`` first)."""
    points = list(entry_points(group=GROUP))
    found: list[Mode[Any]] = []
    for point in points:
        try:
            mode = point.load()
        except (ImportError, AttributeError) as exc:  # a broken plugin, named in one line
            # (anything else, a budget's interruption say, passes as it is)
            raise ModeLoadError(f"mode entry point {point.name!r} ({point.value}): {exc}") from exc
        if not isinstance(mode, Mode):
            raise ModeLoadError(
                f"mode entry point {point.name!r} ({point.value}): not a Mode but {type(mode).__name__}"
            )
        found.append(mode)
    if not any(p.value.startswith("puzzlesmith.") for p in points):
        found.extend(importlib.import_module(name).MODE for name in BUILTIN)
    for mode in sorted(found, key=lambda m: m.id):
        register(mode)


def all_modes() -> list[Mode[Any]]:
    """Registered modes in menu order."""
    _load_builtin()
    return list(_modes.values())


def modes_with(*capabilities: str) -> list[Mode[Any]]:
    """Registered modes that declare every one of ``capabilities`` (``"codes"``, ``"vote"``…):
    what an all-modes test is parametrised over, so a mode without one is skipped by design."""
    _load_builtin()
    for cap in capabilities:
        if not hasattr(Capabilities(), cap):
            raise ValueError(f"unknown capability {cap!r}")
    return [m for m in _modes.values() if all(getattr(m.capabilities, c) for c in capabilities)]


def get(name: str) -> Mode[Any]:
    """A mode by id (``01-number-stroke``), CLI name (``stroke``) or alias."""
    for mode in all_modes():
        if name in (mode.id, mode.cli_name, *mode.aliases):
            return mode
    known = ", ".join(m.cli_name for m in all_modes())
    raise UnknownModeError(f"unknown mode {name!r} (known: {known})")
