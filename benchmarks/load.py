"""Load benchmark for the pakka server on loopback (bounded in time, stops by itself).

Starts ``pakka.server.run`` in a child process on a fresh SQLite file (or ``--db``),
creates N tables whose seats are held by one WebSocket client each, and offers a
fixed load: every 1/rate seconds the next table (round robin) sends one action for
the seat to act (or ``play_again`` when its game is over). Latency is measured from
sending the action to the moment *every* client of that table has the new state.

    uv run python benchmarks/load.py --tables 200 --rate 200 --seconds 30

Prints tables held, connections, accepted changes/s, p50/p99/max latency, errors and
lost actions (server state id versus the changes the clients saw acknowledged).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(port: int, db: str, game: str, log: Path) -> subprocess.Popen[bytes]:
    """The server in a child process; its output goes to ``log`` (a file, never a pipe
    that nobody reads: a full pipe would stop the server after about 64 KiB of log)."""
    env = dict(os.environ)
    env.update(
        PAKKA_BOT_PAUSE="0",
        PAKKA_CREATE_PER_MINUTE="100000",
        PAKKA_MSG_RATE="1000",
        PAKKA_MSG_BURST="1000",
        PYTHONPATH=os.pathsep.join([str(ROOT / "tests"), env.get("PYTHONPATH", "")]),
    )
    pre = "from server.toygame import register; register(); " if game == "toy" else ""
    code = f"{pre}import pakka.server as s; s.run(host='127.0.0.1', port={port}, db={db!r})"
    with log.open("ab") as out:
        return subprocess.Popen(
            [sys.executable, "-c", code], env=env, stdout=subprocess.DEVNULL, stderr=out
        )


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Table:
    """One table: its clients, the latest frame per seat, the pending action."""

    def __init__(self, tid: str, players: int) -> None:
        self.id = tid
        self.players = players
        self.latest: dict[int, dict[str, Any]] = {}
        self.conns: list[ClientConnection] = []
        self.pending: tuple[int, float, set[int]] | None = None
        self.acked = 0
        self.watch = ""  # the spectator code: reads the (unlisted) table's summary


async def reader(table: Table, seat: int, ws: ClientConnection, stats: dict[str, Any]) -> None:
    async for text in ws:
        f = json.loads(text)
        if f["type"] == "error":
            stats["errors"].append(f["code"])
            continue
        if f["type"] != "state":
            continue
        table.latest[seat] = f
        p = table.pending
        if p is not None and f["state_id"] >= p[0]:
            p[2].discard(seat)
            if not p[2]:
                stats["lat"].append(time.perf_counter() - p[1])
                table.acked = p[0]
                table.pending = None


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--rate", type=float, default=200.0, help="offered actions per second")
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--game", default="koodinmurtaja")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--port", type=int, default=0, help="use a server already running here")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON here")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    tmp = tempfile.mkdtemp(prefix="pakka-load-")
    db = args.db or str(Path(tmp) / "load.sqlite3")
    port = args.port or free_port()
    log = Path(tmp) / "server.log"
    proc = None if args.port else start_server(port, db, args.game, log)
    base = f"http://127.0.0.1:{port}"
    stats: dict[str, Any] = {"lat": [], "errors": [], "skipped": 0, "sent": 0}
    tables: list[Table] = []
    tasks: list[asyncio.Task[None]] = []
    try:
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            deadline = time.time() + 60
            while True:
                try:
                    if (await http.get("/api/games")).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                if time.time() > deadline or (proc is not None and proc.poll() is not None):
                    raise SystemExit("server did not start")
                await asyncio.sleep(0.1)
            for _ in range(args.tables):
                r = await http.post(
                    "/api/tables",
                    json={"game": args.game, "players": args.players, "hotseat": True},
                )
                t = r.json()
                table = Table(t["table_id"], args.players)
                table.watch = t["spectator"]["code"]
                for seat in range(args.players):
                    ws = await connect(
                        f"ws://127.0.0.1:{port}/ws/tables/{table.id}", max_size=2**22
                    )
                    await ws.send(
                        json.dumps({"type": "hello", "tokens": [t["seat_tokens"][str(seat)]]})
                    )
                    table.conns.append(ws)
                    tasks.append(asyncio.create_task(reader(table, seat, ws, stats)))
                tables.append(table)
            await asyncio.sleep(1.0)
            print(f"tables: {len(tables)}, connections: {sum(len(t.conns) for t in tables)}")
            t0 = time.perf_counter()
            cpu0 = cpu_seconds(proc.pid) if proc is not None else 0.0
            own0 = time.process_time()
            k = 0
            while True:
                now = time.perf_counter()
                if now - t0 >= args.seconds:
                    break
                due = t0 + k / args.rate
                if due > now:
                    await asyncio.sleep(due - now)
                table = tables[k % len(tables)]
                k += 1
                if table.pending is not None or 0 not in table.latest:
                    stats["skipped"] += 1
                    continue
                f0 = table.latest[0]
                sid = f0["state_id"]
                if any(
                    table.latest.get(s, {}).get("state_id") != sid for s in range(table.players)
                ):
                    stats["skipped"] += 1
                    continue
                view = f0["view"]
                if view["is_terminal"]:
                    msg = {"type": "play_again", "game_no": f0["game_no"]}
                    ws = table.conns[0]
                else:
                    cp = view["current_player"]
                    legal = table.latest[cp]["legal"]
                    msg = {"type": "action", "state_id": sid, "action": rng.choice(legal)}
                    ws = table.conns[cp]
                table.pending = (sid + 1, time.perf_counter(), set(range(table.players)))
                stats["sent"] += 1
                await ws.send(json.dumps(msg))
            elapsed = time.perf_counter() - t0
            await asyncio.sleep(2.0)
            cpu = cpu_seconds(proc.pid) - cpu0 if proc is not None else 0.0
            own = time.process_time() - own0
            lost = 0
            for table in tables:
                headers = {"X-Spectator-Code": table.watch}
                s = (await http.get(f"/api/tables/{table.id}", headers=headers)).json()
                if table.pending is not None or (s["state_id"] != table.acked and table.acked):
                    lost += 1
        lat = sorted(stats["lat"])
        q = statistics.quantiles(lat, n=100) if len(lat) >= 2 else [0.0] * 99
        print(f"offered: {args.rate:g} actions/s for {args.seconds:g} s")
        print(f"sent: {stats['sent']}, skipped (table still busy): {stats['skipped']}")
        print(f"accepted: {len(lat)} ({len(lat) / elapsed:.1f}/s)")
        print(
            f"latency to every client: p50 {q[49] * 1000:.1f} ms, p99 {q[98] * 1000:.1f} ms,"
            f" max {lat[-1] * 1000 if lat else 0:.1f} ms"
        )
        if lat and proc is not None:
            print(f"server CPU: {cpu:.2f} s, {cpu / len(lat) * 1000:.2f} ms per accepted action")
        print(f"load generator CPU: {own:.2f} s; load average {os.getloadavg()[0]:.1f}")
        print(f"errors: {len(stats['errors'])} {sorted(set(stats['errors']))}, lost: {lost}")
        # Every offered action counts: a send skipped because its table was still busy
        # is an action that did not happen in time (infinitely late).
        offered = stats["sent"] + stats["skipped"]
        every = lat + [float("inf")] * stats["skipped"]
        qo = statistics.quantiles(every, n=100) if len(every) >= 2 else [0.0] * 99
        print(f"p99 over every offered action: {qo[98] * 1000:.1f} ms ({offered} offered)")
        if args.json:
            result = {
                "db": "postgresql" if db.startswith("postgres") else "sqlite",
                "game": args.game,
                "tables": len(tables),
                "connections": sum(len(t.conns) for t in tables),
                "offered_per_s": args.rate,
                "seconds": args.seconds,
                "offered": offered,
                "sent": stats["sent"],
                "skipped": stats["skipped"],
                "accepted": len(lat),
                "accepted_per_s": len(lat) / elapsed,
                "p50_ms": q[49] * 1000,
                "p99_ms": q[98] * 1000,
                "p99_offered_ms": qo[98] * 1000 if qo[98] != float("inf") else None,
                "max_ms": lat[-1] * 1000 if lat else 0.0,
                "server_cpu_ms_per_action": cpu / len(lat) * 1000 if lat and proc else None,
                "errors": len(stats["errors"]),
                "lost": lost,
                "load_average": os.getloadavg()[0],
            }
            Path(args.json).write_text(json.dumps(result, indent=1) + "\n")
    finally:
        for t in tasks:
            t.cancel()
        for table in tables:
            for ws in table.conns:
                with contextlib.suppress(Exception):
                    await ws.close()
        if proc is not None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


if __name__ == "__main__":
    asyncio.run(main())
