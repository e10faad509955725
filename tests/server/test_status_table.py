"""Issue #36 "errors mapped to an HTTP status in one table": a raise names a code, never a
status; every code a route can answer has one status, in ``errors.STATUS``; the six codes
that were answered with two or three statuses now have one each (or were split)."""

from __future__ import annotations

import pytest
from raises import DYNAMIC, raised_codes, raises

from puzzlesmith.core import words
from puzzlesmith.server import errors
from puzzlesmith.server.errors import STATUS, ApiError, LevelRefusal, http_status


def test_no_raise_names_a_status() -> None:
    found = raises()
    assert len(found) > 80  # the scan sees them (else it passes vacuously)
    named = [f"{r.path}:{r.line} {r.name}({r.first}, …)" for r in found if r.names_status]
    assert not named, named
    assert not [r for r in found if r.name == "DailyApiError"], "DailyApiError is ApiError now"


def test_every_raised_code_has_one_status_in_the_table() -> None:
    found = raises()
    missing = sorted(
        f"{r.path}:{r.line} {r.code}" for r in found if r.code and r.code not in STATUS
    )
    assert not missing, missing
    unwritten = sorted(
        f"{r.path}:{r.line} {r.name}({r.first})"
        for r in found
        if r.code is None and r.name != "LevelRefusal" and (r.path, r.first) not in DYNAMIC
    )
    assert not unwritten, (
        f"a code not written out (add it to raises.DYNAMIC only if it must): {unwritten}"
    )


def test_every_code_of_the_table_is_answered_and_said() -> None:
    """No stale entry (each is raised, or an engine/room code the handler maps), and each
    has its words in both languages (``err.<code>`` or ``problem.<code>``)."""
    from puzzlesmith.core.errors import PuzzlesmithError
    from puzzlesmith.server.rooms.room import ROOM_CODES

    def subclasses(cls: type) -> set[str]:
        return {c for sub in cls.__subclasses__() for c in {sub.code, *subclasses(sub)}}

    known = raised_codes() | subclasses(PuzzlesmithError) | ROOM_CODES | {"bad-request"}
    assert set(STATUS) <= known, sorted(set(STATUS) - known)
    table = words.catalogue()
    for lang in words.LANGS:
        # the client says err.<code>, else problem.<code> (shell/errors.js): one sentence a code
        unsaid = [c for c in STATUS if not {f"err.{c}", f"problem.{c}"} & table[lang].keys()]
        assert not unsaid, (lang, unsaid)


@pytest.mark.parametrize(
    ("code", "status"),
    [
        ("bad-code", 400),  # a level code that cannot be read (rooms' was 422)
        ("unknown-transfer-code", 404),  # was bad-code 404
        ("bad-token", 401),
        ("bad-run-token", 403),  # was bad-token 403
        ("busy", 503),
        ("too-many-at-once", 429),  # was busy 429
        ("too-large", 422),
        ("body-too-large", 413),  # was too-large 413 (progress), too-big 413 (editor)
        ("unknown-level", 404),
        ("unknown-mode", 404),  # a try's mode or level is invalid-request 422 now
    ],
)
def test_the_six_codes_that_had_several_statuses(code: str, status: int) -> None:
    assert STATUS[code] == status
    assert ApiError(code, "x").status == status == ApiError(code, "x").response().status_code


def test_a_level_problem_is_422_and_a_room_code_off_the_table_409() -> None:
    from puzzlesmith.server.rooms.room import RoomError

    assert LevelRefusal("dead-end", "level: …", "level").response().status_code == 422
    assert http_status(RoomError("no-round", "no voting round is open")) == errors.ROOM_DEFAULT
    assert http_status(RoomError("unknown-room", "no room")) == 404


def test_a_modes_problem_code_in_the_table_has_the_problem_status() -> None:
    """A code that is both a mode's level problem (``problem.<code>`` of its package) and
    in the table answers the same either way."""
    from puzzlesmith.core import registry

    for m in registry.all_modes():
        own = words.package_words(m.words_package())["en"]
        problems = {k.removeprefix("problem.") for k in own if k.startswith("problem.")}
        both = {c: STATUS[c] for c in problems & set(STATUS)}
        assert all(s == errors.PROBLEM_STATUS for s in both.values()), (m.id, both)
