"""Glicko-2 ratings of levels and players per mode (server/ratings)

Revision ID: 0009_ratings
Revises: 0008_storage_budget
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_ratings"
down_revision = "0008_storage_budget"
branch_labels = None
depends_on = None


def _columns(key: str) -> list[sa.Column[object]]:
    return [
        sa.Column("mode", sa.String(32), primary_key=True),
        sa.Column(key, sa.String(40), primary_key=True),
        sa.Column("value", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("plays", sa.Integer, nullable=False),
    ]


def upgrade() -> None:
    op.create_table("level_ratings", *_columns("level"))
    op.create_table("player_ratings", *_columns("player"))


def downgrade() -> None:
    op.drop_table("player_ratings")
    op.drop_table("level_ratings")
