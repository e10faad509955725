"""Every error raised on purpose is a PuzzlesmithError carrying its code (issue #36: the
rooms', the commands' and the API's errors were plain exceptions)."""

from __future__ import annotations

import re

from puzzlesmith.core.errors import PuzzlesmithError
from puzzlesmith.server import errors as server_errors
from puzzlesmith.server.rooms.commands import CommandError, hint_command
from puzzlesmith.server.rooms.room import RoomError

CODE = re.compile(r"[a-z]+(-[a-z0-9]+)*")


def subclasses(cls: type) -> list[type]:
    out = []
    for sub in cls.__subclasses__():
        out += [sub, *subclasses(sub)]
    return out


def test_every_error_class_has_a_code() -> None:
    found = subclasses(PuzzlesmithError)
    assert {server_errors.ApiError, server_errors.LevelRefusal, RoomError, CommandError} <= set(
        found
    )
    for cls in [PuzzlesmithError, *found]:
        assert CODE.fullmatch(cls.code), cls


def test_the_servers_errors_carry_the_code_they_were_raised_with() -> None:
    api = server_errors.ApiError("already-finished", "run: recorded", "run")
    room = RoomError("nothing-to-undo", "undo: no move has been played")
    assert (api.code, room.code) == ("already-finished", "nothing-to-undo")
    assert api.status == 409  # from the table, not the raise
    assert isinstance(api, PuzzlesmithError) and isinstance(room, PuzzlesmithError)
    try:
        hint_command("c1", "no-such-preset")
    except CommandError as exc:
        assert exc.code == "bad-command" and isinstance(exc, ValueError)
    else:
        raise AssertionError("an unknown preset was accepted")
