"""Rolling restart: nginx in front of two server processes on one PostgreSQL
database; while clients play through the proxy, every process in turn gets
SIGTERM (it drains: closes its connections, gives its leases up, exits) and is
started again on its port. No client action fails beyond one retry after its
connection was closed; every acknowledged action is in the database, none twice;
the bots' table plays on."""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from websockets.exceptions import WebSocketException

from pakka.server.db import make_engine
from pakka.server.procs import NGINX

from .conftest import Client, drop_pg_db, fresh_pg_db
from .test_multiprocess import Process
from .test_proxy import Nginx

PLAYERS = 4
"""Clients playing (one toy table each, holding both seats)."""


@pytest.fixture
def site(
    pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[Nginx, list[Process], str]]:
    """nginx in front of two server processes on one fresh PostgreSQL database."""
    if not Path(NGINX).exists():
        pytest.fail("nginx is required (./test.sh installs it)")
    # The clients play as fast as they are answered, faster than a person's 20
    # messages per second on an idle machine: the limit is not what is tested here.
    monkeypatch.setenv("PAKKA_MSG_RATE", "10000")
    url = fresh_pg_db(pg_url)
    logs = Path(os.environ.get("PAKKA_TEST_LOGS", tmp_path))
    procs = [Process(url, logs / f"r{i}-{os.getpid()}.log", 0.2) for i in range(2)]
    proxy = Nginx(tmp_path, [p.base.removeprefix("http://") for p in procs])
    yield proxy, procs, url
    proxy.stop()
    for p in procs:
        p.kill()
    drop_pg_db(url)


class Player(threading.Thread):
    """A client that plays both seats of one table through the proxy as fast as it
    is answered, the next game after each; an action whose connection closed
    before its answer is retried once on the fresh state after reconnecting."""

    def __init__(self, proxy: Nginx, table_id: str, tokens: list[str]) -> None:
        super().__init__(daemon=True)
        self.proxy, self.table_id, self.tokens = proxy, table_id, tokens
        self.stop = threading.Event()
        self.acked: list[tuple[int, str]] = []
        self.sent: list[tuple[int, str]] = []
        self.failed: list[str] = []  # actions that failed beyond a retry
        self.reconnects = 0
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self._play()
        except BaseException as e:  # reported by the test
            self.error = e

    def _connect(self) -> Client:
        """A connection through the proxy; while a process restarts nginx may answer
        502 for a moment (both upstreams marked failed): try again for up to 60 s."""
        deadline = time.time() + 60
        while True:
            try:
                return self.proxy.client(self.table_id, tokens=self.tokens)
            except (WebSocketException, TimeoutError, OSError):
                if time.time() > deadline:
                    raise
                time.sleep(0.5)

    def _play(self) -> None:
        c = self._connect()
        retry = False  # the last attempt lost its connection: this one is its retry
        while not self.stop.is_set():
            try:
                ok = self._step(c)
            except (WebSocketException, TimeoutError, OSError) as e:
                if retry:
                    self.failed.append(f"twice without an answer: {e!r}")
                retry = True
                self.reconnects += 1
                c = self._connect()
                continue
            if not ok:
                # a stale state (the client acted on a frame older than the table) is
                # answered with the fresh state: one retry on it must succeed
                if retry or c.frames[-1].get("code") != "stale_state":
                    self.failed.append(f"refused: {c.frames[-1]}")
                retry = True
                try:
                    c.drain(0.3)
                except (WebSocketException, TimeoutError, OSError):
                    # closed by a draining process while reading the fresh state: the
                    # retry goes through a new connection
                    self.reconnects += 1
                    c = self._connect()
                continue
            retry = False
        with contextlib.suppress(WebSocketException, OSError):
            c.close()

    def _step(self, c: Client) -> bool:
        """One action (or the next game); whether it was answered as expected."""
        latest = max(
            (f for f in c.frames if f["type"] == "state"),
            key=lambda f: f["state_id"],
            default=None,
        )
        if latest is None:
            latest = c.wait_state(0, 0, timeout=30)
        sid, view = latest["state_id"], latest["view"]
        if view["is_terminal"]:
            c.send({"type": "play_again", "game_no": latest["game_no"]})
            return self._answered(c, sid) is not None
        cp = view["current_player"]
        f = c.wait_state(sid, cp, timeout=30)
        if not f["legal"]:
            return True
        action = f["legal"][0]["text"]
        self.sent.append((f["game_no"], action))
        c.send({"type": "action", "seat": cp, "state_id": sid, "action": action})
        g = self._answered(c, sid)
        if g is None:
            return False
        last = g["last_action"]
        if last is not None and last["seat"] == cp and last["action"] == action:
            self.acked.append((f["game_no"], action))
            return True
        return False

    def _answered(self, c: Client, sid: int) -> dict[str, Any] | None:
        """The first state frame after ``sid`` (``None`` on an error frame)."""
        deadline = time.time() + 30
        while True:
            f = c.recv(max(0.01, deadline - time.time()))
            if f["type"] == "state" and f["state_id"] == sid + 1:
                return f
            if f["type"] == "error":
                return None


