"""Players (issue 17): ``profiles`` (a guest or an account), ``sessions`` (what a
browser's cookie stands for; only the token's SHA-256 digest is kept),
``login_failures`` (the growing delay of repeated failed logins, shared by every
process) and, on ``seats``, the profile a seat is bound to and whether its player
deleted their account (``former``).

Seat tokens were already kept only as digests (``seats.token_hash``, since
0001), so there is nothing to re-hash.

Revision ID: 0005
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "profiles",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("account", sa.String(80), nullable=True),
        sa.Column("account_key", sa.String(80), nullable=True, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("deleted", sa.Float, nullable=True),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("profile_id", sa.String(32), nullable=False, index=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("last_seen", sa.Float, nullable=False),
        sa.Column("label", sa.String(200), nullable=False),
        sa.Column("revoked", sa.Boolean, nullable=False),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"], ondelete="CASCADE"),
    )
    op.create_table(
        "login_failures",
        sa.Column("key", sa.String(160), primary_key=True),
        sa.Column("failures", sa.Integer, nullable=False),
        sa.Column("last", sa.Float, nullable=False),
    )
    with op.batch_alter_table("seats") as b:
        b.add_column(sa.Column("profile_id", sa.String(32), nullable=True))
        b.add_column(sa.Column("former", sa.Boolean, nullable=False, server_default=sa.false()))
        b.create_index("ix_seats_profile_id", ["profile_id"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as b:
        b.drop_index("ix_seats_profile_id")
        b.drop_column("former")
        b.drop_column("profile_id")
    op.drop_table("login_failures")
    op.drop_table("sessions")
    op.drop_table("profiles")
