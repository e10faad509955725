"""Level codes: one level of any mode as a short, versioned, URL-safe text.

A code reads ``<tag><version><payload>[.<text>]<check>``, every character from the
base64url alphabet except the one ``.``:

- ``tag``: one letter naming the mode, declared by the mode's codec (core names no mode);
- ``version``: the codec's format version as one base64url digit (``A`` = 0);
- ``payload``: the mode's own bit-packed board (:class:`LevelCodec`, see ``<mode>/code.py``);
- ``text`` (optional): the level id and caption, UTF-8 joined by a newline, base64url;
- ``check``: one character, a weighted sum over everything before it, so a mistyped
  character (always), a swapped pair (almost always) or a cut-off code is caught.

Decoding runs the mode's own load rules over the result, so a code can never produce
a level a pack file could not hold. Boards come back in a canonical form (each mode's
``code.py`` says which: cell order, cell ids, region letters, wall order); everything
that matters to play — cells, clues, walls, turners, regions, the solution — is exact.
"""

from __future__ import annotations

import base64
import binascii
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar

from puzzlesmith.core.bitio import ALPHABET, VALUE, BitReader, BitWriter, CodeError, shown
from puzzlesmith.core.mode import LevelLike, Mode
from puzzlesmith.core.problems import errors

__all__ = [
    "CodeError",
    "CodeLevelError",
    "CodeParts",
    "LevelCodec",
    "decode_level",
    "encode_level",
    "split_code",
]

TEXT_MARK = "."
#: the id a decoded level gets when its code carries no text
DEFAULT_ID = "code"
#: longest code read (a board plus a long caption fits many times over)
MAX_CODE_LEN = 4000


class CodeLevelError(CodeError):
    """A well-formed code whose board breaks one of the mode's load rules (CLI exit 1)."""


class LevelCodec(ABC):
    """A mode's payload format: how its boards become bits and back."""

    #: one base64url letter naming the mode in codes; unique across the registry
    tag: ClassVar[str]
    #: the payload format version written into new codes (0..63)
    version: ClassVar[int] = 0

    @abstractmethod
    def write(self, level: Any, out: BitWriter) -> None:
        """Pack the board (not the id, caption or designer notes)."""

    @abstractmethod
    def read(self, bits: BitReader) -> dict[str, Any]:
        """The board as a pack-file level body (no id/caption); load rules are checked after.

        Raises :class:`CodeError` for bits that describe no board at all.
        """


@dataclass(frozen=True)
class CodeParts:
    """A code taken apart (after its characters and check character were verified)."""

    tag: str
    version: int
    payload: str
    text: str | None


def _value(ch: str) -> int:
    return 64 if ch == TEXT_MARK else VALUE[ch]


def check_char(body: str) -> str:
    """The check character of ``body``: (length + Σ (2i+1)·value) mod 64.

    Odd weights are invertible mod 64, so changing any one character changes the sum.

    >>> check_char("CA"), check_char("CB"), check_char("CAA")
    ('E', 'H', 'F')
    """
    total = len(body) + sum((2 * k + 1) * _value(ch) for k, ch in enumerate(body))
    return ALPHABET[total % 64]


def _codec(mode: Mode[Any]) -> LevelCodec:
    codec = mode.codec
    if codec is None:
        raise CodeError(f"{mode.cli_name}: this mode has no level codes")
    return codec


def _text_of(level: LevelLike) -> str:
    if "\n" in level.id:  # the line break separates id and caption
        raise CodeError(f"level {level.id!r}: an id with a line break cannot travel in a code")
    return f"{level.id}\n{level.caption}" if level.caption else level.id


