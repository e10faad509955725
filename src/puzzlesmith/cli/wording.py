"""How the CLI words a check and a suggestion for people (``--json`` gives the raw data).

A suggestion's raw form is ``{"clues": {cell: step}, "count": k, ...}`` where ``count``
(``size`` in Hex Walls) is the number of clues in the set, not a solution count; the
readable line says so, names every cell as the board draws it (Hex ``(q,r)``) and
explains the ranking figures.
"""

from __future__ import annotations

import re
from typing import Any

from puzzlesmith.core.catalogue import cell_list, cell_name, sentence
from puzzlesmith.core.cluerules import SuggestRules
from puzzlesmith.core.levelcheck import LevelCheck, verdict_text
from puzzlesmith.core.mode import JSON, Mode
from puzzlesmith.core.words import Lang

_VERDICT_ZH = {
    "none": "无解",
    "too-large": "太大，这里查不了",
}


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
    zh = lang == "zh"
    sep = "、" if zh else ", "
    parts = sep.join(f"{cell_name(mode, c)} = {v}" for c, v in clues.items())
    notes = _suggestion_notes(mode, s, zh)
    graded = ""
    if "grade" in s:
        score = f"{s.get('score', 0):.0f}"
        graded = (
            f" —— 难度 {s['grade']}，分数 {score}"
            if zh
            else f" — grade {s['grade']}, score {score}"
        )
    if zh:
        tail = f"（{'；'.join(notes)}）" if notes else ""
        return f"{n} 个提示：{parts}{graded}{tail}"
    tail = f" ({'; '.join(notes)})" if notes else ""
    return f"{plural(n, 'clue')}: {parts}{graded}{tail}"


def _suggestion_notes(mode: Mode[Any], s: JSON, zh: bool) -> list[str]:
    """The figures behind a suggestion's rank, in words."""
    sep = "、" if zh else ", "
    notes = []
    if "start" in s:
        if zh:
            notes.append("保留起点（路径一端的 1）" if s["start"] else "不给起点（路径一端的 1）")
        else:
            notes.append(
                "keeps the start (1 at an end of the path)"
                if s["start"]
                else "no start (1 at an end of the path)"
            )
    if "added" in s:
        added = sep.join(f"{cell_name(mode, c)} = {v}" for c, v in s["added"].items())
        if zh:
            notes.append(f"新增 {added}" if added else "不加提示：你的提示已经够了")
        else:
            notes.append(f"adds {added}" if added else "adds nothing: your clues are enough")
    if s.get("end"):
        notes.append(
            "含终点提示 N（别无他法）" if zh else "gives the end clue N (nothing else worked)"
        )
    if "endpoints" in s and "start" not in s:
        e = s["endpoints"]
        if zh:
            notes.append("没有在路径两端的" if not e else f"{e} 个在路径一端")
        else:
            notes.append("none at an end of the path" if not e else f"{e} at an end of the path")
    if s.get("gaps"):
        gaps = sep.join(map(str, s["gaps"]))
        notes.append(("提示之间空出的步数：" if zh else "steps left open between clues: ") + gaps)
    return notes


#: what to try when no clue set fits (the editor's ``ed.noSuggestion``, per mode)
_NO_SUGGESTION = {
    "hex": (
        "只加数字提示做不出能发布的关卡：试试加一道墙或转墙。",
        "No set of number clues makes this a level that can be published: "
        "try a wall or a turning wall.",
    ),
    "stroke": (
        "只加数字提示做不出能发布的关卡：试试加一个奇偶提示，或改一改盘面的形状。",
        "No set of number clues makes this a level that can be published: "
        "try an odd/even clue, or change the board's shape.",
    ),
}


def no_suggestion_text(
    mode: Mode[Any], rules: SuggestRules | None = None, lang: Lang = "en"
) -> str:
    """What to try when no clue set fits, as the web editor says it; with a position's
    rules, the limit that may be why.

    >>> from puzzlesmith.core import registry
    >>> no_suggestion_text(registry.get("hex"))
    'No set of number clues makes this a level that can be published: try a wall or a turning wall.'
    """
    zh_text, en_text = _NO_SUGGESTION.get(mode.cli_name, _NO_SUGGESTION["hex"])
    text = zh_text if lang == "zh" else en_text
    if rules is not None and rules.max_clues is not None:
        if lang == "zh":
            text += f"（位置 {rules.label} 最多 {rules.max_clues} 个数字提示）"
        else:
            text += f" (position {rules.label} uses at most {rules.max_clues} number clues)"
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
    label = "建议" if lang == "zh" else "suggestion"
    for i, s in enumerate(found.suggestions, 1):
        out.append(f"{head}: {label} {i}: {suggestion_text(mode, s, lang or 'en')}")
    if asked and found.verdict == "multiple" and not found.suggestions:
        out.append(f"{head}: {no_suggestion_text(mode, lang=lang or 'en')}")
    return out


def verdict_words(mode: Mode[Any], found: LevelCheck, lang: Lang) -> str:
    """The verdict as a sentence in ``lang``."""
    if lang == "en":
        return verdict_text(found, mode)
    if found.verdict == "unique":
        how = "需要猜" if found.needs_guessing else "逻辑可解"
        return f"唯一解（已证明），难度 {found.grade}，{how}"
    if found.verdict == "multiple":
        return "两个或更多解；前两个解在这些格子不同：" + cell_list(mode, found.differ[:12], "zh")
    return _VERDICT_ZH[found.verdict]


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
