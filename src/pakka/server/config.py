"""Server settings: defaults, overridden by ``PAKKA_*`` environment variables.

See docs/operations.md for the list; every setting is also a keyword of
:func:`pakka.server.create_app` through :class:`Settings`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from pathlib import Path

from pakka.defaults import DEFAULT_DB_FILE


def default_db_path() -> Path:
    """Where the SQLite database lives by default: ``pakka.sqlite3`` in the working
    directory (the same default as ``pakka serve --db``)."""
    return Path(DEFAULT_DB_FILE).resolve()


def db_url(db: str | None) -> str:
    """A SQLAlchemy URL from ``--db``: a URL as given (``postgresql://`` gets the psycopg
    driver), a file path for SQLite, or the default SQLite file for ``None``."""
    if db is None:
        db = os.environ.get("PAKKA_DB") or None
    if db is None:
        return f"sqlite:///{default_db_path()}"
    if db.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + db.split("://", 1)[1]
    if "://" in db:
        return db
    return f"sqlite:///{Path(db).expanduser().resolve()}"


@dataclass
class Settings:
    """Everything an operator may tune (environment variable in brackets)."""

    db: str | None = None
    """Database URL or SQLite path [PAKKA_DB]."""
    bot_pause: float = 0.7
    """Seconds a bot waits before moving, to feel human [PAKKA_BOT_PAUSE]."""
    bot_threads: int = 2
    """Workers (threads or processes) that run bot searches [PAKKA_BOT_THREADS]."""
    bot_workers: str = "thread"
    """``thread`` or ``process``: where bots think; processes keep CPU-heavy searches
    off the server's interpreter lock [PAKKA_BOT_WORKERS]."""
    max_frame: int = 4096
    """Largest accepted WebSocket message in bytes [PAKKA_MAX_FRAME]."""
    msg_rate: float = 20.0
    """Messages per second a connection may send on average [PAKKA_MSG_RATE]."""
    msg_burst: float = 40.0
    """Messages a connection may send in a burst [PAKKA_MSG_BURST]."""
    create_per_minute: float = 30.0
    """Tables one client address may create per minute [PAKKA_CREATE_PER_MINUTE]."""
    leaderboard_min_games: int = 5
    """Fewest rated games for a place on a leaderboard (``GET /api/leaderboards/{game}``)."""
    hint_rate: float = 2.0
    """Hint requests per second one client address may make on average; a hint
    is a search, so it is dearer than other requests [PAKKA_HINT_RATE]."""
    hint_burst: float = 30.0
    """Hint requests one client address may make in a burst [PAKKA_HINT_BURST]."""
    review_queue: int = 2
    """Post-game reviews one process computes or holds waiting at a time; one more
    gets ``503`` with ``Retry-After`` [PAKKA_REVIEW_QUEUE]."""
    review_wait: float = 20.0
    """Seconds a review request is held for its result before it is answered
    ``202 computing`` (ask again later) [PAKKA_REVIEW_WAIT]."""
    review_rate: float = 0.05
    """Reviews per second one client address may start on average (one in 20 s);
    cached ones are free [PAKKA_REVIEW_RATE]."""
    review_burst: float = 6.0
    """Reviews one client address may start in a burst [PAKKA_REVIEW_BURST]."""
    hello_timeout: float = 10.0
    """Seconds a new WebSocket has to send ``hello`` [PAKKA_HELLO_TIMEOUT]."""
    sqlite_sync: str = "NORMAL"
    """SQLite ``synchronous`` pragma: NORMAL survives a killed process, FULL also
    a power cut [PAKKA_SQLITE_SYNC]."""
    trusted_proxies: str = ""
    """Comma-separated addresses of the reverse proxies whose ``X-Forwarded-For``
    header names the real client (rate limits key on it); from anyone else the
    header is ignored [PAKKA_TRUSTED_PROXIES]."""
    origins: str = ""
    """Comma-separated extra origins (``https://cards.example``) whose pages may make
    state-changing requests and open WebSockets, besides the site's own origin as
    the Host header and scheme give it (:mod:`pakka.server.origin`); for a proxy that
    rewrites Host [PAKKA_ORIGINS]."""
    chat_retention_days: float = 30.0
    """Days a table's chat is kept; older messages are blanked on start and daily
    (the log keeps their numbers) [PAKKA_CHAT_RETENTION_DAYS]."""
    static_dir: str | None = field(default=None)
    """Directory of the browser client (default: the package's ``static``) [PAKKA_STATIC_DIR]."""
    gc_thresholds: str = ""
    """The garbage collector's thresholds of a serving process, three positive integers
    like ``10000,20,100``; empty: :data:`pakka.server.gcpolicy.THRESHOLDS`
    [PAKKA_GC_THRESHOLDS]."""
    allow_stacked_decks: bool = False
    """Testing only: ``POST /api/tables`` accepts ``deck`` (a stacked deal) and ``setup``
    (actions played before anyone connects). A production server never sets it: a
    stacked deck is a known deal [PAKKA_ALLOW_STACKED_DECKS]."""

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        """Defaults, then ``PAKKA_*`` variables, then ``overrides`` (``None`` ignored)."""
        s = cls()
        for f in fields(cls):
            raw = os.environ.get("PAKKA_" + f.name.upper())
            if raw is not None and raw != "":
                current = getattr(s, f.name)
                if isinstance(current, bool):
                    setattr(s, f.name, raw.strip().lower() in ("1", "true", "yes", "on"))
                elif isinstance(current, float):
                    setattr(s, f.name, float(raw))
                elif isinstance(current, int):
                    setattr(s, f.name, int(raw))
                else:
                    setattr(s, f.name, raw)
        for k, v in overrides.items():
            if v is not None:
                setattr(s, k, v)
        return s
