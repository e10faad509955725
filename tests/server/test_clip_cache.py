"""Issue #30 item 1: clip output is cached by (level, log, format), so a repeated clip
request (a shared replay, a looping client) does no drawing at all. Counted in calls to
the renderer, not in time."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from puzzlesmith.core import registry
from puzzlesmith.core.movelog import TimedMove, encode
from puzzlesmith.server import heavy
from puzzlesmith.server.app import create_app
from puzzlesmith.server.bounds import CLIP_CACHE_BYTES
from puzzlesmith.server.routers import clips

MODE = "04-cows"


def test_a_second_identical_clip_does_no_rendering(monkeypatch: Any) -> None:
    # the clip lane as a thread (not its worker process), so the renderer can be counted
    monkeypatch.setattr(clips, "CLIPS", heavy.Lane("clip-test"))
    monkeypatch.setattr(clips, "CACHE", clips.ClipCache(CLIP_CACHE_BYTES))
    drawn: list[int] = []
    make_clip = clips.make_clip

    def counted(*args: Any) -> Any:
        drawn.append(1)
        return make_clip(*args)

    monkeypatch.setattr(clips, "make_clip", counted)
    mode = registry.get(MODE)
    level = mode.shipped_packs()[0].levels[0]
    moves = mode.solution_moves(level)
    log = encode([TimedMove(700 * (i + 1), m) for i, m in enumerate(moves)])
    url = f"/api/modes/{MODE}/levels/{level.id}/clip"
    client = TestClient(create_app())

    first = client.post(url, json={"log": log})
    assert first.status_code == 200, first.text
    assert len(drawn) == 1
    again = client.post(url, json={"log": log})
    assert again.status_code == 200 and again.content == first.content
    assert again.headers["x-clip-frames"] == first.headers["x-clip-frames"]
    assert len(drawn) == 1  # answered from the cache: nothing drawn
    slower = encode([TimedMove(900 * (i + 1), m) for i, m in enumerate(moves)])
    assert client.post(url, json={"log": slower}).status_code == 200
    assert client.post(url, json={"log": log, "format": "webp"}).status_code == 200
    assert len(drawn) == 3  # another log or format is another clip


def test_the_cache_drops_the_least_recently_used_past_its_bytes() -> None:
    def clip(n: int) -> Any:
        return clips.Clip(data=b"x" * n, format="gif", frames=1, size=(1, 1), start=0, end=1)

    cache = clips.ClipCache(limit=10)
    cache.put("a", clip(4))
    cache.put("b", clip(4))
    assert cache.get("a") is not None  # a is now the most recently used
    cache.put("c", clip(4))
    assert cache.get("b") is None and cache.get("a") is not None and cache.size == 8
    cache.put("huge", clip(11))  # larger than the whole cache: never kept
    assert cache.get("huge") is None and cache.size == 8
