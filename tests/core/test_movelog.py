"""The move log's text form: round trips, the browser's exact encoding, one-line errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlesmith.core.movelog import MoveLogError, TimedMove, decode, encode, parse_lines

# the same vector is checked in tests/js/movelog.test.mjs: both sides write it word for word
VECTOR = [
    TimedMove(0, "start 1,0"),
    TimedMove(1500, "add 1,1"),
    TimedMove(1500, "reveal a_b 3"),
    TimedMove(40000, "undo"),
]
VECTOR_TEXT = "m1~0.start_1,0~15o.add_1,1~0.reveal_a%5Fb_3~tpg.undo"


def test_vector_matches_the_browser() -> None:
    assert encode(VECTOR) == VECTOR_TEXT
    assert decode(VECTOR_TEXT) == VECTOR


moves = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=20)


@given(st.lists(st.tuples(st.integers(0, 10**6), moves), max_size=30))
def test_round_trip(items: list[tuple[int, str]]) -> None:
    log, t = [], 0
    for gap, m in items:
        t += gap
        log.append(TimedMove(t, m))
    assert decode(encode(log)) == log


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("x1~0.a", "not a move log"),
        ("m1~0a", "entry 1"),
        ("m1~0.a~Z.b", "entry 2"),
        ("m1~0.a%zz", "bad escape"),
        ("m1~0.", "entry 1"),
    ],
)
def test_bad_text_names_the_entry(text: str, where: str) -> None:
    with pytest.raises(MoveLogError, match=where):
        decode(text)


def test_lines_with_and_without_times() -> None:
    assert parse_lines("start a\n# note\n\nadd b\n") == [
        TimedMove(0, "start a"),
        TimedMove(1000, "add b"),
    ]
    assert parse_lines("0\tstart a\n250\tadd b\n") == [
        TimedMove(0, "start a"),
        TimedMove(250, "add b"),
    ]
    assert parse_lines(VECTOR_TEXT + "\n") == VECTOR
    with pytest.raises(MoveLogError, match="line 2: time 5 ms is before"):
        parse_lines("10\ta\n5\tb")
    with pytest.raises(MoveLogError, match="line 1: time 'x'"):
        parse_lines("x\ta")
