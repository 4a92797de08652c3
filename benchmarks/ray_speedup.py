"""Ray arena speed-up: one arena run locally in one process and on a local Ray head
with 1 and with 2 worker CPUs (issue 20, "Distributed arenas").

The arena is the same each time (game, lineup, deals, seed; the bots have fixed
search budgets, so the load of the machine does not change their play), and every
Ray run must give the local run's results deal for deal (rotation, seats, scores,
returns, moves) or the benchmark fails. Reported per run: wall time of
``run_arena`` (the Ray runs include starting the worker processes and importing
pakka in them, as a real run does), the speed-up (local wall / Ray wall), the CPU
seconds of the local process, of the Ray driver and of the cluster's processes
during the arena, and the load average before and after.

Each cluster is a :class:`pakka.research.ray_local.LocalCluster` (loopback only,
its own token and temporary directory), started again once if a start fails on a
loaded machine, and stopped by its own process group and pids alone; the driver
runs in a process of its own (Ray reads its settings once per process).

    uv run python benchmarks/ray_speedup.py --deals 40 --cpus 1,2 --json out.json
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from typing import Any

from pakka.arena import ArenaResult, run_arena
from pakka.research.ray_local import LocalCluster, cpu_since, session_cpu, start_cluster, workers

DRIVER = """
import json, sys, time
import ray
from pakka.arena import run_arena
address, game, players, bots, deals, seed = sys.argv[1:7]
t0 = time.perf_counter()
ray.init(address=address, _node_ip_address="127.0.0.1", include_dashboard=False,
         log_to_driver=False)
connect = time.perf_counter() - t0
print("connected", flush=True)
sys.stdin.readline()  # the benchmark reads the cluster's CPU, then says go
cpu0 = time.process_time()
r = run_arena(game, int(players), bots.split(","), deals=int(deals), seed=int(seed), ray=True)
cpu = time.process_time() - cpu0
games = [[g.deal, g.rotation, g.seat_bots, g.scores, g.returns, g.moves] for g in r.games]
cpus = ray.cluster_resources().get("CPU")
print(json.dumps({"games": games, "seconds": r.seconds, "connect_seconds": connect,
                  "driver_cpu_seconds": cpu, "cluster_cpus": cpus}), flush=True)
