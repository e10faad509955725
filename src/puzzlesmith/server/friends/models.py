"""The social tables (migration 0006_friends): a player's friend code, who follows whom,
and the level progress a transfer code carries to another device.

A separate table from ``players`` so a profile without friends costs nothing; the code is
made on first use. ``hidden`` is the opt-out: a hidden player is left off everyone
else's friend boards and friend stats (they can still follow others).
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Boolean, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from puzzlesmith.server.store.models import Base


class FriendProfile(Base):
    __tablename__ = "friend_profiles"

    player_id: Mapped[str] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    code: Mapped[str] = mapped_column(String(12), unique=True)
    hidden: Mapped[bool] = mapped_column(Boolean, default=False)
    created_ms: Mapped[int] = mapped_column(BigInteger)


class Follow(Base):
    __tablename__ = "follows"
    __table_args__ = (Index("ix_follows_followee", "followee_id"),)

    follower_id: Mapped[str] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    followee_id: Mapped[str] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    created_ms: Mapped[int] = mapped_column(BigInteger)


class Progress(Base):
    """The browser's level progress (saves, runs, achievements, settings) as the last device
    sent it: raw localStorage values by key, merged into the next device on claim."""

    __tablename__ = "player_progress"

    player_id: Mapped[str] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    data: Mapped[str] = mapped_column(Text)
    updated_ms: Mapped[int] = mapped_column(BigInteger, index=True)
    #: bytes of ``data`` as UTF-8 (the storage budgets sum it)
    size: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    #: the sender's address as the rate limits key it (HMAC, ``ratelimit.address_key``)
    address: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
