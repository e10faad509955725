"""Characters that are letters or symbols to Unicode yet draw nothing (issue #38).

Hangul fillers (U+115F, U+1160, U+3164, U+FFA0) are category ``Lo`` and the braille
blank (U+2800) ``So``, so a name of two U+3164 passed the letter rule and showed as a
blank on every board. These are the Default_Ignorable and blank-drawing code points of
the letter and symbol categories (Unicode 15 ``DerivedCoreProperties.txt``); format,
control and space characters are refused by the category rules already.
"""

from __future__ import annotations

BLANK = frozenset(
    {
        "\u115f",  # HANGUL CHOSEONG FILLER
        "\u1160",  # HANGUL JUNGSEONG FILLER
        "\u3164",  # HANGUL FILLER
        "\uffa0",  # HALFWIDTH HANGUL FILLER
        "\u2800",  # BRAILLE PATTERN BLANK
        "\u17b4",  # KHMER VOWEL INHERENT AQ
        "\u17b5",  # KHMER VOWEL INHERENT AA
        "\u3000",  # IDEOGRAPHIC SPACE (Zs, named here for the free-text rules)
        "\u2062",  # INVISIBLE TIMES
        "\u2063",  # INVISIBLE SEPARATOR
        "\u2064",  # INVISIBLE PLUS
    }
)


def blank_at(text: str) -> int | None:
    """The index of the first character that draws nothing, or None.

    >>> blank_at("小王"), blank_at("ㅤㅤ"), blank_at("a\\u115fb")
    (None, 0, 1)
    """
    for i, ch in enumerate(text):
        if ch in BLANK:
            return i
    return None
