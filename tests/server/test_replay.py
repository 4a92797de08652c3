"""Replays of finished games (``GET /api/tables/{id}/games/{n}/replay``): the record
played through the engine, every seat's view at every step, under the records'
access rule (a listed table's finished games are public, an unlisted table's need
its spectator code or a seat or admin token)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from pakka.core.record import Record

from .conftest import Server, watch

# Every registered game, with options that keep an all-bot game short.
GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "koodinmurtaja": (2, {}),
    "viisisataa": (3, {"max_hands": 2}),
    "ravaytys": (3, {"max_turns_per_round": 4}),
    "zoker-solo": (1, {}),
    "zoker-memo": (2, {"layout": 8}),
    "zoker-tiko": (2, {}),
    "zoker-kubo": (2, {}),
    "zoker-pairs": (1, {"cards": 8}),
}


def finished_table(
    server: Server, game: str, listed: bool = False, human: bool = False
) -> dict[str, Any]:
    """A table of ``game`` whose first game the bots have played to the end (seat 0
    a person who never moves when ``human``)."""
    players, options = GAMES[game]
    seats: list[dict[str, Any]] = [{"kind": "bot", "level": "easy"} for _ in range(players)]
    body: dict[str, Any] = {"game": game, "players": players, "options": options}
    if human:
        seats[0] = {"kind": "human", "name": "Aino"}
        body["take_seat"] = 0
    t = server.create(**body, seats=seats, listed=listed)
    if human:
        return t
    deadline = time.time() + 120
    while True:
        r = server.http.get(f"/api/tables/{t['table_id']}", headers=watch(t))
        if r.json()["is_terminal"]:
            return t
        assert time.time() < deadline, f"{game}: the bots did not finish"
        time.sleep(0.05)


def rebuild(replay: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Every step's whole view of ``seat`` from the replay's differences."""
    out: list[dict[str, Any]] = []
    for step in replay["views"]:
        out.append({**(out[-1] if out else {}), **step[seat]})
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_replay_is_the_engine_s_views_at_every_step(server: Server, game: str) -> None:
    """Each step's view of every seat is exactly ``State.view(seat)`` after that many
    actions of the record, and the logs are the seats' visible logs."""
    t = finished_table(server, game)
    tid = t["table_id"]
    r = server.http.get(f"/api/tables/{tid}/games/1/replay", headers=watch(t))
    assert r.status_code == 200, r.text
    rep = r.json()
    rec = Record.from_json(
        server.http.get(f"/api/tables/{tid}/games/1/record", headers=watch(t)).text
    )
    assert rep["steps"] == len(rec.actions) + 1 == len(rep["views"]) == len(rep["moves"])
    assert rep["game"] == game and rep["players"] == rec.players
    state = rec.new_state()
    seats = range(rec.players)
    views = [rebuild(rep, s) for s in seats]
    for i in range(rep["steps"]):
        if i:
            assert rep["moves"][i] == {"seat": state.current_player, "action": rec.actions[i - 1]}
            state.apply(rec.actions[i - 1])
        for s in seats:
            assert views[s][i] == state.view(s, log=False), f"{game} step {i} seat {s}"
            assert rep["log_sizes"][i][s] == len(state.log_for(s))
    assert state.is_terminal
    assert rep["logs"] == [state.log_for(s) for s in seats]
    assert rep["moves"][0] is None
    steps = [m["step"] for m in rep["marks"]]
    assert steps == sorted(steps) and all(0 <= x < rep["steps"] for x in steps)
    if rec.players > 1:
        assert any(m["kind"] == "turn" for m in rep["marks"])


@pytest.mark.parametrize(
    ("game", "kinds"),
    [
        ("viisisataa", {"hand", "trick", "turn"}),
        ("zoker-tiko", {"trick", "turn"}),
        ("ravaytys", {"round", "turn"}),
        ("koodinmurtaja", {"game", "turn"}),
        ("zoker-kubo", {"round", "turn"}),
    ],
)
def test_replay_marks_hands_rounds_and_tricks(server: Server, game: str, kinds: set[str]) -> None:
    """The steps to jump to are read from the public view's counters: a hand or round
    starts where its number changes, a trick just before its lead card."""
    t = finished_table(server, game)
    rep = server.http.get(f"/api/tables/{t['table_id']}/games/1/replay", headers=watch(t)).json()
    public = rebuild(rep, 0)
    field = "trick" if game == "viisisataa" else "pile"
    if "trick" in kinds and not any(v.get(field) for v in public):
        kinds = kinds - {"trick"}  # every hand was thrown in: no card was played
    assert {m["kind"] for m in rep["marks"]} == kinds
    first = {k: min(m["no"] for m in rep["marks"] if m["kind"] == k) for k in kinds}
    assert all(v == 1 for v in first.values()), first
    for m in rep["marks"]:
        if m["kind"] == "trick":
            assert not public[m["step"]][field] and public[m["step"] + 1][field]


