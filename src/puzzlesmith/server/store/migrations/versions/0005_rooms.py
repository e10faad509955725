"""stream rooms shared by several workers: rooms, votes, per-address vote slots,
viewer counts per worker, rate-limit buckets (used on PostgreSQL only)

Revision ID: 0005_rooms
Revises: 0004_multiworker
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_rooms"
down_revision = "0004_multiworker"
branch_labels = None
depends_on = None


def _room_fk() -> sa.Column[str]:
    return sa.Column(
        "room",
        sa.String(12),
        sa.ForeignKey("stream_rooms.code", ondelete="CASCADE"),
        primary_key=True,
    )


def upgrade() -> None:
    op.create_table(
        "stream_rooms",
        sa.Column("code", sa.String(12), primary_key=True),
        sa.Column("host_key", sa.String(64), nullable=False),
        sa.Column("mode", sa.String(40), nullable=False),
        sa.Column("level_code", sa.Text, nullable=False),
        sa.Column("snapshot", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("active", sa.Float, nullable=False),
        sa.Column("host_joined", sa.Boolean, nullable=False),
        #: the open, unpaused round's number (0: none) — a vote needs it under a share lock
        sa.Column("voting", sa.Integer, nullable=False),
        sa.Column("creator_addr", sa.String(64), nullable=False),
        sa.Column("creator_client", sa.String(64), nullable=True),
        sa.Column("timer_owner", sa.String(64), nullable=True),
        sa.Column("timer_until", sa.Float, nullable=True),
    )
    op.create_table(
        "stream_votes",
        _room_fk(),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("viewer", sa.String(80), primary_key=True),
        sa.Column("cell", sa.String(20), nullable=False),
        sa.Column("seq", sa.BigInteger, nullable=False),
        sa.Column("addr", sa.String(64), nullable=False),
    )
    op.create_table(
        "stream_vote_slots",
        _room_fk(),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("addr", sa.String(64), primary_key=True),
        sa.Column("n", sa.Integer, nullable=False),
    )
    op.create_table(
        "stream_presence",
        _room_fk(),
        sa.Column("worker", sa.String(64), primary_key=True),
        sa.Column("viewers", sa.Integer, nullable=False),
        sa.Column("seen", sa.Float, nullable=False),
    )
    op.create_table(
        "stream_buckets",
        sa.Column("key", sa.String(120), primary_key=True),
        sa.Column("tokens", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    if op.get_bind().dialect.name == "postgresql":
        op.execute("CREATE SEQUENCE stream_vote_seq")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP SEQUENCE stream_vote_seq")
    for table in (
        "stream_buckets",
        "stream_presence",
        "stream_vote_slots",
        "stream_votes",
        "stream_rooms",
    ):
        op.drop_table(table)
