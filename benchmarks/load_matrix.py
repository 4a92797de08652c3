"""The server configurations of ``docs/benchmarks.md`` side by side: ``benchmarks/load.py``
on one process with SQLite and with PostgreSQL (saturated, and at 200 actions/s), on
two processes behind nginx, and two processes with one SIGKILLed mid-run (the
durability check). The machine is shared and noisy, so every configuration runs
``--repeats`` times, the configurations taking turns (round 1: A B C ..., round 2:
A B C ...), and the table shows each figure's median and range.

    uv run python benchmarks/load_matrix.py --repeats 3 --json FILE

PostgreSQL: ``$PAKKA_TEST_PG_URL`` or the cluster of ``scripts/pg.sh`` (a fresh
database per run, dropped afterwards).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MIX = ["--mix", "all", "--bots", "0.5", "--spectators", "1", "--tables", "60"]

CONFIGS: list[tuple[str, list[str]]] = [
    ("1 process, SQLite, saturated", ["--rate", "1500"]),
    ("1 process, PostgreSQL, saturated", ["--rate", "1500", "--db", "PG"]),
    ("1 process, SQLite, 200/s", ["--rate", "200"]),
    ("1 process, PostgreSQL, 200/s", ["--rate", "200", "--db", "PG"]),
    ("2 processes + nginx, PostgreSQL, 200/s", ["--rate", "200", "--db", "PG", "--cluster", "2"]),
    (
        "2 processes + nginx, PostgreSQL, 100/s, one SIGKILLed at 5 s",
        ["--rate", "100", "--db", "PG", "--cluster", "2", "--kill-at", "5"],
    ),
    # The issue's own set-up ("200 tables at 200 actions/s"): each table is offered one
    # action a second, so a table's bots and frames are not a queue of their own, as
    # at 60 tables (3.3 offers a second per table, each followed by its bots' moves).
    ("1 process, SQLite, 200 tables, 200/s", ["--rate", "200", "--tables", "200"]),
    (
        "1 process, PostgreSQL, 200 tables, 200/s",
        ["--rate", "200", "--tables", "200", "--db", "PG"],
    ),
]
FIGURES = (
    "accepted_per_s",
    "people_accepted_per_s",
    "p50_ms",
    "p99_ms",
    "server_cpu_ms_per_action",
    "server_idle_cpu_per_s",
    "server_marginal_cpu_ms_per_action",
    "db_cpu_ms_per_action",
    "proxy_cpu_ms_per_action",
    "load_average",
)
TOTALS = ("checked", "lost", "duplicated", "log_vs_actions", "unserved", "errors", "reconnects")


def pg_url() -> str:
    url = os.environ.get("PAKKA_TEST_PG_URL")
    if url:
        return url
    out = subprocess.run(
        [str(ROOT / "scripts" / "pg.sh"), "url"], capture_output=True, text=True, check=False
    ).stdout.strip()
    if not out:
        raise SystemExit("no PostgreSQL: set PAKKA_TEST_PG_URL or run scripts/pg.sh start")
    return out


def median(xs: list[float | None]) -> float | None:
    """The median, ``None`` (infinite latency) counting as the largest."""
    vals = sorted(xs, key=lambda x: float("inf") if x is None else x)
    return vals[len(vals) // 2] if vals else None


def load_args(extra: list[str], seconds: float, pg: str) -> list[str]:
    """``load.py``'s arguments of a configuration: :data:`MIX` with the configuration's
    own values in place of the mix's (``--tables``), ``PG`` the PostgreSQL URL."""
    own = set(extra[::2])
    mix = [x for k, v in zip(MIX[::2], MIX[1::2], strict=True) if k not in own for x in (k, v)]
    return [*mix, "--seconds", str(seconds), *[pg if a == "PG" else a for a in extra]]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=15.0)
    ap.add_argument("--only", default="", help="comma-separated config numbers (1-based)")
    ap.add_argument("--json", metavar="FILE", required=True)
    args = ap.parse_args()
    pg = pg_url()
    chosen = [int(x) - 1 for x in args.only.split(",") if x] or list(range(len(CONFIGS)))
    runs: dict[int, list[dict[str, Any]]] = {i: [] for i in chosen}
    with tempfile.TemporaryDirectory() as tmp:
        for rnd in range(args.repeats):
            for i in chosen:
                name, extra = CONFIGS[i]
                out = Path(tmp) / f"{i}-{rnd}.json"
                argv = [
                    sys.executable,
                    str(ROOT / "benchmarks" / "load.py"),
                    *load_args(extra, args.seconds, pg),
                    "--seed",
                    str(rnd + 1),
                    "--json",
                    str(out),
                ]
                print(f"round {rnd + 1}: {name}", file=sys.stderr, flush=True)
                subprocess.run(argv, check=False, stdout=sys.stderr)
                if out.exists():
                    runs[i].append(json.loads(out.read_text()))
    rows = []
    for i in chosen:
        name, extra = CONFIGS[i]
        rs = runs[i]
        row: dict[str, Any] = {
            "config": name,
            "args": " ".join(load_args(extra, args.seconds, "$PAKKA_TEST_PG_URL")),
            "runs": len(rs),
            "tables": rs[0]["tables"] if rs else 0,
            "tables_held": min((r["tables_held"] for r in rs), default=0),
            "connections": rs[0]["connections"] if rs else 0,
        }
        for f in FIGURES:
            vals = [r.get(f) for r in rs]
            row[f] = median(vals)
            known = [v for v in vals if v is not None]
            row[f + "_range"] = [min(known), max(known)] if known else None
        for f in TOTALS:
            row[f] = sum(int(r.get(f) or 0) for r in rs)
        rows.append(row)
    result: dict[str, Any] = {"repeats": args.repeats, "seconds": args.seconds, "rows": rows}
    sat = {r["config"]: r["accepted_per_s"] for r in rows if "saturated" in r["config"]}
    lite, post = sat.get(CONFIGS[0][0]), sat.get(CONFIGS[1][0])
    if lite and post:
        result["pg_over_sqlite_saturated"] = post / lite
    p99 = next((r["p99_ms"] for r in rows if r["config"] == CONFIGS[3][0]), None)
    result["pg_p99_at_200_ms"] = p99
    p99_200 = next((r["p99_ms"] for r in rows if r["config"] == CONFIGS[7][0]), None)
    result["pg_p99_at_200_tables_200_ms"] = p99_200
    Path(args.json).write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps({k: v for k, v in result.items() if k != "rows"}), file=sys.stderr)


if __name__ == "__main__":
    main()
