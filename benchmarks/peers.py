"""Random-playout speed of established card-game engines beside pakka's, in one process run.

    uv sync --all-extras          # installs the `peers` extra (open_spiel, rlcard)
    uv run python benchmarks/peers.py --seconds 2 --repeats 5

Measured, each as the median of ``--repeats`` runs of about ``--seconds``:

* OpenSpiel (C++ core through pyspiel): ``euchre`` and ``gin_rummy`` random
  playouts. Chance nodes (the deal) are sampled from ``chance_outcomes()``.
  "decisions/s" counts player actions only (``legal_actions`` + ``apply_action``);
  "steps/s" also counts the chance steps of dealing.
* OpenSpiel's Python ISMCTS bot (``open_spiel.python.algorithms.ismcts``) on
  ``hearts`` with a one-rollout random evaluator: simulations per second at
  the first decision of a deal.
* RLCard (pure Python), the raw game loop without the RL environment wrapper:
  ``game.init_game()``, then ``judge(r).get_legal_actions()`` + ``game.step``
  for gin rummy and bridge.
* pakka: every registered game (or ``--games``) at its benchmark setups, random
  full games through the public API (``legal_actions`` + ``apply``; dealing in
  ``new_state`` is inside the timed loop and not counted as an action), and
  pakka's generic ISMCTS iterations per second.

Ratios compare decisions per second: pakka actions are all player decisions.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

Measure = Callable[[float, int], dict[str, float]]


def openspiel_playouts(name: str) -> Measure:
    """Random playouts of an OpenSpiel game (pyspiel, C++)."""
    import pyspiel

    game = pyspiel.load_game(name)

    def run(seconds: float, seed: int) -> dict[str, float]:
        rng = random.Random(seed)
        games = decisions = steps = 0
        t0 = time.process_time()
        deadline = t0 + seconds
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    r = rng.random()
                    acc = 0.0
                    action = outcomes[-1][0]
                    for a, p in outcomes:
                        acc += p
                        if r < acc:
                            action = a
                            break
                    state.apply_action(action)
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[int(rng.random() * len(legal))])
                    decisions += 1
                steps += 1
            games += 1
            now = time.process_time()
            if now >= deadline:
                break
        el = now - t0
        return {"games/s": games / el, "decisions/s": decisions / el, "steps/s": steps / el}

    return run


def openspiel_ismcts_hearts() -> Measure:
    """OpenSpiel's Python ISMCTS bot on hearts: simulations per second."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("hearts")

    def run(seconds: float, seed: int) -> dict[str, float]:
        rng = random.Random(seed)
        state = game.new_initial_state()
        while state.is_chance_node() or len(state.legal_actions()) < 2:
            if state.is_chance_node():
                actions = [a for a, _ in state.chance_outcomes()]
                state.apply_action(actions[rng.randrange(len(actions))])
            else:
                state.apply_action(state.legal_actions()[0])
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
        sims = 0
        batch = 20
        t0 = time.process_time()
        while time.process_time() - t0 < seconds:
            bot = ismcts.ISMCTSBot(
                game,
                evaluator,
                2.0,
                batch,
                random_state=np.random.RandomState(seed + sims),
                allow_inconsistent_action_sets=True,
            )
            bot.run_search(state)
            sims += batch
        el = time.process_time() - t0
        return {"ISMCTS simulations/s": sims / el}

    return run


def rlcard_playouts(name: str) -> Measure:
    """RLCard's raw game loop (no RL environment wrapper) with random actions."""
    if name == "gin-rummy":
        from rlcard.games.gin_rummy.game import GinRummyGame as GameClass

        def judge(g: Any) -> Any:
            return g.judge
    else:
        from rlcard.games.bridge.game import BridgeGame as GameClass

        def judge(g: Any) -> Any:
            return g.judger

    def run(seconds: float, seed: int) -> dict[str, float]:
        import numpy as np

        rng = random.Random(seed)
        game = GameClass()
        game.np_random = np.random.RandomState(seed)
        games = steps = 0
        t0 = time.process_time()
        deadline = t0 + seconds
        while True:
            game.init_game()
            if name == "bridge":
                game.round.dealer.np_random = game.np_random
            while not game.is_over():
                legal = judge(game).get_legal_actions()
                game.step(legal[int(rng.random() * len(legal))])
                steps += 1
            games += 1
            now = time.process_time()
            if now >= deadline:
                break
        el = now - t0
        return {"games/s": games / el, "decisions/s": steps / el}

    return run


