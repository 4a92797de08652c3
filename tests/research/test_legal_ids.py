"""``State.legal_ids()`` is exactly ``[a.id for a in state.legal_actions()]``.

The adapters keep the legal ids of the seat to act (``legal_ids``) and apply an
id through the game's id table, so a game's override of ``legal_ids`` must give
the same ids in the same order as its ``legal_actions`` in every position, and
``game.action_from_id`` must give back an equal action. Overrides checked here
against the contract's default: Koodinmurtaja's id rows beside its action rows
(R-KM-8, R-KM-10, D-KM-3, D-KM-7, also in the rank-only variant and after the
caches are dropped by wrong guesses and cards moving up) and Memo's place
indices (R-ME-2: every occupied place but the face-up one; D-ME-2, D-ME-4
refills and extra places) and Tiko's cards in hand (a play's id is its card).
Every registered game at every player count, over seeded random playouts,
including clones, sampled states and states restored from JSON (the places
where the caches are copied or rebuilt).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import pakka
from pakka.core.game import State
from pakka.core.registry import game_class
from pakka.research._common import action_of, research_options

from .conftest import REAL_GAMES

VARIANTS: dict[str, list[dict[str, Any]]] = {
    "koodinmurtaja": [{}, {"guess": "rank-only"}, {"empty_stock_penalty": True}],
    "zoker-memo": [{}, {"easy": True}, {"layout": 8}],
}
"""Option sets per game (over the research defaults) that reach other code paths."""

MAX_STEPS = 400
"""Actions per playout (Viisisataa matches and Räväytys rounds are long)."""


def _cases() -> list[Any]:
    out = []
    for name in REAL_GAMES:
        cls = game_class(name)
        for n in range(cls.min_players, cls.max_players + 1):
            for i, options in enumerate(VARIANTS.get(name, [{}])):
                try:
                    pakka.load(name, players=n, **research_options(name, options))
                except pakka.RulesError:
                    continue  # not a valid option set at this count: not collected
                out.append(pytest.param(name, n, options, id=f"{name}-{n}p-v{i}"))
    return out


def _check(state: State[Any], where: str) -> None:
    ids = state.legal_ids()
    assert ids == [a.id for a in state.legal_actions()], where
    assert type(ids) is list
    # a fresh list every call: the caller may keep or change it
    ids.append(-1)
    assert state.legal_ids() == [a.id for a in state.legal_actions()], where


@pytest.mark.parametrize(("name", "players", "options"), _cases())
def test_legal_ids_match_legal_actions(name: str, players: int, options: dict[str, Any]) -> None:
    game = pakka.load(name, players=players, **research_options(name, options))
    by_id = action_of(game)
    for seed in range(3):
        rng = random.Random(seed)
        s = game.new_state(seed=seed)
        steps = 0
        while not s.is_terminal and steps < MAX_STEPS:
            where = f"{name} {players}p {options} seed {seed} step {steps}"
            # ask for the ids first half the time, so neither cache is always warm
            if rng.random() < 0.5:
                _check(s, where)
            legal = s.legal_actions()
            _check(s, where)
            for a in legal:
                assert by_id(a.id) == a, where
            if steps % 37 == 0:
                _check(s.clone(), where + " (clone)")
                seat = s.current_player
                assert seat is not None
                _check(s.sample_consistent(seat, random.Random(steps)), where + " (sample)")
                _check(game.state_from_json(s.to_json()), where + " (from JSON)")
            a = legal[rng.randrange(len(legal))]
            s.apply_legal(a)
            steps += 1
        _check(s, f"{name} {players}p seed {seed} end")
        if s.is_terminal:
            assert s.legal_ids() == []
