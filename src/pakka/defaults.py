"""Defaults shared by the command line and the server (one place, so that
``pakka serve --help``, the docs and the server agree)."""

from __future__ import annotations

DEFAULT_DB_FILE = "pakka.sqlite3"
"""The SQLite file the server uses without ``--db`` or ``$PAKKA_DB``, in the working
directory."""
DEFAULT_HOST = "127.0.0.1"
"""The address ``pakka serve`` listens on by default."""
DEFAULT_PORT = 8000
"""The port ``pakka serve`` listens on by default."""
