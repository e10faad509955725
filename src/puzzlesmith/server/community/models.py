"""The community tables: published levels, likes, reports and plays (migrations
0002_community, 0004_multiworker).

A level's ``key`` is its board up to the grid's symmetries (``Mode.symmetry_key``, hashed
with SHA-256): one row per key and mode, so a copy turned or mirrored cannot be published
twice.
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
from sqlalchemy.orm import Mapped, mapped_column

from puzzlesmith.server.store.models import Base


class CommunityLevel(Base):
    __tablename__ = "community_levels"
    __table_args__ = (
        UniqueConstraint("mode", "key", name="uq_community_board"),
        Index("ix_community_new", "mode", "hidden", "created_ms"),
    )

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    mode: Mapped[str] = mapped_column(String(32))
    key: Mapped[str] = mapped_column(Text)
    author_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    title: Mapped[str] = mapped_column(String(64))
    caption: Mapped[str] = mapped_column(String(200), default="")
    #: the level as the mode dumps it (its id is this row's id)
    level: Mapped[str] = mapped_column(Text)
    code: Mapped[str] = mapped_column(Text)
    grade: Mapped[str] = mapped_column(String(32))
    size: Mapped[int] = mapped_column(Integer)
    created_ms: Mapped[int] = mapped_column(BigInteger)
    plays: Mapped[int] = mapped_column(Integer, default=0)
    likes: Mapped[int] = mapped_column(Integer, default=0)
    reports: Mapped[int] = mapped_column(Integer, default=0)
    hidden: Mapped[bool] = mapped_column(Boolean, default=False)
    #: the summed weight of its reports (``service.report_weight``; 0004_multiworker)
    report_weight: Mapped[int] = mapped_column(Integer, default=0)
    #: how often a moderator kept it: each keep raises the weight that hides it again
    kept: Mapped[int] = mapped_column(Integer, default=0)


class CommunityLike(Base):
    __tablename__ = "community_likes"

    level_id: Mapped[str] = mapped_column(
        ForeignKey("community_levels.id", ondelete="CASCADE"), primary_key=True
    )
    player_id: Mapped[str] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )


class CommunityReport(Base):
    """One report per player and level, and one per client address and level."""

    __tablename__ = "community_reports"
    __table_args__ = (UniqueConstraint("level_id", "address", name="uq_report_address"),)

    level_id: Mapped[str] = mapped_column(
        ForeignKey("community_levels.id", ondelete="CASCADE"), primary_key=True
    )
    player_id: Mapped[str] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    reason: Mapped[str] = mapped_column(String(200))
    created_ms: Mapped[int] = mapped_column(BigInteger)
    #: HMAC of the reporter's client address (never the address itself)
    address: Mapped[str | None] = mapped_column(String(64), nullable=True)
    weight: Mapped[int] = mapped_column(Integer, default=0)


class CommunityPlay(Base):
    """Who played a level (a player id, or ``addr:`` + HMAC of the client address): a
    play counts once per player or address."""

    __tablename__ = "community_plays"

    level_id: Mapped[str] = mapped_column(
        ForeignKey("community_levels.id", ondelete="CASCADE"), primary_key=True
    )
    who: Mapped[str] = mapped_column(String(80), primary_key=True)
