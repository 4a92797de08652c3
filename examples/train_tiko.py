"""Train a small policy for Zoker Tiko (2 players) against the random bot, then evaluate it.

CPU only, numpy only, fixed seeds. The learner plays through
``pakka.research.gymnasium_env`` and sees only its observation vector: Tiko's
exact encoder (``pakka.research.encoders.zoker.TikoEncoder``, 461 floats at 2
players, built from ``view(seat)`` alone).

The policy is a linear softmax over the legal cards with weights shared by
all cards (a conditional-logit model): for each card ``a`` the script reads
16 features off the observation — a constant, whether ``a`` would go on top
of the pile now (the ``beats_top`` segment), the share of the unseen cards
that would go on top of ``a`` and the share that ``a`` would go on top of
(from the ``unseen`` segment and the R-ZK-4 strength table), and ``a``'s
colour, size and shape — and multiplies them by 4 context features (a
constant, "I lead", "I play last", stock left), 64 weights in all. It
starts at zero weights, i.e. uniformly random play, and learns by
REINFORCE (returns-to-go of the game's own score: cards won; a running
baseline per decision index) against the ``random`` bot, alternating seats.

Afterwards the greedy policy plays ``pakka arena`` matches (``run_arena``:
duplicate deals, both seat rotations) against ``random``, the hand-written
``rules`` bot and the ``hard`` level (ISMCTS, ``search:iterations=300``);
win shares come with 95 % intervals over deals. The learning curve goes to
``examples/tiko_learning_curve.png``, the figures to
``examples/tiko_result.json`` and the weights to ``examples/tiko_policy.json``.

Run: ``uv run python examples/train_tiko.py`` (a few minutes; see examples/README.md).
"""

from __future__ import annotations

import argparse
import json
import os
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
from pakka.research.encoders import Encoder, encoder_for
from pakka.research.encoders.zoker import STRONGER_ROWS

GAME = "zoker-tiko"
PLAYERS = 2
SEED = 20261129
HERE = Path(__file__).resolve().parent

# Colour, size and shape one-hots of every card (card = colour·16 + size·4 + shape).
ATTRIBUTES = np.zeros((64, 12))
for _c in range(64):
    ATTRIBUTES[_c, [_c >> 4, 4 + ((_c >> 2) & 3), 8 + (_c & 3)]] = 1.0
CARD_FEATURES = 16
CONTEXT_FEATURES = 4


class Features:
    """Per-card feature matrix (64 × 64) read off a Tiko observation vector."""

    def __init__(self, encoder: Encoder) -> None:
        seg = {s.name: s for s in encoder.layout()}
        self.unseen = slice(seg["unseen"].start, seg["unseen"].stop)
        self.beats_top = slice(seg["beats_top"].start, seg["beats_top"].stop)
        self.pile = seg["pile"].start
        self.stock = seg["stock"].start
        self.players = encoder.num_players

    def __call__(self, x: np.ndarray) -> np.ndarray:
        unseen = x[self.unseen].astype(np.float64)
        k = max(1.0, unseen.sum())
        beaten_by = (STRONGER_ROWS @ unseen) / k  # unseen cards that would go on top of a
        beats = (unseen @ STRONGER_ROWS) / k  # unseen cards that a would go on top of
        card = np.column_stack([np.ones(64), x[self.beats_top], beaten_by, beats, ATTRIBUTES])
        in_pile = round(float(x[self.pile]) * self.players)
        context = np.array(
            [1.0, in_pile == 0, in_pile == self.players - 1, float(x[self.stock])], np.float64
        )
        return (card[:, :, None] * context[None, None, :]).reshape(64, -1)


