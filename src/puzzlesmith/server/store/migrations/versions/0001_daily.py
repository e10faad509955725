"""players, dailies, starts, runs

Revision ID: 0001_daily
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_daily"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
        sa.Column("transfer_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("transfer_expires_ms", sa.BigInteger, nullable=True),
    )
    op.create_table(
        "dailies",
        sa.Column("mode", sa.String(32), primary_key=True),
        sa.Column("date", sa.String(10), primary_key=True),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("grade", sa.String(32), nullable=False),
        sa.Column("level", sa.Text, nullable=False),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "starts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("mode", sa.String(32), nullable=False),
        sa.Column("date", sa.String(10), nullable=False),
        sa.Column("started_ms", sa.BigInteger, nullable=False),
        sa.Column("hints", sa.Integer, nullable=False),
        sa.UniqueConstraint("player_id", "mode", "date", name="uq_start_once"),
    )
    op.create_table(
        "runs",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("mode", sa.String(32), nullable=False),
        sa.Column("date", sa.String(10), nullable=False),
        sa.Column("started_ms", sa.BigInteger, nullable=False),
        sa.Column("finished_ms", sa.BigInteger, nullable=False),
        sa.Column("time_ms", sa.BigInteger, nullable=False),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Column("hints", sa.Integer, nullable=False),
        sa.Column("undos", sa.Integer, nullable=False),
        sa.Column("flawless", sa.Boolean, nullable=False),
        sa.Column("ranked", sa.Boolean, nullable=False),
        sa.Column("flags", sa.String(200), nullable=False),
        sa.UniqueConstraint("player_id", "mode", "date", name="uq_run_once"),
    )
    op.create_index("ix_runs_board", "runs", ["mode", "date", "ranked", "time_ms"])


def downgrade() -> None:
    op.drop_index("ix_runs_board", table_name="runs")
    op.drop_table("runs")
    op.drop_table("starts")
    op.drop_table("dailies")
    op.drop_table("players")
