"""Community levels: publish (server re-check, duplicates under symmetry), browse, like, report."""

from __future__ import annotations

from typing import Any

import pytest
from community_support import age, player, publish, report
from editor_levels import (
    COWS,
    COWS_MULTIPLE,
    COWS_UNIQUE,
    HEX,
    HEX_UNIQUE,
    STROKE,
    STROKE_PARITY_REDUNDANT,
    STROKE_UNIQUE,
)
from fastapi.testclient import TestClient
from test_symmetry import CASES

from puzzlesmith.core import registry
from puzzlesmith.core.codes import decode_level
from puzzlesmith.core.publish import publish_refusal
from puzzlesmith.server.ratelimit import RateLimiter


@pytest.mark.parametrize(
    ("mode", "level"), [(STROKE, STROKE_UNIQUE), (HEX, HEX_UNIQUE), (COWS, COWS_UNIQUE)]
)
def test_publish_browse_and_the_code_plays_the_level(
    client: TestClient, mode: str, level: Any
) -> None:
    me = player(client)
    r = publish(client, me, mode, level)
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["author"] == "小王" and out["title"] == "第一关" and out["grade"]
    m, lv = decode_level(out["code"])
    assert m.id == mode and lv.id == out["id"] and lv.caption == "第一关"
    assert registry.get(mode).solve(lv, 2).count == 1
    listed = client.get(f"/api/community/{mode}").json()["levels"]
    assert [x["id"] for x in listed] == [out["id"]]
    assert client.get(f"/api/community/levels/{out['id']}").json()["code"] == out["code"]


def validate_line(mode_id: str, raw: dict[str, Any]) -> str | None:
    """What ``validate`` (and every publishing command) says of the level."""
    mode = registry.get(mode_id)
    level, _ = mode.parse_level(raw, raw["id"])
    return publish_refusal(mode, level)


def test_two_solutions_or_a_broken_rule_can_never_be_published(client: TestClient) -> None:
    """Refused with validate's own line, never words of its own."""
    me = player(client)
    r = publish(client, me, COWS, COWS_MULTIPLE)
    assert (
        r.status_code == 422 and r.json()["error"] == "not-unique" and r.json()["field"] == "level"
    )
    assert r.json()["message"] == validate_line(COWS, COWS_MULTIPLE), r.text
    assert "more than one solution" in r.json()["message"]
    r = publish(client, me, STROKE, STROKE_PARITY_REDUNDANT)
    assert r.status_code == 422 and r.json()["error"] == "parity-redundant"
    assert r.json()["message"] == validate_line(STROKE, STROKE_PARITY_REDUNDANT), r.text
    assert client.get(f"/api/community/{STROKE}").json()["levels"] == []


@pytest.mark.parametrize("mode", list(CASES))
def test_a_turned_copy_is_a_duplicate(client: TestClient, mode: str) -> None:
    client.app.state.community_limits = RateLimiter({})  # type: ignore[attr-defined]
    me, other = player(client), player(client, "阿明")
    level = {STROKE: STROKE_UNIQUE, HEX: HEX_UNIQUE, COWS: COWS_UNIQUE}[mode]
    assert publish(client, me, mode, level).status_code == 200
    turn, maps = CASES[mode]
    for f in maps[1:]:
        r = publish(client, other, mode, turn(level, f), "换个方向")
        assert r.status_code == 409 and r.json()["error"] == "duplicate", r.text


def test_a_shipped_level_is_refused(client: TestClient) -> None:
    m = registry.get(COWS)
    raw = {**m.dump_level(m.shipped_packs()[0].levels[0]), "id": "x"}
    r = publish(client, player(client), COWS, raw)
    assert r.status_code == 422 and r.json()["error"] == "duplicate-shipped"


def test_sorts_likes_plays_and_reports(client: TestClient) -> None:
    a, b, c, d = (player(client, n) for n in ("小王", "阿明", "小红", "老李"))
    first = publish(client, a, STROKE, STROKE_UNIQUE).json()
    second = publish(client, b, HEX, HEX_UNIQUE).json()
    assert first["id"] != second["id"]
    lv3 = {
        "id": "d",
        "cells": [{"id": k, "x": x, "y": 0, "w": 1, "h": 1} for k, x in (("a", 0), ("b", 1))]
        + [{"id": "c", "x": 1, "y": 1, "w": 1, "h": 1, "clue": 1}],
    }
    third = publish(client, b, STROKE, lv3, "拐角").json()
    assert third["grade"]
    assert client.post(f"/api/community/levels/{first['id']}/play").json()["plays"] == 1
    newest = [x["id"] for x in client.get(f"/api/community/{STROKE}?sort=newest").json()["levels"]]
    assert newest == [third["id"], first["id"]]
    played = [x["id"] for x in client.get(f"/api/community/{STROKE}?sort=played").json()["levels"]]
    assert played == [first["id"], third["id"]]
    r = client.post(f"/api/community/levels/{third['id']}/like", json={"on": True}, headers=c)
    assert r.json()["likes"] == 1
    client.post(f"/api/community/levels/{third['id']}/like", json={"on": True}, headers=c)
    client.post(f"/api/community/levels/{third['id']}/like", json={"on": True}, headers=d)
    liked = client.get(f"/api/community/{STROKE}?sort=likes").json()["levels"]
    assert [x["likes"] for x in liked] == [2, 0]
    assert (
        client.post(
            f"/api/community/levels/{third['id']}/like", json={"on": False}, headers=d
        ).json()["likes"]
        == 1
    )
    grade = first["grade"]
    by_grade = client.get(f"/api/community/{STROKE}", params={"grade": grade}).json()["levels"]
    assert all(x["grade"] == grade for x in by_grade) and by_grade
    for who in (b, c, d):
        age(client, who, days=2, finishes=1)
    # three established players hide it (a repeat does not count)
    for who, address in ((b, "10.0.0.2"), (c, "10.0.0.3"), (c, "10.0.0.3"), (d, "10.0.0.4")):
        assert report(client, first["id"], who, address).status_code == 200
    assert client.get(f"/api/community/levels/{first['id']}").status_code == 404
    assert [x["id"] for x in client.get(f"/api/community/{STROKE}").json()["levels"]] == [
        third["id"]
    ]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"title": "x"}, "level"),
        ({"level": STROKE_UNIQUE}, "title"),
        ({"level": STROKE_UNIQUE, "title": ""}, "title"),
        ({"level": STROKE_UNIQUE, "title": "a" * 31}, "title"),
        ({"level": STROKE_UNIQUE, "title": "ok\u202eevil"}, "title"),
        ({"level": STROKE_UNIQUE, "title": "ok", "caption": "line\nbreak"}, "caption"),
        ({"level": STROKE_UNIQUE, "title": "ok", "extra": 1}, "extra"),
    ],
)
def test_bad_publish_bodies_name_the_field(client: TestClient, body: Any, field: str) -> None:
    r = client.post(f"/api/community/{STROKE}", json=body, headers=player(client))
    assert r.status_code == 422 and r.json()["field"] == field, r.text


def test_publishing_needs_a_player_and_is_rate_limited(client: TestClient) -> None:
    r = client.post(f"/api/community/{STROKE}", json={"level": STROKE_UNIQUE, "title": "x"})
    assert r.status_code == 401
    client.app.state.community_limits = RateLimiter({"publish": (1, 60.0)})  # type: ignore[attr-defined]
    me = player(client)
    assert publish(client, me, STROKE, STROKE_UNIQUE).status_code == 200
    r = publish(client, me, HEX, HEX_UNIQUE)
    assert r.status_code == 429 and r.json()["error"] == "rate-limited"
