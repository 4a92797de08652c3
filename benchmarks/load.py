"""Load benchmark for the pakka server on loopback (bounded in time, stops by itself).

Starts ``pakka serve`` in child processes (one, or ``--cluster N`` on one PostgreSQL
database behind nginx, with the config of :mod:`pakka.server.proxyconf`), creates
``--tables`` tables of the games of ``--mix`` (round robin; seat 0 and some other
seats are people, held by one WebSocket client each, the rest bots; ``--spectators``
watching connections per table), and offers a fixed load: every 1/rate seconds the
next table (round robin) is offered one action. The table's people send it as soon
as the table is ready (every client has the same state and a person is to act, or
the game is over: ``play_again``). Latency counts from the moment the action was
*offered*, not sent, to the moment *every* client of the table (seats and
spectators) has the new state: an action that waited for a busy table (its bot still
thinking, its last action not yet everywhere, a process down) waits in the figure
too, and an offered action never served by the end counts as infinitely late.

``--kill-at S`` SIGKILLs one server process (its child, by pid) S seconds into the
run (a single process is started again at once, as a supervisor would; a cluster
goes on without it); ``--restart-at S`` SIGTERMs one and starts it again on its
port. Clients whose connection drops reconnect (through the proxy) and continue.
Afterwards every action a client saw acknowledged is looked up in the database's
event log: it must be there, at its state number, exactly once.

    uv run python benchmarks/load.py --tables 200 --rate 200 --seconds 30
    uv run python benchmarks/load.py --db postgresql://postgres@127.0.0.1:54329/postgres \\
        --cluster 2 --kill-at 10 --seconds 30

Prints and (``--json``) writes: tables held, connections, accepted actions/s (every
state change, bots' too; and the people's), p50/p99/max latency, CPU per accepted
action of the server processes (and of nginx and of the database's backends when
they are there), errors, lost and duplicated actions.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

ROOT = Path(__file__).resolve().parents[1]
PROFILE_DIR: str | None = None
"""``--profile DIR``: run each server under cProfile, its profile written here at exit."""
PROFILER = "cprofile"
"""``--profiler``: ``cprofile`` (the event loop's thread only) or ``yappi`` (every
thread's CPU time, the database worker threads too; ``uv run --with yappi``)."""
STATE_EVENTS = ("action", "undo", "game")
"""Event kinds that change a table's state number (each by one; the first game of a
table is its ``create`` event, number 0)."""


def free_port() -> int:
    """A free loopback TCP port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


# -- CPU time of processes (Linux /proc) ---------------------------------------------------
def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far, its threads and reaped children
    included (0 if it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return 0.0
    ticks = sum(int(fields[i]) for i in (11, 12, 13, 14))
    return ticks / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The live child processes of ``pid``."""
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (FileNotFoundError, ProcessLookupError, IndexError):
                continue
            if ppid == pid:
                out.append(int(d.name))
    return out


class CpuMeter:
    """CPU seconds a changing set of processes used between :meth:`start` and
    :meth:`stop` (a process that exits in between counts up to its last reading)."""

    def __init__(self) -> None:
        self.first: dict[int, float] = {}
        self.last: dict[int, float] = {}

    def sample(self, pids: list[int]) -> None:
        """Read the processes now (call now and then so that a killed one counts)."""
        for pid in pids:
            c = cpu_seconds(pid)
            self.first.setdefault(pid, c)
            if c >= self.last.get(pid, 0.0):
                self.last[pid] = c

    def used(self) -> float:
        return sum(self.last[p] - self.first[p] for p in self.first)


# -- the site ------------------------------------------------------------------------------
def server_env(multi: bool) -> dict[str, str]:
    """The environment of a benchmark server: no bot pause, no limits the load hits."""
    env = dict(os.environ)
    env.update(
        PAKKA_BOT_PAUSE="0",
        PAKKA_CREATE_PER_MINUTE="1000000",
        PAKKA_MSG_RATE="10000",
        PAKKA_MSG_BURST="10000",
        PYTHONPATH=os.pathsep.join([str(ROOT / "tests"), env.get("PYTHONPATH", "")]),
    )
    if multi:
        env["PAKKA_TRUSTED_PROXIES"] = "127.0.0.1"
    return env


class ServerProc:
    """One ``pakka serve`` child on a loopback port; its log goes to a file (never a
    pipe nobody reads: a full pipe would stop the server after about 64 KiB)."""

    def __init__(self, db: str, port: int, log: Path, toy: bool, multi: bool) -> None:
        self.db, self.port, self.log_path, self.toy, self.multi = db, port, log, toy, multi
        if toy:  # the tests' toy game needs registering: the same server, started by hand
            code = (
                "from server.toygame import register; register(); import pakka.server as s; "
                f"s.run(host='127.0.0.1', port={port}, db={db!r})"
            )
            argv = [sys.executable, "-c", code]
        else:
            pakka = str(Path(sys.executable).parent / "pakka")
            argv = [pakka, "serve", "--host", "127.0.0.1", "--port", str(port), "--db", db]
            if PROFILE_DIR is not None:  # the event loop's thread under cProfile
                # In-process, dumped after SIGTERM: uvicorn re-raises the signal after its
                # shutdown, which with the default handler would end the process before
                # any profile is written (``-m cProfile`` never wrote one).
                prof = Path(PROFILE_DIR) / f"{log.stem}-{port}.prof"
                code = (
                    "import yappi, signal, sys, pakka.server as s\n"
                    "signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))\n"
                    "yappi.set_clock_type('cpu'); yappi.start()\n"
                    f"try: s.run(host='127.0.0.1', port={port}, db={db!r})\n"
                    "finally: yappi.stop(); "
                    f"yappi.get_func_stats().save({str(prof)!r}, type='pstat')"
                )
                if PROFILER == "cprofile":
                    code = (
                        "import cProfile, signal, sys, pakka.server as s\n"
                        "signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))\n"
                        "import time; p = cProfile.Profile(time.thread_time); p.enable()\n"
                        f"try: s.run(host='127.0.0.1', port={port}, db={db!r})\n"
                        f"finally: p.disable(); p.dump_stats({str(prof)!r})"
                    )
                argv = [sys.executable, "-c", code]
        with log.open("ab") as out:
            self.proc = subprocess.Popen(
                argv, env=server_env(multi), stdout=subprocess.DEVNULL, stderr=out
            )
        self.pid = self.proc.pid

    async def ready(self, timeout: float = 300.0) -> None:
        """Wait until ``/healthz`` answers (the database reachable, migrations done)."""
        deadline = time.time() + timeout
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{self.port}", timeout=5) as h:
            while True:
                if self.proc.poll() is not None:
                    raise SystemExit(f"server exited; see {self.log_path}")
                with contextlib.suppress(httpx.TransportError):
                    if (await h.get("/healthz")).status_code == 200:
                        return
                if time.time() > deadline:
                    raise SystemExit(f"server did not start; see {self.log_path}")
                await asyncio.sleep(0.1)

    def restarted(self) -> ServerProc:
        """The same server started again on its port."""
        return ServerProc(self.db, self.port, self.log_path, self.toy, self.multi)

    def kill(self) -> None:
        """SIGKILL this child (by its own pid) and reap it."""
        from pakka.server.procs import kill_child

        kill_child(self.proc, 30)

    def stop(self, timeout: float = 60.0) -> None:
        """SIGTERM (it drains and gives its leases up), SIGKILL if it hangs."""
        from pakka.server.procs import stop_child

        stop_child(self.proc, timeout, kill_timeout=30)


class Proxy:
    """nginx in the foreground, this benchmark's child, in front of the servers."""

    def __init__(self, tmp: Path, upstreams: list[str], connections: int) -> None:
        from pakka.server.procs import start_nginx

        self.port = free_port()
        prefix = tmp / "nginx"
        prefix.mkdir()
        self.proc = start_nginx(prefix, self.port, upstreams, connections)

    def pids(self) -> list[int]:
        return [self.proc.pid, *children(self.proc.pid)]

    def stop(self) -> None:
        """Stop this nginx (its master, by its own pid)."""
        from pakka.server.procs import stop_child

        stop_child(self.proc)


def fresh_pg_db(base: str) -> str:
    """A new empty database on the PostgreSQL server of ``base`` (dropped afterwards)."""
    import psycopg

    admin = base.replace("postgresql+psycopg://", "postgresql://")
    name = "pakka_load_" + secrets.token_hex(5)
    with psycopg.connect(admin, autocommit=True) as c:
        c.execute(f'CREATE DATABASE "{name}"')
    return f"{admin.rpartition('/')[0]}/{name}"


def drop_pg_db(url: str) -> None:
    import psycopg

    head, _, name = url.rpartition("/")
    with psycopg.connect(f"{head}/postgres", autocommit=True) as c:
        c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


class PgBackends:
    """The pids of the PostgreSQL backends connected to a database, read over one
    monitoring connection (to the ``postgres`` database, so it is not counted) kept
    open for the run. It is read from a worker thread during the run: a connection
    opened on the generator's event loop every second stalled every client for
    10-130 ms each time, which showed in PostgreSQL's p99 only."""

    def __init__(self, url: str) -> None:
        head, _, self.name = url.rpartition("/")
        self.admin = f"{head}/postgres"
        self.conn: Any = None

    def pids(self) -> list[int]:
        import psycopg

        if self.conn is None:
            self.conn = psycopg.connect(self.admin, autocommit=True)
        q = "SELECT pid FROM pg_stat_activity WHERE datname = %s"
        rows = self.conn.execute(q, (self.name,)).fetchall()
        return [int(r[0]) for r in rows]

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


# -- the clients ---------------------------------------------------------------------------
@dataclass
class Conn:
    """One WebSocket client of a table: a seat holder (``seat``) or a spectator."""

    seat: int | None
    hello: dict[str, Any]
    ws: ClientConnection | None = None
    latest: dict[str, Any] | None = None
    up: bool = False


@dataclass
class Pending:
    """The action a table's person sent: the state it needs, when it was offered."""

    target: int
    offered: float
    conn: Conn
    game_no: int
    seat: int | None
    action: str | None  # None: play_again


@dataclass
class Table:
    """One table: its clients, the offered actions waiting for it, what it acknowledged."""

    id: str
    game: str
    humans: list[int]
    conns: list[Conn]
    watch: str
    queue: list[float] = field(default_factory=list)
    pending: Pending | None = None
    acked: list[tuple[int, int, int, str]] = field(default_factory=list)
    """(state number, game, seat, action) of every action seen acknowledged."""
    first_sid: int | None = None
    last_sid: int = 0

    def ready_state(self) -> dict[str, Any] | None:
        """The common latest state frame when every client is up and has it, else None."""
        frames = [c.latest for c in self.conns]
        if not all(c.up for c in self.conns) or any(f is None for f in frames):
            return None
        sid = frames[0]["state_id"] if frames[0] else -1
        if any(f is None or f["state_id"] != sid for f in frames):
            return None
        return frames[0]


def per_second_max(offered_at: list[float], lat: list[float]) -> list[float]:
    """The worst latency (ms) of the actions offered in each second of the run: shows
    whether a p99 comes from one stall or from the whole run."""
    if not lat:
        return []
    t0 = min(offered_at)
    out: list[float] = []
    for t, x in zip(offered_at, lat, strict=True):
        k = int(t - t0)
        out.extend([0.0] * (k + 1 - len(out)))
        out[k] = max(out[k], round(x * 1000, 1))
    return out


class Load:
    """The clients of every table and the figures they gather."""

    def __init__(self, ws_base: str, rng: random.Random) -> None:
        self.ws_base = ws_base
        self.rng = rng
        self.lat: list[float] = []
        self.offered_at: list[float] = []
        """When each action of :attr:`lat` was offered (``perf_counter``)."""
        self.errors: list[str] = []
        self.refused = 0
        self.reconnects = 0
        self.measuring = False
        self.tasks: set[asyncio.Task[None]] = set()
        self.stopping = False

    def spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def open(self, table: Table, conn: Conn) -> None:
        """Connect ``conn`` (retrying while the site is down) and start reading."""
        for attempt in range(600):
            try:
                ws = await connect(
                    f"{self.ws_base}/ws/tables/{table.id}",
                    max_size=2**22,
                    open_timeout=20,
                    ping_interval=None,
                )
                await ws.send(json.dumps({"type": "hello", **conn.hello}))
                conn.ws = ws
                conn.up = True
                self.spawn(self.read(table, conn, ws))
                return
            except (OSError, WebSocketException, TimeoutError):
                if self.stopping:
                    return
                await asyncio.sleep(min(1.0, 0.05 * (attempt + 1)))
        raise SystemExit(f"could not connect to table {table.id}")

    async def read(self, table: Table, conn: Conn, ws: ClientConnection) -> None:
        try:
            async for text in ws:
                self.frame(table, conn, json.loads(text))
        except (WebSocketException, OSError):
            pass
        conn.up = False
        conn.latest = None
        if self.stopping:
            return
        # The connection dropped (a process went down): an action in flight that was
        # not seen acknowledged is offered again (at its first offer time).
        p = table.pending
        if p is not None:
            table.pending = None
            table.queue.insert(0, p.offered)
        self.reconnects += 1
        await self.open(table, conn)

    def frame(self, table: Table, conn: Conn, f: dict[str, Any]) -> None:
        kind = f["type"]
        p = table.pending
        if kind == "error":
            self.errors.append(f["code"])
            if p is not None and p.conn is conn and f["code"] in ("stale_state", "not_your_turn"):
                self.refused += 1  # offered again once the table is ready
                table.pending = None
                table.queue.insert(0, p.offered)
            return
        if kind != "state":
            return
        conn.latest = f
        sid = f["state_id"]
        table.last_sid = max(table.last_sid, sid)
        if p is None:
            return
        if conn is p.conn and sid == p.target and p.action is not None:
            last = f.get("last_action")
            if last is not None and last["seat"] == p.seat and last["action"] == p.action:
                table.acked.append((sid, p.game_no, p.seat or 0, p.action))
        if all(c.latest is not None and c.latest["state_id"] >= p.target for c in table.conns):
            if self.measuring:
                self.lat.append(time.perf_counter() - p.offered)
                self.offered_at.append(p.offered)
            table.pending = None

    def offer(self, table: Table) -> None:
        """Send the table's next offered action if the table is ready for one."""
        if table.pending is not None or not table.queue:
            return
        f = table.ready_state()
        if f is None:
            return
        view = f["view"]
        sid = f["state_id"]
        if view["is_terminal"]:
            conn = next(c for c in table.conns if c.seat == table.humans[0])
            msg: dict[str, Any] = {"type": "play_again", "game_no": f["game_no"]}
            seat, action = None, None
        else:
            cp = view["current_player"]
            if cp not in table.humans:
                return  # a bot is to act (or nobody yet): the table is busy
            conn = next(c for c in table.conns if c.seat == cp)
            assert conn.latest is not None
            legal = conn.latest["legal"]
            if not legal:
                return
            action = str(self.rng.choice(legal)["text"])
            seat = cp
            msg = {"type": "action", "seat": cp, "state_id": sid, "action": action}
        if conn.ws is None:
            return
        offered = table.queue.pop(0)
        table.pending = Pending(sid + 1, offered, conn, f["game_no"], seat, action)
        self.spawn(self._send(conn.ws, msg))

    async def _send(self, ws: ClientConnection, msg: dict[str, Any]) -> None:
        with contextlib.suppress(WebSocketException, OSError):
            await ws.send(json.dumps(msg))


def seat_plan(game: str, players: int, bot_share: float, rng: random.Random) -> list[str]:
    """Who sits where: seat 0 a person, each other seat a bot with chance ``bot_share``."""
    kinds = ["human"]
    for _ in range(players - 1):
        kinds.append("bot" if rng.random() < bot_share else "human")
    return kinds


def players_of(game: str) -> int:
    from pakka.core.registry import game_class

    cls = game_class(game)
    return 1 if cls.max_players == 1 else max(2, cls.min_players)


async def bounce(servers: list[ServerProc], what: str, multi: bool) -> None:
    """``kill``: SIGKILL the first server (a lone one is started again at once, as a
    supervisor would); ``restart``: SIGTERM it, wait for it to exit, start it again."""
    victim = servers[0]
    if what == "kill":
        await asyncio.to_thread(victim.kill)
        if multi:
            servers.remove(victim)
            return
    else:
        await asyncio.to_thread(victim.stop)
    again = victim.restarted()
    servers[servers.index(victim)] = again
    await again.ready()


# -- the durability check ------------------------------------------------------------------
def durability(url: str, tables: list[Table]) -> dict[str, int]:
    """Every acknowledged action in the event log at its state number, exactly once."""
    from sqlalchemy import text

    from pakka.server.db import make_engine

    engine = make_engine(url)
    lost = dup = checked = mismatched = 0
    try:
        with engine.connect() as c:
            for t in tables:
                rows = c.execute(
                    text("SELECT seq, kind, data FROM events WHERE table_id = :t ORDER BY seq"),
                    {"t": t.id},
                ).all()
                by_sid: dict[int, dict[str, Any]] = {}
                positions: dict[tuple[int, int], int] = {}
                sid = 0
                for _seq, kind, data in rows:
                    d = json.loads(data)
                    if kind not in STATE_EVENTS:
                        continue
                    sid += 1
                    by_sid[sid] = {"kind": kind, **d}
                    if kind == "action":
                        key = (int(d["game_no"]), int(d["idx"]))
                        positions[key] = positions.get(key, 0) + 1
                dup += sum(n - 1 for n in positions.values() if n > 1)
                stored = {
                    (int(g), int(i)): str(a)
                    for g, i, a in c.execute(
                        text("SELECT game_no, idx, action FROM actions WHERE table_id = :t"),
                        {"t": t.id},
                    ).all()
                }
                logged = {
                    (int(e["game_no"]), int(e["idx"])): str(e["action"])
                    for e in by_sid.values()
                    if e["kind"] == "action"
                }
                mismatched += len(set(stored.items()) ^ set(logged.items()))
                for s, game_no, seat, action in t.acked:
                    checked += 1
                    e = by_sid.get(s)
                    if (
                        e is None
                        or e["kind"] != "action"
                        or int(e["game_no"]) != game_no
                        or int(e["seat"]) != seat
                        or e["action"] != action
                    ):
                        lost += 1
                seen = [(s, g, a) for s, g, _, a in t.acked]
                dup += len(seen) - len(set(seen))
    finally:
        engine.dispose()
    return {"checked": checked, "lost": lost, "duplicated": dup, "log_vs_actions": mismatched}


# -- the run -------------------------------------------------------------------------------
def quantile(xs: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``xs`` (inclusive method), ``inf`` stays ``inf``."""
    if not xs:
        return 0.0
    if len(xs) == 1:
        return xs[0]
    s = sorted(xs)
    k = q * (len(s) - 1)
    lo = int(k)
    hi = min(lo + 1, len(s) - 1)
    if s[hi] == float("inf"):
        return float("inf") if k > lo or s[lo] == float("inf") else s[lo]
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    tmp = Path(tempfile.mkdtemp(prefix="pakka-load-"))
    games = args.mix.split(",") if args.mix else [args.game]
    if args.mix == "all":
        import pakka

        games = list(pakka.games())
    toy = "toy" in games
    fresh = None
    if args.db and args.db.startswith("postgres"):
        fresh = url = fresh_pg_db(args.db)
    else:
        url = args.db or f"sqlite:///{tmp / 'load.sqlite3'}"
    if args.cluster > 1 and not url.startswith("postgres"):
        raise SystemExit("--cluster needs --db postgresql://...")
    multi = args.cluster > 1
    servers: list[ServerProc] = []
    proxy: Proxy | None = None
    load: Load | None = None
    tables: list[Table] = []
    meter_srv, meter_px, meter_pg = CpuMeter(), CpuMeter(), CpuMeter()
    try:
        for i in range(args.cluster):
            s = ServerProc(url, free_port(), tmp / f"server{i}.log", toy, multi)
            servers.append(s)  # stopped at the end even when it never gets ready
            await s.ready()  # one after another: the first one migrates the database
        if multi:
            conns = 4 * args.tables * (3 + args.spectators) + 64
            proxy = Proxy(tmp, [f"127.0.0.1:{s.port}" for s in servers], conns)
            port = proxy.port
        else:
            port = servers[0].port
        base = f"http://127.0.0.1:{port}"
        load = Load(f"ws://127.0.0.1:{port}", rng)
        async with httpx.AsyncClient(base_url=base, timeout=60) as http:
            deadline = time.time() + 30
            while True:
                with contextlib.suppress(httpx.TransportError):
                    if (await http.get("/healthz")).status_code == 200:
                        break
                if time.time() > deadline:
                    raise SystemExit("the site did not answer")
                await asyncio.sleep(0.1)
            plans = []
            for k in range(args.tables):
                game = games[k % len(games)]
                plans.append(seat_plan(game, args.players or players_of(game), args.bots, rng))
            made: dict[int, Table] = {}

            async def make(k: int) -> None:
                game = games[k % len(games)]
                n = args.players or players_of(game)
                kinds = plans[k]
                body: dict[str, Any] = {
                    "game": game,
                    "players": n,
                    "seats": [
                        {"kind": "bot", "level": args.bot_level} if kd == "bot" else {"kind": kd}
                        for kd in kinds
                    ],
                }
                humans = [i for i, kd in enumerate(kinds) if kd == "human"]
                if len(humans) == n:
                    body = {"game": game, "players": n, "hotseat": True}
                else:
                    body["take_seat"] = 0
                r = await http.post("/api/tables", json=body)
                if r.status_code != 201:
                    raise SystemExit(f"creating a {game} table: {r.status_code} {r.text}")
                t = r.json()
                tokens = dict(t.get("seat_tokens", {}))
                for inv in t.get("invites", []):
                    g = await http.post("/api/invites/claim", json={"code": inv["code"]})
                    tokens[str(inv["seat"])] = g.json()["token"]
                conns = [Conn(i, {"tokens": [tokens[str(i)]]}) for i in humans]
                watch = t["spectator"]["code"]
                conns += [Conn(None, {"watch": watch}) for _ in range(args.spectators)]
                table = Table(t["table_id"], game, humans, conns, watch)
                made[k] = table
                for c in conns:
                    await load.open(table, c)

            for first in range(0, args.tables, 10):  # ten tables at a time
                await asyncio.gather(*(make(k) for k in range(first, min(first + 10, args.tables))))
            tables.extend(made[k] for k in sorted(made))
            settle = time.time() + 30
            while any(t.ready_state() is None and t.last_sid == 0 for t in tables):
                if time.time() > settle:
                    break
                await asyncio.sleep(0.2)
            n_conns = sum(len(t.conns) for t in tables)
            print(f"tables: {len(tables)} ({', '.join(games)}), connections: {n_conns}")

            def pids() -> tuple[list[int], list[int]]:
                srv = [s.pid for s in servers if s.proc.poll() is None]
                return srv, (proxy.pids() if proxy is not None else [])

            backends = PgBackends(url) if url.startswith("postgres") else None
            sampling = threading.Lock()

            def sample() -> None:
                with sampling:
                    srv, px = pids()
                    meter_srv.sample(srv)
                    meter_px.sample(px)
                    if backends is not None:
                        with contextlib.suppress(Exception):
                            meter_pg.sample(backends.pids())

            def sample_aside() -> None:
                """:func:`sample` on a worker thread: the clients' loop goes on."""
                load.spawn(asyncio.to_thread(sample))

            # The servers' CPU while the tables are held and nothing is offered: the
            # fixed cost (lease renewals, presence, sweeps) apart from the per-action one.
            idle = CpuMeter()
            idle.sample(pids()[0])
            idle_t0 = time.perf_counter()
            await asyncio.sleep(args.idle)
            idle.sample(pids()[0])
            idle_per_s = idle.used() / (time.perf_counter() - idle_t0)
            sample()
            sid0 = {t.id: t.last_sid for t in tables}
            acked0 = sum(len(t.acked) for t in tables)
            own0 = time.process_time()
            # The generator is the measuring instrument: its own garbage collections
            # (full ones of 100-150 ms with 200 tables' clients, seen with gc.callbacks)
            # would stall every client at once and show as the server's latency. The
            # run is bounded, so it collects before and after it, not during.
            gc.collect()
            gc.freeze()
            gc.disable()
            load.measuring = True
            t0 = time.perf_counter()
            k = 0
            next_sample = t0 + 1.0
            events: list[tuple[float, str]] = []
            if args.kill_at is not None:
                events.append((args.kill_at, "kill"))
            if args.restart_at is not None:
                events.append((args.restart_at, "restart"))
            events.sort()
            offered = 0
            while True:
                now = time.perf_counter()
                if now - t0 >= args.seconds:
                    break
                while t0 + k / args.rate <= now:
                    tables[k % len(tables)].queue.append(t0 + k / args.rate)
                    k += 1
                    offered += 1
                for t in tables:
                    load.offer(t)
                if now >= next_sample:
                    sample_aside()
                    next_sample = now + 1.0
                if events and now - t0 >= events[0][0]:
                    _, what = events.pop(0)
                    sample()
                    print(f"{now - t0:.1f} s: {what} server pid {servers[0].pid}")
                    # in the background: the clients go on reading and offering meanwhile
                    load.spawn(bounce(servers, what, multi))
                await asyncio.sleep(min(0.002, max(0.0, t0 + k / args.rate - time.perf_counter())))
            elapsed = time.perf_counter() - t0
            load.measuring = False
            gc.enable()
            gc.unfreeze()
            sample()
            if backends is not None:
                backends.close()
            own = time.process_time() - own0
            changes = sum(t.last_sid - sid0[t.id] for t in tables)
            people = sum(len(t.acked) for t in tables) - acked0
            # offered but not served in time: waiting, or sent and not yet everywhere
            unserved = sum(len(t.queue) + (t.pending is not None) for t in tables)
            if args.debug:
                await show_stuck(http, tables)
            load.stopping = True
            await asyncio.sleep(2.0)  # the last frames arrive; nothing more is offered
            held = sum(all(c.up for c in t.conns) for t in tables)
        lat = load.lat
        every = lat + [float("inf")] * unserved
        srv_cpu, px_cpu, pg_cpu = meter_srv.used(), meter_px.used(), meter_pg.used()
        result: dict[str, Any] = {
            "db": "postgresql" if url.startswith("postgres") else "sqlite",
            "processes": args.cluster,
            "proxy": multi,
            "games": games,
            "bots": args.bots,
            "spectators_per_table": args.spectators,
            "tables": len(tables),
            "tables_held": held,
            "connections": sum(len(t.conns) for t in tables),
            "offered_per_s": args.rate,
            "seconds": round(elapsed, 1),
            "offered": offered,
            "served": len(lat),
            "unserved": unserved,
            "accepted_per_s": changes / elapsed,
            "people_accepted_per_s": people / elapsed,
            "p50_ms": quantile(every, 0.5) * 1000,
            "p99_ms": quantile(every, 0.99) * 1000,
            "max_ms": max(every) * 1000 if every else 0.0,
            "per_second_max_ms": per_second_max(load.offered_at, lat),
            "server_cpu_ms_per_action": srv_cpu / changes * 1000 if changes else None,
            "server_idle_cpu_per_s": idle_per_s,
            "server_marginal_cpu_ms_per_action": (srv_cpu - idle_per_s * elapsed) / changes * 1000
            if changes
            else None,
            "proxy_cpu_ms_per_action": px_cpu / changes * 1000 if changes and multi else None,
            "db_cpu_ms_per_action": pg_cpu / changes * 1000
            if changes and url.startswith("postgres")
            else None,
            "load_generator_cpu_s": round(own, 2),
            "errors": len(load.errors),
            "error_codes": sorted(set(load.errors)),
            "refused": load.refused,
            "reconnects": load.reconnects,
            "kill_at": args.kill_at,
            "restart_at": args.restart_at,
            "load_average": os.getloadavg()[0],
        }
        for key in ("p50_ms", "p99_ms", "max_ms"):  # JSON has no infinity
            if result[key] == float("inf"):
                result[key] = None
    finally:
        if load is not None:
            load.stopping = True
            for task in list(load.tasks):
                task.cancel()
            for t in tables:
                for c in t.conns:
                    if c.ws is not None:
                        with contextlib.suppress(Exception):
                            await c.ws.close()
        if proxy is not None:
            proxy.stop()
        for s in servers:
            s.stop()
    result.update(durability(url, tables))
    if fresh is not None and not args.keep_db:
        drop_pg_db(fresh)
    if not args.debug:
        shutil.rmtree(tmp, ignore_errors=True)
    else:
        print("logs in", tmp)
    return result


async def show_stuck(http: httpx.AsyncClient, tables: list[Table]) -> None:
    """Print the tables with offered actions left: what each client and the site see."""
    for t in tables:
        if not (t.queue or t.pending):
            continue
        r = await http.get(f"/api/tables/{t.id}", headers={"X-Spectator-Code": t.watch})
        site = r.json().get("state_id") if r.status_code == 200 else r.status_code
        seen = [
            None
            if c.latest is None
            else (
                c.seat,
                c.latest["seat"],
                c.up,
                c.latest["state_id"],
                c.latest["view"]["current_player"],
                len(c.latest["legal"]),
            )
            for c in t.conns
        ]
        p = t.pending and (t.pending.target, t.pending.seat)
        print(
            f"stuck {t.id} {t.game} people {t.humans}: clients {seen}, site {site},"
            f" pending {p}, waiting {len(t.queue)}"
        )


def report(r: dict[str, Any]) -> None:
    def ms(x: float | None) -> str:
        return "inf" if x is None else f"{x:.1f} ms"

    site = f"{r['processes']} process(es){' behind nginx' if r['proxy'] else ''} on {r['db']}"
    print(f"site: {site}; games {','.join(r['games'])}; bot share {r['bots']}")
    print(
        f"tables held: {r['tables_held']}/{r['tables']}, connections: {r['connections']}"
        f" ({r['spectators_per_table']} spectators per table)"
    )
    print(f"offered: {r['offered_per_s']:g} actions/s for {r['seconds']} s = {r['offered']}")
    print(
        f"accepted: {r['accepted_per_s']:.1f} actions/s (every state change, bots' too);"
        f" people's: {r['people_accepted_per_s']:.1f}/s"
    )
    print(
        f"latency from offer to every client (every offered action; {r['unserved']} never"
        f" served count as infinite): p50 {ms(r['p50_ms'])}, p99 {ms(r['p99_ms'])},"
        f" max {ms(r['max_ms'])}"
    )
    for key, who in (
        ("server_cpu_ms_per_action", "server processes"),
        ("proxy_cpu_ms_per_action", "nginx"),
        ("db_cpu_ms_per_action", "PostgreSQL backends"),
    ):
        if r[key] is not None:
            print(f"CPU of the {who}: {r[key]:.2f} ms per accepted action")
    print(
        f"server CPU with the tables held and idle: {r['server_idle_cpu_per_s']:.3f} s/s;"
        f" beyond that per action: {r['server_marginal_cpu_ms_per_action'] or 0:.2f} ms"
    )
    print(
        f"load generator CPU: {r['load_generator_cpu_s']} s; load average {r['load_average']:.1f}"
    )
    print(
        f"errors: {r['errors']} {r['error_codes']}, refused: {r['refused']},"
        f" reconnects: {r['reconnects']}"
    )
    print(
        f"durability: {r['checked']} acknowledged actions checked against the event log:"
        f" lost {r['lost']}, duplicated {r['duplicated']},"
        f" log/actions rows differing {r['log_vs_actions']}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--rate", type=float, default=200.0, help="offered actions per second")
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--game", default="koodinmurtaja", help="the one game (without --mix)")
    ap.add_argument(
        "--mix", default=None, help="games round robin over the tables: 'all' or a list a,b,c"
    )
    ap.add_argument("--players", type=int, default=0, help="seats per table (default per game)")
    ap.add_argument("--bots", type=float, default=0.0, help="chance that a seat but 0 is a bot")
    ap.add_argument("--bot-level", default="easy")
    ap.add_argument("--spectators", type=int, default=0, help="watching connections per table")
    ap.add_argument(
        "--db",
        default=None,
        help="database URL (default: a fresh SQLite file);"
        " on a PostgreSQL server a fresh database is made and dropped",
    )
    ap.add_argument("--keep-db", action="store_true", help="keep the fresh PostgreSQL database")
    ap.add_argument("--cluster", type=int, default=1, help="server processes (behind nginx)")
    ap.add_argument("--kill-at", type=float, default=None, metavar="SECONDS")
    ap.add_argument("--restart-at", type=float, default=None, metavar="SECONDS")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--idle", type=float, default=3.0, help="seconds of idle CPU measured before the run"
    )
    ap.add_argument("--debug", action="store_true", help="show stuck tables, keep the logs")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON here")
    ap.add_argument("--profile", metavar="DIR", help="profile the servers into DIR (pstats files)")
    ap.add_argument(
        "--profiler",
        choices=("cprofile", "yappi"),
        default="cprofile",
        help="cprofile: the event loop's thread; yappi: every thread (uv run --with yappi)",
    )
    args = ap.parse_args()
    global PROFILE_DIR, PROFILER
    PROFILE_DIR = args.profile
    PROFILER = args.profiler
    r = asyncio.run(run(args))
    report(r)
    if args.json:
        Path(args.json).write_text(json.dumps(r, indent=1) + "\n")
    if r["lost"] or r["duplicated"] or r["log_vs_actions"]:
        raise SystemExit("durability check failed")


if __name__ == "__main__":
    main()
