"""What a viewer can ask of a room, from any adapter: a vote for a cell or a hint at a cell.

Every source of viewers — the built-in viewer page over WebSocket, a Twitch chat
bridge, any future chat — turns its messages into a :class:`Command` and hands it to
a :data:`CommandSink` with the viewer's id and name; the room treats them all alike.

>>> parse_chat("!vote c3")
Command(kind='vote', cell='c3', preset='look', n=None)
>>> parse_chat("!hint r1c3 7")
Command(kind='hint', cell='r1c3', preset='number', n=7)
>>> parse_chat("!hint 1,0 stuck")
Command(kind='hint', cell='1,0', preset='stuck', n=None)
>>> parse_chat("hello there") is None, parse_chat("!vote") is None
(True, True)
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass

from puzzlesmith.core import words
from puzzlesmith.core.errors import PuzzlesmithError

#: preset hint messages (a viewer picks one; nothing a viewer types is shown): their
#: words are the catalogue's ``st.hint.<preset>`` (core/words/), ``{n}`` the picked number
PRESETS: tuple[str, ...] = ("look", "number", "stuck", "wrong", "next")
MAX_HINT_NUMBER = 999

_CELL = re.compile(r"[A-Za-z0-9,_-]{1,16}")
#: a Cows cell, named 1-based by row and column (chat users type R2C7 as often as r2c7)
_ROW_COL = re.compile(r"r\d+c\d+", re.IGNORECASE)
_CHAT = re.compile(r"!(vote|hint)\s+(\S+)(?:\s+(\S+))?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Command:
    """One viewer request: ``vote`` for the move at ``cell``, or a ``hint`` marker there."""

    kind: str
    cell: str
    preset: str = "look"
    n: int | None = None


class CommandError(PuzzlesmithError, ValueError):
    """A request that cannot be understood; the message is one line for the viewer."""

    code = "bad-command"


def preset_text(preset: str, n: int | None) -> dict[str, str]:
    """A preset's message in each language, its ``{n}`` filled (empty without a number)."""
    table = words.catalogue()
    shown = "" if n is None else str(n)
    return {lang: table[lang][f"st.hint.{preset}"].replace("{n}", shown) for lang in words.LANGS}


def hint_command(cell: object, preset: object = "look", n: object = None) -> Command:
    """A checked hint request (cell syntax, known preset, number only for ``number``)."""
    c = check_cell(cell)
    if not isinstance(preset, str) or preset not in PRESETS:
        raise CommandError(
            f"hint: unknown message {str(preset)[:20]!r} (known: {', '.join(PRESETS)})"
        )
    if preset == "number":
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_HINT_NUMBER:
            raise CommandError(f"hint: the number must be a whole number 0..{MAX_HINT_NUMBER}")
        return Command("hint", c, preset, n)
    return Command("hint", c, preset)


def check_cell(cell: object) -> str:
    """A cell id as typed; a Cows name in any case (``R2C7``) is read as ``r2c7``.

    >>> check_cell("R2C7"), check_cell("B")
    ('r2c7', 'B')
    """
    if not isinstance(cell, str) or not _CELL.fullmatch(cell):
        raise CommandError("cell: expected a cell id such as c3, r1c3 or 1,0")
    return cell.lower() if _ROW_COL.fullmatch(cell) else cell


def parse_chat(text: str) -> Command | None:
    """A chat line as a command; None for ordinary chat or a malformed command."""
    m = _CHAT.match(text.strip()[:200])
    if not m:
        return None
    verb, cell, extra = m.group(1).lower(), m.group(2), m.group(3)
    try:
        if verb == "vote":
            return Command("vote", check_cell(cell)) if extra is None else None
        if extra is None:
            return hint_command(cell)
        if extra.isdecimal():
            return hint_command(cell, "number", int(extra))
        return hint_command(cell, extra.lower())
    except CommandError:
        return None


#: (viewer id, display name, command) → None; errors for the viewer come back as CommandError
CommandSink = Callable[[str, str, Command], None]


class ChatAdapter(ABC):
    """A source of viewer commands for one room, run as a task next to the room."""

    #: short name shown to the streamer ("twitch")
    kind: str

    @abstractmethod
    async def run(self, sink: CommandSink) -> None:
        """Deliver commands to ``sink`` until cancelled; reconnect on failures by itself."""

    @abstractmethod
    def status(self) -> dict[str, object]:
        """What the streamer page shows about the bridge (connected, channel, last error)."""


def from_viewer_page(msg: dict[str, object]) -> Command:
    """The built-in viewer page's adapter: its JSON messages as commands.

    >>> from_viewer_page({"type": "vote", "cell": "b"})
    Command(kind='vote', cell='b', preset='look', n=None)
    """
    kind = msg.get("type")
    if kind == "vote":
        return Command("vote", check_cell(msg.get("cell")))
    if kind == "hint":
        return hint_command(msg.get("cell"), msg.get("preset", "look"), msg.get("n"))
    raise CommandError(f"type: unknown message type {str(kind)[:20]!r} (vote, hint)")
