"""Adapter overhead: steps/s through the raw engine contract, PettingZoo and Gymnasium.

Usage: ``uv run python benchmarks/research_speed.py [--game koodinmurtaja|all]
[--players 2] [--seconds 3] [--repeats 5] [--targets]``. Every figure is the
median (with min and max) of ``repeats`` runs of about ``seconds`` of CPU time
each (``time.process_time``: steps per CPU second, so that a loaded machine
gives comparable figures), on one core; every step is a uniformly random legal
action (``random.Random`` in every loop, so the loops differ only in the
adapter). The repeats of the rows are interleaved (run 1 of every row, then
run 2, ...), so that a change of the machine's load hits every row alike.

``--observe-cost`` prints the CPU time of one observation of the seat to act
(the encoder alone, no adapter) overall and per phase of the state, on fixed
replayed deals (see :func:`observe_cost`): the side-by-side measure for two
versions of an encoder.

``--targets`` measures only the rows of the research-speed targets — the raw
contract, PettingZoo without observations and PettingZoo with the exact
observations, the latter both through the compiled encoders of the ``fast``
extra (``pakka_fast``; what the adapters use when it is installed) and through
the pure-Python ones, side by side in the same run — and prints their ratios
(``pz/raw``, ``obs/pz``, ``py/pz``);
``--game all`` does so for every registered game at its benchmark player
count (3 where the game allows it), ``--game a,b`` for the games named.
(``--batch``, which compared the removed ``BatchEnv`` with N single
environments, is in git history: commit 41c9693.)

Rows that depend on the observation are measured twice when the game has an
exact encoder: with the generic hashing encoder on the full view (the only
path before exact encoders and ``view(seat, log=False)``) and with the
game's exact encoder on the view without its log.

- ``contract``: ``state.legal_actions()`` then ``state.apply_legal(a)``;
- ``contract+apply``: the same with the checked ``state.apply(a)``;
- ``pettingzoo``: ``env.last()`` (encodes the acting seat's view and builds
  its action mask), a random legal id, ``env.step(id)`` — what a learning loop
  does; the id is drawn from the adapter's legal ids in both PettingZoo rows,
  so that they differ only in the observation;
- ``pettingzoo-noobs``: ``env.last(observe=False)`` (adapter without encoding);
- ``view``: ``state.view(seat)`` per call, with and without the log;
- ``encode``: ``encoder.observe(state, seat)`` alone (view + encoder), per call;
- ``gymnasium``: learner steps/s with random opponents (one learner action plus
  the bots' actions per step, so it counts learner steps);
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

import pakka
from pakka.core.registry import game_class
from pakka.research import gymnasium_env, pettingzoo_env
from pakka.research._common import Observer, research_options
from pakka.research.encoders import encoder_for


def contract(game: pakka.Game[Any], checked: bool) -> Callable[[float], int]:
    def run(seconds: float) -> int:
        rng = random.Random(1)
        end = time.process_time() + seconds
        steps, seed = 0, 0
        while time.process_time() < end:
            s = game.new_state(seed=seed)
            seed += 1
            while not s.is_terminal:
                legal = s.legal_actions()
                a = legal[rng.randrange(len(legal))]
                if checked:
                    s.apply(a)
                else:
                    s.apply_legal(a)
                steps += 1
        return steps

    return run


def pettingzoo(
    game: pakka.Game[Any], observe: bool, kind: str = "auto", compiled: bool = True
) -> Callable[[float], int]:
    """The PettingZoo loop; ``compiled=False`` builds observations and masks with the
    pure-Python encoder even when the compiled one (``pakka_fast``) is installed."""

    def run(seconds: float) -> int:
        env = pettingzoo_env(game, encoder=kind)
        if not compiled:
            env.observer = Observer(env.game, env.observer.encoder, compiled=False)
        rng = random.Random(1)
        end = time.process_time() + seconds
        steps, seed = 0, 0
        while time.process_time() < end:
            env.reset(seed=seed)
            seed += 1
            for agent in env.agent_iter():
                _obs, _, term, trunc, _ = env.last(observe)
                if term or trunc:
                    env.step(None)
                    continue
                # the same choice with and without observations (from the adapter's
                # legal ids, what the mask is made from), so that the two loops
                # differ only in the observation; how a learner reads the mask is
                # its own cost (np.flatnonzero of Räväytys's 7,658 ids alone costs
                # about as much as a step)
                legal = list(env._legal)
                env.step(legal[rng.randrange(len(legal))])
                steps += 1
                del agent
        return steps

    return run


_STATES: dict[int, list[Any]] = {}


def sample_states(game: pakka.Game[Any]) -> list[Any]:
    """The first 200 positions of random playouts (computed once; the same for every row)."""
    if id(game) in _STATES:
        return _STATES[id(game)]
    states: list[Any] = []
    rng = random.Random(2)
    for seed in range(20):
        s = game.new_state(seed=seed)
        while not s.is_terminal and len(states) < 200:
            states.append(s.clone())
            legal = s.legal_actions()
            s.apply_legal(legal[rng.randrange(len(legal))])
    _STATES[id(game)] = states
    return states


def view_only(game: pakka.Game[Any], log: bool) -> Callable[[float], int]:
    states = sample_states(game)

    def run(seconds: float) -> int:
        end = time.process_time() + seconds
        n = 0
        while time.process_time() < end:
            for s in states:
                s.view(s.current_player, log=log)
                n += 1
        return n

    return run


def encode_only(game: pakka.Game[Any], kind: str) -> Callable[[float], int]:
    states = sample_states(game)
    enc = encoder_for(game, kind)

    def run(seconds: float) -> int:
        end = time.process_time() + seconds
        n = 0
        while time.process_time() < end:
            for s in states:
                enc.observe(s, s.current_player)
                n += 1
        return n

    return run


def gym(game: pakka.Game[Any], kind: str = "auto") -> Callable[[float], int]:
    def run(seconds: float) -> int:
        env = gymnasium_env(game, encoder=kind)
        rng = np.random.default_rng(1)
        end = time.process_time() + seconds
        steps, seed = 0, 0
        while time.process_time() < end:
            obs, _ = env.reset(seed=seed)
            seed += 1
            done = False
            while not done:
                legal = np.flatnonzero(obs["action_mask"])
                obs, _, done, _, _ = env.step(int(legal[rng.integers(len(legal))]))
                steps += 1
        return steps

    return run


def observe_cost(
    game: pakka.Game[Any], repeats: int, deals: int = 30, compiled: bool = True
) -> list[dict[str, Any]]:
    """CPU µs per observation of the seat to act, overall and by the state's phase.

    The same ``deals`` random games (fixed actions) are replayed once without
    observing and once observing the seat to act at every step (or only at the
    steps of one phase), each with a fresh encoder; the cost of an observation
    is the difference of the two replays' CPU time divided by the observations
    made, the minimum over ``repeats`` interleaved runs. Without the adapter, so
    that two encoders (e.g. two commits' ``src`` through ``PYTHONPATH``) can be
    compared without the adapter's own noise. ``compiled=False``: the pure-Python
    encoder even when ``pakka_fast`` is installed."""
    rng = random.Random(1)
    played: list[tuple[int, list[Any]]] = []
    phases: set[Any] = set()
    for seed in range(deals):
        s = game.new_state(seed=seed)
        acts = []
        while not s.is_terminal:
            phases.add(getattr(s, "phase", None))
            legal = s.legal_actions()
            a = legal[rng.randrange(len(legal))]
            acts.append(a)
            s.apply_legal(a)
        played.append((seed, acts))
    every = object()

    def replay(only: Any) -> tuple[float, int]:
        enc = encoder_for(game)
        observe = enc.observer(compiled=compiled)
        calls = 0
        t0 = time.process_time()
        for seed, acts in played:
            s = game.new_state(seed=seed)
            for a in acts:
                ph = getattr(s, "phase", None)
                if only is every or (only is not None and ph == only):
                    observe(s, s.current_player)
                    calls += 1
                s.apply_legal(a)
        return time.process_time() - t0, calls

    kinds: list[Any] = (
        [every, *sorted(p for p in phases if p is not None)] if phases != {None} else [every]
    )
    best: dict[int, float] = {}
    calls: dict[int, int] = {}
    base = float("inf")
    for _ in range(repeats):
        base = min(base, replay(None)[0])
        for k, kind in enumerate(kinds):
            t, c = replay(kind)
            best[k] = min(best.get(k, t), t)
            calls[k] = c
    return [
        {
            "phase": "all" if kind is every else kind,
            "observations": calls[k],
            "us_per_observation": (best[k] - base) / max(1, calls[k]) * 1e6,
        }
        for k, kind in enumerate(kinds)
    ]


def interleaved(
    rows: list[tuple[str, Callable[[float], int]]], seconds: float, repeats: int
) -> list[list[float]]:
    """Steps per CPU second of every row, ``repeats`` times, the rows taking turns."""
    rates: list[list[float]] = [[] for _ in rows]
    for _ in range(repeats):
        for k, (_, fn) in enumerate(rows):
            t0 = time.process_time()
            n = fn(seconds)
            rates[k].append(n / (time.process_time() - t0))
    return rates


def targets(
    names: list[str], players: int | None, seconds: float, repeats: int
) -> list[dict[str, Any]]:
    """The target rows per game and their ratios (one Markdown table; also returned
    as JSON-ready rows for ``--json``)."""
    out: list[dict[str, Any]] = []
    print(f"steps per CPU second, median [min, max] of {repeats} x {seconds} CPU s, interleaved")
    print(
        "| game | raw contract | PettingZoo, no observation | PettingZoo, exact observation "
        "| same, pure Python | pz / raw | obs / pz | py / pz |"
        "\n|---|---:|---:|---:|---:|---:|---:|---:|"
    )
    for name in names:
        cls = game_class(name)
        n = players or min(max(3, cls.min_players), cls.max_players)
        game = pakka.load(name, players=n, **research_options(name, {}))
        rows = [
            ("raw", contract(game, False)),
            ("pz", pettingzoo(game, False)),
            ("obs", pettingzoo(game, True)),
            ("py", pettingzoo(game, True, compiled=False)),
        ]
        enc = encoder_for(game)
        is_compiled = enc.observer() != enc.observe
        rates = interleaved(rows, seconds, repeats)
        med = [statistics.median(r) for r in rates]
        cells = [
            f"{m:,.0f} [{min(r):,.0f}, {max(r):,.0f}]" for m, r in zip(med, rates, strict=True)
        ]
        ratios = f"{med[1] / med[0]:.2f} | {med[2] / med[1]:.2f} | {med[3] / med[1]:.2f}"
        print(f"| {name}, {n} | {' | '.join(cells)} | {ratios} |", flush=True)
        out.append(
            {
                "game": name,
                "players": n,
                "raw": rates[0],
                "pz": rates[1],
                "obs": rates[2],
                "py": rates[3],
                "compiled": is_compiled,
                "pz_over_raw": med[1] / med[0],
                "obs_over_pz": med[2] / med[1],
                "py_over_pz": med[3] / med[1],
            }
        )
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="koodinmurtaja")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--targets", action="store_true")
    p.add_argument("--json", metavar="FILE", help="with --targets: also write the rows as JSON")
    p.add_argument(
        "--pure-python",
        action="store_true",
        help="with --observe-cost: the pure-Python encoders even if pakka_fast is installed",
    )
    p.add_argument(
        "--observe-cost",
        action="store_true",
        help="CPU µs per observation of the seat to act, by phase, on replayed deals",
    )
    a = p.parse_args()
    if a.observe_cost:
        for name in pakka.games() if a.game == "all" else a.game.split(","):
            cls = game_class(name)
            n = a.players or min(max(3, cls.min_players), cls.max_players)
            game = pakka.load(name, players=n, **research_options(name, {}))
            print(f"{name}, {n} players: CPU µs per observation, min of {a.repeats}")
            for row in observe_cost(game, a.repeats, compiled=not a.pure_python):
                print(
                    f"  phase {row['phase']}: {row['us_per_observation']:.2f} µs "
                    f"({row['observations']} observations)"
                )
        return
    if a.targets:
        found = targets(
            pakka.games() if a.game == "all" else a.game.split(","), a.players, a.seconds, a.repeats
        )
        if a.json:
            Path(a.json).write_text(json.dumps(found, indent=1) + "\n")
        return
    game = pakka.load(a.game, players=a.players or 2, **research_options(a.game, {}))
    enc = encoder_for(game)
    kinds = ["hashing"] if enc.name == "hashing" else ["hashing", "auto"]
    rows = [
        ("contract (legal_actions + apply_legal)", contract(game, False)),
        ("contract (legal_actions + checked apply)", contract(game, True)),
        ("pettingzoo (last(observe=False) + step)", pettingzoo(game, False)),
        ("view(seat) per call (with the log)", view_only(game, True)),
        ("view(seat, log=False) per call", view_only(game, False)),
    ]
    for kind in kinds:
        e = encoder_for(game, kind)
        tag = f"{e.name}, {e.size} floats, {'full view' if e.uses_log else 'view without log'}"
        rows += [
            (f"observation (view + encoder) per call [{tag}]", encode_only(game, kind)),
            (
                f"pettingzoo (last() with observation + step) [{e.name}]",
                pettingzoo(game, True, kind),
            ),
            (f"gymnasium learner steps vs random bots [{e.name}]", gym(game, kind)),
        ]
    print(
        f"{a.game}, {a.players} players; steps per CPU second, "
        f"median of {a.repeats} x {a.seconds} CPU s"
    )
    print("| measure | steps/s median | min | max |\n|---|---:|---:|---:|")
    for (name, _), r in zip(rows, interleaved(rows, a.seconds, a.repeats), strict=True):
        print(f"| {name} | {statistics.median(r):,.0f} | {min(r):,.0f} | {max(r):,.0f} |")


if __name__ == "__main__":
    main()