def softmax(scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Masked softmax over the 64 action ids."""
    z = np.where(mask > 0, scores, -np.inf)
    z -= z.max()
    p = np.exp(z)
    return p / p.sum()


def train(episodes: int, lr: float, seed: int) -> tuple[np.ndarray, list[float]]:
    """REINFORCE against ``random``; the weights and each episode's return (win share)."""
    env = gymnasium_env(GAME, players=PLAYERS, seat=0, opponents=["random"], reward="scores")
    features = Features(env.observer.encoder)
    theta = np.zeros(CARD_FEATURES * CONTEXT_FEATURES)
    baseline = np.zeros(64)
    rng = np.random.default_rng(seed)
    wins: list[float] = []
    for ep in range(episodes):
        env.seat = ep % 2  # learn both seats (seat 1 leads the first trick)
        env.opponent_specs = {1 - env.seat: "random"}
        obs, _ = env.reset(seed=seed * 1_000_003 + ep)
        steps: list[tuple[np.ndarray, np.ndarray, int]] = []
        rewards: list[float] = []
        done = False
        while not done:
            f = features(obs["observation"])
            p = softmax(f @ theta, obs["action_mask"])
            a = int(rng.choice(64, p=p))
            steps.append((f, p, a))
            obs, r, done, _, _ = env.step(a)
            rewards.append(r)
        to_go = np.cumsum(rewards[::-1])[::-1]
        grad = np.zeros_like(theta)
        for t, (f, p, a) in enumerate(steps):
            i = min(t, 63)
            adv = to_go[t] - baseline[i]
            baseline[i] += 0.02 * adv
            grad += adv * (f[a] - p @ f)  # d log pi(a) / d theta, times the advantage
        theta += lr * grad
        wins.append(float(env.state.returns()[env.seat]))
    return theta, wins


class LearnedBot:
    """The trained policy as a pakka bot: the legal card with the highest score."""

    name = "learned"

    def __init__(self, game: pakka.Game[Any], seed: int = 0, **params: Any) -> None:
        self.encoder = encoder_for(game)
        self.features = Features(self.encoder)
        self.theta: np.ndarray = params["theta"]

    def choose(self, handle: SeatHandle) -> Any:
        scores = self.features(self.encoder.encode(handle.view())) @ self.theta
        return max(handle.legal_actions(), key=lambda a: (scores[a.id], -a.id))


def arena(theta: np.ndarray | None, opponent: str, deals: int) -> dict[str, Any]:
    """``run_arena`` (what ``pakka arena`` runs) of the learned bot against ``opponent``.

    ``theta=None`` plays the untrained policy (all weights zero: every legal card
    scores the same, so it plays its lowest card id) for comparison.
    """
    import pakka.bots.zoker_tiko as tiko_bots

    weights = np.zeros(CARD_FEATURES * CONTEXT_FEATURES) if theta is None else theta
    tiko_bots.BOTS["learned"] = lambda game, seed=0, **kw: LearnedBot(game, seed, theta=weights)
    try:
        t0 = time.perf_counter()
        res = run_arena(GAME, PLAYERS, ["learned", opponent], deals=deals, seed=SEED)
        seconds = time.perf_counter() - t0
    finally:
        del tiko_bots.BOTS["learned"]
    est = res.win_rate(0)
    return {
        "opponent": opponent,
        "deals": deals,
        "games": len(res.games),
        "win_share": round(est.mean, 4),
        "ci95": [round(est.low, 4), round(est.high, 4)],
        "seconds": round(seconds, 1),
    }


def moving_average(values: list[float], window: int) -> list[float]:
    c = np.cumsum([0.0, *values])
    return [(c[i] - c[max(0, i - window)]) / (i - max(0, i - window)) for i in range(1, len(c))]


def write_png(path: Path, curve: list[float], refs: list[float]) -> None:
    """A minimal line chart PNG (no plotting library): win share 0..1 over the episodes.

    Blue: the moving average of the learner's wins; grey dotted: ``refs`` (0.5 =
    random against random, and the rules bot's share against random).
    """
    width, height = 640, 360
    img = np.full((height, width, 3), 255, np.uint8)
    left, right, top, bottom = 40, width - 10, 10, height - 30
    img[top:bottom, left] = 0
    img[bottom, left:right] = 0
    for frac in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = int(bottom - frac * (bottom - top))
        img[y, left - 5 : left] = 0
    for ref in refs:
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
    ap.add_argument("--episodes", type=int, default=5000)
    ap.add_argument("--lr", type=float, default=0.005)
    ap.add_argument("--seed", type=int, default=SEED, help="training seed")
    ap.add_argument("--deals", type=int, default=500, help="arena deals vs random and rules")
    ap.add_argument("--hard-deals", type=int, default=50, help="arena deals vs the hard level")
    ap.add_argument("--out", default="tiko", help="prefix of the output files in examples/")
    a = ap.parse_args()
    load = [round(x, 1) for x in os.getloadavg()]
    t0 = time.perf_counter()
    c0 = time.process_time()
    theta, wins = train(a.episodes, a.lr, a.seed)
    t_train, c_train = time.perf_counter() - t0, time.process_time() - c0
    window = max(1, a.episodes // 20)
    curve = moving_average(wins, window)
    chunks = [round(float(np.mean(wins[i : i + 500])), 3) for i in range(0, len(wins), 500)]
    hard = levels(GAME)["hard"]
    untrained = arena(None, "random", a.deals)
    vs_random = arena(theta, "random", a.deals)
    vs_rules = arena(theta, "rules", a.deals)
    vs_hard = arena(theta, hard, a.hard_deals) if a.hard_deals else None
    rules_ref = arena_rules_vs_random(a.deals)
    write_png(HERE / f"{a.out}_learning_curve.png", curve, [0.5, rules_ref["win_share"]])
    results = {
        "command": "uv run python examples/train_tiko.py"
        + (f" --seed {a.seed}" if a.seed != SEED else ""),
        "seed": a.seed,
        "episodes": a.episodes,
        "lr": a.lr,
        "train_seconds": round(t_train, 1),
        "train_cpu_seconds": round(c_train, 1),
        "training_win_share_per_500_episodes": chunks,
        "untrained_vs_random": untrained,
        "vs_random": vs_random,
        "vs_rules": vs_rules,
        "vs_hard": vs_hard,
        "reference_rules_vs_random": rules_ref,
        "total_seconds": round(time.perf_counter() - t0, 1),
        "total_cpu_seconds": round(time.process_time() - c0, 1),
        "load_average_at_start": load,
    }
    (HERE / f"{a.out}_policy.json").write_text(json.dumps([round(float(w), 6) for w in theta]))
    (HERE / f"{a.out}_result.json").write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))


def arena_rules_vs_random(deals: int) -> dict[str, Any]:
    """The hand-written ``rules`` bot against ``random`` (the reference line of the plot)."""
    res = run_arena(GAME, PLAYERS, ["rules", "random"], deals=deals, seed=SEED)
    est = res.win_rate(0)
    return {
        "win_share": round(est.mean, 4),
        "ci95": [round(est.low, 4), round(est.high, 4)],
        "games": len(res.games),
    }


if __name__ == "__main__":
    main()
