"""The lock files: made from this pyproject.toml, every package pinned with hashes."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("lockhash", ROOT / "tools/lockhash.py")
assert _spec is not None and _spec.loader is not None
lockhash = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lockhash)

LOCKS = [ROOT / "requirements" / f"{kind}.txt" for kind in ("play", "dev")]


@pytest.mark.parametrize("lock", LOCKS, ids=lambda p: p.name)
def test_the_lock_matches_pyproject(lock: Path) -> None:
    """Fails when a dependency changed without ``./scripts/lock`` (setup would warn too)."""
    assert f"# pyproject-deps: {lockhash.fingerprint()}\n" in lock.read_text(encoding="utf-8")


@pytest.mark.parametrize("lock", LOCKS, ids=lambda p: p.name)
def test_every_locked_package_is_pinned_with_hashes(lock: Path) -> None:
    entries = re.split(r"\n(?=[A-Za-z0-9])", lock.read_text(encoding="utf-8"))
    pins = [e for e in entries if not e.startswith("#")]
    names = set()
    for entry in pins:
        head = entry.split()[0]
        assert re.fullmatch(r"[A-Za-z0-9._\[\],-]+==[^\s;]+", head), head
        assert "--hash=sha256:" in entry, head
        names.add(head.split("==")[0].split("[")[0].lower())
    assert {"fastapi", "pydantic", "setuptools", "mypy"} <= names  # mypy: it builds the wheel
    if lock.name == "dev.txt":
        assert {"pytest", "pytest-xdist", "schemathesis", "uv"} <= names


def test_the_fingerprint_follows_the_dependency_lists_only(tmp_path: Path) -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    same = tmp_path / "same.toml"
    same.write_text(text.replace("line-length = 100", "line-length = 99"), encoding="utf-8")
    added = tmp_path / "added.toml"
    added.write_text(text.replace('    "rich>=13",\n', '    "rich>=13",\n    "pillow",\n'), "utf-8")
    assert added.read_text(encoding="utf-8") != text
    assert lockhash.fingerprint(same) == lockhash.fingerprint()
    assert lockhash.fingerprint(added) != lockhash.fingerprint()


def test_the_build_pins_the_mypy_that_compiles_the_solver() -> None:
    build = lockhash.inputs()["build"]
    assert any(re.fullmatch(r"mypy==[\d.]+", r) for r in build), build
