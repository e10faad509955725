"""The daily layer's tables: players, the daily puzzles, started runs and finished runs.

Times are integer milliseconds since the epoch (the server's clock), so SQLite and
PostgreSQL store and compare them the same way; dates are ISO ``YYYY-MM-DD`` strings.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class Player(Base):
    """An anonymous player: the browser keeps the token; only its hash is stored."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(40))
    created_ms: Mapped[int] = mapped_column(BigInteger)
    #: hash of the one-time code that moves this profile to another device
    transfer_hash: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    transfer_expires_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    #: the creating address as the rate limits key it (HMAC): the per-address profile budget
    address: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)


class Daily(Base):
    """One puzzle per mode per UTC date, as the mode dumps a level (solution not stored)."""

    __tablename__ = "dailies"

    mode: Mapped[str] = mapped_column(String(32), primary_key=True)
    date: Mapped[str] = mapped_column(String(10), primary_key=True)
    number: Mapped[int] = mapped_column(Integer)
    grade: Mapped[str] = mapped_column(String(32))
    level: Mapped[str] = mapped_column(Text)
    created_ms: Mapped[int] = mapped_column(BigInteger)


class Start(Base):
    """A player's start of a daily: the server's start time and the hints it answered."""

    __tablename__ = "starts"
    __table_args__ = (UniqueConstraint("player_id", "mode", "date", name="uq_start_once"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    mode: Mapped[str] = mapped_column(String(32))
    date: Mapped[str] = mapped_column(String(10))
    started_ms: Mapped[int] = mapped_column(BigInteger)
    hints: Mapped[int] = mapped_column(Integer, default=0)


class Run(Base):
    """A verified finish. At most one per player, mode and date (the second is refused)."""

    __tablename__ = "runs"
    __table_args__ = (
        UniqueConstraint("player_id", "mode", "date", name="uq_run_once"),
        Index("ix_runs_board", "mode", "date", "ranked", "time_ms"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    mode: Mapped[str] = mapped_column(String(32))
    date: Mapped[str] = mapped_column(String(10))
    started_ms: Mapped[int] = mapped_column(BigInteger)
    finished_ms: Mapped[int] = mapped_column(BigInteger)
    time_ms: Mapped[int] = mapped_column(BigInteger)
    moves: Mapped[int] = mapped_column(Integer)
    hints: Mapped[int] = mapped_column(Integer)
    undos: Mapped[int] = mapped_column(Integer)
    flawless: Mapped[bool] = mapped_column(Boolean)
    ranked: Mapped[bool] = mapped_column(Boolean)
    #: space-separated reasons a run is not ranked (e.g. ``too-fast``)
    flags: Mapped[str] = mapped_column(String(200), default="")
    #: the run's timed move log (core/movelog text form) when the client sent one
    log: Mapped[str | None] = mapped_column(Text, nullable=True, default=None)


class RateHit(Base):
    """One rate-limit bucket (``action:who``): its theoretical arrival time (GCRA, ms).

    Every worker counts in this one row with one upsert, so N workers allow what one does
    (migration 0004_multiworker)."""

    __tablename__ = "rate_hits"

    key: Mapped[str] = mapped_column(String(120), primary_key=True)
    tat_ms: Mapped[int] = mapped_column(BigInteger)
    ok: Mapped[bool] = mapped_column(Boolean, default=True)


class StoreMeta(Base):
    """Facts about the store itself (``secret``: the fingerprint of the server secret)."""

    __tablename__ = "store_meta"

    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))


class PlayerAchievement(Base):
    """An achievement a player's verified daily runs earned (each unlocks once)."""

    __tablename__ = "player_achievements"

    player_id: Mapped[str] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    achievement: Mapped[str] = mapped_column(String(120), primary_key=True)
    unlocked_ms: Mapped[int] = mapped_column(BigInteger)