def test_replay_access_rule(server: Server) -> None:
    """An unlisted table's replay needs its spectator code or a seat or admin token;
    a listed table's is public; a game still running has no replay."""
    t = finished_table(server, "zoker-tiko")
    url = f"/api/tables/{t['table_id']}/games/1/replay"
    r = server.http.get(url)
    assert r.status_code == 401 and r.json()["error"] == "unauthorized"
    assert server.http.get(url, headers={"X-Spectator-Code": "x" * 22}).status_code == 401
    assert server.http.get(url, headers=watch(t)).status_code == 200
    admin = {"Authorization": "Bearer " + t["admin_token"]}
    assert server.http.get(url, headers=admin).status_code == 200
    listed = finished_table(server, "zoker-tiko", listed=True)
    assert server.http.get(f"/api/tables/{listed['table_id']}/games/1/replay").status_code == 200
    running = finished_table(server, "zoker-tiko", human=True)
    seat = {"Authorization": "Bearer " + running["seat_tokens"]["0"]}
    r = server.http.get(f"/api/tables/{running['table_id']}/games/1/replay", headers=seat)
    assert r.status_code == 409 and r.json()["error"] == "conflict"
    # The seat's holder hands the seat to a bot; once the game is over, the seat's
    # token reads the replay too.
    rid = running["table_id"]
    r = server.http.post(
        f"/api/tables/{rid}/seats/0/bot", json={"level": "easy"}, headers=admin_of(running)
    )
    assert r.status_code == 200, r.text
    deadline = time.time() + 60
    while not server.http.get(f"/api/tables/{rid}", headers=seat).json()["is_terminal"]:
        assert time.time() < deadline
        time.sleep(0.05)
    assert server.http.get(f"/api/tables/{rid}/games/1/replay", headers=seat).status_code == 200
    assert server.http.get(f"/api/tables/{rid}/games/1/replay").status_code == 401
    r = server.http.get(f"/api/tables/{t['table_id']}/games/2/replay", headers=watch(t))
    assert r.status_code == 404


def admin_of(table: dict[str, Any]) -> dict[str, str]:
    """The creator's header."""
    return {"Authorization": "Bearer " + table["admin_token"]}


def test_replay_is_cached_and_served_with_an_etag(server: Server) -> None:
    """A finished game's replay is built once (the cache of the server process) and
    served with an ``ETag`` and ``Cache-Control``; ``If-None-Match`` with that tag gets
    ``304`` and no body, a different tag the whole replay again; the cache still
    applies the access rule (no credential: 401, never the cached body)."""
    t = finished_table(server, "zoker-tiko")
    tid = t["table_id"]
    url = f"/api/tables/{tid}/games/1/replay"
    cache = server.hub.replays
    builds, hits = cache.builds, cache.hits
    first = server.http.get(url, headers=watch(t))
    assert first.status_code == 200, first.text
    tag = first.headers["etag"]
    assert tag.startswith('"') and tag.endswith('"') and len(tag) == 34
    assert first.headers["cache-control"] == "private, max-age=3600"  # unlisted
    assert "X-Spectator-Code" in first.headers["vary"]
    assert cache.builds == builds + 1
    again = server.http.get(url, headers=watch(t))
    assert again.status_code == 200 and again.content == first.content
    assert again.headers["etag"] == tag
    assert cache.builds == builds + 1 and cache.hits == hits + 1  # not built again
    r = server.http.get(url, headers={**watch(t), "If-None-Match": tag})
    assert r.status_code == 304 and r.content == b"" and r.headers["etag"] == tag
    r = server.http.get(url, headers={**watch(t), "If-None-Match": f'W/"x", {tag}'})
    assert r.status_code == 304
    r = server.http.get(url, headers={**watch(t), "If-None-Match": '"something-else"'})
    assert r.status_code == 200 and r.content == first.content
    # The access rule comes first: no credential, no replay (and no 304 either).
    assert server.http.get(url).status_code == 401
    assert server.http.get(url, headers={"If-None-Match": tag}).status_code == 401
    # The body is the replay (the same JSON as before the cache).
    assert first.json()["table_id"] == tid and first.json()["game_no"] == 1
    listed = finished_table(server, "zoker-tiko", listed=True)
    r = server.http.get(f"/api/tables/{listed['table_id']}/games/1/replay")
    assert r.status_code == 200 and r.headers["cache-control"] == "public, max-age=3600"
    assert r.headers["etag"] != tag


def test_replay_cache_is_bounded_least_recently_used() -> None:
    """The cache keeps at most its number of entries and bytes, dropping the least
    recently used first; a changed entity tag is not answered from the cache."""
    from pakka.server.replay import ReplayCache

    cache = ReplayCache(entries=2, max_bytes=10)
    cache.put("a", 1, '"1"', b"aaaa")
    cache.put("b", 1, '"2"', b"bbbb")
    assert cache.get("a", 1, '"1"') == b"aaaa"  # a is now the most recent
    cache.put("c", 1, '"3"', b"cccc")  # three entries: b (least recent) goes
    assert len(cache) == 2 and cache.get("b", 1, '"2"') is None
    assert cache.get("a", 1, '"1"') == b"aaaa" and cache.get("c", 1, '"3"') == b"cccc"
    cache.put("d", 1, '"4"', b"dddddddd")  # 8 bytes: over 10 with any other
    assert len(cache) == 1 and cache.size == 8
    assert cache.get("d", 1, '"other"') is None  # another tag: not this replay
    cache.put("e", 1, '"5"', b"x" * 11)  # larger than the whole cache: not kept
    assert cache.get("e", 1, '"5"') is None and cache.size <= 10
