"""The documentation site (mkdocs.yml, Material theme) builds with --strict: a broken link,
a page missing from the nav or a failing generator fails this test; the CLI and HTTP
reference pages are generated from the Typer app and the OpenAPI schema."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MKDOCS = [sys.executable, "-m", "mkdocs", "build", "--strict"]


def build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*MKDOCS, "--config-file", str(config), "--site-dir", str(site)],
        cwd=config.parent, capture_output=True, text=True, check=False,
        env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"},
    )  # fmt: skip


def text_of(page: Path) -> str:
    return re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The docs, the config and the hooks in a scratch tree (a test may break a link)."""
    if not (ROOT / "mkdocs.yml").is_file():
        pytest.skip("not a source checkout")
    tree = tmp_path_factory.mktemp("docs-tree")
    for name in ("mkdocs.yml", "README.md"):
        shutil.copy(ROOT / name, tree / name)
    shutil.copytree(ROOT / "docs", tree / "docs")
    shutil.copytree(ROOT / "tools", tree / "tools", ignore=shutil.ignore_patterns("__pycache__"))
    return tree


def test_the_site_builds_strict_with_generated_references(copy: Path, tmp_path: Path) -> None:
    done = build(copy / "mkdocs.yml", tmp_path / "site")
    assert done.returncode == 0, done.stderr[-3000:]
    cli = text_of(tmp_path / "site" / "reference" / "cli" / "index.html")
    for command in ("puzzlesmith play", "puzzlesmith daily build", "puzzlesmith cows generate"):
        assert command in cli
    assert "--max-connections" in cli and "--scheduler" in cli
    api = text_of(tmp_path / "site" / "reference" / "http-api" / "index.html")
    for route in ("/healthz", "/readyz", "/metrics", "/api/daily/{mode}/finish"):
        assert route in api
    home = text_of(tmp_path / "site" / "index.html")
    assert "Two commands" in home and "./scripts/test" in home


def test_a_broken_link_fails_the_build(copy: Path, tmp_path: Path) -> None:
    page = copy / "docs" / "operations.md"
    original = page.read_text(encoding="utf-8")
    page.write_text(original + "\nSee [the gone page](no-such-page.md).\n", encoding="utf-8")
    try:
        done = build(copy / "mkdocs.yml", tmp_path / "site")
    finally:
        page.write_text(original, encoding="utf-8")
    assert done.returncode != 0
    assert "no-such-page.md" in done.stderr


def test_the_readme_is_a_front_page() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.encode()) <= 12 * 1024
    assert "## Two commands" in readme
    for link in re.findall(r"\]\((docs/[^)#]+)", readme):
        assert (ROOT / link).is_file(), link
