"""The ``level_plays`` table (migration 0007_level_plays): one row per try of a shipped level.

A try is keyed by the browser's random session id and its number in that session, never
by a player: a try reported as left when the page hid and cleared later is the same row,
updated. Client times (``started_ms``, ``ended_ms``) are the browser's clock; ``received_ms``
is the server's, what ``--since`` filters on.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from puzzlesmith.server.store.models import Base


class LevelPlay(Base):
    """One try: how it ended (``cleared`` / ``left``), how long, hints, steps back, moves,
    and the last step reached (path modes: cells on the path; Cows: cows placed)."""

    __tablename__ = "level_plays"
    __table_args__ = (Index("ix_level_plays_level", "mode", "level"),)

    session: Mapped[str] = mapped_column(String(32), primary_key=True)
    try_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    mode: Mapped[str] = mapped_column(String(32))
    level: Mapped[str] = mapped_column(String(40))
    started_ms: Mapped[int] = mapped_column(BigInteger)
    ended_ms: Mapped[int] = mapped_column(BigInteger)
    received_ms: Mapped[int] = mapped_column(BigInteger)
    outcome: Mapped[str] = mapped_column(String(8))
    time_ms: Mapped[int] = mapped_column(BigInteger)
    hints: Mapped[int] = mapped_column(Integer)
    rewinds: Mapped[int] = mapped_column(Integer)
    moves: Mapped[int] = mapped_column(Integer)
    last_step: Mapped[int] = mapped_column(Integer)
