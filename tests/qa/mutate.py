"""Mutating shipped packs as a hostile user would (issue #22): shared by the in-suite fuzz
test (hypothesis picks the seeds) and ``benchmarks/fuzz_packs.py`` (10,000 per mode).

A mutation replaces, deletes or duplicates one value somewhere in the pack's JSON
tree, or damages the text itself (truncation, deep nesting, a huge number).
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

HOSTILE: list[Any] = [
    "\ud800",
    "a b",
    "a\nb",
    "",
    "x" * 300,
    "<script>",
    "\x00",
    "é" * 70,
    10**400,
    -(10**12),
    10**6,
    -1,
    0,
    1.5,
    float("1e308"),
    True,
    None,
    [],
    {},
    [[]],
    [0, 0],
    [[0, 0], [0, 1]],
    {"id": "z", "x": 0, "y": 0, "w": 1, "h": 1},
    "odd",
    "AAAA",
]


def _paths(node: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [here]
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(_paths(v, (*here, k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.extend(_paths(v, (*here, i)))
    return out


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        node = node[k]
    return node


def mutate_tree(pack: dict[str, Any], rng: random.Random, rounds: int = 2) -> Any:
    """One to ``rounds`` value mutations of a deep copy of ``pack``."""
    data: Any = copy.deepcopy(pack)
    for _ in range(rng.randint(1, rounds)):
        paths = [p for p in _paths(data) if p]
        if not paths:
            return data
        path = rng.choice(paths)
        parent = _get(data, path[:-1])
        key = path[-1]
        op = rng.random()
        if op < 0.6:
            parent[key] = copy.deepcopy(rng.choice(HOSTILE))
        elif op < 0.75:
            if isinstance(parent, dict):
                del parent[key]
            else:
                parent.pop(key)
        elif op < 0.9 and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[key]))
        elif isinstance(parent, dict):
            key = rng.choice(["extra", "id", "clue", "walls", "shape"])
            parent[key] = copy.deepcopy(rng.choice(HOSTILE))  # never the shared object itself
        else:
            value = parent[key]
            if isinstance(value, int) and not isinstance(value, bool):
                parent[key] = value * rng.choice([-1, 10**5, 0])
    return data


def mutate_text(text: str, rng: random.Random) -> str:
    """Damage the file text itself."""
    op = rng.randrange(5)
    if op == 0:
        return text[: rng.randrange(len(text))]
    if op == 1:
        return "[" * rng.choice([40, 1000, 100_000])
    if op == 2:
        return text.replace(":", ": " + "9" * 5000 + ",", 1)
    if op == 3:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice(["\x00", "\\ud800", '"', "}", "\ufeff"]) + text[i:]
    return text.replace("{", "{" * 3, 1)


def mutated_file(pack: dict[str, Any], seed: int) -> str:
    """The text of one mutated pack file for ``seed`` (mostly tree mutations)."""
    rng = random.Random(seed)
    text = json.dumps(mutate_tree(pack, rng), ensure_ascii=False)
    if rng.random() < 0.2:
        text = mutate_text(text, rng)
    return text
