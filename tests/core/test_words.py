"""Issue #36 "One catalogue of words, as data": the words players read are the JSON files
of each package (core/words.py merges core and every registered mode's); every code that
can be raised has words in Chinese and in English; the client sees the same catalogue the
server reads, online and offline."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from raises import raised_codes
from tinymode import MODE as SWITCHES

import puzzlesmith
from puzzlesmith.cli.main import build_app
from puzzlesmith.core import registry, words
from puzzlesmith.core.errors import PuzzlesmithError
from puzzlesmith.server import errors as server_errors
from puzzlesmith.server.app import create_app
from puzzlesmith.server.rooms.room import ROOM_CODES
from puzzlesmith.server.static_files import WORDS, static_version

SRC = Path(puzzlesmith.__file__).parent
SLOT = re.compile(r"\{(\w+)\}")
#: sentences whose languages count differently: 等 {total} 个 names the whole, "and {n} more" the rest
OWN_SLOTS = {"ed.more"}
#: Hex Walls' Why when an exclusion leaves one cell: the Chinese names the step again
#: (当不了第 {steps} 步), the English says "which leaves only this cell" (the sentence's start
#: has named the step): worded so before they moved to the catalogue (issue #36)
OWN_SLOTS |= {"hx.why.pinned.reach", "hx.why.pinned.turner_timing"}


def subclasses(cls: type) -> list[type]:
    out = []
    for sub in cls.__subclasses__():
        out += [sub, *subclasses(sub)]
    return out


def raisable_codes() -> set[str]:
    """Every code an error class declares, every code of the status table and every code a
    raise in the source writes out: what the server, the CLI and the engine can answer with
    (the routes and commands imported)."""
    create_app(), build_app()  # every router and command module, so every error class
    found = {cls.code for cls in [PuzzlesmithError, *subclasses(PuzzlesmithError)]}
    return found | set(server_errors.STATUS) | raised_codes()


def test_every_code_that_can_be_raised_has_words_in_both_languages() -> None:
    codes = raisable_codes()
    assert {"unknown-mode", "gave-up", "bad-command", "words-file", "unknown-room"} <= codes
    table = words.catalogue()
    for lang in words.LANGS:
        # a refusal's sentence: its err.<code>, or its problem.<code> when that says it
        missing = sorted(
            c for c in codes if f"err.{c}" not in table[lang] and f"problem.{c}" not in table[lang]
        )
        assert not missing, f"no {lang} words for err.{missing}"
        missing = sorted(c for c in ROOM_CODES if f"st.err.{c}" not in table[lang])
        assert not missing, f"no {lang} words for st.err.{missing}"


def test_every_code_a_route_raises_has_its_status_in_the_table() -> None:
    """A route's refusal answers the status of its code in ``errors.STATUS`` (issue #36):
    a code raised but not in the table would answer the fallback 400."""
    raised = raised_codes()
    assert {"bad-run-token", "too-many-at-once", "not-found"} <= raised  # the scan sees them
    assert raised <= set(server_errors.STATUS), sorted(raised - set(server_errors.STATUS))


def test_the_table_of_room_codes_names_every_code_a_room_raises() -> None:
    raised: set[str] = set()
    for path in (SRC / "server" / "rooms").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        raised |= set(re.findall(r'RoomError\(\s*"([a-z-]+)"', text))
        raised |= set(re.findall(r'_refuse\(\s*\w+,\s*"([a-z-]+)"', text))
        raised |= set(re.findall(r'\berror\(\s*"([a-z-]+)"', text))  # the hub's own replies
    assert len(raised) > 15  # the scan sees them (else it passes vacuously)
    assert {"bad-json", "too-long"} <= raised
    assert raised <= ROOM_CODES, sorted(raised - ROOM_CODES)


@pytest.mark.parametrize(
    "package", [words.CORE, *(m.words_package() for m in registry.all_modes())]
)
def test_each_package_says_the_same_things_in_both_languages(package: str) -> None:
    """zh and en hold the same keys, and each sentence has the same ``{slots}`` in both."""
    own = words.package_words(package)
    assert own["zh"], f"{package} has no words"
    assert own["zh"].keys() == own["en"].keys(), sorted(own["zh"].keys() ^ own["en"].keys())
    for key, zh in own["zh"].items():
        if key not in OWN_SLOTS:
            assert set(SLOT.findall(zh)) == set(SLOT.findall(own["en"][key])), key


def test_a_modes_words_come_from_its_own_package() -> None:
    assert "problem.lamps" not in words.catalogue()["zh"]
    with registry.registered(SWITCHES):
        table = words.catalogue()
        assert table["zh"]["problem.lamps"].startswith("灯必须")
        assert table["en"]["problem.lamps-dark"] == "At least one lamp must be lit."
    assert "problem.lamps" not in words.catalogue()["en"]


def _package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, zh: str) -> str:
    pkg = tmp_path / name
    (pkg / "words").mkdir(parents=True)
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "words" / "zh.json").write_text(zh, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return name


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"a": "一",\n "b": }', "not JSON (Expecting value, line 2 column 7)"),
        ('["a"]', "not an object of key → text"),
        ('{"a": 1}', "'a' is not a non-empty text"),
    ],
)
def test_a_malformed_words_file_is_one_line_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, says: str
) -> None:
    name = _package(tmp_path, monkeypatch, f"badwords{abs(hash(text))}", text)
    with pytest.raises(words.WordsFileError) as caught:
        words.package_words(name)
    message = str(caught.value)
    assert "\n" not in message
    assert message == f"words file {name}/words/zh.json: {says}"


def test_a_key_belongs_to_one_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    name = _package(tmp_path, monkeypatch, "rewording", '{"err.busy": "忙"}')
    with pytest.raises(
        words.WordsFileError, match=r"'err.busy' is already given by puzzlesmith.core"
    ):
        words.merge([words.CORE, name])


def test_the_client_imports_the_catalogue_the_server_reads() -> None:
    """The words module, plain and versioned, is the merged JSON; the page preloads it and
    the service worker precaches it (so the first board needs no extra request, and offline
    the words are there)."""
    client = TestClient(create_app())
    version = static_version()
    expected = words.catalogue()
    for url in (f"/static/{WORDS}", f"/static/v/{version}/{WORDS}"):
        r = client.get(url)
        assert r.status_code == 200 and "javascript" in r.headers["content-type"], url
        body = re.fullmatch(r"(?s)//[^\n]*\nexport default (.*);\n", r.text)
        assert body is not None
        assert json.loads(body.group(1)) == expected
    assert client.get(f"/static/v/{version}/{WORDS}").headers["cache-control"].endswith("immutable")
    page = client.get("/").text
    assert f'<link rel="modulepreload" href="/static/v/{version}/{WORDS}">' in page
    assert f'"/static/v/{version}/{WORDS}"' in client.get("/sw.js").text


def test_new_words_are_a_new_version(monkeypatch: pytest.MonkeyPatch) -> None:
    before = static_version()
    reworded = {
        lang: {**t, "appTitle": t["appTitle"] + "!"} for lang, t in words.catalogue().items()
    }
    monkeypatch.setattr(words, "catalogue", lambda: reworded)
    assert static_version() != before
