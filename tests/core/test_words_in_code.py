"""Issue #36 "every word a player or designer reads comes from one catalogue": no words
in the code of the modes' screens, their board editors, the editor's frame and the CLI
(they would not be translated, and a mode's words would be outside its package), and
every key the code reads is in the catalogue in both languages."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import puzzlesmith
from puzzlesmith.core import registry, words

SRC = Path(puzzlesmith.__file__).parent
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff01-\uff5e]")
#: block comments, and line comments not part of a URL (``https://``)
JS_COMMENT = re.compile(r"/\*.*?\*/|(?<![:\\])//[^\n]*", re.S)
#: t("key") / t("key", {...}) / say("key", ...) with a literal key
JS_KEY = re.compile(r"""\bt\(\s*["']([\w.-]+)["']""")
PY_KEY = re.compile(r"""\bsay\(\s*["']([\w.-]+)["']""")

#: deliberate Chinese in code, not words: a sentence's full stop, taken off in either language
#: before a list of cells is added (the editor's problemText, core/catalogue.sentence)
ALLOWED_CODE = {
    ("server/static/editor/words.js", 'text.replace(/[。.]$/, "")'),
    ("core/catalogue.py", "。."),
}
#: deliberate CJK-range characters in Cows' and the server's code, not words
ALLOWED_COWS_SERVER = {
    # IDEOGRAPHIC SPACE among the blank characters a player's free text may not be made of
    ("server/visible.py", "\u3000"),
}


def mode_client_files() -> list[Path]:
    out: list[Path] = []
    for mode in registry.all_modes():
        root = mode.client_dir()
        if root is not None:
            out += sorted(root.rglob("*.js"))
    return out


def editor_files() -> list[Path]:
    return sorted((SRC / "server" / "static" / "editor").glob("*.js"))


def client_files() -> list[Path]:
    return mode_client_files() + editor_files()


def cli_files() -> list[Path]:
    return sorted((SRC / "cli").glob("*.py")) + sorted((SRC / "core").glob("*.py"))


def cows_server_files() -> list[Path]:
    """Cows' and the server's Python (the path modes' packages get a list of their own)."""
    return sorted((SRC / "cows").rglob("*.py")) + sorted((SRC / "server").rglob("*.py"))


def mode_code_files() -> list[Path]:
    """The Python of the path modes: their shared engine (paths/, the Why hint), Number
    Stroke and Hex Walls (titles, the designers' warnings, the Why's own techniques)."""
    return [p for d in ("paths", "stroke", "hexwalls") for p in sorted((SRC / d).rglob("*.py"))]


def js_code(path: Path) -> str:
    return JS_COMMENT.sub("", path.read_text(encoding="utf-8"))


def py_strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module that are not docstrings (doctests are examples)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    ]


def test_the_scans_see_the_files() -> None:
    names = {f.relative_to(SRC).as_posix() for f in client_files()}
    assert {
        "stroke/client/01-number-stroke.js",
        "stroke/client/01-number-stroke/editor.js",
        "hexwalls/client/03-hex-walls.js",
        "hexwalls/client/03-hex-walls/editor.js",
        "cows/client/04-cows.js",
        "cows/client/04-cows/editor.js",
        "server/static/editor/editor.js",
    } <= names
    assert len(cli_files()) > 20


@pytest.mark.parametrize("path", client_files(), ids=lambda p: p.relative_to(SRC).as_posix())
def test_no_words_in_a_client_file(path: Path) -> None:
    """Chinese outside comments is a sentence that belongs in a words file."""
    name = path.relative_to(SRC).as_posix()
    found = [
        line
        for line in js_code(path).splitlines()
        if CJK.search(line) and not any(f == name and code in line for f, code in ALLOWED_CODE)
    ]
    assert not found, f"{path.relative_to(SRC)}: words in code: {found[:3]}"


def test_no_words_in_the_cli() -> None:
    found = [
        f"{path.relative_to(SRC)}:{line}: {text!r}"
        for path in cli_files()
        for line, text in py_strings(path)
        if CJK.search(text) and (path.relative_to(SRC).as_posix(), text) not in ALLOWED_CODE
    ]
    assert not found, found


def test_no_strings_table_in_a_mode_or_editor_file() -> None:
    """The old way (a module's own ``strings = {zh, en}``) does not come back."""
    found = [
        f.relative_to(SRC).as_posix()
        for f in client_files()
        if re.search(r"export const strings\b", f.read_text(encoding="utf-8"))
    ]
    assert not found, found


def test_every_key_the_clients_read_is_in_both_languages() -> None:
    table = words.catalogue()
    used = {
        (f.relative_to(SRC).as_posix(), key)
        for f in client_files()
        for key in JS_KEY.findall(js_code(f))
    }
    assert len(used) > 40  # the scan sees them
    for lang in words.LANGS:
        missing = sorted(u for u in used if u[1] not in table[lang])
        assert not missing, f"no {lang} words for {missing}"


def test_every_key_the_cli_says_is_in_both_languages() -> None:
    table = words.catalogue()
    used = {
        (path.relative_to(SRC).as_posix(), key)
        for path in cli_files()
        for key in PY_KEY.findall(path.read_text(encoding="utf-8"))
    }
    assert len(used) > 15
    for lang in words.LANGS:
        missing = sorted(u for u in used if u[1] not in table[lang])
        assert not missing, f"no {lang} words for {missing}"


def test_no_words_in_cows_or_server_code() -> None:
    """Cows' hints, logic, packs, ideas and design lines, and the server's share card,
    manifest and trial file, speak from the catalogue (docstrings and doctests aside)."""
    assert len(cows_server_files()) > 40  # the scan sees them
    found = [
        f"{path.relative_to(SRC)}:{line}: {text!r}"
        for path in cows_server_files()
        for line, text in py_strings(path)
        if CJK.search(text) and (path.relative_to(SRC).as_posix(), text) not in ALLOWED_COWS_SERVER
    ]
    assert not found, found


def test_every_key_cows_and_the_server_say_is_in_both_languages() -> None:
    from puzzlesmith.cows import logic, packs, teach
    from puzzlesmith.server import share

    table = words.catalogue()
    used = {
        (path.relative_to(SRC).as_posix(), key)
        for path in cows_server_files()
        for key in PY_KEY.findall(path.read_text(encoding="utf-8"))
    }
    assert len(used) > 20
    # keys the code builds from a name (f"cw.tech.{technique}"…)
    built = [f"cw.tech.{t}" for t in logic.TECHNIQUES]
    built += [f"cw.idea.{i}" for i in teach.IDEAS]
    built += [f"cw.tip.{t}" for t in packs.TECHNIQUE_TIPS] + ["cw.tip.region"]
    built += [f"cw.pack.{k}.{part}" for k in (1, 2, 3, 4) for part in ("title", "about")]
    built += [f"cw.hint.{t}" for t in logic.TECHNIQUES if t != "big-hall"]
    built += [f"cw.logic.{t}" for t in logic.TECHNIQUES if t not in logic.HALLS]
    built += [f"cw.logic.hall.{k}" for k in range(3)]
    built += [f"cw.hint.{kind}.{k}" for kind in ("kind", "kinds") for k in range(3)]
    built += [f"grade.{g}" for g in logic.GRADES] + ["cw.grade.unsolved", "cw.title"]
    built += list(share.CARD_KEYS.values())
    used |= {("built", key) for key in built}
    for lang in words.LANGS:
        missing = sorted(u for u in used if u[1] not in table[lang])
        assert not missing, f"no {lang} words for {missing}"


@pytest.mark.parametrize("mode", [m for m in registry.all_modes() if m.capabilities.editor])
def test_a_board_editor_has_its_modes_words(mode: object) -> None:
    """The editor's frame labels a board editor's tools ``<words>.tool.<tool>`` and asks its
    ``<words>.noSuggestion``: the board editor is the mode's file, the words the mode's."""
    m = registry.get(mode.id)
    root = m.client_dir()
    assert root is not None
    text = (root / m.id / "editor.js").read_text(encoding="utf-8")
    prefix = re.search(r'this\.words = "([\w.]+)"', text)
    tools = re.search(r"this\.tools = \[([^\]]*)\]", text)
    assert prefix and tools
    assert prefix.group(1) == f"{m.words_prefix}.ed"
    own = words.package_words(m.words_package())
    keys = [f"{prefix.group(1)}.tool.{t}" for t in re.findall(r'"(\w+)"', tools.group(1))]
    keys.append(f"{prefix.group(1)}.noSuggestion")
    for lang in words.LANGS:
        missing = [k for k in keys if k not in own[lang]]
        assert not missing, f"{m.words_package()} has no {lang} words for {missing}"


def test_a_modes_own_keys_carry_its_prefix() -> None:
    """Besides problem codes, a mode's keys start with its ``words_prefix`` (so shared code
    finds a mode's sentence by the mode, and two modes never give one key)."""
    for mode in registry.all_modes():
        if not mode.words_prefix:
            continue
        own = words.package_words(mode.words_package())
        stray = [k for k in own["en"] if not k.startswith(("problem.", f"{mode.words_prefix}."))]
        assert not stray, f"{mode.id}: {stray}"


def test_say_fills_slots_as_the_client_does() -> None:
    assert words.say("ed.more", "en", n=3, total=11) == " and 3 more"
    assert words.say("ed.more", "zh", n=3, total=11) == " 等 11 个"
    assert words.say("cli.suggest.adds", "en") == "adds {added}"  # a slot not given stays
    with pytest.raises(KeyError):
        words.say("no.such.key")


# ---- the path modes' Python: paths/, stroke/, hexwalls/ ---------------------------------
#: say("key", ...) or both("key", ...) (core/words.both: a sentence in zh and en side by side)
MODE_KEY = re.compile(r"""\b(?:say|both)\(\s*["']([\w.-]+)["']""")


def test_the_mode_scan_sees_the_files() -> None:
    names = {f.relative_to(SRC).as_posix() for f in mode_code_files()}
    assert {
        "paths/explain.py",
        "paths/mode.py",
        "paths/logic/engine.py",
        "stroke/design.py",
        "stroke/render.py",
        "stroke/generate.py",
        "hexwalls/logic.py",
        "hexwalls/mode.py",
    } <= names


def test_no_words_in_the_path_modes_code() -> None:
    """The Why hint's sentences, the modes' titles and the designers' notes are the
    catalogue's (core/words ``why.*``, hexwalls/words ``hx.*``, stroke/words ``ns.*``)."""
    found = [
        f"{path.relative_to(SRC)}:{line}: {text!r}"
        for path in mode_code_files()
        for line, text in py_strings(path)
        if CJK.search(text)
    ]
    assert not found, found


def test_every_key_the_path_modes_say_is_in_both_languages() -> None:
    table = words.catalogue()
    used = {
        (path.relative_to(SRC).as_posix(), key)
        for path in mode_code_files()
        for key in MODE_KEY.findall(path.read_text(encoding="utf-8"))
    }
    assert len(used) > 60  # the scan sees them (the Why's clauses and names alone are 50)
    for lang in words.LANGS:
        missing = sorted(u for u in used if u[1] not in table[lang])
        assert not missing, f"no {lang} words for {missing}"


def test_both_gives_a_packages_sentence_in_both_languages() -> None:
    assert words.both("why.because") == (
        "第 {step} 步只能走 {cell}，因为{clause}。",
        "Step {step} must go to {cell} because {clause}.",
    )
    assert words.both("hx.why.name.trial", "puzzlesmith.hexwalls") == ("假设推翻", "Try and fail")
    with pytest.raises(KeyError):
        words.both("hx.why.name.trial")  # Hex Walls' own words are not the shared ones
    with pytest.raises(KeyError):
        words.both("no.such.key")
