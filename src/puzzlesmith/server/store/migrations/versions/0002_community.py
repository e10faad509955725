"""community levels, likes, reports

Revision ID: 0002_community
Revises: 0001_daily
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_community"
down_revision = "0001_daily"
branch_labels = None
depends_on = None


def _ref(name: str, target: str, length: int) -> sa.Column[str]:
    return sa.Column(
        name, sa.String(length), sa.ForeignKey(target, ondelete="CASCADE"), primary_key=True
    )


def upgrade() -> None:
    op.create_table(
        "community_levels",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("mode", sa.String(32), nullable=False),
        sa.Column("key", sa.Text, nullable=False),
        sa.Column(
            "author_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("title", sa.String(64), nullable=False),
        sa.Column("caption", sa.String(200), nullable=False),
        sa.Column("level", sa.Text, nullable=False),
        sa.Column("code", sa.Text, nullable=False),
        sa.Column("grade", sa.String(32), nullable=False),
        sa.Column("size", sa.Integer, nullable=False),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
        sa.Column("plays", sa.Integer, nullable=False),
        sa.Column("likes", sa.Integer, nullable=False),
        sa.Column("reports", sa.Integer, nullable=False),
        sa.Column("hidden", sa.Boolean, nullable=False),
        sa.UniqueConstraint("mode", "key", name="uq_community_board"),
    )
    op.create_index("ix_community_new", "community_levels", ["mode", "hidden", "created_ms"])
    op.create_table(
        "community_likes",
        _ref("level_id", "community_levels.id", 16),
        _ref("player_id", "players.id", 32),
    )
    op.create_table(
        "community_reports",
        _ref("level_id", "community_levels.id", 16),
        _ref("player_id", "players.id", 32),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("community_reports")
    op.drop_table("community_likes")
    op.drop_index("ix_community_new", "community_levels")
    op.drop_table("community_levels")
