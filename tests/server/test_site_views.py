"""What a multi-process site shows is the same whichever process a client asks: the
lobby lists (``/api/tables``, ``/api/tables/live``) come from the database, and
presence and spectator counts combine every process's connections (announced
through ``NOTIFY``, forgotten when a process stops announcing)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .conftest import Client, Server


def _until(what: Callable[[], Any], timeout: float = 20.0) -> Any:
    """Poll ``what`` until it is truthy (generous: the machine may be loaded)."""
    deadline = time.time() + timeout
    while True:
        got = what()
        if got:
            return got
        assert time.time() < deadline, "the site never showed it"
        time.sleep(0.1)


def _live(s: Server, tid: str) -> dict[str, Any] | None:
    rows = s.http.get("/api/tables/live").json()["tables"]
    return next((r for r in rows if r["table_id"] == tid), None)


def test_lists_presence_and_spectators_agree_across_processes(
    pair: tuple[Server, Server],
) -> None:
    a, b = pair
    t = a.create(game="toy", players=2, take_seat=0, listed=True, name="Lobby")
    tid = t["table_id"]
    # B never saw the table: its lobby list still has it, with its free seat
    for s in (a, b):
        rows = s.http.get("/api/tables").json()["tables"]
        row = next(r for r in rows if r["table_id"] == tid)
        assert row["free_seats"] == [1]
        assert _live(s, tid) is not None
    # the player is at A, two spectators at B: both processes say so
    player = a.client(tid, tokens=[t["seat_tokens"]["0"]])
    w1 = b.client(tid)
    w2 = b.client(tid)

    def seen(s: Server, presence: str, spectators: int) -> bool:
        summary = s.http.get(f"/api/tables/{tid}").json()
        live = _live(s, tid)
        return (
            summary["seats"][0]["presence"] == presence
            and summary["spectators"] == spectators
            and live is not None
            and live["spectators"] == spectators
        )

    _until(lambda: seen(a, "connected", 2) and seen(b, "connected", 2))

    # the clients at each process are told when the other process's presence changes
    def told(c: Client, spectators: int) -> bool:
        c.drain(0.2)
        tables = [f["table"] for f in c.frames if f["type"] == "table"]
        return bool(tables) and tables[-1]["spectators"] == spectators

    _until(lambda: told(w1, 2))
    player.send({"type": "presence", "idle": True})
    _until(lambda: seen(b, "idle", 2))
    w2.close()
    _until(lambda: seen(a, "idle", 1) and seen(b, "idle", 1))
    player.close()
    _until(lambda: seen(a, "gone", 1) and seen(b, "gone", 1))
    # a seat taken through B leaves A's lobby list
    r = b.http.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Bea"})
    assert r.status_code == 200, r.text
    _until(
        lambda: all(
            tid not in [x["table_id"] for x in s.http.get("/api/tables").json()["tables"]]
            for s in (a, b)
        )
    )
    w1.close()


def test_a_dead_processes_presence_is_forgotten(pair: tuple[Server, Server]) -> None:
    """A process that stops announcing (here: stopped) no longer counts: its
    spectators leave the count within the expiry."""
    a, b = pair
    t = a.create(game="toy", players=2, take_seat=0, listed=True)
    tid = t["table_id"]
    w = b.client(tid)
    _until(lambda: a.http.get(f"/api/tables/{tid}").json()["spectators"] == 1)
    # stop B's announcements without its clients saying goodbye: its bus stops
    hub = b.hub
    for task in (hub.bus.refresher, hub.bus.flush):
        if task is not None:
            hub.bus.refresher = None
            task.get_loop().call_soon_threadsafe(task.cancel)
    _until(lambda: a.http.get(f"/api/tables/{tid}").json()["spectators"] == 0, timeout=30)
    w.close()
