"""BatchEnv: many games stepped together with arrays in and out."""

from __future__ import annotations

import numpy as np
import pytest

import pakka
from pakka.research.batch import BatchEnv

from .conftest import CASES, GameFactory
from .toygame import HighCard


def _random_ids(rng: np.random.Generator, mask: np.ndarray) -> np.ndarray:
    ids: np.ndarray = (rng.random(mask.shape) * mask).argmax(axis=1)
    return ids


@pytest.mark.parametrize("make", CASES)
def test_batch_plays_whole_games(make: GameFactory) -> None:
    game = make()
    env = BatchEnv(game, 4, seat=game.num_players - 1, seed=3)
    obs, mask = env.reset()
    assert obs.shape == (4, env.observer.encoder.size) and mask.shape[0] == 4
    rng = np.random.default_rng(0)
    for _ in range(60):
        assert (mask.sum(axis=1) > 0).all()
        for i, s in enumerate(env.states):
            assert np.array_equal(obs[i], env.observer.encoder.encode(s.view(env.seat)))
        obs, mask, rewards, _ = env.step(_random_ids(rng, mask))
        assert ((rewards >= 0) & (rewards <= 1)).all()
        if env.episodes >= 4:
            break


def test_batch_is_deterministic_and_rejects_illegal_ids() -> None:
    runs = []
    for _ in range(2):
        env = BatchEnv(HighCard(3), 5, seat=1, seed=9)
        _, mask = env.reset()
        rng = np.random.default_rng(1)
        total = np.zeros(5)
        for _ in range(10):
            _, mask, r, _ = env.step(_random_ids(rng, mask))
            total += r
        runs.append(total)
    assert np.array_equal(runs[0], runs[1])
    env = BatchEnv(HighCard(2), 2)
    env.reset()
    before = [s.to_json() for s in env.states]
    with pytest.raises(pakka.IllegalAction, match="game 1"):
        env.step([0, 9])
    assert [s.to_json() for s in env.states] == before
