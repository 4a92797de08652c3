"""Gymnasium adapter: the env checker, bots as opponents, illegal actions."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import pakka
from pakka.research import gymnasium_env

from .conftest import CASES, GameFactory
from .toygame import HighCard


@pytest.mark.parametrize("n", [1, 2, 3])
def test_gymnasium_env_checker_on_the_toy_game(n: int) -> None:
    """Every seat of the toy game (the real games: test_conformance.py, without warnings)."""
    game = HighCard(n)
    for seat in sorted({0, game.num_players - 1}):
        env = gymnasium_env(game, seat=seat)
        with warnings.catch_warnings():
            # the toy game has no encoder of its own: hashing is unbounded
            warnings.filterwarnings("ignore", message=".*(infinity|render).*")
            check_env(env, skip_render_check=True)


@pytest.mark.parametrize("make", CASES)
def test_masked_random_episodes_finish(make: GameFactory) -> None:
    game = make()
    env = gymnasium_env(game, seat=game.num_players - 1, max_steps=150)
    rng = np.random.default_rng(0)
    for ep in range(2):
        obs, _ = env.reset(seed=ep)
        done = trunc = False
        while not (done or trunc):
            legal = np.flatnonzero(obs["action_mask"])
            assert legal.size and np.array_equal(legal, np.flatnonzero(env.action_masks()))
            obs, reward, done, trunc, _info = env.step(int(rng.choice(legal)))
        if done:
            assert reward == env.state.returns()[env.seat]
        else:
            assert env._steps == 150 and not env.state.is_terminal


def test_illegal_action_raises_or_loses_never_replaced() -> None:
    env = gymnasium_env(HighCard(2), illegal_action="raise")
    env.reset(seed=0)
    before = env.state.to_json()
    with pytest.raises(pakka.IllegalAction, match="not legal"):
        env.step(5)
    assert env.state.to_json() == before
    lose = gymnasium_env(HighCard(2), illegal_action="lose", illegal_reward=-2)
    lose.reset(seed=0)
    _, reward, done, _, info = lose.step(5)
    assert (reward, done, info["illegal_action"]) == (-2.0, True, True)
    assert "not legal" in info["reason"]
    assert lose.state.history == []


def test_opponent_specs_are_checked() -> None:
    with pytest.raises(pakka.RulesError, match="2 opponents given for 1"):
        gymnasium_env(HighCard(2), opponents=["random", "random"])
    with pytest.raises(pakka.RulesError, match="no bot"):
        gymnasium_env(HighCard(2), opponents=["nobody"])
    with pytest.raises(pakka.RulesError, match="seat"):
        gymnasium_env(HighCard(2), seat=2)


def test_bots_play_the_other_seats() -> None:
    env = gymnasium_env(HighCard(3), seat=1, opponents=["random", "ismcts:iterations=20"])
    _obs, _ = env.reset(seed=4)
    assert env.state.current_player == 1 and len(env.state.history) == 1
    _, _, done, _, _ = env.step(0)
    assert done and len(env.state.history) == 3


def test_legal_only_bots_get_no_view_and_others_the_full_handle() -> None:
    """``random`` (legal_only) gets the legal actions only; other bots the full handle."""
    import random as _random

    import pakka
    from pakka.bots.base import RandomBot, handle_for
    from pakka.bots.ismcts import ISMCTSBot

    game = pakka.load("zoker-tiko", players=2)
    state = game.new_state(seed=4)
    seat = state.current_player
    assert seat is not None
    cheap = handle_for(RandomBot(game), state, seat, _random.Random(1))
    RandomBot(game).choose(cheap)
    with pytest.raises(RuntimeError, match="legal_only"):
        cheap.view()
    full = handle_for(ISMCTSBot(game), state, seat, _random.Random(1))
    assert full.view() == state.view(seat)
    assert full.sample_consistent(_random.Random(2)).view(seat) == state.view(seat)
