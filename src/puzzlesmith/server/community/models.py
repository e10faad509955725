"""The community tables: published levels, likes and reports (migration 0002_community).

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


class CommunityLike(Base):
    __tablename__ = "community_likes"

    level_id: Mapped[str] = mapped_column(
        ForeignKey("community_levels.id", ondelete="CASCADE"), primary_key=True
    )
    player_id: Mapped[str] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )


class CommunityReport(Base):
    __tablename__ = "community_reports"

    level_id: Mapped[str] = mapped_column(
        ForeignKey("community_levels.id", ondelete="CASCADE"), primary_key=True
    )
    player_id: Mapped[str] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    reason: Mapped[str] = mapped_column(String(200))
    created_ms: Mapped[int] = mapped_column(BigInteger)
