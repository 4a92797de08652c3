"""Adapter overhead: steps/s through the raw engine contract, PettingZoo, Gymnasium and BatchEnv.

Usage: ``uv run python benchmarks/research_speed.py [--game koodinmurtaja]
[--players 2] [--seconds 3] [--repeats 5]``. Every figure is the median
(with min and max) of ``repeats`` runs of about ``seconds`` of CPU time each
(``time.process_time``: steps per CPU second, so that a loaded machine gives
comparable figures), on one core; every step is a uniformly random legal action.

Rows that depend on the observation are measured twice when the game has an
exact encoder: with the generic hashing encoder on the full view (the only
path before exact encoders and ``view(seat, log=False)``) and with the
game's exact encoder on the view without its log.

- ``contract``: ``state.legal_actions()`` then ``state.apply_legal(a)``;
- ``contract+apply``: the same with the checked ``state.apply(a)``;
- ``pettingzoo``: ``env.last()`` (encodes the acting seat's view), a random
  masked id, ``env.step(id)`` — what a learning loop does;
- ``pettingzoo-noobs``: ``env.last(observe=False)`` (adapter without encoding);
- ``view``: ``state.view(seat)`` per call, with and without the log;
- ``encode``: ``encoder.observe(state, seat)`` alone (view + encoder), per call;
- ``gymnasium``: learner steps/s with random opponents (one learner action plus
  the bots' actions per step, so it counts learner steps);
- ``batch``: the same in :class:`~pakka.research.batch.BatchEnv` with 64 games.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import pakka
from pakka.research import gymnasium_env, pettingzoo_env
from pakka.research.batch import BatchEnv
from pakka.research.encoders import encoder_for


def measure(fn: Callable[[float], int], seconds: float, repeats: int) -> tuple[float, float, float]:
    """Median, min and max of steps per second over ``repeats`` runs."""
    rates = []
    for _ in range(repeats):
        t0 = time.process_time()
        n = fn(seconds)
        rates.append(n / (time.process_time() - t0))
    return statistics.median(rates), min(rates), max(rates)


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


def pettingzoo(game: pakka.Game[Any], observe: bool, kind: str = "auto") -> Callable[[float], int]:
    def run(seconds: float) -> int:
        env = pettingzoo_env(game, encoder=kind)
        rng = np.random.default_rng(1)
        end = time.process_time() + seconds
        steps, seed = 0, 0
        while time.process_time() < end:
            env.reset(seed=seed)
            seed += 1
            for agent in env.agent_iter():
                obs, _, term, trunc, _ = env.last(observe)
                if term or trunc:
                    env.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"]) if observe else list(env._legal)
                env.step(int(legal[rng.integers(len(legal))]))
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


def batch(game: pakka.Game[Any], kind: str = "auto", num_envs: int = 64) -> Callable[[float], int]:
    def run(seconds: float) -> int:
        env = BatchEnv(game, num_envs, seed=1, encoder=kind)
        _, mask = env.reset()
        rng = np.random.default_rng(1)
        end = time.process_time() + seconds
        steps = 0
        while time.process_time() < end:
            # one random legal id per row: argmax of random scores on the mask
            scores = rng.random(mask.shape) * mask
            _, mask, _, _ = env.step(scores.argmax(axis=1))
            steps += num_envs
        return steps

    return run


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="koodinmurtaja")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--repeats", type=int, default=5)
    a = p.parse_args()
    game = pakka.load(a.game, players=a.players)
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
            (f"batch learner steps, 64 games [{e.name}]", batch(game, kind)),
        ]
    print(
        f"{a.game}, {a.players} players; steps per CPU second, "
        f"median of {a.repeats} x {a.seconds} CPU s"
    )
    print("| measure | steps/s median | min | max |\n|---|---:|---:|---:|")
    for name, fn in rows:
        med, lo, hi = measure(fn, a.seconds, a.repeats)
        print(f"| {name} | {med:,.0f} | {lo:,.0f} | {hi:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
