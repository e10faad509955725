"""Issue #36 "every word a player or designer reads comes from one catalogue": the shell's
screens (friends, archive, breakdown, achievements, replay, main…), the stream pages, the
play kit and the community screen say nothing of their own. Their words are keys of the catalogue
(puzzlesmith/core/words/), so a sentence written back into the code, in Chinese or as a
zh/en table, fails here, and so does a key a screen asks for that either language lacks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import puzzlesmith
from puzzlesmith.core import words
from puzzlesmith.server.rooms.commands import PRESETS, preset_text

STATIC = Path(puzzlesmith.__file__).parent / "server" / "static"
#: the screens that read every word from the catalogue
SCREENS = sorted(
    [
        *(STATIC / "shell").glob("*.js"),
        *(STATIC / "stream").glob("*.js"),
        *(STATIC / "kit").glob("*.js"),
        STATIC / "editor" / "community.js",
    ]
)
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
#: CJK the code holds on purpose, by file: not words to translate
ALLOWED = {
    # the language switch names each language in itself
    "shell/main.js": {"中文"},
    "stream/common.js": {"中文"},
    # the overlay's party word swaps the full-width ！ for a narrow one (typography)
    "stream/overlay.js": {"！"},
}
#: a zh/en table or an English-only sentence table in a screen's code
TABLE = re.compile(r'\b(zh|en)\s*:\s*(\{\s*("[^"]*"|\w+)\s*:\s*)?"')

#: codes whose ``problem.<code>`` (the CLI's and the editor's, for a designer) and
#: ``err.<code>`` (an API refusal, for a player) say different things, so both stay;
#: any other code has one sentence (a refusal without ``err.<code>`` reads the problem's)
BOTH_ON_PURPOSE = {
    "bad-code",  # where the code went wrong vs. how to fix it
    "bad-log",  # cannot be read vs. cannot be checked
    "bad-text",  # names title/caption/note and control chars vs. any text's length
    "gave-up",  # the work budget vs. "too hard for the server now, try later"
    "generation-failed",  # names --attempts vs. no such flag for a player
    "illegal-move",  # this move on this board vs. some move of a run
    "interrupted",  # a batch keeps its levels vs. any work
    "level-format",  # this mode's format vs. the right format
    "mode-load",  # an installed package vs. "this game"
    "not-unique",  # the marked cells differ vs. it cannot be published
    "pack-exists",  # a file of that name, choose another vs. a pack exists
    "unknown-level",  # no level with that id vs. no such level
    "unknown-mode",  # no mode in this install vs. no such game
    "unreadable-file",  # why (missing, not a file, not UTF-8) vs. cannot be read
    "words-file",  # not a JSON object of key → text vs. the game's file is damaged
}


def rel(path: Path) -> str:
    return path.relative_to(STATIC).as_posix()


def lex(src: str) -> list[tuple[str, str]]:
    """The parts of a JS source a reader of the screen can meet: ("code", text),
    ("str", a string's or a template's literal text) and ("regex", text); comments dropped.
    Enough JS for these files (strings, templates with ${} inside, regex literals)."""
    return _lex(src, 0, False)[0]


def _lex(src: str, i: int, in_expr: bool) -> tuple[list[tuple[str, str]], int]:
    """From ``i`` to the end, or (``in_expr``: a template's ${…}) to its closing brace."""
    out: list[tuple[str, str]] = []
    n, depth = len(src), 0
    prev = ""  # the last significant character of code (regex or division?)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            i = src.find("\n", i)
            i = n if i < 0 else i
        elif src.startswith("/*", i):
            end = src.find("*/", i + 2)
            i = n if end < 0 else end + 2
        elif c in "\"'":
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == "\\" else 1
            out.append(("str", src[i + 1 : j]))
            i, prev = j + 1, "a"
        elif c == "`":
            text, i = "", i + 1
            while i < n and src[i] != "`":
                if src[i] == "\\":
                    text, i = text + src[i : i + 2], i + 2
                elif src.startswith("${", i):
                    out.append(("str", text))
                    inner, i = _lex(src, i + 2, True)
                    out += inner
                    text = ""
                else:
                    text, i = text + src[i], i + 1
            out.append(("str", text))
            i, prev = i + 1, "a"
        elif c == "/" and (prev == "" or prev in "(,=:[!&|?{};+-*%<>~^" or _after_keyword(src, i)):
            j, cls = i + 1, False
            while j < n and (src[j] != "/" or cls):
                if src[j] == "\\":
                    j += 1
                elif src[j] == "[":
                    cls = True
                elif src[j] == "]":
                    cls = False
                j += 1
            out.append(("regex", src[i : j + 1]))
            i, prev = j + 1, "a"
        else:
            if in_expr and c == "}" and depth == 0:
                return out, i + 1
            depth += {"{": 1, "}": -1}.get(c, 0)
            out.append(("code", c))
            if not c.isspace():
                prev = c
            i += 1
    return out, i


def _after_keyword(src: str, i: int) -> bool:
    return bool(re.search(r"\b(return|typeof|case|of|in)\s*$", src[max(0, i - 12) : i]))


def parts(path: Path) -> list[tuple[str, str]]:
    return lex(path.read_text(encoding="utf-8"))


def test_a_table_of_words_is_seen() -> None:
    for code in ('zh: { look: ""', 'en: { "": ""', 'zh: ""', 'zh: {\n    "": ""'):
        assert TABLE.search(code), code
    for code in ("dict = { zh: {}, en: {} }", "{ zh: p.mode, en: p.mode }"):
        assert not TABLE.search(code), code


def test_the_lexer_drops_comments_and_keeps_strings() -> None:
    src = 'a = "x"; // 注释\n/* 又一个 */ b = `y${t(`k.${z}`)}w` / 2; c = /"/.test(d)'
    src += "; e = `'${f.replace(/'/g, \"\\\\'\")}'` // 又"
    got = lex(src)
    assert not any(CJK.search(text) for _, text in got)
    assert [text for kind, text in got if kind == "str"] == [
        "x",
        "y",
        "k.",
        "",
        "w",
        "'",
        "\\\\'",
        "'",
    ]
    assert ("regex", '/"/') in got and ("regex", "/'/") in got


@pytest.mark.parametrize("path", SCREENS, ids=rel)
def test_a_screen_writes_no_chinese_outside_comments(path: Path) -> None:
    allowed = ALLOWED.get(rel(path), set())
    found = set()
    for _, text in parts(path):
        for word in re.findall(f"{CJK.pattern}+", text):
            if word not in allowed:
                found.add(word)
    assert not found, f"{rel(path)}: words in the code, not the catalogue: {sorted(found)}"


@pytest.mark.parametrize("path", SCREENS, ids=rel)
def test_a_screen_keeps_no_table_of_words(path: Path) -> None:
    code = "".join(text if kind == "code" else '""' for kind, text in parts(path))
    assert not TABLE.search(code), f"{rel(path)}: a zh/en table in the code"
    assert not re.search(r"addStrings\(\s*\{", code), f"{rel(path)}: its own words (addStrings)"


def keys_used(path: Path) -> tuple[set[str], set[str]]:
    """The keys a screen names: t("key") calls and key-like strings ("fr.title" in a map),
    and the prefixes of keys it builds (t(`rp.hl.${x}`))."""
    table = words.catalogue()["zh"]
    prefixes = {k.split(".", 1)[0] for k in table if "." in k}
    src = path.read_text(encoding="utf-8")
    code = "".join(text if kind == "code" else f'"{text}"' for kind, text in parts(path))
    used = set(re.findall(r'\bt\(\s*"([^"]+)"\s*[,)]', code))
    for kind, text in parts(path):
        if (
            kind == "str"
            and re.fullmatch(r"[a-z][a-z0-9]*\.[A-Za-z][\w.-]*\w", text)
            and text.split(".", 1)[0] in prefixes
            and not re.search(r"\.(js|css|json|html)$", text)
        ):
            used.add(text)
    built = {
        k for k in re.findall(r"`([a-z][a-z0-9]*\.[\w.-]*)\$\{", src) if k.split(".")[0] in prefixes
    }
    return used, built


@pytest.mark.parametrize("path", SCREENS, ids=rel)
def test_each_key_a_screen_uses_is_in_both_languages(path: Path) -> None:
    table = words.catalogue()
    used, built = keys_used(path)
    for lang in words.LANGS:
        missing = sorted(k for k in used if k not in table[lang])
        assert not missing, f"{rel(path)}: no {lang} words for {missing}"
        for prefix in built:
            assert any(k.startswith(prefix) for k in table[lang]), f"{rel(path)}: no {prefix}*"


def test_the_scan_sees_the_screens_keys() -> None:
    """Not vacuous: the moved screens' keys are found (and a built key's prefix)."""
    found = {rel(p): keys_used(p) for p in SCREENS}
    assert {"fr.title", "fr.noFriend", "fr.todayCol", "d.current"} <= found["shell/friends.js"][0]
    assert {"ar.weekdays", "bd.title", "ach.count", "rp.scrub"} <= (
        found["shell/archive.js"][0]
        | found["shell/breakdown.js"][0]
        | found["shell/achievements.js"][0]
        | found["shell/replay.js"][0]
    )
    assert "rp.hl." in found["shell/replay.js"][1]
    assert {"cm.like", "cm.by"} <= found["editor/community.js"][0]
    assert "st.hint." in found["stream/viewer.js"][1]


def test_a_stream_hints_words_are_the_catalogues() -> None:
    """The message a viewer's preset sends (the server's) and its button (the viewer's)."""
    table = words.catalogue()
    for lang in words.LANGS:
        for preset in PRESETS:
            assert f"st.hint.{preset}" in table[lang], (lang, preset)
    assert preset_text("number", 7) == {"zh": "这里是 7？", "en": "Is this 7?"}
    assert preset_text("look", None)["zh"] == table["zh"]["st.hint.look"]


def test_a_code_has_one_sentence_unless_the_two_say_different_things() -> None:
    for lang in words.LANGS:
        table = words.catalogue()[lang]
        both = {
            k.removeprefix("err.")
            for k in table
            if k.startswith("err.") and f"problem.{k.removeprefix('err.')}" in table
        }
        assert both == BOTH_ON_PURPOSE, (
            f"{lang}: a code with both err.<code> and problem.<code> that are not known to "
            f"differ: {sorted(both - BOTH_ON_PURPOSE)}; gone: {sorted(BOTH_ON_PURPOSE - both)}"
        )
