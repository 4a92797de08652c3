"""Start the pakka server for the browser tests: ``python _serve.py PORT DB``.

Runs the real server app (``pakka.server.create_app``) with a fast bot pause,
plus the client's text endpoints (``pakka.server.catalogue``) in case the app
does not include them yet.
"""

from __future__ import annotations

import os
import sys

import uvicorn
from starlette.routing import BaseRoute

from pakka.server import catalogue, create_app
from pakka.server.config import Settings


def main() -> None:
    """Serve on 127.0.0.1:PORT with the SQLite file DB."""
    port, db = int(sys.argv[1]), sys.argv[2]
    # Bots move at once unless the test's environment sets PAKKA_BOT_PAUSE.
    pause = None if os.environ.get("PAKKA_BOT_PAUSE") else 0.0
    app = create_app(Settings.from_env(db=db, bot_pause=pause))
    have = {getattr(r, "path", None) for r in app.router.routes}
    mine: list[BaseRoute] = [
        r for r in catalogue.router.routes if getattr(r, "path", None) not in have
    ]
    # Before the static mount at "/", which would otherwise answer first.
    app.router.routes[0:0] = mine
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


if __name__ == "__main__":
    main()
