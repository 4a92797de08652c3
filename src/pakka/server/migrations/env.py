"""Alembic environment: migrates the engine handed over in ``config.attributes``."""

from __future__ import annotations

from alembic import context

from pakka.server.db import metadata

engine = context.config.attributes["engine"]
with engine.begin() as connection:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    context.run_migrations()
