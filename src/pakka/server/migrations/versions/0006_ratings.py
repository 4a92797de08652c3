"""Ratings (issue 17): ``tables.rated``, each profile's rating per game (``ratings``)
and every rated game's changes (``rating_changes``, for the profile page and history).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN (see 0002: no batch copy of tables that others point at).
    op.add_column(
        "tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.create_table(
        "ratings",
        sa.Column("profile_id", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("ratings_by_game", "ratings", ["game"])
    op.create_table(
        "rating_changes",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("game_no", sa.Integer, primary_key=True),
        sa.Column("profile_id", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(80), nullable=True),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("forfeited", sa.Boolean, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.ForeignKeyConstraint(["table_id", "game_no"], ["games.table_id", "games.game_no"]),
    )
    op.create_index("rating_changes_by_profile", "rating_changes", ["profile_id", "at"])


def downgrade() -> None:
    op.drop_index("rating_changes_by_profile", "rating_changes")
    op.drop_table("rating_changes")
    op.drop_index("ratings_by_game", "ratings")
    op.drop_table("ratings")
    op.drop_column("tables", "rated")
