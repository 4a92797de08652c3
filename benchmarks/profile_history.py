"""What a profile page costs: ``GET /api/profiles/{id}`` for a player with 200
finished games, uncached (every game read with its actions and replayed through its
engine, as every request did before the result cache) and cached (each finished
game's result kept, :class:`pakka.server.playerstats.ResultCache`).

A SQLite database is filled directly with 200 finished games of random legal moves
(seeded: a mix of Viisisataa, Räväytys, Koodinmurtaja and Solo, each seated by the
profile), then the real application answers the request over HTTP (uvicorn in this
process: the lifespan, the database thread, the event loop). The figure is the
CPU time of the whole process per request (``time.process_time``: every thread),
the median of ``--repeats``; the uncached one empties the cache before each request.

    uv run python benchmarks/profile_history.py [--games 200] [--repeats 5] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from sqlalchemy import insert

import pakka
from pakka.bench import cpu_timed
from pakka.core.record import Record
from pakka.server import create_app, db
from pakka.server.config import Settings
from pakka.server.db import make_engine, migrate
from pakka.server.playerstats import ResultCache

MIX: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("viisisataa", 3, {"max_hands": 3}),
    ("ravaytys", 3, {"max_turns_per_round": 6}),
    ("koodinmurtaja", 3, {}),
    ("zoker-solo", 1, {}),
)
"""The games of the history, in turn (Viisisataa and Räväytys capped so that a random
game ends; the caps are options of the record, replayed as stored)."""

PROFILE = "bench-profile"


def played(game: str, players: int, options: dict[str, Any], seed: int) -> tuple[Record, list[int]]:
    """A finished game of seeded random legal moves and the seat of each action."""
    state = pakka.load(game, players=players, **options).new_state(seed=seed)
    rng = random.Random(seed)
    seats = []
    while not state.is_terminal:
        seats.append(int(state.current_player or 0))
        state.apply(rng.choice(state.legal_actions()))
    return Record.from_state(state), seats


def fill(url: str, games: int) -> int:
    """A migrated database holding ``games`` finished games of :data:`PROFILE`
    (one table each, the profile in seat 0); returns the number of actions stored."""
    engine = make_engine(url)
    migrate(engine)
    now = time.time()
    total = 0
    with engine.begin() as c:
        c.execute(insert(db.profiles).values(id=PROFILE, name="Bench", created=now))
        for i in range(games):
            game, players, options = MIX[i % len(MIX)]
            rec, seats = played(game, players, options, seed=i)
            tid = f"bench{i:04d}"
            c.execute(
                insert(db.tables).values(
                    id=tid,
                    name=f"Table {i}",
                    game=game,
                    players=players,
                    options=json.dumps(rec.options),
                    listed=False,
                    hotseat=False,
                    clock=None,
                    admin_hash="a" * 64,
                    watch_hash="w" * 64,
                    created=now + i,
                    closed=True,
                    rated=False,
                )
            )
            for s in range(players):
                c.execute(
                    insert(db.seats).values(
                        table_id=tid,
                        seat=s,
                        kind="human",
                        level=None,
                        name="Bench" if s == 0 else f"P{s}",
                        status="claimed",
                        token_hash=None,
                        invite_hash=None,
                        zombie=False,
                        profile_id=PROFILE if s == 0 else None,
                    )
                )
            c.execute(
                insert(db.games).values(
                    table_id=tid,
                    game_no=1,
                    seed=rec.seed,
                    options=json.dumps(rec.options),
                    started=now + i,
                    finished=now + i + 1,
                    deck=None,
                    undos=0,
                )
            )
            c.execute(
                insert(db.actions),
                [
                    {
                        "table_id": tid,
                        "game_no": 1,
                        "idx": k,
                        "action": a,
                        "seat": seats[k],
                        "by": "human",
                        "at": now + i,
                    }
                    for k, a in enumerate(rec.actions)
                ],
            )
            total += len(rec.actions)
    engine.dispose()
    return total


def measure(url: str, games: int, repeats: int) -> dict[str, Any]:
    """CPU seconds per profile request, uncached and cached (medians of ``repeats``),
    over real HTTP to the application served by uvicorn in this process."""
    app = create_app(Settings(db=url))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(app, log_level="warning", lifespan="on", log_config=None)
    )
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.time() + 30
    while not server.started:
        if time.time() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.01)
    try:
        hub = app.state.hub
        client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=120)
        path = f"/api/profiles/{PROFILE}"

        def one(cold: bool) -> float:
            if cold:
                hub.results = ResultCache()
            r, spent = cpu_timed(client.get, path)
            assert r.status_code == 200, r.text
            assert len(r.json()["games"]) == games, len(r.json()["games"])
            return spent

        cold = [one(True) for _ in range(repeats)]
        one(False)  # fills the cache
        warm = [one(False) for _ in range(repeats)]
        client.close()
    finally:
        server.should_exit = True
        thread.join(30)
        sock.close()
    return {
        "games": games,
        "repeats": repeats,
        "uncached_cpu_s": round(statistics.median(cold), 4),
        "uncached_cpu_s_range": [round(min(cold), 4), round(max(cold), 4)],
        "cached_cpu_s": round(statistics.median(warm), 4),
        "cached_cpu_s_range": [round(min(warm), 4), round(max(warm), 4)],
        "speedup": round(statistics.median(cold) / statistics.median(warm), 1),
    }


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--json", type=Path, default=None, help="write the result here")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'history.sqlite3'}"
        actions = fill(url, args.games)
        result = measure(url, args.games, args.repeats)
    result["actions"] = actions
    result["load"] = list(os.getloadavg())
    text = json.dumps(result, indent=2)
    print(text)
    if args.json is not None:
        args.json.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
