"""several workers on one store: shared rate limits, the secret's fingerprint, weighted
reports, plays counted once per player or address

Revision ID: 0004_multiworker
Revises: 0003_daily_hooks
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_multiworker"
down_revision = "0003_daily_hooks"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_hits",
        sa.Column("key", sa.String(120), primary_key=True),
        sa.Column("tat_ms", sa.BigInteger, nullable=False),
        sa.Column("ok", sa.Boolean, nullable=False),
    )
    op.create_table(
        "store_meta",
        sa.Column("key", sa.String(40), primary_key=True),
        sa.Column("value", sa.String(200), nullable=False),
    )
    op.create_table(
        "community_plays",
        sa.Column(
            "level_id",
            sa.String(16),
            sa.ForeignKey("community_levels.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("who", sa.String(80), primary_key=True),
    )
    with op.batch_alter_table("community_levels") as batch:
        batch.add_column(sa.Column("report_weight", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("kept", sa.Integer, nullable=False, server_default="0"))
    with op.batch_alter_table("community_reports") as batch:
        batch.add_column(sa.Column("address", sa.String(64), nullable=True))
        batch.add_column(sa.Column("weight", sa.Integer, nullable=False, server_default="0"))
        batch.create_unique_constraint("uq_report_address", ["level_id", "address"])


def downgrade() -> None:
    with op.batch_alter_table("community_reports") as batch:
        batch.drop_constraint("uq_report_address", type_="unique")
        batch.drop_column("weight")
        batch.drop_column("address")
    with op.batch_alter_table("community_levels") as batch:
        batch.drop_column("kept")
        batch.drop_column("report_weight")
    op.drop_table("community_plays")
    op.drop_table("store_meta")
    op.drop_table("rate_hits")
