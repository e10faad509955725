"""Issue #30 item 6: every CLI input or output that is not a regular file is exit 2, at once.

Before: ``clip --moves`` and ``export-html --pack`` of a symlink to /dev/zero read until
9 GB; ``--moves FIFO``, ``--pack FIFO``, ``render -o FIFO`` and ``clip -o FIFO`` hung;
``export-html -o`` replaced a device node or FIFO with a regular file. Each case runs in
a subprocess with a timeout, so a hang fails the test instead of blocking the suite.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from special_cases import READERS, WRITERS, argv, kind, special_files

from puzzlesmith.core import registry
from puzzlesmith.core.codes import encode_level

#: far above the ~1 s a refusal takes on a loaded machine; a hang is minutes
TIMEOUT = 60


def run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "puzzlesmith", *args],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        stdin=subprocess.DEVNULL,
    )


def refused(r: subprocess.CompletedProcess[str], args: list[str]) -> None:
    assert r.returncode == 2, (args, r.returncode, r.stderr)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in r.stderr, (args, r.stderr)


@pytest.fixture
def code() -> str:
    cows = registry.get("cows")
    return encode_level(cows, cows.find_level("1-1")[1])


@pytest.mark.parametrize("template", READERS, ids=lambda t: " ".join(t[:2]))
def test_special_inputs_are_refused(template: list[str], tmp_path: Path, code: str) -> None:
    with special_files(tmp_path) as files:
        for name, x in files.items():
            args = argv(template, x, tmp_path, code)
            refused(run(args), [name, *args])


@pytest.mark.parametrize("template", WRITERS, ids=lambda t: " ".join(t[:2]))
def test_special_outputs_are_refused_and_kept(
    template: list[str], tmp_path: Path, code: str
) -> None:
    with special_files(tmp_path) as files:
        for name, x in files.items():
            if name == "dev-zero":
                continue  # not ours to risk replacing; the device node stands for it
            before = kind(x)
            args = argv(template, x, tmp_path, code)
            refused(run(args), [name, *args])
            assert kind(x) == before, f"{name} was replaced by {args}"


@pytest.mark.parametrize(
    ("name", "text", "needle"),
    [
        ("deep", "[" * 100_000 + "]" * 100_000, "nested 100000 deep"),
        ("bigint", '{"mode": "04-cows", "pack": ' + "9" * 100_000 + "}", "too many digits"),
    ],
)
def test_export_html_refuses_deep_json_and_huge_integers(
    name: str, text: str, needle: str, tmp_path: Path
) -> None:
    """Before: a RecursionError / ValueError traceback (export-html parsed with json.loads)."""
    p = tmp_path / f"{name}.json"
    p.write_text(text, encoding="utf-8")
    args = ["export-html", "--pack", str(p), "-o", str(tmp_path / "t.html")]
    r = run(args)
    refused(r, args)
    assert needle in r.stderr


def test_a_huge_title_is_refused_before_it_is_decoded(tmp_path: Path) -> None:
    """Before: ``cows validate`` of a 7 MB file with a 7-million-character title used 885 MB."""
    p = tmp_path / "title.json"
    body = '{"mode": "04-cows", "pack": 1, "title": "' + "x" * 7_000_000 + '", "levels": []}'
    p.write_text(body, encoding="utf-8")
    probe = (
        "import resource, subprocess, sys\n"
        "r = subprocess.run([sys.executable, '-m', 'puzzlesmith', 'cows', 'validate', sys.argv[1]],"
        " capture_output=True, text=True)\n"
        "print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
        "sys.stderr.write(r.stderr)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe, str(p)], capture_output=True, text=True, timeout=TIMEOUT
    )
    code, max_kb = map(int, out.stdout.split())
    assert code == 2 and "a JSON string of 7000002 characters" in out.stderr, out.stderr
    assert max_kb < 300 * 1024, f"{max_kb / 1024:.0f} MB"


@pytest.mark.parametrize(
    "text", ["9" * 100_000 + "\n", "9" * 100_000 + "\tcow 0 0\n"], ids=["long-move", "huge-time"]
)
def test_clip_refuses_huge_lines_in_one_short_line(text: str, tmp_path: Path) -> None:
    """Before: a 100,000-digit time was a traceback; a 100,000-character move was quoted whole."""
    p = tmp_path / "moves.txt"
    p.write_text(text, encoding="utf-8")
    args = ["cows", "clip", "1-1", "--moves", str(p), "-o", str(tmp_path / "c.gif")]
    r = run(args)
    refused(r, args)
    assert len(r.stderr) < 300, r.stderr[:300]
