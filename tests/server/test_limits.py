"""The server's own limits: request bodies counted while they are read, JSON
nesting depth of WebSocket messages, the hint rate limit, who may read an
unlisted table, spectators that send tokens, health and metrics."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx

from pakka.server.limits import MAX_BODY, MAX_DEPTH, too_deep

from .conftest import Server
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
    r = server.http.post(
        "/api/tables", content=iter([b'{"game": ', b'"toy", "players": 2}']), headers=JSON
    )
    assert r.status_code == 201, r.text


def test_huge_chunked_upload_keeps_memory_flat(tmp_path: Path) -> None:
    """64 MB sent chunked (no Content-Length): 413, and the server process's memory
    does not grow with the body (before the fix it read and kept all of it)."""
    p = Process(f"sqlite:///{tmp_path / 'pakka.sqlite3'}", free_port())
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
