"""The one small interface every puzzle mode implements (Tatham's ``game`` struct).

A mode is a parser for its level format plus pure functions over a parsed level:
exact solving, publish checks, human-style grading, hints, rendering, the client
view, and play — :meth:`Mode.start` gives the empty position, :meth:`State.apply`
pushes one move string onto it (python-chess's ``push``, Tatham's midend ``states[]``),
and ``replay`` is the fold of those; moves are strings, so undo, saves, replays and the
server's authoritative check all share one path. What a mode can do beyond that is
declared in :class:`Capabilities`, never discovered by calling and catching.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from puzzlesmith.core.errors import (
    IllegalMoveError,
    LevelFormatError,
    UnknownLevelError,
)
from puzzlesmith.core.jsonfile import read_json_file
from puzzlesmith.core.pack import duplicate_level_ids, level_id_of, parse_header
from puzzlesmith.core.problems import Problem, errors
from puzzlesmith.core.ramp import WEEK, Band, DailyRamp
from puzzlesmith.core.text import safe

if TYPE_CHECKING:
    from puzzlesmith.core.cluerules import SuggestRules
    from puzzlesmith.core.codes import LevelCodec

JSON = dict[str, Any]


class LevelLike(Protocol):
    """What the shared tools need of any mode's level."""

    @property
    def id(self) -> str: ...

    @property
    def teach(self) -> str | None: ...

    @property
    def caption(self) -> str | None: ...

    def to_json(self) -> dict[str, Any]: ...


L = TypeVar("L", bound=LevelLike)


class State(Protocol):
    """A played position that moves are applied to, one at a time."""

    def apply(self, move: str, index: int = 0) -> None:
        """Apply one move string (the ``index``-th of its log, for the message); raise
        IllegalMoveError naming it, *before* changing anything, when it is illegal."""

    def to_json(self) -> dict[str, Any]:
        """The authoritative position as JSON (what the client's rules mirror reproduces)."""


@dataclass(frozen=True)
class Capabilities:
    """What a mode can do beyond the core contract, declared as data (Tatham's ``struct
    game`` flags ``can_solve`` / ``can_print``): the server, the CLI and the tests read
    these flags and never call an optional method to see whether it raises.

    ``vote``: :meth:`Mode.votes` (stream rooms) · ``raster``: :meth:`Mode.draw_frame`
    (highlight clips) · ``generate``: :meth:`Mode.generate_one` with
    :attr:`Mode.generate_options` (CLI ``generate``, dailies) · ``design``:
    :meth:`Mode.minimize` and :meth:`Mode.suggest` · ``codes``: :attr:`Mode.codec`
    (level codes) · ``editor``: :meth:`Mode.level_size`, :meth:`Mode.symmetry_key`,
    :meth:`Mode.solution_cells` and :attr:`Mode.check_max_size` (the live check,
    community levels).
    """

    vote: bool = False
    raster: bool = False
    generate: bool = False
    design: bool = False
    codes: bool = False
    editor: bool = False


@dataclass
class Pack(Generic[L]):
    """A pack file: header plus its levels, in file order (the order is the index)."""

    mode: str
    pack: int | str
    title: str
    levels: list[L]
    notes: str | None = None
    source: str = ""

    def level(self, level_id: str) -> L:
        for lv in self.levels:
            if lv.id == level_id:
                return lv
        raise UnknownLevelError(f"{self.source or 'pack'}: no level {level_id!r}")


@dataclass
class SolveResult:
    """Solutions found, capped at the limit; ``complete`` says the search finished.

    ``count`` is min(true count, limit). A count of 1 with ``complete`` is a proof
    of uniqueness: the search for a second solution was exhausted.
    """

    count: int
    complete: bool
    solutions: list[Any]

    def contract(self, level_id: str) -> JSON:
        return {
            "level": level_id,
            "count": self.count,
            "complete": self.complete,
            "solutions": self.solutions,
        }


@dataclass(frozen=True)
class LogicStep:
    """One deduction a person could make: what, where, and why in words."""

    technique: str
    cells: tuple[str, ...]
    reason: str
    because: tuple[str, ...] = ()


@dataclass
class GradeResult:
    """What the human-style solver needed; ``solved`` only when it never guessed."""

    solved: bool
    grade: str
    steps: list[LogicStep]
    techniques: dict[str, int]
    details: JSON = field(default_factory=dict)
    #: the finer difficulty (core/score.py): the grade's band plus the work done inside it
    score: float = 0.0

    def contract(self, level_id: str) -> JSON:
        return {
            "level": level_id,
            "solved": self.solved,
            "grade": self.grade,
            "score": self.score,
            "steps": len(self.steps),
            "techniques": dict(self.techniques),
        }


