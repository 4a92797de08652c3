"""Tables can be closed by their creator (``tables.closed``).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN: SQLite's batch mode would copy the table, which its
    # foreign keys forbid while seats and games point at it.
    op.add_column(
        "tables", sa.Column("closed", sa.Boolean, nullable=False, server_default=sa.text("false"))
    )


def downgrade() -> None:
    op.drop_column("tables", "closed")
