"""Highlight clips: a timed move log replayed frame by frame into an animated GIF or WebP.

Generic over the registry: a mode gives its states (:meth:`Mode.states`) and draws one
(:meth:`Mode.draw_frame`); this picks the window, times the frames and keeps the clip
within its bounds. A log longer than the frame budget is cut to its highlight window
(the moves that lead to its end: the clear, and the comeback just before it), never
refused. Thinking time is shortened: no frame waits longer than ``MAX_GAP_MS``.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from puzzlesmith.core.errors import PuzzlesmithError
from puzzlesmith.core.mode import Mode
from puzzlesmith.core.movelog import TimedMove

MAX_FRAMES = 240  # frames in one clip (the window's moves + the start position)
MAX_SIDE = 480  # px, the longest side of a frame
MAX_BYTES = 4_000_000  # the encoded clip
MAX_MOVES = 100_000  # a longer log is not read at all
MIN_FRAME_MS = 60
MAX_GAP_MS = 800  # "skip thinking time": a longer pause is shown this long
FIRST_MS = 700
HOLD_MS = 1800  # the last frame (the clear) stays
FORMATS = {"gif": "GIF", "webp": "WEBP"}
_BASE_UNIT = 48
_PALETTE_SAMPLES = 12
_SEPARATION = 8


class ClipError(PuzzlesmithError, ValueError):
    """A clip that cannot be made (unknown format, over the byte bound, no raster drawing)."""


@dataclass(frozen=True)
class Clip:
    data: bytes
    format: str
    frames: int
    size: tuple[int, int]
    #: the moves shown: log[start:end]; the first frame is the position after log[:start]
    start: int
    end: int


def clip_format(name: str) -> str:
    """The clip format from a file name or a format name (gif, webp)."""
    ext = name.rsplit(".", 1)[-1].lower()
    if ext not in FORMATS:
        raise ClipError(f"{name}: a clip is .gif or .webp")
    return ext


def highlight_window(count: int, max_frames: int = MAX_FRAMES) -> int:
    """Index of the first move shown: all of them, or the last ``max_frames - 1``."""
    return max(0, count - (max_frames - 1))


def frame_durations(log: Sequence[TimedMove], start: int) -> list[int]:
    """ms per frame: the start position, then each move until the next one (capped)."""
    out = [FIRST_MS]
    for i in range(start, len(log)):
        if i + 1 < len(log):
            gap = log[i + 1].ms - log[i].ms
            out.append(min(MAX_GAP_MS, max(MIN_FRAME_MS, gap)))
        else:
            out.append(HOLD_MS)
    return out


def _unit_for(mode: Mode[Any], level: Any, state: dict[str, Any], max_side: int) -> int:
    probe = mode.draw_frame(level, state, _BASE_UNIT)
    w, h = probe.size
    return max(6, int(_BASE_UNIT * min(1.0, max_side / max(w, h))))


def _shared_palette(frames: list[Any]) -> list[Any]:
    """GIF frames on one palette, made once from a strip of sample frames (quantizing
    every frame on its own cost most of a long clip's time)."""
    from PIL import Image

    step = max(1, len(frames) // _PALETTE_SAMPLES)
    samples = [*frames[::step], frames[-1]]
    w, h = frames[0].size
    strip = Image.new("RGB", (w, h * len(samples)))
    for k, f in enumerate(samples):
        strip.paste(f, (0, h * k))
    # the most frequent colours, each at least _SEPARATION from those before it: fills, ink
    # and background stay exact (Pillow maps through a 6-bit colour cache, so a near twin
    # of white would take white's pixels), antialiased edges take the nearest
    counts: list[tuple[int, Any]] = strip.getcolors(w * h * len(samples)) or []
    top: list[tuple[int, ...]] = []
    for _, rgb in sorted(counts, key=lambda c: -c[0]):
        if all(max(abs(a - b) for a, b in zip(rgb, k, strict=True)) > _SEPARATION for k in top):
            top.append(rgb)
            if len(top) == 256:
                break
    palette = Image.new("P", (1, 1))
    palette.putpalette([v for rgb in top for v in rgb] + [0, 0, 0] * (256 - len(top)))
    return [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]


def _encode(frames: list[Any], durations: list[int], fmt: str) -> bytes:
    buf = io.BytesIO()
    if fmt == "gif":
        frames = _shared_palette(frames)
        frames[0].save(
            buf,
            "GIF",
            save_all=True,
            append_images=frames[1:],
            duration=durations,
            loop=0,
            disposal=1,
        )
    else:
        frames[0].save(
            buf,
            "WEBP",
            save_all=True,
            append_images=frames[1:],
            duration=durations,
            loop=0,
            quality=70,
            method=2,
        )
    return buf.getvalue()


def _merge_repeats(frames: list[Any], durations: list[int]) -> tuple[list[Any], list[int]]:
    """Consecutive identical frames become one longer frame (fewer bytes, same film)."""
    out_f: list[Any] = []
    out_d: list[int] = []
    for f, d in zip(frames, durations, strict=True):
        if out_f and f.tobytes() == out_f[-1].tobytes():
            out_d[-1] += d
        else:
            out_f.append(f)
            out_d.append(d)
    return out_f, out_d


def make_clip(
    mode: Mode[Any],
    level: Any,
    log: Sequence[TimedMove],
    fmt: str = "gif",
    *,
    max_frames: int = MAX_FRAMES,
    max_side: int = MAX_SIDE,
    max_bytes: int = MAX_BYTES,
) -> Clip:
    """The clip of a log (IllegalMoveError names a bad move; ClipError when out of bounds)."""
    if fmt not in FORMATS:
        raise ClipError(f"unknown clip format {fmt!r} (gif or webp)")
    if len(log) > MAX_MOVES:
        raise ClipError(f"the log has {len(log)} moves; at most {MAX_MOVES} are read")
    if not mode.capabilities.raster:
        raise ClipError(f"{mode.cli_name}: no raster drawing")
    moves = [tm.move for tm in log]
    start = highlight_window(len(moves), max_frames)
    states = list(mode.states(level, moves, start))
    unit = _unit_for(mode, level, states[-1], max_side)
    durations = frame_durations(log, start)
    while True:
        frames = [mode.draw_frame(level, st, unit) for st in states]
        size = frames[0].size
        frames = [f if f.size == size else f.resize(size) for f in frames]
        kept, kept_d = _merge_repeats(frames, durations)
        data = _encode(kept, kept_d, fmt)
        if len(data) <= max_bytes:
            return Clip(data, fmt, len(kept), size, start, len(moves))
        if unit <= 8:
            raise ClipError(f"the clip would be {len(data)} bytes, over the bound of {max_bytes}")
        unit = max(6, int(unit * 0.7))
