"""anonymous tries of shipped levels (puzzlesmith playtest's per-level figures)

Revision ID: 0007_level_plays
Revises: 0006_friends
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_level_plays"
down_revision = "0006_friends"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "level_plays",
        sa.Column("session", sa.String(32), primary_key=True),
        sa.Column("try_no", sa.Integer, primary_key=True),
        sa.Column("mode", sa.String(32), nullable=False),
        sa.Column("level", sa.String(40), nullable=False),
        sa.Column("started_ms", sa.BigInteger, nullable=False),
        sa.Column("ended_ms", sa.BigInteger, nullable=False),
        sa.Column("received_ms", sa.BigInteger, nullable=False),
        sa.Column("outcome", sa.String(8), nullable=False),
        sa.Column("time_ms", sa.BigInteger, nullable=False),
        sa.Column("hints", sa.Integer, nullable=False),
        sa.Column("rewinds", sa.Integer, nullable=False),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Column("last_step", sa.Integer, nullable=False),
    )
    op.create_index("ix_level_plays_level", "level_plays", ["mode", "level"])


def downgrade() -> None:
    op.drop_index("ix_level_plays_level", "level_plays")
    op.drop_table("level_plays")
