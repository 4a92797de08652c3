"""``pakka db copy``: move a whole site from one database to another (typically
the embedded SQLite file to PostgreSQL when a site outgrows one process).

Both databases are brought to the newest schema; the destination must hold no
tables yet. Every table of the schema is copied row for row, parents before
children (the foreign keys' order), in one transaction on the destination, so a
copy that fails leaves the destination as it was. Run it while no server uses
the source.
"""

from __future__ import annotations

from sqlalchemy import func, insert, select

from pakka.server import db
from pakka.server.config import db_url

BATCH = 1000
"""Rows per insert statement."""


class CopyError(Exception):
    """The copy cannot be made (the destination is not empty)."""


def copy(source: str, dest: str) -> dict[str, int]:
    """Copy every row of ``source`` into the empty ``dest``; the rows per table."""
    src = db.make_engine(db_url(source))
    dst = db.make_engine(db_url(dest))
    try:
        db.migrate(src)
        db.migrate(dst)
        counts: dict[str, int] = {}
        with src.connect() as s, dst.begin() as d:
            if d.execute(select(func.count()).select_from(db.tables)).scalar():
                raise CopyError(f"{dest}: the destination already holds tables")
            for table in db.metadata.sorted_tables:
                n = 0
                rows = s.execute(select(table)).mappings()
                while chunk := [dict(r) for r in rows.fetchmany(BATCH)]:
                    d.execute(insert(table), chunk)
                    n += len(chunk)
                counts[table.name] = n
        return counts
    finally:
        src.dispose()
        dst.dispose()
