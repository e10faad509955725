"""One catalogue of the words players read: data, per package and language.

Each package that has words of its own ships ``words/zh.json`` and ``words/en.json`` (flat
objects, key → sentence): :mod:`puzzlesmith.core` the shared ones (the shell, the server's
error codes, the daily, the editor, the stream pages, the problem codes every mode emits),
each mode package its own problem codes and its play screen's words. The keys are
namespaced: ``problem.<code>`` (a level's problem, :mod:`puzzlesmith.core.catalogue`),
``err.<code>`` (an API refusal), ``st.err.<code>`` (a stream room's), ``d.*`` (daily),
``ed.*`` (editor), ``st.*`` (stream), ``cw.*`` (Cows)…, as the client has always spelt them.

A mode's words are found through the mode object (:meth:`Mode.words_package`), so a
plugin mode brings its own; no mode is named here. The merged catalogue is what the CLI
prints (:func:`say`, its ``cli.*`` keys), what the server serves to the client as a module
(``/static/words.js``) and what the offline copy of the game keeps.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Literal

from puzzlesmith.core.errors import PuzzlesmithError

if TYPE_CHECKING:
    from puzzlesmith.core.mode import Mode

Lang = Literal["zh", "en"]
#: Simplified Chinese first: what players read first.
LANGS: tuple[Lang, ...] = ("zh", "en")
#: The package holding the shared words.
CORE = "puzzlesmith.core"

Words = dict[str, dict[str, str]]


class WordsFileError(PuzzlesmithError):
    """A words file that is not a JSON object of key → text (named, in one line)."""

    code = "words-file"


def _read(package: str, lang: str) -> dict[str, str]:
    """One package's words in ``lang``; {} when the package has no such file."""
    node = resources.files(package).joinpath("words").joinpath(f"{lang}.json")
    if not node.is_file():
        return {}
    where = f"{package.replace('.', '/')}/words/{lang}.json"
    try:
        data: Any = json.loads(node.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise WordsFileError(
            f"words file {where}: not JSON ({exc.msg}, line {exc.lineno} column {exc.colno})"
        ) from None
    except UnicodeDecodeError as exc:
        raise WordsFileError(f"words file {where}: not UTF-8 text ({exc.reason})") from None
    if not isinstance(data, dict):
        raise WordsFileError(f"words file {where}: not an object of key → text")
    for key, text in data.items():
        if not isinstance(text, str) or not text:
            raise WordsFileError(f"words file {where}: {key!r} is not a non-empty text")
    return data


def package_words(package: str) -> Words:
    """The words one package ships, by language (``{"zh": {...}, "en": {...}}``)."""
    return {lang: _read(package, lang) for lang in LANGS}


def _packages(modes: list[Mode[Any]]) -> list[str]:
    out = [CORE]
    for mode in modes:
        package = mode.words_package()
        if package not in out:
            out.append(package)
    return out


def merge(packages: list[str]) -> Words:
    """The words of ``packages`` in one table per language. A key is owned by one package:
    two packages giving the same key is refused, naming both (a mode cannot reword another
    package's sentence behind its back)."""
    out: Words = {lang: {} for lang in LANGS}
    owner: dict[str, str] = {}
    for package in packages:
        for lang, table in package_words(package).items():
            for key, text in table.items():
                first = owner.setdefault(f"{lang}:{key}", package)
                if first != package:
                    raise WordsFileError(
                        f"words file {package.replace('.', '/')}/words/{lang}.json: "
                        f"{key!r} is already given by {first}"
                    )
                out[lang][key] = text
    return out


def catalogue() -> Words:
    """Every registered mode's words and the shared ones, by language."""
    from puzzlesmith.core import registry

    return _catalogue(tuple(_packages(registry.all_modes())))


@cache
def _catalogue(packages: tuple[str, ...]) -> Words:
    return merge(list(packages))


def mode_words(mode: Mode[Any]) -> Words:
    """The shared words and one mode's own (what that mode's screens and checks read)."""
    return _catalogue(tuple(_packages([mode])))


#: a ``{slot}`` of a sentence (the client's t() fills the same ones)
_SLOT = re.compile(r"\{(\w+)\}")


def say(key: str, lang: Lang = "en", **slots: object) -> str:
    """One sentence of the catalogue in ``lang`` with its ``{slots}`` filled, as the
    client's ``t(key, vars)`` does (a slot not given stays as written; Chinese when the
    language lacks the key). A key in neither language is a bug: :class:`KeyError`.

    >>> say("cli.clues.other", "en", n=2, clues="a = 1, b = 7")
    '2 clues: a = 1, b = 7'
    >>> say("cli.clues.other", "zh", n=2, clues="a = 1、b = 7")
    '2 个提示：a = 1、b = 7'
    """
    table = catalogue()
    text = table[lang].get(key) or table["zh"].get(key)
    if text is None:
        raise KeyError(f"no words for {key!r}")
    return _SLOT.sub(lambda m: str(slots[m.group(1)]) if m.group(1) in slots else m.group(0), text)


def has(key: str, lang: Lang = "en") -> bool:
    """Whether the catalogue gives ``key`` in ``lang``."""
    return key in catalogue()[lang]


@cache
def _own(package: str) -> Words:
    return package_words(package)


def both(key: str, package: str = CORE) -> tuple[str, str]:
    """One sentence of ``package``'s own words in both languages, ``(zh, en)``, its
    ``{slots}`` unfilled: for code that answers in both languages side by side (the Why
    hint's ``reason_zh`` / ``reason_en``). It reads only that package's files (read once),
    so a module can take its sentences when it loads, before the modes are registered, and
    a compiled one pays nothing per call. A key missing in either language is a bug:
    :class:`KeyError`.

    >>> both("why.done")
    ('已经走完了！', 'The path is complete!')
    """
    own = _own(package)
    if key not in own["zh"] or key not in own["en"]:
        raise KeyError(f"{package.replace('.', '/')}/words: no words for {key!r} in both languages")
    return own["zh"][key], own["en"][key]


def as_module(words: Words) -> str:
    """The catalogue as the ES module the client imports (``export default {zh, en}``):
    loaded with the shell's other modules, so the first board waits for no extra request."""
    body = json.dumps(words, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    # "<" escaped: the trial file inlines module texts in a <script> element
    return "// The words of the game (puzzlesmith/core/words.py): generated, do not edit.\n" + (
        "export default " + body.replace("<", "\\u003c") + ";\n"
    )


def fingerprint(words: Words) -> str:
    """A short hash of the catalogue: part of the client's version, so new words are new URLs."""
    return hashlib.sha256(as_module(words).encode()).hexdigest()[:12]
