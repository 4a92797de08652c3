"""Conformance with the libraries' own checkers on the default construction of every
registered game (research defaults), with warnings turned into errors."""

from __future__ import annotations

import gc
import importlib
import pickle
import random
import sys
from typing import Any

import gymnasium
import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

import pakka
from pakka.bots.base import RandomBot, SeatHandle, handle_for
from pakka.core.game import State
from pakka.core.registry import game_class
from pakka.research import gymnasium_env, openspiel_game, pettingzoo_env

from .conftest import REAL_GAMES

MIN_MAX = [
    pytest.param(name, n, id=f"{name}-{n}p")
    for name in REAL_GAMES
    for n in sorted({game_class(name).min_players, game_class(name).max_players})
]
MIN = [pytest.param(name, game_class(name).min_players, id=name) for name in REAL_GAMES]

PZ_NAME_WARNINGS = (
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
)
"""PettingZoo's api_test says these of every ``Dict(observation, action_mask)`` unless the
environment's *name* is on its own list of classic games (``env_obs_dicts``,
``env_obs_space``); ours is that same structure of NumPy arrays (checked below)."""


# -- Gymnasium ---------------------------------------------------------------------------
@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize(("name", "players"), MIN_MAX)
def test_gymnasium_check_env_without_warnings(name: str, players: int) -> None:
    env = gymnasium_env(name, players=players)
    check_env(env)  # steps random (also illegal) actions and re-makes the env per render mode
    space = env.observation_space
    assert isinstance(space, gymnasium.spaces.Dict)
    box = space["observation"]
    assert isinstance(box, gymnasium.spaces.Box)
    low, high = box.low, box.high
    assert np.isfinite(low).all() and np.isfinite(high).all()


def test_gymnasium_illegal_action_ends_the_episode_and_says_why() -> None:
    env = gymnasium_env("zoker-tiko", players=2)
    obs, info = env.reset(seed=3)
    assert np.array_equal(obs["action_mask"], info["action_mask"])
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.state.to_json()
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert "not legal" in info["reason"] and env.state.to_json() == before
    with pytest.raises(pakka.RulesError, match="reset"):
        env.step(0)


def test_gymnasium_make_by_id() -> None:
    import gymnasium

    env = gymnasium.make("pakka/zoker-tiko-v0", players=2)
    obs, _ = env.reset(seed=0)
    assert env.observation_space.contains(obs)


# -- PettingZoo -------------------------------------------------------------------------
@pytest.mark.filterwarnings("error", *PZ_NAME_WARNINGS)
@pytest.mark.parametrize(("name", "players"), MIN_MAX)
def test_pettingzoo_api_seed_and_render_tests(name: str, players: int) -> None:
    api_test(pettingzoo_env(name, players=players), num_cycles=60)
    seed_test(lambda: pettingzoo_env(name, players=players), num_cycles=30)
    render_test(lambda render_mode=None: pettingzoo_env(name, players, render_mode=render_mode))
    env = pettingzoo_env(name, players=players)
    env.reset(seed=0)
    obs = env.observe(env.agent_selection)
    assert isinstance(obs["observation"], np.ndarray) and isinstance(obs["action_mask"], np.ndarray)
    assert env.observation_space(env.agent_selection).contains(obs)


def test_pettingzoo_illegal_action_loses_like_the_classic_games() -> None:
    env = pettingzoo_env("zoker-tiko", players=3)
    env.reset(seed=1)
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1.0 and sum(env.rewards.values()) == -1.0
    assert env.infos[agent]["illegal_action"] and "not legal" in env.infos[agent]["reason"]
    for _agent in env.agent_iter():  # the usual dead-agent loop finishes
        env.step(None)
    assert env.agents == []


# -- OpenSpiel ----------------------------------------------------------------------------
def test_every_game_is_registered_on_import() -> None:
    registered = set(pyspiel.registered_names())
    for name in REAL_GAMES:
        assert f"pakka_{name}" in registered
        game = pyspiel.load_game(f"pakka_{name}")
        assert game.max_game_length() > 0 and game.get_type().short_name == f"pakka_{name}"


