"""Engine speed of random play, side by side with the baseline of the typed-seam issue:
CPU instructions per action counted by valgrind, for this checkout and for the
baseline commit (main after the fixes issue), every game at two player counts.

Usage::

    uv run python benchmarks/seam_speed.py [--baseline REV] [--json FILE]

The baseline is checked out into a temporary git worktree with its own environment
(``uv sync --frozen``), and both interpreters play the same seeded random matches
(``benchmarks/instructions_per_action.py --play``: ``legal_actions()`` then
``apply``, as ``pakka bench`` does). Instruction counts do not depend on the load
of the machine, so the two columns compare code, not moments. The issue's target:
every ratio (this checkout / baseline) at most 1.05.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.instructions_per_action import instructions

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "8041828"
"""main after the fixes issue (its last merge, the Räväytys meld-check speed-up)."""

SETUPS: tuple[tuple[str, int, int], ...] = (
    ("koodinmurtaja", 2, 40),
    ("koodinmurtaja", 5, 20),
    ("viisisataa", 3, 3),
    ("viisisataa", 5, 2),
    ("ravaytys", 3, 2),
    ("ravaytys", 5, 1),
    ("zoker-solo", 1, 20),
    ("zoker-memo", 2, 20),
    ("zoker-tiko", 2, 20),
    ("zoker-tiko", 4, 10),
    ("zoker-kubo", 2, 10),
    ("zoker-pairs", 1, 20),
)
"""(game, players, matches): each run plays a few thousand actions or more."""


def per_action(python: str, game: str, players: int, games: int) -> tuple[float, int]:
    """Instructions per action and the number of actions (minus an empty run's cost)."""
    with_games, actions = instructions(game, players, games, python)
    without, _ = instructions(game, players, 0, python)
    return (with_games - without) / actions, actions


def baseline_python(rev: str, tmp: str) -> str:
    """Check ``rev`` out into ``tmp`` with its own environment; its interpreter."""
    subprocess.run(
        ["git", "worktree", "add", "--detach", tmp, rev], cwd=ROOT, check=True,
        capture_output=True,
    )  # fmt: skip
    env = dict(os.environ, UV_PROJECT_ENVIRONMENT=str(Path(tmp, ".venv")))
    subprocess.run(["uv", "sync", "--frozen", "--quiet"], cwd=tmp, check=True, env=env)
    return str(Path(tmp, ".venv", "bin", "python"))


def main() -> None:
    """Measure every setup in both checkouts (two at a time) and print or store them."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", default=BASELINE)
    ap.add_argument("--json", help="write the figures to this file")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="pakka-baseline-")
    try:
        base = baseline_python(args.baseline, tmp)
        jobs = [(py, s) for s in SETUPS for py in (base, sys.executable)]
        with ThreadPoolExecutor(2) as pool:
            got = list(pool.map(lambda j: per_action(j[0], *j[1]), jobs))
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", tmp], cwd=ROOT, check=False)
    rows: list[dict[str, Any]] = []
    for i, (game, players, games) in enumerate(SETUPS):
        (b, actions), (h, h_actions) = got[2 * i], got[2 * i + 1]
        rows.append(
            {
                "game": game, "players": players, "matches": games, "actions": actions,
                "same_actions": actions == h_actions, "baseline": round(b),
                "now": round(h), "ratio": round(h / b, 4),
            }
        )  # fmt: skip
        print(
            f"{game} {players}p: {b:,.0f} -> {h:,.0f} instructions per action "
            f"({h / b:.3f}), {actions} actions{'' if actions == h_actions else ' DIFFER'}",
            flush=True,
        )
    if args.json:
        Path(args.json).write_text(json.dumps({"baseline": args.baseline, "rows": rows}))


if __name__ == "__main__":
    main()
