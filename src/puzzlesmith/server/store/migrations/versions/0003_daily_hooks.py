"""runs keep their timed move log; achievements unlocked by daily runs

Revision ID: 0003_daily_hooks
Revises: 0002_community
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_daily_hooks"
down_revision = "0002_community"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("runs") as batch:
        batch.add_column(sa.Column("log", sa.Text, nullable=True))
    op.create_table(
        "player_achievements",
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("achievement", sa.String(120), primary_key=True),
        sa.Column("unlocked_ms", sa.BigInteger, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("player_achievements")
    with op.batch_alter_table("runs") as batch:
        batch.drop_column("log")
