"""The server's own limits: request bodies counted while they are read, JSON
nesting depth of WebSocket messages, the hint rate limit, who may read an
unlisted table, spectators that send tokens, health and metrics."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

from pakka.server.limits import MAX_BODY, MAX_DEPTH, RateLimiter, too_deep

from .conftest import Server, check_error_msg, watch
from .test_restart import Process, free_port

JSON = {"Content-Type": "application/json"}


def rss_kb(pid: int) -> int:
    """The resident set size of process ``pid`` in kB (Linux ``/proc``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def chunks(total: int, size: int = 64 * 1024) -> Iterator[bytes]:
    """``total`` bytes of a (never-ending) JSON string, ``size`` at a time."""
    yield b'{"game": "toy", "name": "'
    sent = 0
    block = b"x" * size
    while sent < total:
        yield block
        sent += size


def test_chunked_body_is_refused_at_the_limit(server: Server) -> None:
    r = server.http.post("/api/tables", content=chunks(2 * MAX_BODY))
    assert r.status_code == 413, r.text
    assert r.json()["error"] == "payload_too_large"
    # a declared length is refused too, and a small chunked body still works
    r = server.http.post("/api/tables", content=b"x" * (MAX_BODY + 1))
    assert r.status_code == 413 and r.json()["error"] == "payload_too_large"
    check_error_msg(r.json()["msg"])
    r = server.http.post(
        "/api/tables", content=iter([b'{"game": ', b'"toy", "players": 2}']), headers=JSON
    )
    assert r.status_code == 201, r.text


def test_huge_chunked_upload_keeps_memory_flat(tmp_path: Path) -> None:
    """64 MB sent chunked (no Content-Length): 413, and the server process's memory
    does not grow with the body (before the fix it read and kept all of it)."""
    p = Process(f"sqlite:///{tmp_path / 'pakka.sqlite3'}", free_port(), tmp_path / "server.log")
    try:
        p.http.post("/api/tables", content=chunks(2 * MAX_BODY))  # warm the code paths
        before = rss_kb(p.proc.pid)
        t0 = time.monotonic()
        with httpx.Client(base_url=p.base, timeout=60) as h:
            r = h.post("/api/tables", content=chunks(64 * 1024 * 1024), headers=JSON)
        assert r.status_code == 413, r.text
        assert r.json()["error"] == "payload_too_large"
        grown = rss_kb(p.proc.pid) - before
        assert grown < 30 * 1024, f"server RSS grew by {grown} kB"
        assert time.monotonic() - t0 < 60
        assert p.http.get("/api/games").status_code == 200  # still serving
    finally:
        p.kill()


def test_too_deep_counts_brackets_outside_strings() -> None:
    assert not too_deep('{"type": "ping", "id": "' + "[" * 100 + '"}')
    assert not too_deep("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    assert too_deep("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert too_deep('{"a": "\\"[", "b": ' + "{" * 40)  # an escaped quote ends no string


def test_deeply_nested_message_gets_an_error_and_the_connection_stays(server: Server) -> None:
    t = server.create(game="toy", players=2, take_seat=0)
    c = server.client(t["table_id"], tokens=[t["seat_tokens"]["0"]])
    c.drain()
    deep = "[" * 2000 + "]" * 2000  # 4,000 bytes: within the frame limit
    assert len(deep) <= server.settings.max_frame
    c.send(deep)
    assert c.recv_type("error")["code"] == "too_deep"
    c.send('{"type": "ping", "id": ' + "{" * 1500 + "}" * 1500 + "}")
    assert c.recv_type("error")["code"] == "too_deep"
    c.send({"type": "ping", "id": 7})
    assert c.recv_type("pong")["id"] == 7
    # before hello too
    raw = server.raw_client(t["table_id"])
    raw.send(deep)
    assert raw.recv()["code"] == "too_deep"
    raw.send({"type": "hello", "tokens": [t["seat_tokens"]["0"]]})
    assert raw.recv_type("welcome")["seats"] == [0]


def test_hints_are_rate_limited_per_client(sqlite_url: str) -> None:
    s = Server(sqlite_url, hint_rate=0.5, hint_burst=3)
    try:
        tid = s.create(game="toy", players=2)["table_id"]
        url = f"/api/tables/{tid}/hint"
        body: dict[str, Any] = {}  # the toy game has no hints: refused after the limit check
        codes = [s.http.post(url, json=body).status_code for _ in range(4)]
        assert codes == [404, 404, 404, 429]
        r = s.http.post(url, json=body)
        assert r.status_code == 429 and r.json()["error"] == "rate_limited"
        check_error_msg(r.json()["msg"])
        assert 1 <= int(r.headers["Retry-After"]) <= 2
        # the rest of the API is not affected
        assert s.http.get("/api/games").status_code == 200
    finally:
        s.stop()


def test_rate_limiter_refills_and_forgets_idle_addresses() -> None:
    lim = RateLimiter(rate=1000.0, burst=2)
    assert lim.wait("a") == 0 and lim.wait("a") == 0
    assert lim.wait("a") > 0
    time.sleep(0.01)
    assert lim.wait("a") == 0
    lim.MAX_KEYS = 3
    for k in "bcd":
        lim.wait(k)
    time.sleep(0.01)
    lim.wait("e")
    assert len(lim.buckets) <= 3


def test_unlisted_table_needs_a_credential_to_be_read(server: Server) -> None:
    t = server.create(game="toy", players=2, take_seat=0, seats=[{}, {"kind": "bot"}])
    tid = t["table_id"]
    paths = [f"/api/tables/{tid}", f"/api/tables/{tid}/games", f"/api/tables/{tid}/games/1/record"]
    for path in paths:
        r = server.http.get(path)
        assert r.status_code == 401 and r.json()["error"] == "unauthorized", path
        assert r.json()["msg"]["key"] == "error.unlisted"
        check_error_msg(r.json()["msg"])
        assert "X-Spectator-Code" in r.json()["message"]
        assert server.http.get(path, headers={"X-Spectator-Code": "A" * 22}).status_code == 401
        bad = {"Authorization": "Bearer " + "B" * 22}
        assert server.http.get(path, headers=bad).status_code == 401
    seat = {"Authorization": f"Bearer {t['seat_tokens']['0']}"}
    admin = {"Authorization": f"Bearer {t['admin_token']}"}
    for headers in (watch(t), seat, admin):
        assert server.http.get(paths[0], headers=headers).json()["table_id"] == tid
        assert server.http.get(paths[1], headers=headers).status_code == 200
        assert server.http.get(paths[2], headers=headers).status_code == 409  # not over yet
    # another table's credentials do not open this one
    other = server.create(game="toy", players=2, take_seat=0)
    assert server.http.get(paths[0], headers=watch(other)).status_code == 401
    other_seat = {"Authorization": f"Bearer {other['seat_tokens']['0']}"}
    assert server.http.get(paths[0], headers=other_seat).status_code == 401
    # listed tables stay public, unknown ones are 404
    listed = server.create(game="toy", players=2, listed=True)
    assert server.http.get(f"/api/tables/{listed['table_id']}").status_code == 200
    assert server.http.get("/api/tables/nope").status_code == 404
    assert server.http.get("/api/tables/nope/games/1/record").status_code == 404


def test_closed_unlisted_table_record_needs_a_credential(sqlite_url: str) -> None:
    """After a restart a closed table is no longer live: its records are checked
    against the stored credentials."""
    s = Server(sqlite_url)
    try:
        t = s.create(game="toy", players=2, take_seat=0, seats=[{}, {"kind": "bot"}])
        c = s.client(t["table_id"], tokens=[t["seat_tokens"]["0"]])
        while True:
            f = c.recv_type("state")
            if f["view"]["is_terminal"]:
                break
            if f["legal"]:
                c.send(
                    {"type": "action", "state_id": f["state_id"], "action": f["legal"][0]["text"]}
                )
        c.close()
        admin = {"Authorization": f"Bearer {t['admin_token']}"}
        assert s.http.post(f"/api/tables/{t['table_id']}/close", headers=admin).status_code == 200
    finally:
        s.stop()
    s = Server(sqlite_url)
    try:
        path = f"/api/tables/{t['table_id']}/games/1/record"
        assert t["table_id"] not in s.hub.tables
        assert s.http.get(path).status_code == 401
        assert s.http.get(path, headers=watch(t)).status_code == 200
        seat = {"Authorization": f"Bearer {t['seat_tokens']['0']}"}
        assert s.http.get(path, headers=seat).status_code == 200
    finally:
        s.stop()


def test_spectator_that_sends_tokens_becomes_a_seat_connection(server: Server) -> None:
    t = server.create(game="toy", players=2, take_seat=1)
    tid, tok = t["table_id"], t["seat_tokens"]["1"]
    w = server.client(tid, watch=t["spectator"]["code"])
    assert w.welcome["spectator"] and w.welcome["seats"] == []
    w.drain()
    w.send({"type": "hello", "tokens": [tok]})
    again = w.recv_type("welcome")
    assert again["seats"] == [1] and not again["spectator"]
    f = w.wait_state(0, 1)
    assert f["seat"] == 1 and f["legal"]  # seat 1 moves first
    w.send({"type": "action", "state_id": 0, "action": f["legal"][0]["text"]})
    assert w.wait_state(1, 1)["last_action"]["by"] == "human"
    # and back: a hello to watch gives the seats up
    w.send({"type": "hello", "watch": t["spectator"]["code"]})
    back = w.recv_type("welcome")
    assert back["spectator"] and back["seats"] == []
    # a first hello with both tokens and a spectator code holds the seat
    both = server.client(tid, tokens=[tok], watch=t["spectator"]["code"])
    assert both.welcome["seats"] == [1] and not both.welcome["spectator"]


def test_human_call_on_a_left_seat_issues_a_fresh_invite(server: Server) -> None:
    t = server.create(game="toy", players=2, take_seat=0)
    tid = t["table_id"]
    admin = {"Authorization": f"Bearer {t['admin_token']}"}
    tok1 = server.claim(t["invites"][0]["code"], "B")["token"]
    c0 = server.client(tid, tokens=[t["seat_tokens"]["0"]])
    c0.wait_state(0, 0)
    # seat 1 (first to move) leaves: a zombie plays for it
    assert (
        server.http.post(
            f"/api/tables/{tid}/leave", headers={"Authorization": f"Bearer {tok1}"}
        ).status_code
        == 200
    )
    c0.wait_state(1, 0)
    r = server.http.post(f"/api/tables/{tid}/seats/1/human", headers=admin)
    assert r.status_code == 200, r.text
    invite = r.json()["invite"]
    assert invite["seat"] == 1 and invite["url"] == f"/#invite={invite['code']}"
    summary = server.http.get(f"/api/tables/{tid}", headers=admin).json()
    assert not summary["seats"][1]["zombie"]
    # the invite lets a new player in, who can play the seat
    new = server.claim(invite["code"], "C")
    assert new["seat"] == 1
    c1 = server.client(tid, tokens=[new["token"]])
    c1.drain()
    # a claimed seat's "human" call issues nothing: its holder is there
    r = server.http.post(f"/api/tables/{tid}/seats/1/human", headers=admin)
    assert r.status_code == 200 and r.json()["invite"] is None