class Mode(ABC, Generic[L]):
    """A puzzle genre. Subclasses live in ``puzzlesmith.<mode>`` and register one instance."""

    id: ClassVar[str]
    cli_name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    title_zh: ClassVar[str]
    title_en: ClassVar[str]
    #: the package holding ``levels/*.json`` shipped with the mode
    levels_package: ClassVar[str]
    #: the package whose ``client/`` folder holds the mode's browser files (``<id>.js``,
    #: ``<id>.css``, ``<id>/…``), which the server serves under ``/static/modes/``; None:
    #: no client (the shell does not list the mode)
    client_package: ClassVar[str | None] = None
    #: the prefix of the mode's own keys in its words files (``ns`` → ``ns.tip``,
    #: ``ns.ed.noSuggestion``): what shared code asks for a mode's own sentence by
    words_prefix: ClassVar[str] = ""
    #: the hint kinds :meth:`hint` accepts
    hint_kinds: ClassVar[tuple[str, ...]] = ()
    #: what the mode can do beyond the core contract
    capabilities: ClassVar[Capabilities] = Capabilities()
    #: move verbs that take something back (a flawless daily has none): the mode's own words
    undo_verbs: ClassVar[frozenset[str]] = frozenset()
    #: move verbs an assist (a hint) puts into the log
    assist_verbs: ClassVar[frozenset[str]] = frozenset()
    #: a dataclass type whose fields are the generator's options (the CLI turns them into flags)
    generate_options: ClassVar[type[Any] | None] = None
    #: the mode's week of dailies (core/ramp: generator options and score bands per
    #: weekday); None: the generator's defaults every day, the shared bands
    daily_ramp: ClassVar[DailyRamp | None] = None
    #: technique names of this mode's grade traces that are lookahead, beyond the shared
    #: words (core/ramp.LOOKAHEAD_WORDS): no daily may need one
    lookahead_techniques: ClassVar[frozenset[str]] = frozenset()
    #: the mode's level-code payload format (``<mode>/code.py``); None = no codes
    codec: ClassVar[LevelCodec | None] = None
    #: the largest :meth:`level_size` the server's live check takes (the editor's limit)
    check_max_size: ClassVar[int] = 0
    #: a module of the mode's own CLI commands (``<package>.cli``): its
    #: ``add_commands(app, mode)`` adds them to ``puzzlesmith <cli_name>`` after the shared
    #: ones, and a name in its ``COMMANDS`` replaces the shared command of that name (Cows'
    #: ``design`` suggests region edits, not clue sets); None: the shared commands only
    cli_module: ClassVar[str | None] = None

    # ---- level files -------------------------------------------------------------------
    @abstractmethod
    def parse_level(self, raw: object, lid: str) -> tuple[L | None, list[Problem]]:
        """Check every hard rule of one level body; the level when it is sound enough to use."""

    def parse_pack(self, raw: object, source: str) -> Pack[L]:
        """The envelope and every level; raise LevelFormatError listing all problems found."""
        header, problems = parse_header(raw, self.id)
        levels: list[L] = []
        if header is not None:
            ids: list[str] = []
            for k, raw_level in enumerate(header.levels):
                lid = level_id_of(raw_level, k)
                level, level_problems = self.parse_level(raw_level, lid)
                problems.extend(level_problems)
                if isinstance(raw_level, dict) and isinstance(raw_level.get("id"), str):
                    ids.append(lid)
                if level is not None:
                    levels.append(level)
            problems.extend(duplicate_level_ids(ids))
        if header is None or errors(problems):
            if not problems:
                problems.append(Problem("json-type", "not a pack", where="pack"))
            raise format_error(errors(problems) or problems, source)
        return Pack(
            mode=header.mode,
            pack=header.pack,
            title=header.title,
            levels=levels,
            notes=header.notes,
            source=source,
        )

    def dump_level(self, level: L) -> JSON:
        """The level as it is written in a pack file (round-trips through parse_pack)."""
        return level.to_json()

    def dump_pack(self, pack: Pack[L]) -> JSON:
        out: JSON = {"mode": self.id, "pack": pack.pack, "title": pack.title}
        if pack.notes is not None:
            out["notes"] = pack.notes
        out["levels"] = [self.dump_level(lv) for lv in pack.levels]
        return out

    def load_file(self, path: str | Path) -> Pack[L]:
        """Read and parse one pack file; unreadable → UnreadableFileError, bad → LevelFormatError."""
        p = Path(path)
        raw = read_json_file(p)  # a BOM from a Windows editor is fine
        return self.parse_pack(raw, safe(str(p)))

    def words_package(self) -> str:
        """The package whose ``words/zh.json`` and ``words/en.json`` hold this mode's words
        (its problem codes as ``problem.<code>``, its screens' words; core/words.py merges
        them): by default the package shipping its levels, so a plugin brings its own."""
        return self.levels_package

    def shipped_pack_files(self) -> list[Path]:
        """The mode's own packs, in play order (file name order)."""
        root = resources.files(self.levels_package).joinpath("levels")
        files = [Path(str(f)) for f in root.iterdir() if f.name.endswith(".json")]
        return sorted(files, key=lambda f: f.name)

    def client_dir(self) -> Path | None:
        """The folder of the mode's browser files (``<client_package>/client``), None when
        the mode has none; the server finds it here, so it names no mode."""
        if self.client_package is None:
            return None
        root = Path(str(resources.files(self.client_package).joinpath("client")))
        return root if root.is_dir() else None

    def shipped_packs(self) -> list[Pack[L]]:
        return [self.load_file(f) for f in self.shipped_pack_files()]

    def hidden_pack_files(self) -> list[Path]:
        """Packs shipped but not listed in level select (demos, rule samples): levels/hidden/."""
        root = resources.files(self.levels_package).joinpath("levels").joinpath("hidden")
        if not root.is_dir():
            return []
        return sorted(
            (Path(str(f)) for f in root.iterdir() if f.name.endswith(".json")), key=lambda f: f.name
        )

    def find_level(self, level_id: str) -> tuple[Pack[L], L]:
        """A shipped level by id, hidden packs included."""
        files = self.shipped_pack_files() + self.hidden_pack_files()
        for pack in (self.load_file(f) for f in files):
            for lv in pack.levels:
                if lv.id == level_id:
                    return pack, lv
        raise UnknownLevelError(f"{self.cli_name}: no shipped level {level_id!r}")

    # ---- checking and solving -----------------------------------------------------------
    @abstractmethod
    def solve(self, level: L, limit: int = 2) -> SolveResult:
        """Exact search: solutions up to ``limit``; uniqueness is proven by exhaustion."""

    @abstractmethod
    def check(self, level: L) -> list[Problem]:
        """Publish checks beyond the format (unique solution, necessary clues/walls...).

        Errors fail ``validate``; warnings (e.g. needs guessing) are printed only.
        """

    @abstractmethod
    def grade(self, level: L) -> GradeResult:
        """Human-style solve by named techniques; grades and explains."""

    # ---- presentation and play -----------------------------------------------------------
    @abstractmethod
    def render_svg(self, level: L, *, solution: bool = False) -> str:
        """A picture of the board for designers (optionally with the solution)."""

    @abstractmethod
    def view(self, level: L) -> JSON:
        """Everything the browser client needs to play offline, baked solution included."""

    @abstractmethod
    def start(self, level: L) -> State:
        """The empty position of the level, ready for :meth:`State.apply`."""

    @abstractmethod
    def cell_ids(self, level: L) -> tuple[str, ...]:
        """The ids of the level's cells, the words moves, votes and hints point at."""

    def play(self, level: L, moves: Sequence[str]) -> State:
        """The position the moves reach: :meth:`start`, then each move applied in turn."""
        state = self.start(level)
        for i, move in enumerate(moves):
            state.apply(move, i)
        return state

    def replay(self, level: L, moves: Sequence[str]) -> JSON:
        """Apply move strings from the empty position; the authoritative state as JSON.

        Raises IllegalMoveError naming the first bad move.
        """
        return self.play(level, moves).to_json()

    def is_undo(self, state: State, move: str) -> bool:
        """Whether ``move``, played at ``state``, takes something back (a flawless run has
        none); by default its verb is one of :attr:`undo_verbs`. Only a look: it never
        raises, not even for a move :meth:`State.apply` will refuse."""
        return move.split(" ", 1)[0] in self.undo_verbs

    def is_assist(self, move: str) -> bool:
        """Whether a hint put the move into the log (in the mode's :attr:`assist_verbs`)."""
        return move.split(" ", 1)[0] in self.assist_verbs

    @abstractmethod
    def solution_moves(self, level: L) -> list[str]:
        """The moves that play the level's unique solution from the empty position.

        ``replay`` of them clears the level: the contract test, demos and the level
        round-trips check a mode's solver, rules and view against each other with them.
        """

    def states(self, level: L, moves: Sequence[str], start: int = 0) -> Iterator[JSON]:
        """The state JSON after ``moves[:k]`` for k = start..len(moves), for replays and
        clips: one fold, a JSON per move (IllegalMoveError names a bad move by its index)."""
        state = self.play(level, moves[:start])
        yield state.to_json()
        for i in range(start, len(moves)):
            state.apply(moves[i], i)
            yield state.to_json()

    def draw_frame(self, level: L, state: JSON, unit: int) -> Any:
        """The board in ``state`` as a Pillow RGB image, ``unit`` px per board unit (clips)."""
        raise NotImplementedError(f"{self.cli_name}: no raster drawing")

    def hint(self, level: L, moves: Sequence[str], kind: str) -> JSON:
        """A hint of one of :attr:`hint_kinds` for the position the moves reach."""
        if kind not in self.hint_kinds:
            raise IllegalMoveError(
                f"unknown hint kind {kind!r} (known: {', '.join(self.hint_kinds)})"
            )
        return self.give_hint(level, moves, kind)

    @abstractmethod
    def give_hint(self, level: L, moves: Sequence[str], kind: str) -> JSON:
        """The hint itself; ``kind`` is already known to be one of :attr:`hint_kinds`."""

    def level_size(self, level: L) -> int:
        """The board's size in the unit the editor limits (squares, hexes, side length)."""
        raise NotImplementedError(f"{self.cli_name}: no size measure")

    def editor_extras(self, level: L) -> JSON:
        """What the level editor draws with besides the level (e.g. Cows region colours)."""
        return {}

    def symmetry_key(self, level: L) -> str:
        """Equal for the same board turned or mirrored (core/symmetry.py), else different."""
        raise NotImplementedError(f"{self.cli_name}: no symmetry key")

    def solution_cells(self, level: L, solution: Any) -> dict[str, str]:
        """What one solution puts in each cell (cell id → value), so two can be compared."""
        raise NotImplementedError(f"{self.cli_name}: no solution cells")

    # ---- stream mode (capability ``vote``) ------------------------------------------------
    def votes(self, level: L, state: State) -> dict[str, str]:
        """The forward moves a stream vote may choose at the position, keyed by cell id.

        Viewers vote by pointing at a cell (``!vote c3``), so each cell maps to at most
        one move; every move returned is accepted by :meth:`State.apply`. Empty when
        cleared or stuck (the streamer undoes).
        """
        raise NotImplementedError(f"{self.cli_name}: no stream voting")

    def vote_moves(self, level: L, moves: Sequence[str]) -> dict[str, str]:
        """:meth:`votes` at the position the moves reach."""
        return self.votes(level, self.play(level, moves))

    # ---- generation and design (capabilities ``generate``, ``design``) ----------------
    def daily_options(self, weekday: int) -> Any:
        """The generator options of this mode's daily on ``weekday`` (0 = Monday)."""
        if self.generate_options is None:
            raise ValueError(f"{self.cli_name}: no generator, so no daily")
        if self.daily_ramp is None:
            return self.generate_options()
        return self.daily_ramp.options_for(self.generate_options, weekday)

    def daily_band(self, weekday: int) -> Band:
        """The band of the model's score a daily on ``weekday`` aims at (core/ramp)."""
        return (self.daily_ramp.bands if self.daily_ramp else WEEK)[weekday]

    def generate_one(self, options: Any, seed: int, index: int) -> L:
        """Level ``index`` of the batch for ``seed``: deterministic, independent per index."""
        raise NotImplementedError(f"{self.cli_name}: no generator")

    def minimize(self, level: L) -> list[str]:
        """Clues removable one at a time with the level still unique."""
        raise NotImplementedError(f"{self.cli_name}: no design tools")

    def suggest(self, level: L, k: int, rules: SuggestRules | None = None) -> list[JSON]:
        """k ranked clue sets that extend the level's clues and make the board unique,
        following ``rules`` (the start, the position's clue counts) when given."""
        raise NotImplementedError(f"{self.cli_name}: no design tools")

    def trace_notes(self, level: L) -> list[str]:
        """Lines ``grade --trace`` prints after the steps: what the level teaches (Cows: its
        key idea and needed ideas), so a designer reads it without Python. None by default."""
        return []


def format_error(problems: list[Problem], source: str) -> LevelFormatError:
    """Attach the file name to problems found while parsing it."""
    return LevelFormatError([p.at(source=source) for p in problems])