def pakka_measures(names: list[str]) -> list[tuple[str, str, Measure]]:
    """pakka's random playouts and ISMCTS for every named game at its bench setups."""
    from pakka.bench import default_setups, describe_setup, ismcts_rate, random_playouts
    from pakka.core.registry import load_automated

    out: list[tuple[str, str, Measure]] = []
    for name in names:
        for players, options in default_setups(name):
            game = load_automated(name, players=players, **options)

            def run(seconds: float, seed: int, game: Any = game) -> dict[str, float]:
                fig = random_playouts(game, seconds, seed)
                fig["decisions/s"] = fig.pop("actions/s")
                fig["games/s"] = fig.pop("random games/s")
                return fig | ismcts_rate(game, seconds, seed)

            out.append((f"pakka {name}", describe_setup(game), run))
    return out


def main(argv: list[str] | None = None) -> int:
    """Run every peer and pakka, print medians and ratios."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--games", nargs="*", help="pakka games (default: all registered)")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON (for report.py)")
    args = ap.parse_args(argv)

    import pakka

    peers: list[tuple[str, str, Measure]] = []
    problems: list[str] = []
    candidates: list[tuple[str, str, Callable[[], Measure]]] = [
        ("OpenSpiel euchre", "4 players, C++ via pyspiel", lambda: openspiel_playouts("euchre")),
        (
            "OpenSpiel gin_rummy",
            "2 players, C++ via pyspiel",
            lambda: openspiel_playouts("gin_rummy"),
        ),
        (
            "OpenSpiel hearts ISMCTS (Python bot)",
            "4 players, 1 random rollout/simulation",
            openspiel_ismcts_hearts,
        ),
        ("RLCard gin-rummy", "2 players, raw game loop", lambda: rlcard_playouts("gin-rummy")),
        ("RLCard bridge", "4 players, raw game loop", lambda: rlcard_playouts("bridge")),
    ]
    for label, setup, factory in candidates:
        try:
            peers.append((label, setup, factory()))
        except Exception as e:  # report a missing or broken peer, measure the others
            problems.append(f"{label}: not measured ({type(e).__name__}: {e})")
    for name in args.games or pakka.games():
        try:
            peers += pakka_measures([name])
        except Exception as e:
            problems.append(f"pakka {name}: not measured ({type(e).__name__}: {e})")

    results: dict[str, dict[str, float]] = {}
    rows: list[dict[str, Any]] = []
    print(
        f"median of {args.repeats} repeats x {args.seconds:g} s, one process "
        f"(python {sys.version.split()[0]})"
    )
    for label, setup, run in peers:
        values: dict[str, list[float]] = {}
        try:
            for rep in range(args.repeats):
                for k, v in run(args.seconds, rep).items():
                    values.setdefault(k, []).append(v)
        except Exception as e:
            problems.append(f"{label}: failed ({type(e).__name__}: {e})")
            continue
        med = {k: statistics.median(v) for k, v in values.items()}
        results[f"{label} [{setup}]" if label.startswith("pakka") else label] = med
        rows.append({"label": label, "setup": setup, "figures": med})
        figs = ", ".join(f"{k} {v:,.0f}" for k, v in med.items())
        print(f"{label} [{setup}]: {figs}", flush=True)

    print("\nratios (pakka decisions/s ÷ peer decisions/s):")
    for mine, mfig in results.items():
        if not mine.startswith("pakka"):
            continue
        for peer, pfig in results.items():
            if peer.startswith("pakka") or "decisions/s" not in pfig:
                continue
            print(f"  {mine} / {peer}: {mfig['decisions/s'] / pfig['decisions/s']:.2f}")
    if problems:
        print("\nnot measured:")
        for p in problems:
            print("  " + p)
    if args.json:
        doc = {"repeats": args.repeats, "seconds": args.seconds, "rows": rows}
        Path(args.json).write_text(json.dumps(doc | {"problems": problems}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
