"""Games remember a stacked deck (testing servers only) and how often an undo
rebuilt them (``games.deck``, ``games.undos``).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs (see 0002: no batch copy of tables that others point at).
    op.add_column("games", sa.Column("deck", sa.Text, nullable=True))
    op.add_column(
        "games", sa.Column("undos", sa.Integer, nullable=False, server_default=sa.text("0"))
    )


def downgrade() -> None:
    op.drop_column("games", "undos")
    op.drop_column("games", "deck")