def encode_level(mode: Mode[Any], level: LevelLike, *, text: bool = True) -> str:
    """The code of one level; ``text=False`` leaves out its id and caption."""
    codec = _codec(mode)
    out = BitWriter()
    codec.write(level, out)
    body = codec.tag + ALPHABET[codec.version] + out.text()
    words = _text_of(level) if text else ""
    if words:
        body += TEXT_MARK + base64.urlsafe_b64encode(words.encode("utf-8")).decode().rstrip("=")
    code = body + check_char(body)
    if len(code) > MAX_CODE_LEN:
        raise CodeError(
            f"level {level.id}: its code would be {len(code)} characters long "
            f"(at most {MAX_CODE_LEN}); leave the text out"
        )
    return code


def _clean(code: str) -> str:
    """Whitespace trimmed; a pasted link is cut to its last path part (``.../#/play/<code>``)."""
    code = code.strip()
    if "/" in code:
        code = code.rsplit("/", 1)[1]
    return code


def split_code(code: str) -> CodeParts:
    """Verify characters and check character; the parts of the code."""
    code = _clean(code)
    if not code:
        raise CodeError("level code is empty")
    if len(code) > MAX_CODE_LEN:
        raise CodeError(f"level code is {len(code)} characters long (at most {MAX_CODE_LEN})")
    for k, ch in enumerate(code):
        if ch not in VALUE and ch != TEXT_MARK:
            raise CodeError(
                f"level code: character {shown(ch)} at position {k + 1} is not base64url "
                "(A-Z a-z 0-9 - _)"
            )
    if len(code) < 3:
        raise CodeError(
            f'level code "{code}" is too short (a mode tag, a version and a check character)'
        )
    body, check = code[:-1], code[-1]
    want = check_char(body)
    if check != want:
        raise CodeError(
            f'level code: check character is "{check}", expected "{want}" '
            "(mistyped or cut-off code)"
        )
    rest = body[2:]
    if rest.count(TEXT_MARK) > 1:
        raise CodeError('level code: more than one "." (only the text part starts with one)')
    payload, _, text = rest.partition(TEXT_MARK)
    if TEXT_MARK in (body[0], body[1]):
        raise CodeError('level code: "." where the mode tag and version belong')
    return CodeParts(body[0], VALUE[body[1]], payload, text if TEXT_MARK in rest else None)


def _read_text(text: str | None) -> tuple[str, str | None]:
    if text is None:
        return DEFAULT_ID, None
    if len(text) % 4 == 1:
        raise CodeError("level code: text part has a length no base64url text can have")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        words = raw.decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        raise CodeError("level code: text part is not UTF-8 text") from None
    lid, _, caption = words.partition("\n")
    return lid or DEFAULT_ID, caption or None


def mode_for_tag(tag: str) -> Mode[Any]:
    from puzzlesmith.core import registry  # late: the registry imports every mode

    modes = [m for m in registry.all_modes() if m.capabilities.codes]
    for mode in modes:
        if _codec(mode).tag == tag:
            return mode
    known = ", ".join(f"{_codec(m).tag} {m.cli_name}" for m in modes)
    raise CodeError(f'level code: unknown mode tag "{tag}" (known: {known})')


def decode_level(code: str) -> tuple[Mode[Any], Any]:
    """The mode and level a code holds; :class:`CodeError` (one line) when it holds none."""
    parts = split_code(code)
    mode = mode_for_tag(parts.tag)
    codec = _codec(mode)
    if parts.version != codec.version:
        raise CodeError(
            f"level code: {mode.cli_name} format version {parts.version} is not known "
            f"(this build reads version {codec.version})"
        )
    bits = BitReader(parts.payload, f"level code ({mode.cli_name} board)")
    body = codec.read(bits)
    bits.end()
    lid, caption = _read_text(parts.text)
    raw: dict[str, Any] = {"id": lid}
    if caption is not None:
        raw["caption"] = caption
    raw.update(body)
    level, problems = mode.parse_level(raw, lid)
    bad = errors(problems)
    if level is None or bad:
        first = bad[0].line() if bad else "the board cannot be built"
        raise CodeLevelError(
            f"level code: the decoded {mode.cli_name} board breaks a rule: {first}"
        )
    return mode, level
