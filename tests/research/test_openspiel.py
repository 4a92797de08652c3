"""OpenSpiel adapter: game type, random-simulation checks, ISMCTS against pakka bots."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

import pakka
import pakka.core.registry
from pakka.research import openspiel_game
from pakka.research.spiel import PakkaSpielBot, resampler

from .conftest import QUICK_CASES, REAL_GAMES, GameFactory
from .toygame import HighCard


class ISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's Python ISMCTS with the two no-op hooks ``evaluate_bots`` calls."""

    def restart_at(self, state: object) -> None:
        pass

    def inform_action(self, state: object, player: int, action: int) -> None:
        pass


@pytest.mark.parametrize("make", QUICK_CASES)
def test_game_type_and_random_sim(make: GameFactory) -> None:
    game = openspiel_game(make())
    gt = game.get_type()
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert gt.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert game.num_distinct_actions() == game.pakka_game.num_distinct_actions
    sims = 3 if game.pakka_game.name.startswith("toy") else 1
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


@pytest.mark.parametrize("make", QUICK_CASES)
def test_resample_keeps_the_information_state(make: GameFactory) -> None:
    game = openspiel_game(make())
    rng = random.Random(2)
    for _ in range(3):
        state = game.new_initial_state(seed=rng.randrange(2**63))
        for _ in range(rng.randrange(6)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        p = state.current_player()
        sample = state.resample_from_infostate(p, rng.random)
        assert sample.information_state_string(p) == state.information_state_string(p)
        assert sample.information_state_tensor(p) == state.information_state_tensor(p)
        assert sample.legal_actions() == state.legal_actions()


def test_load_game_by_name_and_parameters() -> None:
    for name in REAL_GAMES:
        openspiel_game(name)
        cls = pakka.core.registry.game_class(name)
        g = pyspiel.load_game(f"pakka_{name}", {"players": cls.max_players})
        assert g.num_players() == cls.max_players


def test_illegal_action_is_rejected() -> None:
    game = openspiel_game(HighCard(2))
    state = game.new_initial_state(seed=1)
    before = state.history()
    with pytest.raises((pakka.IllegalAction, pyspiel.SpielError), match=r"legal|action"):
        state.apply_action(5)
    assert state.history() == before


@pytest.mark.parametrize("make", QUICK_CASES)
def test_legal_ids_and_illegal_ids_as_pakka(make: GameFactory) -> None:
    """The OpenSpiel state's legal actions are the pakka state's legal ids in ascending
    order, a legal id plays the action pakka plays for it (through the game's id
    table), and an id outside the legal set (given to the Python ``_apply_action``,
    past OpenSpiel's own check) raises pakka's :class:`IllegalAction` and leaves
    the state as it was."""
    game = openspiel_game(make())
    pg = game.pakka_game
    rng = random.Random(5)
    for seed in range(2):
        state = game.new_initial_state(seed=seed)
        twin = pg.new_state(seed=seed)
        steps = 0
        while not state.is_terminal() and steps < 150:
            legal = state.legal_actions()
            assert legal == sorted(a.id for a in twin.legal_actions())
            # the kept list is not handed out: changing a copy changes nothing
            state._legal_actions(state.current_player()).append(-1)
            assert state.legal_actions() == legal
            if steps % 7 == 0:
                wrong = [i for i in range(pg.num_distinct_actions) if i not in legal][:1]
                for bad in [*wrong, pg.num_distinct_actions]:
                    before = state.pakka_state.history
                    with pytest.raises(pakka.IllegalAction):
                        state._apply_action(bad)
                    assert state.pakka_state.history == before
                    assert state.legal_actions() == legal
            i = rng.choice(legal)
            state.apply_action(i)
            twin.apply(pg.action_from_id(i))
            assert state.pakka_state.history == twin.history
            steps += 1


SEARCH_GAMES = ("koodinmurtaja", "zoker-tiko", "zoker-kubo", "zoker-solo")
"""Short games for the search test (a Viisisataa match is hundreds of moves: too slow here)."""


def _games_for_search() -> list[Any]:
    params = [pytest.param(lambda: HighCard(2), id="toy-2p")]
    for name in SEARCH_GAMES:
        if name not in REAL_GAMES:
            continue
        cls = pakka.core.registry.game_class(name)
        n = max(cls.min_players, 2) if cls.max_players > 1 else 1
        params.append(pytest.param(lambda name=name, n=n: pakka.load(name, players=n), id=name))
    return params


@pytest.mark.parametrize("make", _games_for_search())
def test_openspiel_ismcts_against_a_pakka_bot(make: GameFactory) -> None:
    """OpenSpiel's ISMCTS (resampling through sample_consistent) plays a pakka bot."""
    game = openspiel_game(make())
    n = game.num_players()
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ISMCTSBot(game, evaluator, 2.0, 10, random_state=np.random.RandomState(1))
    bot.set_resampler(resampler)
    bots = [bot] + [PakkaSpielBot(game, p, "random", seed=3 + p) for p in range(1, n)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(0))
    assert len(returns) == n and all(np.isfinite(returns))


def test_ismcts_beats_random_at_the_toy_game() -> None:
    game = openspiel_game(HighCard(2))
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ISMCTSBot(game, evaluator, 2.0, 60, random_state=np.random.RandomState(1))
    bot.set_resampler(resampler)
    total = np.zeros(2)
    for k in range(30):
        bots = [bot, PakkaSpielBot(game, 1, "random", seed=k)]
        total += evaluate_bots.evaluate_bots(
            game.new_initial_state(), bots, np.random.RandomState(k)
        )
    assert total[0] > total[1]