def _q(url: str, sql: str, **params: Any) -> list[Any]:
    engine = make_engine(url)
    try:
        with engine.connect() as c:
            return list(c.execute(text(sql), params).all())
    finally:
        engine.dispose()


def test_rolling_restart_under_load_fails_no_action(
    site: tuple[Nginx, list[Process], str],
) -> None:
    proxy, procs, url = site
    players = []
    for _ in range(PLAYERS):
        r = proxy.http.post(
            "/api/tables",
            json={"game": "toy", "players": 2, "hotseat": True, "options": {"hand": 3}},
        )
        assert r.status_code == 201, r.text
        t = r.json()
        players.append(Player(proxy, t["table_id"], list(t["seat_tokens"].values())))
    bots = [{"kind": "bot", "level": "easy"} for _ in range(2)]
    r = proxy.http.post("/api/tables", json={"game": "koodinmurtaja", "players": 2, "seats": bots})
    assert r.status_code == 201, r.text
    bot_table = r.json()["table_id"]
    for p in players:
        p.start()
    time.sleep(3.0)
    before = [len(p.acked) for p in players]
    for i in range(len(procs)):
        log = procs[i].log_path
        code = procs[i].terminate()  # SIGTERM: drain, give the leases up, exit
        # uvicorn re-raises the signal once it has shut down: -15 after a clean drain
        assert code in (0, -15), f"process {i} did not exit cleanly ({code})"
        assert log is not None and "Application shutdown complete" in log.read_text()
        time.sleep(1.0)  # load runs on the other process alone
        procs[i] = procs[i].restarted()
        time.sleep(2.0)
    time.sleep(2.0)
    for p in players:
        p.stop.set()
    for p in players:
        p.join(60)
    assert not [p.error for p in players if p.error or p.is_alive()]
    assert [p.failed for p in players] == [[] for _ in players], "actions failed"
    assert all(len(p.acked) > b for p, b in zip(players, before, strict=True)), "no progress"
    assert sum(p.reconnects for p in players) >= 1, "no connection was ever closed"
    for p in players:
        stored = [
            (int(g), str(a))
            for g, a in _q(
                url,
                "SELECT game_no, action FROM actions WHERE table_id = :t ORDER BY game_no, idx",
                t=p.table_id,
            )
        ]
        assert _is_subsequence(p.acked, stored), "an acknowledged action is missing"
        assert _is_subsequence(stored, p.sent), "an action was applied twice"
        seqs = [
            int(s)
            for (s,) in _q(
                url, "SELECT seq FROM events WHERE table_id = :t ORDER BY seq", t=p.table_id
            )
        ]
        assert seqs == list(range(1, len(seqs) + 1))
    # the bots' table played on through both restarts (a lease was handed over twice)
    n = _q(url, "SELECT count(*) FROM actions WHERE table_id = :t", t=bot_table)[0][0]
    finished = _q(
        url, "SELECT count(*) FROM games WHERE table_id = :t AND finished IS NOT NULL", t=bot_table
    )[0][0]
    assert int(n) > 0 and (int(finished) > 0 or int(n) >= 4)


def _is_subsequence(short: list[tuple[int, str]], long: list[tuple[int, str]]) -> bool:
    it = iter(long)
    return all(any(x == y for y in it) for x in short)
