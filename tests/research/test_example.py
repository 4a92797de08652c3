"""Smoke test of the learning example (a few episodes; the real run is examples/train_tiko.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import numpy as np

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_tiko.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_tiko", EXAMPLE)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_train_tiko_runs_and_plays_in_the_arena() -> None:
    ex = _load()
    theta, wins = ex.train(episodes=12, lr=0.005, seed=3)
    assert theta.shape == (64,) and np.isfinite(theta).all() and len(wins) == 12
    again, _ = ex.train(episodes=12, lr=0.005, seed=3)
    assert np.array_equal(theta, again)  # fixed seeds: the same weights
    res = ex.arena(theta, "random", deals=2)
    assert res["games"] == 4 and 0.0 <= res["win_share"] <= 1.0
