"""Several server processes on one PostgreSQL database serve one site: a client
may use any of them for any table; the database decides between them (event log
numbers, leases), ``LISTEN/NOTIFY`` tells each of the others, and when the
process running a table's bots dies another takes over within 5 s."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
from sqlalchemy import text

from pakka.server.db import make_engine
from pakka.server.procs import kill_child

from .conftest import Client, Server, drop_pg_db, fresh_pg_db, texts, watch

HERE = Path(__file__).resolve().parent


def test_two_processes_one_table_frames_through_notify(pair: tuple[Server, Server]) -> None:
    """Seat 0 plays through server A, seat 1 through server B (which never saw the
    table created): each sees the other's actions; an invite used through B is
    used up for A too."""
    a, b = pair
    t = a.create(game="toy", players=2, take_seat=0)
    tid = t["table_id"]
    grant = b.claim(t["invites"][0]["code"], "Bea")
    r = a.http.post("/api/invites/claim", json={"code": t["invites"][0]["code"]})
    assert r.status_code == 410, r.text
    ca = a.client(tid, tokens=[t["seat_tokens"]["0"]])
    cb = b.client(tid, tokens=[grant["token"]])
    sid = 0
    for _ in range(4):
        fa = ca.wait_state(sid, 0)
        cp = fa["view"]["current_player"]
        if cp is None:
            break
        me, other = (ca, cb) if cp == 0 else (cb, ca)
        legal = texts(me.wait_state(sid, cp))
        me.send({"type": "action", "state_id": sid, "action": legal[0]})
        sid += 1
        seen = other.wait_state(sid, 1 - cp, timeout=10)
        assert seen["state_id"] == sid
    for s in (a, b):
        summary = s.http.get(f"/api/tables/{tid}", headers=watch(t)).json()
        assert summary["state_id"] == sid
        assert summary["seats"][1]["name"] == "Bea"


def test_listener_reconnects_after_its_backend_is_killed(pair: tuple[Server, Server]) -> None:
    """A's ``LISTEN`` backend is terminated by PostgreSQL: A's bus notices the lost
    connection, listens again on a new one, and an action of B's seat played through
    B reaches A's client through a notice, as before."""
    a, b = pair
    t = a.create(game="toy", players=2, take_seat=0)
    tid = t["table_id"]
    grant = b.claim(t["invites"][0]["code"], "Bea")
    ca = a.client(tid, tokens=[t["seat_tokens"]["0"]])
    cb = b.client(tid, tokens=[grant["token"]])
    frame = ca.wait_state(0, 0)
    old = a.hub.bus.backend_pid
    assert old is not None
    engine = make_engine(str(a.settings.db))
    with engine.connect() as c:
        assert c.execute(text("SELECT pg_terminate_backend(:p)"), {"p": old}).scalar()
    engine.dispose()
    deadline = time.time() + 30
    while a.hub.bus.backend_pid in (old, None) and time.time() < deadline:
        time.sleep(0.05)
    assert a.hub.bus.backend_pid not in (old, None), "A's bus did not listen again"
    sid, cp = 0, frame["view"]["current_player"]
    while cp == 0:  # A's own actions first, until it is B's seat's turn
        ca.send({"type": "action", "state_id": sid, "action": texts(ca.wait_state(sid, 0))[0]})
        sid += 1
        cp = ca.wait_state(sid, 0)["view"]["current_player"]
    assert cp == 1
    heard = a.hub.bus.notices
    cb.send({"type": "action", "state_id": sid, "action": texts(cb.wait_state(sid, 1))[0]})
    assert ca.wait_state(sid + 1, 0, timeout=10)["state_id"] == sid + 1
    assert a.hub.bus.notices > heard  # it came through a notice on the new connection
    ca.close()
    cb.close()


