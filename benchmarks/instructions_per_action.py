"""CPU instructions per action of random play, counted by valgrind: a speed measure that
other programs on a shared machine do not disturb.

Usage::

    uv run python benchmarks/instructions_per_action.py viisisataa --players 2 --games 20

The script runs itself twice under ``valgrind --tool=cachegrind`` (``PYTHONHASHSEED=0``):
once playing ``--games`` seeded random matches through the public API exactly as
``pakka bench`` does (``new_state(seed)``, ``legal_actions()``, ``apply(action)``, the
pick ``legal[int(random() * len(legal))]``), once playing none. The difference in
instructions divided by the number of actions is the figure; the same code gives the
same count on every run. ``--play`` only plays (it is what valgrind runs).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys

from pakka.core.registry import load_automated


def play(game_name: str, players: int, games: int) -> int:
    """Play ``games`` seeded random matches (automated options, as ``pakka bench``: a
    Viisisataa match has a hand cap); the number of actions."""
    game = load_automated(game_name, players=players)
    game.new_state(seed=10**9)  # the same warm-up in both runs
    pick = random.Random(0).random
    actions = 0
    for deal in range(games):
        state = game.new_state(seed=deal)
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[int(pick() * len(legal))])
            actions += 1
    return actions


def instructions(
    game_name: str, players: int, games: int, python: str = sys.executable
) -> tuple[int, int]:
    """(instructions, actions) of one valgrind run of ``--play`` by ``python`` (another
    checkout's interpreter measures that checkout's engines)."""
    cmd = [
        "valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
        python, __file__, game_name, "--players", str(players),
        "--games", str(games), "--play",
    ]  # fmt: skip
    env = dict(os.environ, PYTHONHASHSEED="0")
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if refs is None:
        raise RuntimeError("no instruction count in valgrind's output:\n" + out.stderr)
    return int(refs.group(1).replace(",", "")), int(out.stdout.split()[-1])


def main() -> None:
    """Parse the arguments and print the figure (or just play, with ``--play``)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--play", action="store_true", help="only play (run under valgrind)")
    args = ap.parse_args()
    if args.play:
        print(play(args.game, args.players, args.games))
        return
    with_games, actions = instructions(args.game, args.players, args.games)
    without, _ = instructions(args.game, args.players, 0)
    print(
        f"{args.game}, {args.players} players, {args.games} matches, {actions} actions: "
        f"{(with_games - without) / actions:,.0f} instructions per action"
    )


if __name__ == "__main__":
    main()
