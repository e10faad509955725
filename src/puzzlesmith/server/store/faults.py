"""Database failures as a player sees them: one sentence, never the library's text.

``busy`` (503 with ``Retry-After``): no free connection in the pool within its short
timeout, or the database refused another client — try again in a moment.
``store-unavailable`` (503 with ``Retry-After: 30``): the store cannot be written or reached (disk full,
read-only, down). Both leave the HTTP connection usable.
"""

from __future__ import annotations

from typing import NamedTuple

from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.exc import TimeoutError as PoolTimeout

#: seconds a client is told to wait after ``busy``
RETRY_AFTER_S = 1
#: seconds after ``store-unavailable``: an operator frees space or restarts the database
UNAVAILABLE_RETRY_S = 30

#: PostgreSQL SQLSTATEs that mean "too many connections" (53300) or "cannot connect now"
PG_BUSY = {"53300", "57P03"}
#: disk full (53100), out of memory (53200), read-only transaction (25006), I/O (58030)
_PG_UNWRITABLE = {"53100", "53200", "25006", "58030"}
_SQLITE_UNWRITABLE = ("disk is full", "readonly", "read-only", "disk i/o error")


class Fault(NamedTuple):
    code: str
    message: str
    retry_after: int | None


BUSY = Fault("busy", "The server is busy; try again in a moment.", RETRY_AFTER_S)
UNWRITABLE = Fault(
    "store-unavailable",
    "The store cannot save right now (disk full or read-only).",
    UNAVAILABLE_RETRY_S,
)
UNREACHABLE = Fault(
    "store-unavailable", "The store cannot be reached right now.", UNAVAILABLE_RETRY_S
)


def classify(exc: SQLAlchemyError) -> Fault:
    """What a database error means for the request that met it."""
    if isinstance(exc, PoolTimeout):
        return BUSY
    if isinstance(exc, DBAPIError):
        state = getattr(exc.orig, "sqlstate", None)
        if state in PG_BUSY or "too many clients" in str(exc.orig):
            return BUSY
        if state in _PG_UNWRITABLE:
            return UNWRITABLE
        text = str(exc.orig).lower()
        if any(word in text for word in _SQLITE_UNWRITABLE):
            return UNWRITABLE
        if "database is locked" in text:
            return BUSY
    return UNREACHABLE
