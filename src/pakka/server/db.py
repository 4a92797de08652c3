"""The database: schema (as of the newest migration), engine set-up and migrations.

A table is stored as its record (event sourcing): the ``tables`` and ``seats``
rows describe who sits where, ``games`` holds each game's seed and options
(on testing servers also a stacked deck; ``undos`` counts the state ids spent
on undos of a one-player game and on the actions they took back), and
``actions`` the accepted actions in order (an undo deletes the taken-back
ones). Live state is rebuilt by replaying; nothing else about a game is stored.
Every change is first an event of the append-only ``events`` log (one sequence
number per table, :mod:`pakka.server.eventlog`); the other tables are its
projection, written in the same transaction.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKeyConstraint,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    false,
)

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(80), nullable=False),
    Column("game", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("listed", Boolean, nullable=False),
    Column("hotseat", Boolean, nullable=False),
    Column("clock", Integer, nullable=True),
    Column("admin_hash", String(64), nullable=False),
    Column("watch_hash", String(64), nullable=False),
    Column("created", Float, nullable=False),
    Column("closed", Boolean, nullable=False, default=False),
    Column("rated", Boolean, nullable=False, default=False),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("level", String(40), nullable=True),
    Column("name", String(80), nullable=True),
    Column("status", String(8), nullable=False),
    Column("token_hash", String(64), nullable=True, index=True),
    Column("invite_hash", String(64), nullable=True, index=True),
    Column("zombie", Boolean, nullable=False),
    Column("profile_id", String(32), nullable=True, index=True),
    Column("former", Boolean, nullable=False, default=False, server_default=false()),
    ForeignKeyConstraint(["table_id"], ["tables.id"]),
)
"""``profile_id``: the profile the seat is bound to (who claimed it with a session);
``former``: its player deleted their account (the name is gone, "former player")."""

games = Table(
    "games",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("game_no", Integer, primary_key=True),
    Column("seed", BigInteger, nullable=False),
    Column("options", Text, nullable=False),
    Column("started", Float, nullable=False),
    Column("finished", Float, nullable=True),
    Column("deck", Text, nullable=True),
    Column("undos", Integer, nullable=False, default=0),
    ForeignKeyConstraint(["table_id"], ["tables.id"]),
)

actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("game_no", Integer, primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("action", String(200), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("by", String(8), nullable=False),
    Column("at", Float, nullable=False),
    ForeignKeyConstraint(["table_id", "game_no"], ["games.table_id", "games.game_no"]),
)

events = Table(
    "events",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("data", Text, nullable=False),
    Column("at", Float, nullable=False),
    ForeignKeyConstraint(["table_id"], ["tables.id"]),
)
"""The append-only log of every table (:mod:`pakka.server.eventlog`): the primary key
``(table_id, seq)`` is the unique constraint that decides which writer gets a number."""

leases = Table(
    "leases",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("holder", String(64), nullable=False),
    Column("expires", Float, nullable=False),
)
"""Which server process runs a table's bots and clock, until when
(:mod:`pakka.server.lease`)."""

rates = Table(
    "rates",
    metadata,
    Column("key", String(120), primary_key=True),
    Column("tokens", Float, nullable=False),
    Column("updated", Float, nullable=False),
)
"""Token buckets of the rate limits every process shares (:mod:`pakka.server.rates`)."""

ratings = Table(
    "ratings",
    metadata,
    Column("profile_id", String(64), primary_key=True),
    Column("game", String(40), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
    Index("ratings_by_game", "game"),
)
"""A profile's rating for one game (openskill μ, σ; :mod:`pakka.ratings`) and how many
rated games it rests on."""

rating_changes = Table(
    "rating_changes",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("game_no", Integer, primary_key=True),
    Column("profile_id", String(64), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("name", String(80), nullable=True),
    Column("rank", Integer, nullable=False),
    Column("forfeited", Boolean, nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
    Column("at", Float, nullable=False),
    ForeignKeyConstraint(["table_id", "game_no"], ["games.table_id", "games.game_no"]),
    Index("rating_changes_by_profile", "profile_id", "at"),
)
"""Every rated game's effect on each person at it (the primary key makes the update
idempotent per table and game: :func:`pakka.server.store.Store.apply_ratings`)."""

profiles = Table(
    "profiles",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(80), nullable=False),
    Column("account", String(80), nullable=True),
    Column("account_key", String(80), nullable=True, unique=True),
    Column("password_hash", String(200), nullable=True),
    Column("created", Float, nullable=False),
    Column("deleted", Float, nullable=True),
)
"""A player (:mod:`pakka.server.profiles`): a guest (no ``account``) or an account with
a name (``account_key``: the name folded, unique without case) and an Argon2id hash."""

sessions = Table(
    "sessions",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("profile_id", String(32), nullable=False, index=True),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("created", Float, nullable=False),
    Column("last_seen", Float, nullable=False),
    Column("label", String(200), nullable=False),
    Column("revoked", Boolean, nullable=False),
    ForeignKeyConstraint(["profile_id"], ["profiles.id"], ondelete="CASCADE"),
)
"""A signed-in browser or terminal: the SHA-256 digest of its cookie's token only."""

login_failures = Table(
    "login_failures",
    metadata,
    Column("key", String(160), primary_key=True),
    Column("failures", Integer, nullable=False),
    Column("last", Float, nullable=False),
)
"""Failed logins per account name and per client address: the growing delay
(:func:`pakka.server.profiles.login_delay`), never a lockout."""

reviews = Table(
    "reviews",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("game", Integer, primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("review", Text, nullable=False),
    Column("created", Float, nullable=False),
    Column("engine", String(64), nullable=False),
    ForeignKeyConstraint(["table_id"], ["tables.id"]),
)
"""The cache of post-game reviews (:mod:`pakka.server.review`): one per finished game
and seat, as JSON, with the version of the review engine that made it."""

MIGRATIONS = Path(__file__).with_name("migrations")


def make_engine(url: str, sqlite_sync: str = "NORMAL") -> Engine:
    """An engine for ``url``; SQLite gets WAL mode and foreign keys."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        sync = sqlite_sync.upper() if sqlite_sync.upper() in ("NORMAL", "FULL", "OFF") else "NORMAL"

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA synchronous={sync}")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def alembic_config(engine: Engine) -> Any:
    """An Alembic configuration that migrates ``engine`` (no ini file needed)."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["engine"] = engine
    return cfg


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to ``revision`` (default: the newest)."""
    from alembic import command

    command.upgrade(alembic_config(engine), revision)


def current_revision(engine: Engine) -> str | None:
    """The schema revision the database is at (``None`` when empty)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        rev: str | None = MigrationContext.configure(conn).get_current_revision()
        return rev


chat_reports = Table(
    "chat_reports",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("channel", String(16), nullable=False),
    Column("author", String(32), nullable=False),
    Column("name", String(80), nullable=True),
    Column("text", Text, nullable=False),
    Column("reporter", String(32), nullable=False),
    Column("at", Float, nullable=False),
)
"""Chat messages people reported to the operator (:mod:`pakka.server.chat`):
a copy of the message as it was, who reported it and when (``pakka chat-reports``)."""
