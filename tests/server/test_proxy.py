"""A real reverse proxy in front of several server processes: nginx (its own
config, pid file and temp directory, on a loopback port) proxies HTTP and
websockets to two ``pakka serve`` processes on one PostgreSQL database. One
process is SIGKILLed in the middle of games with humans and bots: the humans'
clients reconnect through the proxy and play on, every acknowledged action is
in the database, nothing is applied twice, and the bots resume within 5 s."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import text
from websockets.exceptions import ConnectionClosed

from pakka.server.db import make_engine
from pakka.server.procs import NGINX, start_nginx, stop_child

from .conftest import Client, drop_pg_db, fresh_pg_db, texts
from .test_multiprocess import Process


def _free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = int(s.getsockname()[1])
    s.close()
    return port


class Nginx:
    """nginx in the foreground as this test's child, proxying to ``upstreams``."""

    def __init__(self, tmp: Path, upstreams: list[str]) -> None:
        self.port = _free_port()
        self.proc = start_nginx(tmp, self.port, upstreams)
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        self.http = httpx.Client(base_url=self.base, timeout=10)
        deadline = time.time() + 20
        while True:
            assert self.proc.poll() is None, (tmp / "error.log").read_text()
            try:
                if self.http.get("/healthz").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.time() < deadline, "nginx did not start"
            time.sleep(0.1)

    def client(self, table_id: str, **hello: Any) -> Client:
        return Client(self.ws_base + f"/ws/tables/{table_id}", dict(hello), self.http)

    def stop(self) -> None:
        """Stop this nginx (its master, by its own pid)."""
        self.http.close()
        stop_child(self.proc)


@pytest.fixture
def site(pg_url: str, tmp_path: Path) -> Iterator[tuple[Nginx, list[Process], str]]:
    """nginx in front of two server processes on one fresh PostgreSQL database."""
    if not Path(NGINX).exists():
        pytest.fail("nginx is required (./test.sh installs it)")
    url = fresh_pg_db(pg_url)
    procs = [Process(url, tmp_path / "p0.log"), Process(url, tmp_path / "p1.log")]
    proxy = Nginx(tmp_path, [p.base.removeprefix("http://") for p in procs])
    yield proxy, procs, url
    proxy.stop()
    for p in procs:
        p.kill()
    drop_pg_db(url)


def _stored(url: str, table_id: str) -> tuple[list[int], list[tuple[int, str]]]:
    engine = make_engine(url)
    with engine.connect() as c:
        seqs = [
            int(r[0])
            for r in c.execute(
                text("SELECT seq FROM events WHERE table_id = :t ORDER BY seq"), {"t": table_id}
            ).all()
        ]
        acts = [
            (int(r[0]), str(r[1]))
            for r in c.execute(
                text("SELECT idx, action FROM actions WHERE table_id = :t ORDER BY idx"),
                {"t": table_id},
            ).all()
        ]
    engine.dispose()
    return seqs, acts


def _holder_of(url: str, table_id: str, procs: list[Process]) -> Process:
    """The process that holds ``table_id``'s lease (runs its bots)."""
    nodes = {p.http.get("/healthz").headers["X-Pakka-Node"]: p for p in procs}
    engine = make_engine(url)
    with engine.connect() as c:
        holder = c.execute(
            text("SELECT holder FROM leases WHERE table_id = :t"), {"t": table_id}
        ).scalar()
    engine.dispose()
    return nodes[str(holder)]


def test_failover_through_nginx_loses_nothing(site: tuple[Nginx, list[Process], str]) -> None:
    proxy, procs, url = site
    t = proxy.http.post(
        "/api/tables", json={"game": "toy", "players": 3, "hotseat": True, "options": {"hand": 3}}
    ).json()
    tid, toks = t["table_id"], list(t["seat_tokens"].values())
    bots = [{"kind": "bot", "level": "easy"} for _ in range(3)]
    b = proxy.http.post(
        "/api/tables", json={"game": "toy", "players": 3, "seats": bots, "options": {"hand": 3}}
    ).json()
    w = proxy.client(b["table_id"], watch=b["spectator"]["code"])
    c = proxy.client(tid, tokens=toks)
    acked: list[tuple[int, str]] = []  # (index, action) the server confirmed
    sid = 0
    killed = False
    retries = 0
    while True:
        try:
            f = c.wait_state(sid, 0, timeout=15)
            cp = f["view"]["current_player"]
            if cp is None:
                break
            legal = texts(c.wait_state(sid, cp, timeout=15))
            c.send({"type": "action", "seat": cp, "state_id": sid, "action": legal[0]})
            done = c.wait_state(sid + 1, cp, timeout=15)
            assert done["last_action"]["action"] == legal[0]
            acked.append((sid, legal[0]))
            sid += 1
        except (ConnectionClosed, TimeoutError, OSError):
            # the process behind this connection died: reconnect through the proxy
            retries += 1
            assert retries <= 3, "could not get back to the table"
            time.sleep(0.5)
            c = proxy.client(tid, tokens=toks)
            sid = c.wait_state(0, 0, timeout=15)["state_id"]
            continue
        if sid == 3 and not killed:
            victim = _holder_of(url, b["table_id"], procs)
            victim.kill()  # SIGKILL, this test's own child only
            killed, killed_at = True, time.time()
    assert killed and sid == 9
    seqs, acts = _stored(url, tid)
    assert seqs == list(range(1, len(seqs) + 1)), "an event number was skipped or reused"
    assert acts == acked, "an acknowledged action is missing or one was applied twice"
    # the bots' table plays on after the kill: its first action stored after the kill
    # comes within 5 s (unless its game was over before), and it plays to its end
    engine = make_engine(url)
    q_after = text("SELECT min(at) FROM actions WHERE table_id = :t AND at > :k")
    q_total = text("SELECT count(*) FROM actions WHERE table_id = :t")
    first_after = None
    total = 0
    try:
        while time.time() < killed_at + 30:
            with engine.connect() as cx:
                first_after = cx.execute(q_after, {"t": b["table_id"], "k": killed_at}).scalar()
                total = int(cx.execute(q_total, {"t": b["table_id"]}).scalar() or 0)
            if total == 9:
                break
            time.sleep(0.2)
    finally:
        engine.dispose()
    assert total == 9, "the bots did not finish their game after the kill"
    if first_after is not None:
        assert first_after - killed_at < 5.0, "the bots did not resume within 5 s"
    bseqs, bacts = _stored(url, b["table_id"])
    assert bseqs == list(range(1, len(bseqs) + 1))
    assert [i for i, _ in bacts] == list(range(9))
    # and its spectator, through the proxy, sees the end
    w2 = proxy.client(b["table_id"], watch=b["spectator"]["code"])
    assert w2.wait_state(9, None, timeout=15)["view"]["is_terminal"]
    w.close()
