"""One catalogue of problem codes per mode: code → a sentence in Chinese and in English.

As pzprjs keeps ``failcode.en.json`` / ``failcode.ja.json``, the sentences are data: the
``problem.<code>`` keys of the words files (:mod:`puzzlesmith.core.words`), the shared ones
in ``puzzlesmith/core/words/`` and each mode's own in its package's ``words/``. The editor
reads them from the catalogue the client imports (and ``GET
/api/modes/{mode}/problem-codes`` serves one mode's); the CLI prints the same sentences
with ``--lang``. A test fails when a mode can emit a code that has no text in either language.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from puzzlesmith.core import words
from puzzlesmith.core.mode import Mode
from puzzlesmith.core.problems import Problem
from puzzlesmith.core.words import LANGS, Lang

#: the words' key of a problem code
PREFIX = "problem."

#: at most this many cells are named in one sentence
MAX_NAMED_CELLS = 8


def _say(lang: Lang, key: str, **values: object) -> str:
    """A sentence of the shared words (the editor's and the CLI's) with its slots filled."""
    return words.say(key, lang, **values)


@cache
def catalogue(mode_id: str) -> dict[str, dict[str, str]]:
    """The mode's codes (its own over the shared ones), by language."""
    from puzzlesmith.core import registry

    table = words.mode_words(registry.get(mode_id))
    return {
        lang: {k.removeprefix(PREFIX): v for k, v in table[lang].items() if k.startswith(PREFIX)}
        for lang in LANGS
    }


def cell_name(mode: Mode[Any], cell: str) -> str:
    """A cell as people read it: Hex Walls' ``q,r`` ids in brackets, ``(q,r)``, so a list
    of them stays unambiguous; other ids as they are (Cows ``r2c7``, stroke ``c3``).

    >>> from puzzlesmith.core import registry
    >>> cell_name(registry.get("hex"), "-1,0"), cell_name(registry.get("stroke"), "c3")
    ('(-1,0)', 'c3')
    """
    return f"({cell})" if "," in cell and not cell.startswith("(") else cell


def cell_list(mode: Mode[Any], cells: list[str] | tuple[str, ...], lang: Lang = "en") -> str:
    """Cells named for a message, separated so that no id can blur into the next."""
    return _say(lang, "ed.sep").join(cell_name(mode, c) for c in cells)


def sentence(mode: Mode[Any], problem: Problem, lang: Lang) -> str:
    """The problem in one sentence of ``lang``, naming its cells."""
    text = catalogue(mode.id)[lang].get(problem.code) or _say(
        lang, "ed.unknownCode", code=problem.code
    )
    cells = list(problem.cells)
    if cells:
        shown = cell_list(mode, cells[:MAX_NAMED_CELLS], lang)
        if len(cells) > MAX_NAMED_CELLS:
            shown += _say(lang, "ed.more", n=len(cells) - MAX_NAMED_CELLS, total=len(cells))
        stop = _say(lang, "ed.stop")
        text = text.rstrip("。.") + _say(lang, "ed.cells", cells=shown) + stop
    return text
