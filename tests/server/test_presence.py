"""Presence (issue 16): each seat of the table summary says whether its player is
connected, idle (the client says so) or gone (no connection)."""

from __future__ import annotations

from typing import Any

from .conftest import Client, Server


def _presence(c: Client, seat: int, want: str) -> dict[str, Any]:
    """Read frames until one carries a summary in which ``seat`` is ``want``."""
    for _ in range(50):
        f = c.recv()
        table = f.get("table")
        if isinstance(table, dict) and table["seats"][seat]["presence"] == want:
            return table
    raise AssertionError(f"seat {seat} never became {want}")


def test_presence_connected_idle_gone(server: Server) -> None:
    """Connected when a client holds the seat, idle when every client holding it says
    its player is away, connected again when one is back, gone when none is left; a
    bot seat is always connected."""
    t = server.create(
        game="toy",
        players=3,
        seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}],
        take_seat=0,
    )
    assert [s["presence"] for s in t["table"]["seats"]] == ["gone", "gone", "connected"]
    a = server.client(t["table_id"], tokens=[t["seat_tokens"]["0"]])
    assert a.welcome["table"]["seats"][0]["presence"] == "connected"
    tok = server.claim(t["invites"][0]["code"], "Bea")["token"]
    b = server.client(t["table_id"], tokens=[tok])
    assert b.welcome["table"]["seats"][1]["presence"] == "connected"
    b.send({"type": "presence", "idle": True})
    assert _presence(a, 1, "idle")["seats"][0]["presence"] == "connected"
    b2 = server.client(t["table_id"], tokens=[tok])  # a second window, not idle
    _presence(a, 1, "connected")
    b2.close()
    _presence(a, 1, "idle")
    b.send({"type": "presence", "idle": False})
    _presence(a, 1, "connected")
    b.close()
    table = _presence(a, 1, "gone")
    assert table["seats"][2]["presence"] == "connected"
    a.send({"type": "presence", "idle": "yes"})
    assert a.recv_type("error")["code"] == "invalid"
    a.close()


def test_live_tables_and_the_spectator_count(server: Server) -> None:
    """``GET /api/tables/live`` lists listed tables in play (never unlisted or
    finished ones); a spectator raises the count the players see, leaving lowers it."""
    listed = server.create(game="toy", players=2, take_seat=0, listed=True, name="Watch me")
    unlisted = server.create(game="toy", players=2, take_seat=0)
    live = server.http.get("/api/tables/live").json()["tables"]
    ids = [x["table_id"] for x in live]
    assert listed["table_id"] in ids and unlisted["table_id"] not in ids
    row = next(x for x in live if x["table_id"] == listed["table_id"])
    assert row["name"] == "Watch me" and row["spectators"] == 0 and row["players"] == 2
    assert row["bots"] == [None, None]  # two seats for people
    with_bots = server.create(
        game="toy",
        players=3,
        take_seat=0,
        listed=True,
        seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}, {"kind": "bot"}],
    )
    live = server.http.get("/api/tables/live").json()["tables"]
    row = next(x for x in live if x["table_id"] == with_bots["table_id"])
    # The bots' levels, so that the lobby names them as the table does ("Bot, easy").
    assert row["bots"] == [None, "easy", "medium"] and row["names"][1:] == [None, None]
    a = server.client(listed["table_id"], tokens=[listed["seat_tokens"]["0"]])
    w = server.client(listed["table_id"])  # a listed table: no code needed
    assert w.welcome["spectator"] is True
    for _ in range(20):
        f = a.recv()
        if f.get("table") and f["table"]["spectators"] == 1:
            break
    else:
        raise AssertionError("the player never saw the spectator")
    w.close()
    for _ in range(20):
        f = a.recv()
        if f.get("table") and f["table"]["spectators"] == 0:
            break
    else:
        raise AssertionError("the spectator never left")
    a.close()
