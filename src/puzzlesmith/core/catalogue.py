"""One catalogue of problem codes per mode: code → a sentence in Chinese and in English.

As pzprjs keeps ``failcode.en.json`` / ``failcode.ja.json``, each mode declares
:attr:`Mode.problem_texts` (``{"en": {...}, "zh": {...}}``) for the codes only it emits, and :mod:`puzzlesmith.core.problem_codes` holds the ones every mode shares. The
editor downloads a mode's merged catalogue (``GET /api/modes/{mode}/problem-codes``)
and words every problem from it in the player's language, with the cells named as the
board draws them; the CLI prints the same sentences with ``--lang``. A test fails when a
mode can emit a code that has no text in either language.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from puzzlesmith.core import problem_codes
from puzzlesmith.core.mode import Mode
from puzzlesmith.core.problems import Problem

Lang = Literal["zh", "en"]
LANGS: tuple[Lang, ...] = ("zh", "en")

#: at most this many cells are named in one sentence
MAX_NAMED_CELLS = 8

_CELLS = {"zh": "（格子：{cells}）", "en": " (cells: {cells})"}
_MORE = {"zh": " 等 {n} 个", "en": " and {n} more"}
_UNKNOWN = {"zh": "出了一个问题（{code}）。", "en": "A problem ({code})."}


@cache
def catalogue(mode_id: str) -> dict[str, dict[str, str]]:
    """The mode's codes (its own over the shared ones), by language."""
    from puzzlesmith.core import registry

    mode = registry.get(mode_id)
    own = mode.problem_texts
    return {lang: {**problem_codes.TEXTS[lang], **own.get(lang, {})} for lang in LANGS}


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
    return ("、" if lang == "zh" else ", ").join(cell_name(mode, c) for c in cells)


def sentence(mode: Mode[Any], problem: Problem, lang: Lang) -> str:
    """The problem in one sentence of ``lang``, naming its cells."""
    text = catalogue(mode.id)[lang].get(problem.code) or _UNKNOWN[lang].format(code=problem.code)
    cells = list(problem.cells)
    if cells:
        shown = cell_list(mode, cells[:MAX_NAMED_CELLS], lang)
        if len(cells) > MAX_NAMED_CELLS:
            shown += _MORE[lang].format(n=len(cells) - MAX_NAMED_CELLS)
        text = (
            text.rstrip("。.") + _CELLS[lang].format(cells=shown) + ("。" if lang == "zh" else ".")
        )
    return text
