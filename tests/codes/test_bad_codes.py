"""Bad level codes: each gives one line naming what is wrong, never a traceback."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.core import registry
from puzzlesmith.core.bitio import ALPHABET, BitWriter
from puzzlesmith.core.codes import CodeError, CodeLevelError, check_char, decode_level, encode_level

COWS = registry.get("04-cows")
LEVEL = COWS.shipped_packs()[0].levels[0]
GOOD = encode_level(COWS, LEVEL)


def sealed(body: str) -> str:
    """A body with a correct check character, so the check after it is what is tested."""
    return body + check_char(body)


def cows_board(rows: list[str]) -> str:
    """A cows code for any letter grid (even one that breaks the load rules)."""
    w = BitWriter()
    COWS.codec.write(type(LEVEL)("x", tuple(rows)), w)  # type: ignore[union-attr]
    return sealed("CA" + w.text())


def split_payload(code: str) -> str:
    return code[2:-1].partition(".")[0]


def flip_low(ch: str) -> str:
    """The character with its lowest bit (padding in a 5×5 cows payload) flipped."""
    return ALPHABET[ALPHABET.index(ch) ^ 1]


def typo(code: str, at: int) -> str:
    ch = code[at]
    return code[:at] + ALPHABET[(ALPHABET.index(ch) + 1) % 64] + code[at + 1 :]


BAD = [
    ("", "level code is empty"),
    ("   ", "level code is empty"),
    ("CA", "is too short"),
    (GOOD[:-1], "check character"),
    (GOOD[:12] + GOOD[-1], "check character"),
    (typo(GOOD, 5), "check character"),
    (GOOD[:4] + "!" + GOOD[5:], 'character "!" at position 5 is not base64url'),
    (GOOD[:4] + "+" + GOOD[5:], 'character "+" at position 5'),
    (sealed("ZA" + GOOD[2:-1]), 'unknown mode tag "Z" (known: S stroke, H hex, C cows)'),
    (sealed("CB" + GOOD[2:-1]), "cows format version 1 is not known (this build reads version 0)"),
    (sealed(GOOD[:8]), "ends early while reading region borders (truncated code?)"),
    (sealed("CA" + split_payload(GOOD) + "AA"), "2 character(s) left over"),
    (sealed("CA" + split_payload(GOOD)[:-1] + flip_low(split_payload(GOOD)[-1])), "padding"),
    (sealed("CA" + split_payload(GOOD) + ".A"), "text part has a length"),
    (sealed("CA" + split_payload(GOOD) + ".__8"), "text part is not UTF-8"),
    (sealed("CA" + split_payload(GOOD) + ".AA.AA"), 'more than one "."'),
    (sealed(".A" + split_payload(GOOD)), '"." where the mode tag and version belong'),
    (cows_board(["AABB", "AABB", "CCDD", "CCDE"]), "breaks a rule: "),
    (cows_board(["AAAA", "AAAA", "AAAA", "AAAA"]), "1 regions (A) on a 4×4 board; need 4"),
    (sealed("SA" + "_" * 3), "board width 4095 is out of range (at most 255)"),
    (sealed("HA" + "AAAAAA"), "no cells"),
]


@pytest.mark.parametrize(("code", "message"), BAD)
def test_bad_code_names_what_is_wrong(code: str, message: str) -> None:
    with pytest.raises(CodeError) as info:
        decode_level(code)
    text = str(info.value)
    assert message in text
    assert "\n" not in text


def test_a_broken_board_is_a_load_rule_error() -> None:
    with pytest.raises(CodeLevelError, match="region-count"):
        decode_level(cows_board(["AAAA", "AAAA", "AAAA", "AAAA"]))


def test_pasted_links_and_whitespace_are_fine() -> None:
    assert decode_level(f"  https://example.org/#/play/{GOOD}\n")[1].regions == LEVEL.regions


def test_every_single_typo_is_caught() -> None:
    """Odd weights: changing any one character (check character included) is always caught."""
    for at in range(len(GOOD)):
        if GOOD[at] == ".":
            continue
        for ch in ALPHABET:
            if ch != GOOD[at]:
                with pytest.raises(CodeError):
                    decode_level(GOOD[:at] + ch + GOOD[at + 1 :])


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_arbitrary_text_never_escapes_as_another_error(text: str) -> None:
    try:
        decode_level(text)
    except CodeError as exc:
        assert "\n" not in str(exc)


def test_an_id_with_a_line_break_is_refused_unless_text_is_left_out() -> None:
    odd = type(LEVEL)("a\nb", LEVEL.regions)
    with pytest.raises(CodeError, match="line break"):
        encode_level(COWS, odd)
    assert decode_level(encode_level(COWS, odd, text=False))[1].regions == LEVEL.regions
