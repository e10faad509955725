"""Level codes round-trip: every shipped level, 10,000 random levels, and the size targets."""

from __future__ import annotations

import random
from typing import Any

import pytest
from codes_support import (
    COWS,
    HEX,
    STROKE,
    cows_level,
    essence,
    random_level,
    solution_essence,
    stroke_target,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlesmith.core import registry
from puzzlesmith.core.bitio import ALPHABET
from puzzlesmith.core.codes import CodeError, decode_level, encode_level, split_code

#: random round-trips per mode; 10,000 in all across the suite
EXAMPLES = {STROKE: 4000, HEX: 3000, COWS: 3000}


def shipped() -> list[tuple[str, Any]]:
    out = []
    for mode in registry.modes_with("codes"):
        for f in mode.shipped_pack_files() + mode.hidden_pack_files():
            out.extend((mode.id, lv) for lv in mode.load_file(f).levels)
    return out


SHIPPED = shipped()


def roundtrip(mode_id: str, level: Any) -> Any:
    """Decode the level's code, check mode, essence, id/caption and a stable re-encoding."""
    mode = registry.get(mode_id)
    code = encode_level(mode, level)
    back_mode, back = decode_level(code)
    assert back_mode is mode
    assert essence(mode_id, back) == essence(mode_id, level), code
    assert (back.id, back.caption) == (level.id, level.caption)
    assert encode_level(mode, back) == code  # the decoded level is already canonical
    return back


@pytest.mark.parametrize(("mode_id", "level"), SHIPPED, ids=[f"{m}:{lv.id}" for m, lv in SHIPPED])
def test_every_shipped_level_round_trips_with_its_solution(mode_id: str, level: Any) -> None:
    back = roundtrip(mode_id, level)
    assert solution_essence(mode_id, back) == solution_essence(mode_id, level)
    mode = registry.get(mode_id)
    assert mode.solve(back).count == mode.solve(level).count


def test_shipped_levels_in_canonical_form_come_back_identical() -> None:
    """Packs written in canonical order (most of them) come back field for field."""
    same = 0
    for mode_id, level in SHIPPED:
        mode = registry.get(mode_id)
        back = decode_level(encode_level(mode, level))[1]
        want = level.to_json()
        want.pop("teach", None)  # designer notes stay in the pack
        same += back.to_json() == want
    assert same >= len(SHIPPED) * 3 // 4


def _random_roundtrips(mode_id: str) -> None:
    @settings(
        max_examples=EXAMPLES[mode_id],
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(st.integers(0, 2**32))
    def run(seed: int) -> None:
        roundtrip(mode_id, random_level(mode_id, random.Random(seed)))

    run()


@pytest.mark.parametrize("mode_id", [STROKE, HEX, COWS])
def test_random_levels_round_trip(mode_id: str) -> None:
    _random_roundtrips(mode_id)


def test_text_is_optional() -> None:
    mode = registry.get(COWS)
    level = mode.shipped_packs()[0].levels[0]
    bare = encode_level(mode, level, text=False)
    assert "." not in bare
    back = decode_level(bare)[1]
    assert (back.id, back.caption) == ("code", None)
    assert back.regions == level.regions


# ---- size targets ----------------------------------------------------------------------
def test_cows_9x9_payload_at_most_30_characters() -> None:
    mode = registry.get(COWS)
    rng = random.Random(9)
    boards = [lv for _, lv in SHIPPED if getattr(lv, "size", 0) == 9]
    boards += [random_level_of(COWS, cows_level(rng, 9)) for _ in range(200)]
    assert len(boards) > 200
    for lv in boards:
        assert len(split_code(encode_level(mode, lv)).payload) <= 30


def test_stroke_20_squares_3_clues_payload_at_most_40_characters() -> None:
    mode = registry.get(STROKE)
    rng = random.Random(20)
    worst = 0
    for _ in range(2000):
        lv = random_level_of(STROKE, stroke_target(rng))
        worst = max(worst, len(split_code(encode_level(mode, lv)).payload))
    assert worst <= 40


def random_level_of(mode_id: str, raw: dict[str, Any]) -> Any:
    level, problems = registry.get(mode_id).parse_level(raw, "r")
    assert level is not None, problems
    return level


def test_every_mode_with_codes_has_a_codec_with_its_own_tag() -> None:
    """The ``codes`` capability and a codec go together (a mode without it has none)."""
    assert all((m.codec is not None) == m.capabilities.codes for m in registry.all_modes())
    codecs = [m.codec for m in registry.modes_with("codes")]
    assert codecs and all(c is not None for c in codecs)
    tags = [c.tag for c in codecs if c is not None]
    assert len(set(tags)) == len(tags)
    assert all(len(t) == 1 and t in ALPHABET for t in tags)
    assert all(0 <= c.version < 64 for c in codecs if c is not None)


def test_a_caption_too_long_for_a_code_is_refused_unless_text_is_left_out() -> None:
    mode = registry.get(COWS)
    level = mode.shipped_packs()[0].levels[0]
    long = type(level)(level.id, level.regions, caption="长" * 2000)
    with pytest.raises(CodeError, match="at most 4000"):
        encode_level(mode, long)
    assert decode_level(encode_level(mode, long, text=False))[1].regions == level.regions
