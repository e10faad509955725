"""friend codes, follows and the progress a transfer carries

Revision ID: 0006_friends
Revises: 0005_rooms
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_friends"
down_revision = "0005_rooms"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "friend_profiles",
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("code", sa.String(12), nullable=False, unique=True),
        sa.Column("hidden", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "follows",
        sa.Column(
            "follower_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "followee_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_follows_followee", "follows", ["followee_id"])
    op.create_table(
        "player_progress",
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("updated_ms", sa.BigInteger, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("player_progress")
    op.drop_index("ix_follows_followee", "follows")
    op.drop_table("follows")
    op.drop_table("friend_profiles")