def test_second_claim_before_the_notice_arrives_is_410(pair: tuple[Server, Server]) -> None:
    """An invite claimed through B, then at once through A before A has heard of the
    claim (A's listener is held): A loses the insert race, catches up from the log and
    answers 410 ``invite_used``, never 409 ``stale_state``; nothing else changed."""
    a, b = pair
    t = a.create(game="toy", players=2, take_seat=0)
    tid = t["table_id"]
    held: list[tuple[str, int | None]] = []
    a.hub.bus.kick = lambda table_id, seq: held.append((table_id, seq))  # hold A's listener
    grant = b.claim(t["invites"][0]["code"], "Bea")
    live_a = a.hub.tables[tid]
    deadline = time.time() + 30
    while not held and time.time() < deadline:  # B's notice reached A and was held
        time.sleep(0.05)
    assert held, "B's claim was never announced"
    assert live_a.seq < b.hub.tables[tid].seq, "A must not have caught up yet"
    assert live_a.seats[1].invite_hash is not None
    r = a.http.post("/api/invites/claim", json={"code": t["invites"][0]["code"], "name": "Eve"})
    assert r.status_code == 410, r.text
    assert r.json()["error"] == "invite_used", r.text
    assert live_a.seq == b.hub.tables[tid].seq  # A caught up from the log
    for s in (a, b):
        summary = s.http.get(f"/api/tables/{tid}", headers=watch(t)).json()
        assert summary["seats"][1]["name"] == "Bea"
    cb = a.client(tid, tokens=[grant["token"]])  # B's grant holds the seat through A too
    assert cb.welcome["seats"] == [1]
    cb.close()


def test_same_state_through_two_processes_exactly_one_applied(
    pair: tuple[Server, Server],
) -> None:
    """The same seat sends an action for the same state through A and through B at
    once: the event log's unique number lets exactly one of them in."""
    a, b = pair
    t = a.create(game="toy", players=2, hotseat=True)
    tid = t["table_id"]
    toks = list(t["seat_tokens"].values())
    ca = a.client(tid, tokens=toks)
    cb = b.client(tid, tokens=toks)
    cp = ca.wait_state(0, 0)["view"]["current_player"]
    legal = texts(ca.wait_state(0, cp))
    cb.wait_state(0, cp)
    go = threading.Barrier(2)

    def send(c: Client, action: str) -> None:
        go.wait()
        c.send({"type": "action", "seat": cp, "state_id": 0, "action": action})

    th = [
        threading.Thread(target=send, args=(c, legal[min(i, len(legal) - 1)]))
        for i, c in enumerate((ca, cb))
    ]
    for x in th:
        x.start()
    for x in th:
        x.join()
    time.sleep(1.0)
    ca.drain()
    cb.drain()
    errors = [f for c in (ca, cb) for f in c.frames if f["type"] == "error"]
    assert [e["code"] for e in errors] == ["stale_state"], errors
    engine = make_engine(str(a.settings.db))
    with engine.connect() as c:
        n = c.execute(text("SELECT count(*) FROM actions WHERE table_id = :t"), {"t": tid}).scalar()
        kinds = c.execute(
            text("SELECT kind FROM events WHERE table_id = :t ORDER BY seq"), {"t": tid}
        ).all()
    engine.dispose()
    assert n == 1 and [k[0] for k in kinds] == ["create", "action"]
    assert ca.wait_state(1, cp)["state_id"] == cb.wait_state(1, cp)["state_id"] == 1


class Process:
    """``pakka.server.run`` in a child process that this test alone starts and kills."""

    def __init__(
        self, db: str, log: Path | None = None, bot_pause: float = 0.5, port: int = 0
    ) -> None:
        self.db = db
        self.log_path = log
        self.bot_pause = bot_pause
        if not port:
            sock = socket.socket()
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
            sock.close()
        self.port = port
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([str(HERE.parent), env.get("PYTHONPATH", "")])
        env["PAKKA_BOT_PAUSE"] = str(bot_pause)
        code = (
            "from server.toygame import register; register(); import pakka.server as s; "
            f"s.run(host='127.0.0.1', port={port}, db={db!r})"
        )
        # stderr to a file (never a pipe nobody reads: a full pipe blocks the server)
        self.log = open(os.devnull if log is None else log, "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-c", code], stdout=subprocess.DEVNULL, stderr=self.log, env=env
        )
        self.base = f"http://127.0.0.1:{port}"
        self.ws_base = f"ws://127.0.0.1:{port}"
        self.http = httpx.Client(base_url=self.base, timeout=10)
        deadline = time.time() + 90  # a loaded CI machine starts slowly
        while True:
            assert self.proc.poll() is None, "server process died"
            try:
                if self.http.get("/healthz").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.time() < deadline, "server did not start"
            time.sleep(0.1)

    def client(self, table_id: str, **hello: object) -> Client:
        return Client(self.ws_base + f"/ws/tables/{table_id}", dict(hello), self.http)

    def restarted(self) -> Process:
        """The same server started again on the same port (after :meth:`terminate`)."""
        return Process(self.db, self.log_path, self.bot_pause, self.port)

    def terminate(self, timeout: float = 60.0) -> int:
        """SIGTERM this child (by its own pid): it drains (closes its connections,
        gives its leases up) and exits; its exit status."""
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGTERM)
        code = self.proc.wait(timeout)
        self.http.close()
        self.log.close()
        return code

    def kill(self) -> None:
        """SIGKILL this child (by its own pid) and reap it."""
        kill_child(self.proc)
        self.http.close()
        self.log.close()


