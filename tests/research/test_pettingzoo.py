"""PettingZoo AEC adapter: PettingZoo's own api_test and seed_test for every game."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import pakka
from pakka.research import pettingzoo_env
from pakka.research.pz_env import PakkaAECEnv

from .conftest import CASES, SMALL_CASES, GameFactory
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


MAX_ITER = 3000
"""Steps per compared episode (a Räväytys match is longer: compared up to here)."""


def _trajectory(env: PakkaAECEnv, seed: int, rng: random.Random) -> list[Any]:
    """Everything a learner sees at every step of one seeded episode of ``env``."""
    env.reset(seed=seed)
    out: list[Any] = []
    for agent in env.agent_iter(max_iter=MAX_ITER):
        obs, reward, term, trunc, info = env.last()
        out.append(
            (
                agent,
                obs["action_mask"].tolist(),
                reward,
                term,
                trunc,
                dict(info),
                dict(env.rewards),
                dict(env._cumulative_rewards),
                dict(env.terminations),
                dict(env.truncations),
            )
        )
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        env.step(legal[rng.randrange(len(legal))])
    return out


@pytest.mark.parametrize("make", SMALL_CASES)
def test_the_quiet_fast_path_is_the_general_step(make: GameFactory) -> None:
    """At the default settings a step that does not end the game takes a short path
    (``_quiet``): every episode must look exactly as through the general bookkeeping."""
    game = make()
    fast = pettingzoo_env(game)
    general = pettingzoo_env(game)
    assert fast._quiet
    for seed in range(2):
        general._quiet = False  # what the settings' setters would leave after a change
        a = _trajectory(fast, seed, random.Random(seed))
        b = _trajectory(general, seed, random.Random(seed))
        assert a == b
        assert a[-1][3] or len(a) == MAX_ITER  # ran to its end (or to the bound)


def test_settings_changed_after_construction_take_effect() -> None:
    """``max_steps``, ``view_in_info`` and ``reward_kind`` are read at every step, as
    before the fast path: a change mid-episode applies from the next step."""
    env = pettingzoo_env("zoker-tiko", players=3)
    env.reset(seed=4)
    for _ in range(5):
        env.step(env._legal[0])
    assert env._quiet and not any(env.truncations.values())
    env.view_in_info = True
    assert not env._quiet
    env.step(env._legal[0])
    assert set(env.infos[env.agent_selection]) == {"view"}
    env.view_in_info = False
    env.max_steps = 8  # counts the actions since the deal: 6 so far
    assert not env._quiet
    env.step(env._legal[0])
    assert not any(env.truncations.values())
    env.step(env._legal[0])
    assert all(env.truncations.values())
    env.max_steps = None
    assert env._quiet
    with pytest.raises(ValueError, match="reward"):
        env.reward_kind = "points"
    env.reward_kind = "scores"
    assert not env._quiet and env.reward_kind == "scores"