sys.stdin.readline()  # the benchmark reads the cluster's CPU before the workers end
ray.shutdown()
"""
"""One Ray run, in a process of its own: connect, wait for the go, run the arena,
wait again (the job's workers end when the driver disconnects)."""


def _games(r: ArenaResult) -> list[Any]:
    rows = [[g.deal, g.rotation, g.seat_bots, g.scores, g.returns, g.moves] for g in r.games]
    return list(json.loads(json.dumps(rows)))  # tuples as lists, as the driver's JSON


def _load() -> float:
    return round(os.getloadavg()[0], 1)


def run_on_ray(cluster: LocalCluster, args: argparse.Namespace, timeout: float) -> dict[str, Any]:
    """The arena on ``cluster`` through a driver process (killed after ``timeout``
    seconds); its figures and games."""
    log = open(os.path.join(cluster.tmp, "driver.log"), "w+")  # noqa: SIM115 (closed below)
    driver = subprocess.Popen(
        [
            sys.executable,
            "-c",
            DRIVER,
            cluster.address,
            args.game,
            str(args.players),
            args.bots,
            str(args.deals),
            str(args.seed),
        ],
        env=cluster.env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
    )

    watchdog = threading.Timer(timeout, driver.kill)  # a hung run ends as a failure
    watchdog.start()

    def err() -> str:
        log.seek(0)
        return log.read()[-3000:]

    try:
        assert driver.stdin and driver.stdout
        for line in driver.stdout:
            if line.strip() == "connected":
                break
        else:
            driver.wait(timeout=30)
            raise RuntimeError(f"the Ray driver did not connect: {err()}")
        load_before = _load()
        cpu_before = session_cpu(cluster.session)
        driver.stdin.write("go\n")
        driver.stdin.flush()
        line = driver.stdout.readline()  # the arena's figures (blocks until it ends)
        cpu_after = session_cpu(cluster.session)
        cluster_cpu = cpu_since(cpu_before, cpu_after)
        worker_cpu = cpu_since(cpu_before, cpu_after, workers(cpu_after))
        if not line.startswith("{"):
            driver.wait(timeout=30)
            raise RuntimeError(f"the Ray driver failed: {err()}")
        result: dict[str, Any] = json.loads(line)
        driver.stdin.write("bye\n")
        driver.stdin.flush()
        driver.wait(timeout=60)
    finally:
        watchdog.cancel()
        if driver.poll() is None:
            driver.kill()
            driver.wait()
        log.close()
    result["cluster_cpu_seconds"] = round(cluster_cpu, 2)
    result["worker_cpu_seconds"] = round(worker_cpu, 2)
    result["load_before"] = load_before
    result["load_after"] = _load()
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--game", default="zoker-tiko")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--bots", default="hard,medium,easy", help="fixed-budget bot specs")
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cpus", default="1,2", help="worker CPUs of each Ray run")
    ap.add_argument("--timeout", type=float, default=600, help="seconds per Ray run at most")
    ap.add_argument("--json", help="write the result here")
    args = ap.parse_args(argv)

    load_before = _load()
    cpu0 = time.process_time()
    local = run_arena(args.game, args.players, args.bots.split(","), args.deals, args.seed)
    local_cpu = time.process_time() - cpu0
    want = _games(local)
    rows: list[dict[str, Any]] = [
        {
            "run": "local, one process",
            "cpus": 1,
            "seconds": round(local.seconds, 2),
            "speedup": 1.0,
            "cpu_seconds": round(local_cpu, 2),
            "load_before": load_before,
            "load_after": _load(),
            "identical": True,
        }
    ]
    print(f"local: {local.seconds:.1f} s wall, {local_cpu:.1f} s CPU", file=sys.stderr)
    for cpus in (int(x) for x in args.cpus.split(",")):
        cluster = start_cluster(cpus, attempts=2)
        try:
            r = run_on_ray(cluster, args, args.timeout)
        finally:
            cluster.stop()
            left = cluster.left()
        if left:
            raise RuntimeError(f"Ray processes left after stop: {left}")
        identical = r["games"] == want
        if not identical:
            raise RuntimeError(f"Ray with {cpus} CPUs gave other results than the local run")
        if r["cluster_cpus"] != cpus:
            raise RuntimeError(f"the cluster had {r['cluster_cpus']} CPUs, not {cpus}")
        rows.append(
            {
                "run": f"Ray, {cpus} worker CPU{'s' if cpus > 1 else ''}",
                "cpus": cpus,
                "seconds": round(r["seconds"], 2),
                "speedup": round(local.seconds / r["seconds"], 2),
                "cpu_seconds": r["cluster_cpu_seconds"],
                "worker_cpu_seconds": r["worker_cpu_seconds"],
                "driver_cpu_seconds": round(r["driver_cpu_seconds"], 2),
                "connect_seconds": round(r["connect_seconds"], 2),
                "load_before": r["load_before"],
                "load_after": r["load_after"],
                "identical": identical,
            }
        )
        print(
            f"ray {cpus}: {r['seconds']:.1f} s wall, speed-up {local.seconds / r['seconds']:.2f}",
            file=sys.stderr,
        )
    result = {
        "game": args.game,
        "players": args.players,
        "bots": args.bots,
        "deals": args.deals,
        "seed": args.seed,
        "games": len(want),
        "machine_cpus": os.cpu_count(),
        "rows": rows,
    }
    text = json.dumps(result, indent=1)
    if args.json:
        with open(args.json, "w") as f:
            f.write(text + "\n")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
