"""Rate limits that every server process of a site shares: token buckets kept in
the database (``rates``), taken with one conditional upsert, so that a client
who spreads its requests over several processes behind a proxy still meets one
limit. Used for table creation and hints; a WebSocket connection's message rate
lives with the connection (it is served by one process).
"""

from __future__ import annotations

import time

from sqlalchemy import Connection, text


def _take_sql(dialect: str) -> str:
    least = "LEAST" if dialect == "postgresql" else "min"
    fill = f"{least}(:burst, rates.tokens + (:now - rates.updated) * :rate)"
    return (
        "INSERT INTO rates (key, tokens, updated) VALUES (:k, :burst - 1, :now)"
        f" ON CONFLICT (key) DO UPDATE SET tokens = {fill} - 1, updated = :now"
        f" WHERE {fill} >= 1 RETURNING tokens"
    )


def take(c: Connection, key: str, rate: float, burst: float) -> bool:
    """Take one token from bucket ``key`` (``rate`` per second, ``burst`` at most);
    whether there was one (nothing is taken when there was not)."""
    row = c.execute(
        text(_take_sql(c.dialect.name)),
        {"k": key[:120], "burst": float(burst), "rate": float(rate), "now": time.time()},
    ).first()
    return row is not None
