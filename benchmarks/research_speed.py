"""Adapter overhead: steps/s through the raw engine contract, PettingZoo, Gymnasium and BatchEnv.

Usage: ``uv run python benchmarks/research_speed.py [--game koodinmurtaja]
[--players 2] [--seconds 3] [--repeats 5]``. Every figure is the median
(with min and max) of ``repeats`` runs of about ``seconds`` each, on one
core; every step is a uniformly random legal action.

- ``contract``: ``state.legal_actions()`` then ``state.apply_legal(a)``;
- ``contract+apply``: the same with the checked ``state.apply(a)``;
- ``pettingzoo``: ``env.last()`` (encodes the acting seat's view), a random
  masked id, ``env.step(id)`` — what a learning loop does;
- ``pettingzoo-noobs``: ``env.last(observe=False)`` (adapter without encoding);
- ``encode``: ``encoder.encode(state.view(seat))`` alone, per call;
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
        t0 = time.perf_counter()
        n = fn(seconds)
        rates.append(n / (time.perf_counter() - t0))
    return statistics.median(rates), min(rates), max(rates)


def contract(game: pakka.Game[Any], checked: bool) -> Callable[[float], int]:
    def run(seconds: float) -> int:
        rng = random.Random(1)
        end = time.perf_counter() + seconds
        steps, seed = 0, 0
        while time.perf_counter() < end:
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


def pettingzoo(game: pakka.Game[Any], observe: bool) -> Callable[[float], int]:
    def run(seconds: float) -> int:
        env = pettingzoo_env(game)
        rng = np.random.default_rng(1)
        end = time.perf_counter() + seconds
        steps, seed = 0, 0
        while time.perf_counter() < end:
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


def encode_only(game: pakka.Game[Any]) -> Callable[[float], int]:
    states = []
    rng = random.Random(2)
    for seed in range(20):
        s = game.new_state(seed=seed)
        while not s.is_terminal:
            states.append(s.clone())
            legal = s.legal_actions()
            s.apply_legal(legal[rng.randrange(len(legal))])
    enc = encoder_for(game)

    def run(seconds: float) -> int:
        end = time.perf_counter() + seconds
        n = 0
        while time.perf_counter() < end:
            for s in states[:200]:
                enc.encode(s.view(s.current_player))
                n += 1
        return n

    return run


def gym(game: pakka.Game[Any]) -> Callable[[float], int]:
    def run(seconds: float) -> int:
        env = gymnasium_env(game)
        rng = np.random.default_rng(1)
        end = time.perf_counter() + seconds
        steps, seed = 0, 0
        while time.perf_counter() < end:
            obs, _ = env.reset(seed=seed)
            seed += 1
            done = False
            while not done:
                legal = np.flatnonzero(obs["action_mask"])
                obs, _, done, _, _ = env.step(int(legal[rng.integers(len(legal))]))
                steps += 1
        return steps

    return run


def batch(game: pakka.Game[Any], num_envs: int = 64) -> Callable[[float], int]:
    def run(seconds: float) -> int:
        env = BatchEnv(game, num_envs, seed=1)
        _, mask = env.reset()
        rng = np.random.default_rng(1)
        end = time.perf_counter() + seconds
        steps = 0
        while time.perf_counter() < end:
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
    rows = [
        ("contract (legal_actions + apply_legal)", contract(game, False)),
        ("contract (legal_actions + checked apply)", contract(game, True)),
        ("pettingzoo (last() with observation + step)", pettingzoo(game, True)),
        ("pettingzoo (last(observe=False) + step)", pettingzoo(game, False)),
        ("encode (view + encoder) per call", encode_only(game)),
        ("gymnasium learner steps vs random bots", gym(game)),
        ("batch learner steps, 64 games", batch(game)),
    ]
    enc = encoder_for(game)
    print(
        f"{a.game}, {a.players} players, encoder {enc.name} ({enc.size} floats); "
        f"median of {a.repeats} x {a.seconds}s"
    )
    print("| measure | steps/s median | min | max |\n|---|---:|---:|---:|")
    for name, fn in rows:
        med, lo, hi = measure(fn, a.seconds, a.repeats)
        print(f"| {name} | {med:,.0f} | {lo:,.0f} | {hi:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
