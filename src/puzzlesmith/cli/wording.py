"""How the CLI words a check and a suggestion for people (``--json`` gives the raw data).

A suggestion's raw form is ``{"clues": {cell: step}, "count": k, ...}`` where ``count``
(``size`` in Hex Walls) is the number of clues in the set, not a solution count; the
readable line says so, names every cell as the board draws it (Hex ``(q,r)``) and
explains the ranking figures. Every word is the catalogue's (``cli.*`` in
core/words, a mode's own as ``<words_prefix>.*``), read through :func:`words.say`.
"""

from __future__ import annotations

import re
from typing import Any

from puzzlesmith.core.catalogue import cell_list, cell_name, sentence
from puzzlesmith.core.cluerules import SuggestRules
from puzzlesmith.core.levelcheck import LevelCheck, verdict_text
from puzzlesmith.core.mode import JSON, Mode
from puzzlesmith.core.words import Lang, has, say


def plural(n: int, noun: str) -> str:
    """``1 step``, ``2 steps``.

    >>> plural(1, "step"), plural(0, "step")
    ('1 step', '0 steps')
    """
    return f"{n} {noun}{'' if n == 1 else 's'}"


def suggestion_text(mode: Mode[Any], s: JSON, lang: Lang = "en") -> str:
    """One clue set in words: the whole set, its grade and score, then what it keeps and
    adds (the start is "1 at an end of the path", never "the number 1").

    >>> from puzzlesmith.core import registry
    >>> suggestion_text(registry.get("stroke"), {"clues": {"f": 7, "g": 15}, "count": 2,
    ...                 "endpoints": 0, "gaps": [6, 7, 2]})
    '2 clues: f = 7, g = 15 (none at an end of the path; steps left open between clues: 6, 7, 2)'
    >>> suggestion_text(registry.get("hex"), {"clues": {"-2,1": 1}, "size": 1})
    '1 clue: (-2,1) = 1'
    >>> suggestion_text(registry.get("hex"), {"clues": {"-2,1": 1, "0,0": 5}, "size": 2}, "zh")
    '2 个提示：(-2,1) = 1、(0,0) = 5'
    >>> suggestion_text(registry.get("stroke"), {"clues": {"a": 1, "f": 7}, "added": {"f": 7},
    ...     "start": True, "end": False, "grade": "easy", "score": 42.0, "gaps": [0, 5, 2]})
    '2 clues: a = 1, f = 7 — grade easy, score 42 (keeps the start (1 at an end of the path); adds f = 7; steps left open between clues: 0, 5, 2)'
    """
    if isinstance(s.get("words"), dict):  # worded by the mode itself (Cows region edits)
        return str(s["words"].get(lang, s["words"].get("en", "")))
    clues: dict[str, Any] = s.get("clues", {})
    n = len(clues)
    parts = say("ed.sep", lang).join(f"{cell_name(mode, c)} = {v}" for c, v in clues.items())
    notes = _suggestion_notes(mode, s, lang)
    graded = ""
    if "grade" in s:
        graded = say("cli.graded", lang, grade=s["grade"], score=f"{s.get('score', 0):.0f}")
    tail = say("cli.notes", lang, notes=say("cli.semi", lang).join(notes)) if notes else ""
    return say(f"cli.clues.{'one' if n == 1 else 'other'}", lang, n=n, clues=parts) + graded + tail


def _suggestion_notes(mode: Mode[Any], s: JSON, lang: Lang) -> list[str]:
    """The figures behind a suggestion's rank, in words."""
    sep = say("ed.sep", lang)
    notes = []
    if "start" in s:
        notes.append(say("cli.suggest.start" if s["start"] else "cli.suggest.noStart", lang))
    if "added" in s:
        added = sep.join(f"{cell_name(mode, c)} = {v}" for c, v in s["added"].items())
        notes.append(
            say("cli.suggest.adds", lang, added=added)
            if added
            else say("cli.suggest.addsNothing", lang)
        )
    if s.get("end"):
        notes.append(say("cli.suggest.end", lang))
    if "endpoints" in s and "start" not in s:
        e = s["endpoints"]
        notes.append(
            say("cli.suggest.endpoints", lang, e=e) if e else say("cli.suggest.noEndpoints", lang)
        )
    if s.get("gaps"):
        notes.append(say("cli.suggest.gaps", lang, gaps=sep.join(map(str, s["gaps"]))))
    return notes


