"""The seam between engines and front ends, for every registered game: typed views
that validate against their generated JSON Schema, structured legal actions that
agree with the engine, and labels whose keys exist in both languages."""

from __future__ import annotations

import json
import random
from typing import Any

import jsonschema
import pytest

import pakka
from pakka.core.registry import game_class, load_automated
from pakka.core.seam import LEGAL_ACTION_SCHEMA, check_view
from pakka.i18n import LANGUAGES, messages

GAMES = pakka.games()

SHORT: dict[str, dict[str, Any]] = {"ravaytys": {"max_turns_per_round": 40}}
"""Shorter rounds where random play makes a whole game very long (every view of every
position is validated with its whole log)."""


def _positions(name: str, players: int, seed: int, every: int = 5) -> list[Any]:
    """States along one seeded random game (a clone every ``every`` moves, and the end).

    Loaded as automated play loads a game (``load_automated``: e.g. Viisisataa's match
    cap, without which random play never reaches 500)."""
    game = load_automated(name, players=players, **SHORT.get(name, {}))
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    out = [state.clone()]
    step = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        step += 1
        if step % every == 0 or state.is_terminal:
            out.append(state.clone())
    return out


def _counts(name: str) -> list[int]:
    cls = game_class(name)
    return sorted({cls.min_players, cls.max_players})


@pytest.mark.parametrize("name", GAMES)
def test_structured_legal_actions_agree_with_the_engine(name: str) -> None:
    """``game.display.legal(state)`` lists exactly ``legal_actions()``, in order, with
    the same ids and notation; every label key has a text in every language."""
    validator = jsonschema.Draft202012Validator(LEGAL_ACTION_SCHEMA)
    for players in _counts(name):
        game = load_automated(name, players=players, **SHORT.get(name, {}))
        cat = messages(name)
        for state in _positions(name, players, seed=11):
            described = game.display.legal(state)
            legal = state.legal_actions()
            assert [d["id"] for d in described] == [a.id for a in legal]
            assert [d["text"] for d in described] == [str(a) for a in legal]
            for d in described:
                validator.validate(json.loads(json.dumps(d)))
                for lang in LANGUAGES:
                    assert d["label"]["key"] in cat[lang], (lang, d["label"]["key"])


@pytest.mark.parametrize("name", [g for g in GAMES if game_class(g).view_type is not None])
def test_every_view_has_its_typed_shape(name: str) -> None:
    """Every seat's and a spectator's view, at positions through a whole game, has
    exactly the shape of the game's view type (strict), and its JSON validates
    against the JSON Schema generated from that type."""
    cls = game_class(name)
    schema = cls.view_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    assert cls.view_type is not None
    for players in _counts(name):
        states = _positions(name, players, seed=12)
        for i, state in enumerate(states):
            # The log only grows: validating it at the end covers every entry a seat
            # ever saw; earlier positions are validated without it (log=False).
            with_log = i == len(states) - 1
            for seat in [*range(players), None]:
                view = state.view(seat, log=with_log)
                check_view(cls.view_type, view)
                validator.validate(json.loads(json.dumps(view)))
