"""Chat messages reported to the operator (``chat_reports``, :mod:`pakka.server.chat`).

The chat itself lives in the event log (``events`` rows of kind ``chat``); a
report keeps a copy of the message so the operator can read it after the
message was removed or purged.

Revision ID: 0007
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat_reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("author", sa.String(32), nullable=False),
        sa.Column("name", sa.String(80), nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("reporter", sa.String(32), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat_reports")