def test_bots_resume_in_another_process_within_5_s(pg_url: str) -> None:
    """A table of bots runs in the process that created it; that process is killed
    (SIGKILL): another process takes the lease and the bots play on within 5 s,
    on the same game, no action applied twice."""
    url = fresh_pg_db(pg_url)
    p1 = Process(url)
    p2 = Process(url)
    try:
        bots = [{"kind": "bot", "level": "easy"} for _ in range(3)]
        r = p1.http.post(
            "/api/tables", json={"game": "toy", "players": 3, "seats": bots, "options": {"hand": 3}}
        )
        assert r.status_code == 201, r.text
        b = r.json()
        w = p2.client(b["table_id"], watch=b["spectator"]["code"])
        w.wait_state(2, None, timeout=20)
        p1.kill()
        killed = time.time()
        seen = max(f["state_id"] for f in w.frames if f["type"] == "state")
        w.drain(0.3)
        last = max(f["state_id"] for f in w.frames if f["type"] == "state")
        assert not w.latest[None]["view"]["is_terminal"], "the game ended before the kill"
        f = w.wait_state(last + 1, None, timeout=10)
        assert time.time() - killed < 5.0, "the bots did not resume within 5 s"
        assert f["state_id"] > seen
        w.wait_state(9, None, timeout=20)  # and play the game to its end (3 x 3 cards)
        engine = make_engine(url)
        with engine.connect() as c:
            seqs = [
                int(x[0])
                for x in c.execute(
                    text("SELECT seq FROM events WHERE table_id = :t ORDER BY seq"),
                    {"t": b["table_id"]},
                ).all()
            ]
            idx = [
                int(x[0])
                for x in c.execute(
                    text("SELECT idx FROM actions WHERE table_id = :t ORDER BY idx"),
                    {"t": b["table_id"]},
                ).all()
            ]
        engine.dispose()
        assert seqs == list(range(1, len(seqs) + 1))
        assert idx == list(range(len(idx)))
    finally:
        p1.kill()
        p2.kill()
        drop_pg_db(url)


def test_rate_limits_hold_across_processes(pg_url: str) -> None:
    """Table creation is limited per client address for the whole site: the
    buckets are rows of the database, so spreading requests over processes does
    not multiply the limit."""
    url = fresh_pg_db(pg_url)
    a = Server(url, create_per_minute=3)
    b = Server(url, create_per_minute=3)
    try:
        codes = [
            s.http.post("/api/tables", json={"game": "toy", "players": 2}).status_code
            for s in (a, b, a, b)
        ]
        assert codes == [201, 201, 201, 429]
    finally:
        a.stop()
        b.stop()
        drop_pg_db(url)


@pytest.mark.parametrize("trusted", [True, False])
def test_forwarded_for_believed_only_from_a_trusted_proxy(sqlite_url: str, trusted: bool) -> None:
    """Behind a trusted proxy the limit is per real client (``X-Forwarded-For``);
    from anyone else the header is ignored, so forging it gains nothing."""
    s = Server(sqlite_url, create_per_minute=2, trusted_proxies="127.0.0.1" if trusted else "")
    try:

        def create(client: str) -> int:
            # what a proxy sends: whatever the client claimed, then the address it saw
            xff = {"X-Forwarded-For": f"6.6.6.6, {client}"}
            r = s.http.post("/api/tables", json={"game": "toy", "players": 2}, headers=xff)
            return r.status_code

        first = [create("10.0.0.1") for _ in range(3)]
        other = create("10.0.0.2")
        assert first == [201, 201, 429]
        assert other == (201 if trusted else 429)
    finally:
        s.stop()
