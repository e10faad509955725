"""saved progress keeps its size, progress and players the (hashed) address that sent
them, for the storage budgets

Revision ID: 0008_storage_budget
Revises: 0007_level_plays
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_storage_budget"
down_revision = "0007_level_plays"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("player_progress") as batch:
        batch.add_column(sa.Column("size", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("address", sa.String(32), nullable=True))
    # rows saved before: their size as characters (a close lower bound of the bytes)
    op.execute("UPDATE player_progress SET size = length(data)")
    op.create_index("ix_player_progress_address", "player_progress", ["address"])
    op.create_index("ix_player_progress_updated_ms", "player_progress", ["updated_ms"])
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("address", sa.String(32), nullable=True))
    op.create_index("ix_players_address", "players", ["address"])


def downgrade() -> None:
    op.drop_index("ix_players_address", "players")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("address")
    op.drop_index("ix_player_progress_updated_ms", "player_progress")
    op.drop_index("ix_player_progress_address", "player_progress")
    with op.batch_alter_table("player_progress") as batch:
        batch.drop_column("address")
        batch.drop_column("size")
