"""Every table gets an append-only event log (``events``, one sequence number per
table for every change), and the tables that let several server processes share
one site: ``leases`` (which process runs a table's bots and clock) and ``rates``
(rate-limit buckets). Existing tables get their log back-filled from their
records: creation, every game's start, actions, end, and closing.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "events",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"]),
    )
    op.create_table(
        "leases",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("holder", sa.String(64), nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_table(
        "rates",
        sa.Column("key", sa.String(120), primary_key=True),
        sa.Column("tokens", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    bind = op.get_bind()
    events = sa.table(
        "events",
        sa.column("table_id", sa.String),
        sa.column("seq", sa.Integer),
        sa.column("kind", sa.String),
        sa.column("data", sa.Text),
        sa.column("at", sa.Float),
    )
    tables = bind.execute(sa.text("SELECT id, created, closed FROM tables ORDER BY id")).all()
    for tid, created, closed in tables:
        rows: list[dict[str, object]] = []

        def add(
            kind: str,
            data: dict[str, object],
            at: float,
            tid: str = tid,
            rows: list[dict[str, object]] = rows,
        ) -> None:
            rows.append(
                {
                    "table_id": tid,
                    "seq": len(rows) + 1,
                    "kind": kind,
                    "data": json.dumps(data, separators=(",", ":")),
                    "at": at,
                }
            )

        add("create", {}, float(created))
        games = bind.execute(
            sa.text(
                "SELECT game_no, seed, options, started, finished FROM games"
                " WHERE table_id = :t ORDER BY game_no"
            ),
            {"t": tid},
        ).all()
        for game_no, seed, options, started, finished in games:
            if game_no != 1:
                add(
                    "game",
                    {"game_no": game_no, "seed": int(seed), "options": json.loads(options)},
                    float(started),
                )
            acts = bind.execute(
                sa.text(
                    'SELECT idx, action, seat, "by", at FROM actions'
                    " WHERE table_id = :t AND game_no = :g ORDER BY idx"
                ),
                {"t": tid, "g": game_no},
            ).all()
            for idx, action, seat, by, at in acts:
                add(
                    "action",
                    {"game_no": game_no, "idx": idx, "action": action, "seat": seat, "by": by},
                    float(at),
                )
            if finished is not None:
                add("finish", {"game_no": game_no}, float(finished))
        if closed:
            add("close", {}, float(created))
        if rows:
            op.bulk_insert(events, rows)


def downgrade() -> None:
    op.drop_table("rates")
    op.drop_table("leases")
    op.drop_table("events")