def no_suggestion_text(
    mode: Mode[Any], rules: SuggestRules | None = None, lang: Lang = "en"
) -> str:
    """What to try when no clue set fits, as the web editor says it (the mode's
    ``<words_prefix>.ed.noSuggestion``); with a position's rules, the limit that may be why.

    >>> from puzzlesmith.core import registry
    >>> no_suggestion_text(registry.get("hex"))
    'No set of number clues makes this a level that can be published: try a wall or a turning wall.'
    """
    own = f"{mode.words_prefix}.ed.noSuggestion"  # the mode's own advice, else the shared
    text = say(own if mode.words_prefix and has(own, lang) else "ed.noSuggestion", lang)
    if rules is not None and rules.max_clues is not None:
        text += say("cli.noSuggestion.limit", lang, label=rules.label, max=rules.max_clues)
    return text


def check_lines(
    mode: Mode[Any], found: LevelCheck, source: str, lang: Lang | None, *, asked: int = 0
) -> list[str]:
    """``check``'s lines: validate's form (English, with codes) or sentences in ``lang``;
    ``asked`` suggestions on a non-unique board and none fits: a line saying what to try."""
    head = f"{source}: level {found.level_id}" if source else f"level {found.level_id}"
    if lang is None:
        out = [f"{head}: {verdict_text(found, mode)}"]
        out += [p.at(source=source, level=found.level_id).line() for p in found.problems]
    else:
        out = [f"{head}: {verdict_words(mode, found, lang)}"]
        out += [f"{head}: {sentence(mode, p, lang)}" for p in found.problems]
    label = say("cli.suggestion", lang or "en")
    for i, s in enumerate(found.suggestions, 1):
        out.append(f"{head}: {label} {i}: {suggestion_text(mode, s, lang or 'en')}")
    if asked and found.verdict == "multiple" and not found.suggestions:
        out.append(f"{head}: {no_suggestion_text(mode, lang=lang or 'en')}")
    return out


def verdict_words(mode: Mode[Any], found: LevelCheck, lang: Lang) -> str:
    """The verdict as a sentence in ``lang`` (in English, :func:`verdict_text`'s)."""
    if lang == "en":
        return verdict_text(found, mode)
    if found.verdict == "unique":
        how = say("cli.verdict.guessing" if found.needs_guessing else "cli.verdict.logic", lang)
        return say("cli.verdict.unique", lang, grade=found.grade, how=how)
    if found.verdict == "multiple":
        cells = cell_list(mode, found.differ[:12], lang)
        return say("cli.verdict.multiple", lang, cells=cells)
    return say(f"cli.verdict.{found.verdict}", lang)


#: a bare ``q,r``: not part of a longer number list (``1,2,3``) nor already bracketed;
#: a comma after it is allowed when a space follows (a list ``0,-1, 2,0``)
_QR = re.compile(r"(?<![\w(,.-])(-?\d+,-?\d+)(?![\w)]|,\S)")


def name_cells(mode: Mode[Any], text: str, ids: set[str]) -> str:
    """``text`` with every bare cell id of the level written as people read it (Hex
    ``1,0`` → ``(1,0)``), for the engine's trace and lists of cells.

    >>> from puzzlesmith.core import registry
    >>> name_cells(registry.get("hex"), "0,-1 → 1,-2 (1, 0)", {"0,-1", "1,-2"})
    '(0,-1) → (1,-2) (1, 0)'
    >>> name_cells(registry.get("hex"), "not 0,-1, 2,0, 1,1", {"0,-1", "2,0", "1,1"})
    'not (0,-1), (2,0), (1,1)'
    """
    return _QR.sub(lambda m: cell_name(mode, m.group(1)) if m.group(1) in ids else m.group(1), text)
