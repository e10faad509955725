"""The client's and the browser tests' shape, read from their text (issue #28 items 2,
6 and 7): HTML elements come from ``shell/dom.js``'s ``el()``, every mode's client module
has the stream board's drawing (the stream pages never guess it from a position's keys),
and browser tests wait on conditions, never on the clock."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from puzzlesmith.core import registry
from puzzlesmith.server.static_files import client_path, client_tree, mode_entry

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "puzzlesmith" / "server" / "static"
BROWSER_TESTS = ROOT / "tests" / "browser"


def _js_files() -> dict[str, str]:
    """The client's modules' texts by path under /static/ (the modes' from their packages)."""
    return {
        rel: source.bytes().decode("utf-8")
        for rel, source in sorted(client_tree().items())
        if rel.endswith(".js")
    }


def test_html_elements_are_made_by_the_one_helper() -> None:
    """``document.createElement`` only in shell/dom.js (SVG's createElementNS is apart)."""
    makers = [
        f"{rel}:{n}"
        for rel, text in _js_files().items()
        if rel != "shell/dom.js"
        for n, line in enumerate(text.splitlines(), 1)
        if re.search(r"\bcreateElement\s*\(", line)
    ]
    assert makers == []


def test_every_client_module_draws_its_stream_board() -> None:
    """A mode with a play screen has ``modes/<id>/stream.js`` exporting ``drawPosition``
    and ``drag`` (docs/adding-a-mode.md §2): the stream board calls it by mode id."""
    missing = []
    for m in registry.all_modes():
        if mode_entry(m, ".js") is None:
            continue
        drawing = client_path(f"modes/{m.id}/stream.js")
        text = drawing.read_text(encoding="utf-8") if drawing is not None else ""
        for name in ("export function drawPosition(", "export const drag ="):
            if name not in text:
                missing.append(f"{m.id}: {name}")
    assert missing == []


def test_the_stream_pages_never_read_a_mode_off_a_position() -> None:
    """board.js and host.js draw and choose drag-or-tap through the mode's drawing, not
    by which keys a position has (``position?.path``, ``position?.cows`` …)."""
    guesses = [
        f"{p.name}:{n}"
        for p in sorted((STATIC / "stream").glob("*.js"))
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"position\??\.\w", line)
    ]
    assert guesses == []


def _fixed_waits_in(tree: ast.AST, polling: bool = False) -> Iterator[ast.Call]:
    """``wait_for_timeout(...)`` anywhere, ``sleep(...)`` outside a ``while`` loop (a loop
    polling a condition, as browser_support.serving waits for the server, may pause)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else None
            name = name or (node.func.id if isinstance(node.func, ast.Name) else None)
            if name == "wait_for_timeout" or (name == "sleep" and not polling):
                yield node
        yield from _fixed_waits_in(node, polling or isinstance(node, ast.While))


def fixed_waits(files: list[Path]) -> list[str]:
    """``file:line`` of every fixed wait (a wait passing or failing with the machine's speed)."""
    return [
        f"{p.name}:{call.lineno}"
        for p in files
        for call in _fixed_waits_in(ast.parse(p.read_text(encoding="utf-8")))
    ]


def test_browser_tests_wait_on_conditions_not_the_clock() -> None:
    """No ``wait_for_timeout`` or ``time.sleep`` in tests/browser: wait for what happens
    (a selector, a function, ``animations_done``), or for the page's own timer
    (``page_timers_pass``) before asserting that nothing happened."""
    assert fixed_waits(sorted(BROWSER_TESTS.glob("*.py"))) == []


def test_the_fixed_wait_finder_finds_them(tmp_path: Path) -> None:
    bad = tmp_path / "test_x.py"
    bad.write_text(
        "page.wait_for_timeout(300)\n"
        "time.sleep(1)\n"
        "while not ready():\n    time.sleep(0.02)\n"
        "page_timers_pass(page, 9)\n"
        "sleep(2)\n"
    )
    assert fixed_waits([bad]) == ["test_x.py:1", "test_x.py:2", "test_x.py:6"]
