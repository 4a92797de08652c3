"""The cache of post-game reviews: ``reviews`` (one per finished game and seat, as
JSON, with the version of the review engine that made it; :mod:`pakka.server.review`).

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("review", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("engine", sa.String(64), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"]),
    )


def downgrade() -> None:
    op.drop_table("reviews")
