"""How many ``NOTIFY`` notices one PostgreSQL ``LISTEN`` connection receives per second
on this machine, and what one event commit costs: the figures of the capacity model
in ``docs/scaling.md``.

Every process of a multi-process site listens on one connection and hears of every
event of the whole site (``pakka_events``, payload ``'<table id> <seq>'``), so the
rate one listener can take bounds the site's events per second. Producers commit one
notice per transaction, as the server does (the notice rides in the event's insert
transaction); ``--with-insert`` also inserts a row like an event row in the same
transaction, so the commit cost includes the write and the WAL flush.

    uv run python benchmarks/notify_rate.py --seconds 10 --producers 2 --json FILE
    uv run python benchmarks/notify_rate.py --bus --seconds 8 --json FILE

``--bus`` measures what hearing costs a server process instead: pakka's own listener
(:class:`pakka.server.bus.Bus`, on psycopg's asynchronous connection, as
``pakka serve`` runs it) in a process of its own, hearing notices
of tables it does not hold (what every process of a site does with the events of the
other processes' tables): its CPU per notice and whether it kept up, for each of
``--cases`` (a server's notices come one per transaction, ``x1``; batches show the
listener's ceiling), side by side with psycopg's ``notifies()`` iterator.

Uses ``$PAKKA_TEST_PG_URL`` or the cluster of ``scripts/pg.sh`` (a fresh database,
dropped afterwards).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import secrets
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import psycopg

ROOT = Path(__file__).resolve().parents[1]
CHANNEL = "pakka_bench"


def base_url() -> str:
    url = (
        os.environ.get("PAKKA_TEST_PG_URL")
        or subprocess.run(
            [str(ROOT / "scripts" / "pg.sh"), "url"], capture_output=True, text=True, check=False
        ).stdout.strip()
    )
    if not url:
        raise SystemExit("no PostgreSQL: set PAKKA_TEST_PG_URL or run scripts/pg.sh start")
    return url.replace("postgresql+psycopg://", "postgresql://")


def backend_cpu(pid: int) -> float:
    """CPU seconds of one PostgreSQL backend process so far (Linux /proc)."""
    try:
        f = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return 0.0
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--producers", type=int, default=2)
    ap.add_argument("--with-insert", action="store_true")
    ap.add_argument("--per-tx", type=int, default=1, help="notices per transaction")
    ap.add_argument("--bus", action="store_true", help="measure pakka's Bus as the listener")
    ap.add_argument(
        "--cases",
        default="2000x1,20000x100,60000x100",
        help="--bus: notices per second x notices per transaction, comma-separated",
    )
    ap.add_argument("--json", metavar="FILE")
    args = ap.parse_args()
    admin = base_url()
    name = "pakka_notify_" + secrets.token_hex(4)
    with psycopg.connect(admin, autocommit=True) as c:
        c.execute(f'CREATE DATABASE "{name}"')
    url = f"{admin.rpartition('/')[0]}/{name}"
    try:
        result = measure_bus(url, args) if args.bus else measure(url, args)
    finally:
        with psycopg.connect(admin, autocommit=True) as c:
            c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    print(json.dumps(result, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")


def measure(url: str, args: argparse.Namespace) -> dict[str, Any]:
    with psycopg.connect(url, autocommit=True) as c:
        c.execute(
            "CREATE TABLE ev (table_id varchar(32), seq int, kind varchar(16), data text,"
            " at float8, PRIMARY KEY (table_id, seq))"
        )
    stop = threading.Event()
    sent = [0] * args.producers
    commit_wall = [0.0] * args.producers
    received = 0
    lags: list[float] = []
    listener = psycopg.connect(url, autocommit=True)
    listener.execute(f"LISTEN {CHANNEL}")
    ready = threading.Event()

    def listen() -> None:
        nonlocal received
        ready.set()
        while not stop.is_set():
            for n in listener.notifies(timeout=0.5):
                received += 1
                if received % 50 == 0:
                    lags.append(time.time() - float(n.payload.split()[2]))

    def produce(k: int) -> None:
        tid = secrets.token_urlsafe(12)
        with psycopg.connect(url, autocommit=True) as c:
            pids[k] = c.info.backend_pid
            seq = 0
            while not stop.is_set():
                seq += 1
                t0 = time.perf_counter()
                with c.transaction():
                    if args.with_insert:
                        c.execute(
                            "INSERT INTO ev VALUES (%s, %s, 'action', %s, %s)",
                            (tid, seq, '{"game_no":1,"idx":3,"action":"x"}', time.time()),
                        )
                    now = time.time()
                    if args.per_tx == 1:
                        c.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{tid} {seq} {now}"))
                    else:  # many in one statement: what one listener takes, not producers
                        c.execute(
                            "SELECT pg_notify(%s, %s || ' ' || g || ' ' || %s)"
                            " FROM generate_series(1, %s) g",
                            (CHANNEL, tid, str(now), args.per_tx),
                        )
                commit_wall[k] += time.perf_counter() - t0
                sent[k] += args.per_tx

    pids = [0] * args.producers
    lt = threading.Thread(target=listen, daemon=True)
    lt.start()
    ready.wait(10)
    threads = [threading.Thread(target=produce, args=(k,)) for k in range(args.producers)]
    for t in threads:
        t.start()
    time.sleep(0.5)
    cpu0 = {p: backend_cpu(p) for p in pids}
    lpid = listener.info.backend_pid
    lcpu0 = backend_cpu(lpid)
    s0, r0, t0 = sum(sent), received, time.perf_counter()
    time.sleep(args.seconds)
    s1, r1, t1 = sum(sent), received, time.perf_counter()
    cpu = sum(backend_cpu(p) - cpu0[p] for p in pids)
    lcpu = backend_cpu(lpid) - lcpu0
    stop.set()
    for t in threads:
        t.join(10)
    time.sleep(1.0)
    lt.join(5)
    listener.close()
    el = t1 - t0
    n = s1 - s0
    lags.sort()
    return {
        "producers": args.producers,
        "with_insert": args.with_insert,
        "per_tx": args.per_tx,
        "seconds": round(el, 1),
        "committed_per_s": n / el,
        "delivered_per_s": (r1 - r0) / el,
        "backlog_at_end": s1 - r1,
        "lag_p50_ms": lags[len(lags) // 2] * 1000 if lags else None,
        "lag_p99_ms": lags[int(len(lags) * 0.99)] * 1000 if lags else None,
        "commit_ms": sum(commit_wall) / max(1, sum(sent) // args.per_tx) * 1000,
        "producer_backend_cpu_ms_per_commit": cpu / n * args.per_tx * 1000 if n else None,
        "listener_backend_cpu_ms_per_notice": lcpu / (r1 - r0) * 1000 if r1 > r0 else None,
        "load_average": os.getloadavg()[0],
    }


def bus_process(url: str, seconds: float, iterator: bool, out: Any) -> None:
    """Run pakka's :class:`~pakka.server.bus.Bus` on a hub that holds no table (every
    notice is another process's table: heard, parsed and dropped by ``Bus.kick``) and
    report how many notices it heard and the CPU this process spent meanwhile.
    ``iterator``: hear through psycopg's ``notifies()`` iterator instead, as the bus
    did before (the comparison)."""
    from types import SimpleNamespace

    from sqlalchemy import create_engine

    from pakka.server.bus import Bus

    class IteratorBus(Bus):
        async def _listen(self, conn: Any) -> None:
            async for n in conn.notifies():
                self._hear(n.channel, n.payload)

    async def run() -> None:
        engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
        hub: Any = SimpleNamespace(store=SimpleNamespace(engine=engine), tables={}, multi=True)
        bus = (IteratorBus if iterator else Bus)(hub)
        task = asyncio.create_task(bus._run())
        await asyncio.wait_for(bus.ready.wait(), 10)
        out.put(("ready",))
        await asyncio.sleep(0.5)  # the producer is up to speed
        n0, c0, t0 = bus.notices, time.process_time(), time.perf_counter()
        await asyncio.sleep(seconds)
        n1, c1, t1 = bus.notices, time.process_time(), time.perf_counter()
        task.cancel()
        out.put(("done", n1 - n0, c1 - c0, t1 - t0))

    asyncio.run(run())


def bus_case(url: str, rate: float, per_tx: int, seconds: float, iterator: bool) -> dict[str, Any]:
    """One producer sends ``rate`` notices a second, ``per_tx`` per transaction, to a
    bus listening in a child process."""
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    child = ctx.Process(target=bus_process, args=(url, seconds, iterator, out))
    child.start()
    try:
        if out.get(timeout=30)[0] != "ready":
            raise SystemExit("the bus did not start listening")
        sent, t0 = 0, time.perf_counter()
        with psycopg.connect(url, autocommit=True) as c:
            while child.is_alive() and out.empty():
                if sent + per_tx > (time.perf_counter() - t0) * rate:
                    time.sleep(per_tx / rate / 4)
                    continue
                c.execute(
                    "SELECT pg_notify('pakka_events', 'othertable' || mod(g, 997) || ' ' ||"
                    " (%s + g)) FROM generate_series(1, %s) g",
                    (sent, per_tx),
                )
                sent += per_tx
        _, heard, cpu, el = out.get(timeout=30)
        child.join(10)
    finally:
        if child.is_alive():
            child.terminate()
    return {
        "listener": "psycopg notifies() iterator" if iterator else "Bus (one reader)",
        "offered_per_s": rate,
        "per_tx": per_tx,
        "seconds": round(el, 1),
        "heard_per_s": heard / el,
        "kept_up": heard / el >= 0.95 * rate,
        "listener_cpu_us_per_notice": cpu / heard * 1e6 if heard else None,
        "listener_cpu_share_of_a_core": cpu / el,
        "load_average": os.getloadavg()[0],
    }


def measure_bus(url: str, args: argparse.Namespace) -> dict[str, Any]:
    """``--bus``: every case of ``args.cases`` (``RATExPER_TX``), the present listener and
    the iterator taking turns."""
    rows = []
    for case in args.cases.split(","):
        rate, _, per_tx = case.partition("x")
        for iterator in (False, True):
            rows.append(bus_case(url, float(rate), int(per_tx), args.seconds, iterator))
    return {"bus": True, "rows": rows}


if __name__ == "__main__":
    main()
