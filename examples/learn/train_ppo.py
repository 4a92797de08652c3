"""Train sb3-contrib's MaskablePPO on pakka's Gymnasium adapter (Zoker Tiko, 2 players)
against built-in bots, then evaluate it in pakka's arena against ``random`` and ``medium``.

    uv sync --extra research --extra learn     # or pip install 'pakka[research,learn]'
    uv run python examples/learn/train_ppo.py  # about 3 minutes of CPU

Writes, beside this file: ``ppo_tiko.zip`` (the model), ``learning_curve.png``
(mean episode return against training steps, per training opponent) and
``result.json`` (training time, arena win rates with 95 % confidence intervals).
Fixed seeds; one CPU thread.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv

from pakka.arena import run_arena
from pakka.research import gymnasium_env

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the arena imports the bot as learn.ppo_bot
GAME, PLAYERS, SEED = "zoker-tiko", 2, 20261201
OPPONENTS = ("random", "medium")
"""Training opponents: one environment each (``medium`` is Tiko's rule-based bot)."""


def make_env(opponent: str, seat: int) -> Any:
    def thunk() -> Any:
        env = gymnasium_env(GAME, players=PLAYERS, seat=seat, opponents=opponent)
        return Monitor(env)

    return thunk


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--timesteps", type=int, default=100_000)
    p.add_argument("--deals", type=int, default=200, help="arena deals per opponent")
    a = p.parse_args()
    torch.set_num_threads(1)
    # both seats against both opponents (the learner sees leading and following)
    fns = [make_env(o, s) for o in OPPONENTS for s in range(PLAYERS)]
    venv = DummyVecEnv(fns)
    venv.seed(SEED)
    model = MaskablePPO(
        "MultiInputPolicy", venv, n_steps=512, batch_size=256, seed=SEED, device="cpu", verbose=0
    )
    t0 = time.process_time()
    model.learn(total_timesteps=a.timesteps)
    train_cpu = time.process_time() - t0
    model.save(HERE / "ppo_tiko.zip")

    # learning curve: every finished episode's return, placed at the training step it ended
    plt.figure(figsize=(7, 4))
    for k, opponent in enumerate(OPPONENTS):
        rets: list[float] = []
        ends: list[int] = []
        for s in range(PLAYERS):
            mon = venv.envs[k * PLAYERS + s]
            lens = np.cumsum(mon.get_episode_lengths()) * len(fns)  # ~ total steps then
            rets += mon.get_episode_rewards()
            ends += lens.tolist()
        order = np.argsort(ends)
        r = np.asarray(rets)[order]
        window = max(1, len(r) // 20)
        smooth = np.convolve(r, np.ones(window) / window, mode="valid")
        plt.plot(np.asarray(ends)[order][window - 1 :], smooth, label=f"against {opponent}")
    plt.xlabel("training steps (all environments)")
    plt.ylabel(f"mean episode return (window {window})")
    plt.title(f"MaskablePPO on {GAME}, {PLAYERS} players")
    plt.legend()
    plt.grid(alpha=0.3)
    plt.tight_layout()
    plt.savefig(HERE / "learning_curve.png", dpi=100)

    # evaluation in pakka's arena (duplicate deals, both seat rotations)
    bot = f"learn.ppo_bot:PPOBot:model={HERE / 'ppo_tiko.zip'}"
    evals = {}
    for opponent in OPPONENTS:
        t1 = time.process_time()
        r = run_arena(GAME, PLAYERS, [bot, opponent], deals=a.deals, seed=SEED)
        win = r.win_rate(0)
        diff = r.win_difference(0, 1)
        evals[opponent] = {
            "games": len(r.games),
            "win_rate": win.to_json(),
            "win_difference": diff.to_json(),
            "cpu_seconds": round(time.process_time() - t1, 1),
        }
        print(f"against {opponent}: win rate {win.format()} over {len(r.games)} games")
    out = {
        "game": GAME,
        "players": PLAYERS,
        "seed": SEED,
        "timesteps": a.timesteps,
        "train_cpu_seconds": round(train_cpu, 1),
        "torch": torch.__version__,
        "arena": evals,
    }
    (HERE / "result.json").write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
