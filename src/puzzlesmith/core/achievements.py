"""Achievements: a declarative catalogue (``achievements.json``) evaluated over a player's
history of cleared runs. The browser evaluates the same file with the same rules
(``static/shell/achievements.js``) for local play; the server calls :func:`evaluate` for
dailies. A run is a dict: ``mode``, ``level``, ``ms``, ``hints``, ``backs``,
``conflicts``, ``highlights`` (comeback / flawless / best), ``grade`` (optional) and
``daily`` (the daily's ISO date, optional); history is in the order played.

Rules (``rule.kind``): ``clears`` (count), ``modes`` (a clear in every mode),
``pack`` (every level of a pack; ``flawless``: each with a flawless run; with
``"each": "pack"`` the entry is one achievement per pack), ``highlight`` (name, count),
``streak`` (of ``no-hint``: consecutive clears without a hint), ``fast`` (clears under the
par time of the level's grade tier; ``grades`` limits the tiers) and ``daily-streak``
(consecutive calendar days with a daily cleared).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import date, timedelta
from importlib import resources
from typing import Any

from puzzlesmith.core.errors import PuzzlesmithError

JSON = dict[str, Any]
KINDS = ("clears", "modes", "pack", "highlight", "streak", "fast", "daily-streak")


class CatalogueError(PuzzlesmithError, ValueError):
    """A catalogue entry that cannot be evaluated (unknown rule, missing field)."""

    code = "bad-achievements"


def load_catalogue() -> JSON:
    """The shipped catalogue, checked."""
    text = resources.files("puzzlesmith.core").joinpath("achievements.json").read_text("utf-8")
    cat: JSON = json.loads(text)
    check_catalogue(cat)
    return cat


def check_catalogue(cat: JSON) -> None:
    seen: set[str] = set()
    for k, a in enumerate(cat.get("achievements", [])):
        where = f"achievement #{k + 1} ({a.get('id', '?')})"
        for key in ("id", "icon", "name", "desc", "rule"):
            if key not in a:
                raise CatalogueError(f"{where}: no {key!r}")
        for key in ("name", "desc"):
            if not (a[key].get("zh") and a[key].get("en")):
                raise CatalogueError(f"{where}: {key} needs zh and en")
        if a["rule"].get("kind") not in KINDS:
            raise CatalogueError(f"{where}: unknown rule kind {a['rule'].get('kind')!r}")
        if a["id"] in seen:
            raise CatalogueError(f"{where}: id used twice")
        seen.add(a["id"])


def lang_part(text: str, lang: str) -> str:
    """One language's part of a "中文 / English" pack title (other text as is).

    >>> lang_part("入门 / Starter", "en"), lang_part("入门 / Starter", "zh"), lang_part("1", "en")
    ('Starter', '入门', '1')
    """
    parts = text.split(" / ")
    if len(parts) != 2:
        return text
    return parts[1] if lang == "en" else parts[0]


def expand(cat: JSON, context: JSON) -> list[JSON]:
    """The catalogue with ``"each": "pack"`` entries made one per pack of the context."""
    out: list[JSON] = []
    titles = context.get("modeTitles", {})
    for a in cat["achievements"]:
        if a.get("each") != "pack":
            out.append(a)
            continue
        for p in context.get("packs", []):
            mt = titles.get(p["mode"], {"zh": p["mode"], "en": p["mode"]})
            out.append(
                {
                    **a,
                    "id": f"{a['id']}:{p['mode']}:{p['pack']}",
                    "name": {
                        k: v.format(pack=lang_part(p["title"], k), mode=mt.get(k, p["mode"]))
                        for k, v in a["name"].items()
                    },
                    "desc": {
                        k: v.format(pack=lang_part(p["title"], k), mode=mt.get(k, p["mode"]))
                        for k, v in a["desc"].items()
                    },
                    "scope": {"mode": p["mode"], "pack": p["pack"]},
                }
            )
    return out


def _longest(flags: Iterable[bool]) -> int:
    best = cur = 0
    for f in flags:
        cur = cur + 1 if f else 0
        best = max(best, cur)
    return best


def _tier(grade: object) -> str | None:
    return grade.split()[0] if isinstance(grade, str) and grade else None


def _pack_done(pack: JSON, history: Sequence[JSON], flawless: bool) -> bool:
    done = {
        r["level"]
        for r in history
        if r.get("mode") == pack["mode"] and (not flawless or "flawless" in r.get("highlights", []))
    }
    return bool(pack["levels"]) and all(lid in done for lid in pack["levels"])


def _date(text: str) -> date | None:
    try:
        return date.fromisoformat(text) if len(text) == 10 else None
    except ValueError:  # a malformed date in a stored history counts as no daily
        return None


def _day_streak(days: Iterable[str]) -> int:
    parsed = sorted({d for d in map(_date, days) if d is not None})
    best = cur = 0
    prev: date | None = None
    for d in parsed:
        cur = cur + 1 if prev is not None and d - prev == timedelta(days=1) else 1
        best = max(best, cur)
        prev = d
    return best


def holds(a: JSON, history: Sequence[JSON], context: JSON, par: dict[str, int]) -> bool:
    """Whether one (expanded) achievement's rule holds over the history."""
    rule = a["rule"]
    kind = rule["kind"]
    count = int(rule.get("count", 1))
    if kind == "clears":
        return len(history) >= count
    if kind == "modes":
        modes = set(context.get("modes", []))
        return bool(modes) and modes <= {r.get("mode") for r in history}
    if kind == "pack":
        flawless = bool(rule.get("flawless"))
        packs = context.get("packs", [])
        if "scope" in a:
            packs = [
                p
                for p in packs
                if p["mode"] == a["scope"]["mode"] and p["pack"] == a["scope"]["pack"]
            ]
        return any(_pack_done(p, history, flawless) for p in packs)
    if kind == "highlight":
        return sum(rule["name"] in r.get("highlights", []) for r in history) >= count
    if kind == "streak":
        if rule.get("of") != "no-hint":
            raise CatalogueError(f"{a['id']}: unknown streak {rule.get('of')!r}")
        return _longest(not r.get("hints") for r in history) >= count
    if kind == "fast":
        tiers = set(rule.get("grades", par.keys()))
        fast = 0
        for r in history:
            tier = _tier(r.get("grade"))
            if tier in tiers and tier in par and r.get("ms", 1 << 60) <= par[tier]:
                fast += 1
        return fast >= count
    if kind == "daily-streak":
        return _day_streak(str(r["daily"]) for r in history if r.get("daily")) >= count
    raise CatalogueError(f"{a['id']}: unknown rule kind {kind!r}")


def evaluate(cat: JSON, history: Sequence[JSON], context: JSON) -> list[str]:
    """The ids of every achievement the history earns, in catalogue order."""
    par = {k: int(v) for k, v in cat.get("par", {}).items()}
    return [a["id"] for a in expand(cat, context) if holds(a, history, context, par)]


def registry_context() -> JSON:
    """The context the rules read, from the registry: every mode and its shipped packs
    (what the browser builds from /api/modes and /packs), for the server's evaluation."""
    from puzzlesmith.core.registry import all_modes

    modes = all_modes()
    packs = [
        {"mode": m.id, "pack": p.pack, "title": p.title, "levels": [lv.id for lv in p.levels]}
        for m in modes
        for p in m.shipped_packs()
    ]
    titles = {m.id: {"zh": m.title_zh, "en": m.title_en} for m in modes}
    return {"modes": [m.id for m in modes], "modeTitles": titles, "packs": packs}


def newly_unlocked(
    cat: JSON, history: Sequence[JSON], context: JSON, unlocked: Iterable[str]
) -> list[str]:
    """What the history earns that was not unlocked before (each achievement unlocks once)."""
    before = set(unlocked)
    return [i for i in evaluate(cat, history, context) if i not in before]
