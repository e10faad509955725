"""Highlight clips: a timed move log replayed frame by frame into an animated GIF or WebP.

Generic over the registry: a mode gives its states (:meth:`Mode.states`) and draws one
(:meth:`Mode.draw_frame`); this picks the window, times the frames and keeps the clip
within its bounds. A log longer than the frame budget is cut to its highlight window
(the moves that lead to its end: the clear, and the comeback just before it), never
refused. Thinking time is shortened: no frame waits longer than ``MAX_GAP_MS``.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from puzzlesmith.core.errors import PuzzlesmithError
from puzzlesmith.core.mode import Mode
from puzzlesmith.core.movelog import TimedMove

MAX_FRAMES = 240  # frames in one clip (the window's moves + the start position)
MIN_WIDTH = 480  # px: a frame is drawn at least this wide (a small board is scaled up)...
MAX_SIDE = 720  # px: ...unless its longest side would pass this
#: frames × width × height: what the frames of one clip may hold (1 byte a pixel once
#: quantized), checked before any frame is drawn; a larger clip is drawn smaller
MAX_FRAME_PIXELS = 72_000_000
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

    code = "clip-failed"


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


def _unit_for(
    mode: Mode[Any],
    level: Any,
    state: dict[str, Any],
    max_side: int,
    frames: int = 1,
    min_width: int = MIN_WIDTH,
) -> int:
    """px per board unit: ``min_width`` wide, at most ``max_side`` on the longest side, and
    ``frames`` frames within :data:`MAX_FRAME_PIXELS` (sized before the work starts)."""
    probe = mode.draw_frame(level, state, _BASE_UNIT)
    w: float
    h: float
    w, h = probe.size[0] / _BASE_UNIT, probe.size[1] / _BASE_UNIT  # px per unit of size
    unit = math.ceil(min(min_width, max_side) / w)
    unit = min(unit, math.floor(max_side / max(w, h)))
    unit = min(unit, math.floor((MAX_FRAME_PIXELS / max(1, frames) / (w * h)) ** 0.5))
    return max(6, int(unit))


def _palette_of(samples: list[Any]) -> Any:
    """One palette for every frame, from a strip of sample frames (quantizing every frame
    on its own cost most of a long clip's time)."""
    from PIL import Image

    w, h = samples[0].size
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
    return palette


def _quantized(frame: Any, palette: Any) -> Any:
    from PIL import Image

    return frame.quantize(palette=palette, dither=Image.Dither.NONE)


def _encode(frames: list[Any], durations: list[int], fmt: str) -> bytes:
    buf = io.BytesIO()
    if fmt == "gif":
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
    last = b""
    for f, d in zip(frames, durations, strict=True):
        data = f.tobytes()
        if out_f and data == last:
            out_d[-1] += d
        else:
            out_f.append(f)
            out_d.append(d)
            last = data
    return out_f, out_d


def _draw_all(
    mode: Mode[Any], level: Any, states: list[dict[str, Any]], unit: int
) -> tuple[list[Any], tuple[int, int]]:
    """Every frame on one palette (1 byte a pixel): each is quantized as soon as it is
    drawn, so a clip never holds its frames in RGB (240 × 480² RGB would be 166 MB)."""
    step = max(1, len(states) // _PALETTE_SAMPLES)
    picks = [*states[::step], states[-1]]
    samples = [mode.draw_frame(level, st, unit) for st in picks]
    size = samples[0].size
    palette = _palette_of([f if f.size == size else f.resize(size) for f in samples])
    del samples
    frames = []
    for st in states:
        f = mode.draw_frame(level, st, unit)
        frames.append(_quantized(f if f.size == size else f.resize(size), palette))
    return frames, size


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
    unit = _unit_for(mode, level, states[-1], max_side, len(states))
    durations = frame_durations(log, start)
    while True:
        frames, size = _draw_all(mode, level, states, unit)
        kept, kept_d = _merge_repeats(frames, durations)
        del frames
        data = _encode(kept, kept_d, fmt)
        if len(data) <= max_bytes:
            return Clip(data, fmt, len(kept), size, start, len(moves))
        if unit <= 8:
            raise ClipError(f"the clip would be {len(data)} bytes, over the bound of {max_bytes}")
        unit = max(6, int(unit * 0.7))
