"""The rating tables (migration 0009_ratings): a level's and a player's Glicko-2 rating per mode.

A level is a shipped level's id or a daily's ``daily-YYYY-MM-DD``; a player is a player id,
or ``s:<session>`` for the anonymous browser session of ``POST /api/plays`` without a token.
"""

from __future__ import annotations

from sqlalchemy import Float, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from puzzlesmith.server.store.models import Base


class LevelRating(Base):
    __tablename__ = "level_ratings"

    mode: Mapped[str] = mapped_column(String(32), primary_key=True)
    level: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    plays: Mapped[int] = mapped_column(Integer)


class PlayerRating(Base):
    __tablename__ = "player_ratings"

    mode: Mapped[str] = mapped_column(String(32), primary_key=True)
    player: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    plays: Mapped[int] = mapped_column(Integer)
