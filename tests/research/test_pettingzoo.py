"""PettingZoo AEC adapter: PettingZoo's own api_test and seed_test for every game."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import pakka
from pakka.research import pettingzoo_env

from .conftest import CASES, GameFactory
from .toygame import HighCard


@pytest.mark.parametrize("make", CASES)
def test_pettingzoo_api_test(make: GameFactory) -> None:
    api_test(pettingzoo_env(make()), num_cycles=120)


@pytest.mark.parametrize("make", CASES)
def test_pettingzoo_seed_test(make: GameFactory) -> None:
    game = make()
    seed_test(lambda: pettingzoo_env(game), num_cycles=60)


@pytest.mark.parametrize("make", CASES)
def test_observation_is_the_views_encoding(make: GameFactory) -> None:
    env = pettingzoo_env(make())
    env.reset(seed=3)
    for agent in env.agents:
        obs = env.observe(agent)
        enc = env.observer.encoder.encode(env.view(agent))
        assert np.array_equal(obs["observation"], enc)
        mask = obs["action_mask"]
        if agent == env.agent_selection:
            legal = sorted(a.id for a in env.state.legal_actions())
            assert np.flatnonzero(mask).tolist() == legal
        else:
            assert not mask.any()


def test_illegal_action_raises_and_changes_nothing() -> None:
    env = pettingzoo_env(HighCard(2), illegal_action="raise")
    env.reset(seed=1)
    before = env.state.to_json()
    with pytest.raises(pakka.IllegalAction, match=r"action 7 \(ids are 0\.\.1\)"):
        env.step(7)
    with pytest.raises(pakka.IllegalAction, match="not an action id"):
        env.step("bet")
    with pytest.raises(pakka.IllegalAction, match="not an action id"):
        env.step(None)
    assert env.state.to_json() == before


def test_rewards_are_returns_at_the_end() -> None:
    env = pettingzoo_env(HighCard(2))
    env.reset(seed=0)
    env.state = HighCard(2).new_state(deck="AS KS")  # seat 0 holds the ace
    env._after_change()
    env.step(1)  # seat 0 bets
    assert env.rewards == {"player_0": 0.0, "player_1": 0.0}
    env.step(1)  # seat 1 bets and loses
    assert env.terminations["player_0"] and env.terminations["player_1"]
    assert env.rewards == {"player_0": 1.0, "player_1": 0.0}


def test_score_rewards() -> None:
    env = pettingzoo_env(HighCard(2), reward="scores")
    env.reset(seed=0)
    env.state = HighCard(2).new_state(deck="AS KS")
    env._after_change()
    env.step(1)
    env.step(1)
    assert env.rewards == {"player_0": 1.0, "player_1": -1.0}


def test_reset_seed_reproduces_the_deal() -> None:
    a, b = pettingzoo_env(HighCard(3)), pettingzoo_env(HighCard(3))
    a.reset(seed=11)
    b.reset(seed=11)
    assert a.state.to_json() == b.state.to_json()
    a.reset()
    b.reset()
    assert a.state.to_json() == b.state.to_json()
