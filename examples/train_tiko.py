"""Train a small policy for Zoker Tiko (2 players) against the random bot, then evaluate it.

CPU only, numpy only, fixed seeds. The policy is a linear softmax over the
legal actions: logits = W · x + b, where x is the observation vector that
``pakka.research`` builds from the learner's view (only what the seat may
see). It learns by REINFORCE with a running-mean baseline against the
``random`` bot through ``pakka.research.gymnasium_env``. Afterwards it plays
``pakka arena`` matches (duplicate deals, both seat rotations) against
``random`` and against the game's strongest hand-written bot (its ``hard``
level), and it saves the learning curve as ``examples/tiko_learning_curve.png``.

Run: ``uv run python examples/train_tiko.py`` (about 5-10 minutes on one core).
"""

from __future__ import annotations

import argparse
import json
import struct
import time
import zlib
from pathlib import Path
from typing import Any

import numpy as np

import pakka
from pakka.arena import run_arena
from pakka.bots import levels
from pakka.bots.base import SeatHandle
from pakka.research import gymnasium_env
from pakka.research.encoders import encoder_for

GAME = "zoker-tiko"
SEED = 20261129
HERE = Path(__file__).resolve().parent


class LinearPolicy:
    """Masked softmax over action ids with a linear score of the observation."""

    def __init__(self, obs_size: int, num_actions: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.W = rng.normal(0.0, 0.01, (num_actions, obs_size)).astype(np.float64)
        self.b = np.zeros(num_actions)

    def probs(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.W @ x + self.b
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()


def train(episodes: int, lr: float, seed: int) -> tuple[LinearPolicy, list[float]]:
    """REINFORCE against the random bot; returns the policy and the per-episode returns."""
    env = gymnasium_env(GAME, players=2, seat=0, opponents=["random"])
    policy = LinearPolicy(env.observer.encoder.size, env.game.num_distinct_actions, seed)
    rng = np.random.default_rng(seed + 1)
    baseline = 0.5
    returns: list[float] = []
    for ep in range(episodes):
        env.seat = ep % 2  # learn both seats (the first player leads the first trick)
        others = [1 - env.seat]
        env.opponent_specs = dict.fromkeys(others, "random")
        obs, _ = env.reset(seed=seed * 1_000_003 + ep)
        traj = []
        done = False
        reward = 0.0
        while not done:
            x = obs["observation"].astype(np.float64)
            p = policy.probs(x, obs["action_mask"])
            a = int(rng.choice(len(p), p=p))
            traj.append((x, p, a))
            obs, reward, done, _, _ = env.step(a)
        adv = reward - baseline
        baseline += 0.01 * (reward - baseline)
        for x, p, a in traj:
            g = -p
            g[a] += 1.0  # d log pi(a) / d logits
            policy.W += lr * adv * np.outer(g, x)
            policy.b += lr * adv * g
        returns.append(float(reward))
    return policy, returns


class LearnedBot:
    """The trained policy as a pakka bot (greedy: the most probable legal action)."""

    name = "learned"

    def __init__(self, game: pakka.Game[Any], seed: int = 0, **params: Any) -> None:
        self.encoder = encoder_for(game)
        self.policy: LinearPolicy = params["policy"]

    def choose(self, handle: SeatHandle) -> Any:
        legal = handle.legal_actions()
        x = self.encoder.encode(handle.view()).astype(np.float64)
        logits = self.policy.W @ x + self.policy.b
        return max(legal, key=lambda a: logits[a.id])


def arena(policy: LinearPolicy, opponent: str, deals: int) -> dict[str, Any]:
    """``pakka arena`` with the learned bot (seat rotations, duplicate deals) vs ``opponent``."""
    import pakka.bots.zoker_tiko as tiko_bots

    tiko_bots.BOTS["learned"] = lambda game, seed=0, **kw: LearnedBot(game, seed, policy=policy)
    try:
        res = run_arena(GAME, 2, ["learned", opponent], deals=deals, seed=SEED)
    finally:
        del tiko_bots.BOTS["learned"]
    wins = [g.returns[g.seat_bots.index(0)] for g in res.games]
    return {
        "opponent": opponent,
        "games": len(wins),
        "learned_win_share": float(np.mean(wins)),
    }


def moving_average(values: list[float], window: int) -> list[float]:
    c = np.cumsum([0.0, *values])
    return [(c[i] - c[max(0, i - window)]) / (i - max(0, i - window)) for i in range(1, len(c))]


def write_png(
    path: Path, curve: list[float], ref: float, width: int = 640, height: int = 360
) -> None:
    """A minimal line chart PNG (no plotting library): win share per episode, 0..1.

    Blue: the moving average of the learner's return; grey: 0.5 (random vs random).
    """
    img = np.full((height, width, 3), 255, np.uint8)
    left, right, top, bottom = 40, width - 10, 10, height - 30
    img[top:bottom, left] = 0
    img[bottom, left:right] = 0
    for frac in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = int(bottom - frac * (bottom - top))
        img[y, left - 5 : left] = 0
    y_ref = int(bottom - ref * (bottom - top))
    img[y_ref, left + 1 : right : 4] = (160, 160, 160)
    n = len(curve)
    prev = None
    for i, v in enumerate(curve):
        xpix = left + 1 + int(i * (right - left - 2) / max(1, n - 1))
        ypix = int(bottom - min(1.0, max(0.0, v)) * (bottom - top))
        if prev is not None:
            x0, y0 = prev
            for t in np.linspace(0.0, 1.0, max(2, abs(ypix - y0) + abs(xpix - x0) + 1)):
                xx, yy = round(x0 + t * (xpix - x0)), round(y0 + t * (ypix - y0))
                img[max(top, yy - 1) : yy + 1, xx] = (30, 80, 200)
        prev = (xpix, ypix)
    raw = b"".join(b"\x00" + img[y].tobytes() for y in range(height))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    png = b"\x89PNG\r\n\x1a\n" + chunk(
        b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    )
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    path.write_bytes(png)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--episodes", type=int, default=2000)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--deals", type=int, default=100, help="arena deals vs random")
    ap.add_argument("--hard-deals", type=int, default=20, help="arena deals vs the hard bot")
    a = ap.parse_args()
    t0 = time.perf_counter()
    policy, rets = train(a.episodes, a.lr, SEED)
    t_train = time.perf_counter() - t0
    curve = moving_average(rets, 200)
    write_png(HERE / "tiko_learning_curve.png", curve, 0.5)
    hard = levels(GAME)["hard"]
    results = {
        "episodes": a.episodes,
        "train_seconds": round(t_train, 1),
        "first_500_mean_return": float(np.mean(rets[:500])),
        "last_500_mean_return": float(np.mean(rets[-500:])),
        "vs_random": arena(policy, "random", a.deals),
        "vs_hard": arena(policy, hard, a.hard_deals) | {"spec": hard},
        "total_seconds": round(time.perf_counter() - t0, 1),
    }
    (HERE / "tiko_result.json").write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
