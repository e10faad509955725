"""Clips: every mode's solution replays into a clip whose frames and last frame match;
bounds hold on a 10,000-move log (cut to its highlight window, not refused); the CLI
and the API route answer one line per error."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from PIL import Image, ImageChops, ImageStat
from typer.testing import CliRunner

from puzzlesmith.cli.main import build_app
from puzzlesmith.core import clip as clipmod
from puzzlesmith.core.clip import ClipError, make_clip
from puzzlesmith.core.mode import Mode
from puzzlesmith.core.movelog import TimedMove, encode
from puzzlesmith.core.registry import modes_with
from puzzlesmith.server.app import create_app

MODES = modes_with("raster")  # a clip is the raster capability


def first_level(mode: Mode[Any]) -> Any:
    return mode.shipped_packs()[0].levels[-1]


def timed(moves: list[str], gap: int = 300) -> list[TimedMove]:
    return [TimedMove(i * gap, m) for i, m in enumerate(moves)]


def undo_all(mode: Mode[Any], level: Any, moves: list[str]) -> str:
    """A move that takes the board back to empty (path modes: reset; Cows: clear the cows)."""
    if mode.id == "04-cows":
        return "clear " + " ".join(m.removeprefix("cow ") for m in moves)
    return "reset"


def frames_of(data: bytes) -> list[Image.Image]:
    im = Image.open(io.BytesIO(data))
    out = []
    for k in range(im.n_frames):
        im.seek(k)
        out.append(im.convert("RGB"))
    return out


def close(a: Image.Image, b: Image.Image) -> bool:
    """Equal up to the GIF palette's rounding (mean channel difference under 2 of 255)."""
    return a.size == b.size and max(ImageStat.Stat(ImageChops.difference(a, b)).mean) < 2.0


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.cli_name)
def test_clip_of_the_solution(mode: Mode[Any]) -> None:
    level = first_level(mode)
    moves = mode.solution_moves(level)
    made = make_clip(mode, level, timed(moves), "gif")
    frames = frames_of(made.data)
    # the empty board, then one per move; a path's "start" on the 1 looks like the empty
    # board (the 1 is drawn filled, as in the client), so the two frames are one
    assert made.frames == len(frames) == len(moves) + 1 - (mode.id != "04-cows")
    states = list(mode.states(level, moves))
    assert states[-1]["cleared"] and states[-1] == mode.replay(level, moves)
    unit = clipmod._unit_for(mode, level, states[-1], clipmod.MAX_SIDE)
    assert close(frames[-1], mode.draw_frame(level, states[-1], unit).convert("RGB"))
    assert close(frames[0], mode.draw_frame(level, mode.replay(level, []), unit).convert("RGB"))
    assert not close(frames[0], frames[-1])


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.cli_name)
def test_bounds_hold_on_a_10000_move_log(mode: Mode[Any]) -> None:
    level = first_level(mode)
    sol = mode.solution_moves(level)
    cycle = [*sol, undo_all(mode, level, sol)]
    moves = cycle * (10_000 // len(cycle) + 1) + sol  # solve, clear, ... then the last solve
    assert len(moves) >= 10_000
    made = make_clip(mode, level, timed(moves, 50), "webp")
    assert made.frames <= clipmod.MAX_FRAMES
    assert max(made.size) <= clipmod.MAX_SIDE
    assert len(made.data) <= clipmod.MAX_BYTES
    assert made.end == len(moves) and made.start == len(moves) - (clipmod.MAX_FRAMES - 1)
    last = frames_of(made.data)[-1]
    assert last.size == made.size


def test_a_tight_byte_bound_shrinks_the_frames_then_refuses() -> None:
    mode = MODES[0]
    level = first_level(mode)
    log = timed(mode.solution_moves(level))
    big = make_clip(mode, level, log)
    small = make_clip(mode, level, log, max_bytes=len(big.data) // 2)
    assert len(small.data) <= len(big.data) // 2 and max(small.size) < max(big.size)
    with pytest.raises(ClipError, match="over the bound of 100"):
        make_clip(mode, level, log, max_bytes=100)


def test_cli_clip(tmp_path: Path) -> None:
    runner = CliRunner()
    cli_app = build_app()
    mode = MODES[0]
    level = first_level(mode)
    moves = mode.solution_moves(level)
    log = tmp_path / "run.log"
    log.write_text("".join(f"{i * 250}\t{m}\n" for i, m in enumerate(moves)), encoding="utf-8")
    out = tmp_path / "clip.gif"
    r = runner.invoke(
        cli_app, [mode.cli_name, "clip", level.id, "--moves", str(log), "-o", str(out)]
    )
    assert r.exit_code == 0, r.output
    assert f"{len(moves)} frames" in r.output  # "start" on the 1 draws as the empty board
    assert Image.open(out).n_frames == len(moves)
    text = tmp_path / "run.txt"
    text.write_text(encode(timed(moves)), encoding="utf-8")
    r = runner.invoke(
        cli_app,
        [mode.cli_name, "clip", level.id, "--moves", str(text), "-o", str(tmp_path / "c.webp")],
    )
    assert r.exit_code == 0, r.output

    def fails(args: list[str], code: int, words: str) -> None:
        res = runner.invoke(cli_app, [mode.cli_name, "clip", *args])
        assert res.exit_code == code, res.output
        assert words in res.output and "Traceback" not in res.output
        assert len(res.output.strip().splitlines()) == 1

    fails([level.id, "--moves", str(tmp_path / "none.log"), "-o", str(out)], 2, "cannot read")
    bad = tmp_path / "bad.log"
    bad.write_text("5\tstart x\n1\tadd y\n", encoding="utf-8")
    fails([level.id, "--moves", str(bad), "-o", str(out)], 2, "line 2")
    illegal = tmp_path / "illegal.log"
    illegal.write_text("fly away\n", encoding="utf-8")
    fails([level.id, "--moves", str(illegal), "-o", str(out)], 1, "move 1")
    fails([level.id, "--moves", str(log), "-o", str(tmp_path / "clip.png")], 1, ".gif or .webp")
    fails(["no-such-level", "--moves", str(log), "-o", str(out)], 2, "no-such-level")


def test_api_clip() -> None:
    client = TestClient(create_app())
    mode = MODES[-1]
    level = first_level(mode)
    moves = mode.solution_moves(level)
    url = f"/api/modes/{mode.id}/levels/{level.id}/clip"
    r = client.post(url, json={"log": encode(timed(moves)), "format": "gif"})
    assert r.status_code == 200 and r.headers["content-type"] == "image/gif"
    assert (
        Image.open(io.BytesIO(r.content)).n_frames
        == int(r.headers["x-clip-frames"])
        == len(moves) + 1
    )
    r = client.post(url, json={"log": "m1~zz", "format": "gif"})
    assert (
        r.status_code == 422
        and r.json()["error"] == "invalid-log"
        and "entry 1" in r.json()["message"]
    )
    r = client.post(url, json={"log": "m1~0.fly", "format": "webp"})
    assert r.status_code == 422 and r.json()["error"] == "illegal-move"
    r = client.post(url, json={"log": "m1~0.fly", "format": "bmp"})
    assert r.status_code == 422 and r.json()["field"] == "format"
    r = client.post(f"/api/modes/{mode.id}/levels/nope/clip", json={"log": "m1"})
    assert r.status_code == 404


def test_api_clip_of_a_level_code() -> None:
    from puzzlesmith.core.codes import encode_level

    client = TestClient(create_app())
    mode = MODES[0]
    level = first_level(mode)
    code = encode_level(mode, level)
    moves = mode.solution_moves(level)
    r = client.post(f"/api/codes/{code}/clip", json={"log": encode(timed(moves)), "format": "webp"})
    assert r.status_code == 200 and r.headers["content-type"] == "image/webp"
    assert int(r.headers["x-clip-frames"]) == len(moves)  # "start" on the 1: no new frame
    r = client.post("/api/codes/nonsense/clip", json={"log": encode(timed(moves))})
    assert r.status_code == 400 and r.json()["error"] == "bad-code"


@pytest.mark.parametrize("mode", [m for m in MODES if m.id != "04-cows"], ids=lambda m: m.cli_name)
def test_a_clip_shows_the_board_as_it_looks(mode: Mode[Any]) -> None:
    """Issue #31: the saved GIF was 288×240 and its clue cells looked empty. Now it is at
    least 480 px wide, the 1 is drawn filled and every other clue has its ink outline."""
    from puzzlesmith.paths.raster import INK, PATH

    level = next(  # a level with a clue besides the 1
        lv
        for pack in mode.shipped_packs()
        for lv in pack.levels
        if len(mode.raster_geometry(lv).clues) >= 2  # type: ignore[attr-defined]
    )
    made = make_clip(mode, level, timed(mode.solution_moves(level)), "gif")
    first = frames_of(made.data)[0]
    assert first.size[0] >= clipmod.MIN_WIDTH
    geo = mode.raster_geometry(level)  # type: ignore[attr-defined]
    unit = clipmod._unit_for(mode, level, mode.replay(level, []), clipmod.MAX_SIDE, made.frames)
    m = geo.margin

    def near(colour: tuple[int, int, int], at: tuple[float, float]) -> bool:
        x, y = round((at[0] + m) * unit), round((at[1] + m) * unit)
        px = first.getpixel((x, y))
        return max(abs(a - b) for a, b in zip(px, colour, strict=True)) < 24

    start = next(cid for cid, v in geo.clues.items() if v == 1)
    sx, sy = geo.labels[start]
    assert near(PATH, (sx, sy + 0.3))  # inside the 1, off its digit: filled like the path
    outlined = 0
    for cid in geo.clues:
        if cid == start:
            continue
        xs = [p[0] for poly in geo.outlines[cid] for p in poly]
        ys = [p[1] for poly in geo.outlines[cid] for p in poly]
        edge = (min(xs) + 1 / unit, (min(ys) + max(ys)) / 2)  # 1 px inside the left edge
        outlined += near(INK, edge)
    assert outlined >= 1 and outlined == len(geo.clues) - 1