@pytest.mark.parametrize(("name", "players"), MIN)
def test_openspiel_random_sim_with_serialization(name: str, players: int) -> None:
    game = openspiel_game(name, players=players)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def _midgame(name: str, players: int, moves: int = 40) -> Any:
    game = openspiel_game(name, players=players)
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal() and len(state.history()) < moves:
        if state.is_chance_node():
            state.apply_action(rng.randrange(256))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return game, state


@pytest.mark.parametrize(("name", "players"), MIN)
def test_openspiel_state_pickles_and_serializes_from_a_snapshot(
    name: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, state = _midgame(name, players)
    text = pyspiel.serialize_game_and_state(game, state)
    blob = pickle.dumps(state)

    def no_replay(self: State[Any], action: Any) -> None:
        raise AssertionError("restoring a state must not replay its record")

    monkeypatch.setattr(State, "apply", no_replay)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    state3 = pickle.loads(blob)
    monkeypatch.undo()
    assert str(game2) == str(game) and str(pickle.loads(pickle.dumps(game))) == str(game)
    for other in (state2, state3, game.deserialize_state(state.serialize())):
        assert str(other) == str(state) and other.history() == state.history()
        assert other.legal_actions() == state.legal_actions()
        p = max(state.current_player(), 0)
        assert other.information_state_string(p) == state.information_state_string(p)
    if not state.is_terminal():  # the restored state plays on identically
        a = state.legal_actions()[0]
        state.apply_action(a)
        state3.apply_action(a)
        assert str(state3) == str(state)


def test_openspiel_needs_a_hand_cap_for_viisisataa() -> None:
    with pytest.raises(pakka.RulesError, match="hand cap"):
        openspiel_game("viisisataa", players=3, max_hands=0)


# -- bots see their seat only --------------------------------------------------------------
def _reachable(root: object, limit: int = 200_000) -> list[object]:
    seen: dict[int, object] = {}
    todo = [root]
    while todo and len(seen) < limit:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
        if hasattr(obj, "__slots__") and not isinstance(obj, type):
            for slot in getattr(type(obj), "__slots__", ()):
                if hasattr(obj, slot):
                    todo.append(getattr(obj, slot))
    return list(seen.values())


@pytest.mark.parametrize("name", REAL_GAMES)
def test_a_bot_cannot_reach_the_real_state_from_its_handle(name: str) -> None:
    from pakka.research._common import play_bot_turn

    game = pakka.load(name, players=game_class(name).min_players)
    state = game.new_state(seed=2)
    seat = state.current_player
    assert seat is not None
    handles: list[SeatHandle] = []

    class Spy(RandomBot):
        legal_only = False

        def choose(self, handle: SeatHandle) -> pakka.Action:
            handles.append(handle)
            return super().choose(handle)

    play_bot_turn(Spy(game), state, random.Random(0))  # the research adapters' path
    handles.append(handle_for(RandomBot(game), state, state.current_player or 0))
    for handle in handles:
        reachable = _reachable(handle)
        assert not any(obj is state for obj in reachable)
        assert handle.game is game


# -- the research extra --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("module", "blocked"),
    [
        ("pakka.research.gym_env", "gymnasium"),
        ("pakka.research.pz_env", "pettingzoo"),
        ("pakka.research.spiel", "pyspiel"),
        ("pakka.research._common", "numpy"),
    ],
)
def test_missing_extra_names_the_extra(
    module: str, blocked: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for mod in list(sys.modules):
        if mod == module or mod.startswith("pakka.research.encoders"):
            monkeypatch.delitem(sys.modules, mod)
    monkeypatch.setitem(sys.modules, blocked, None)
    with pytest.raises(ModuleNotFoundError, match=r"'research' extra.*pakka\[research\]"):
        importlib.import_module(module)
