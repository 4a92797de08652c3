"""A bot's handle exposes only what its seat may know."""

from __future__ import annotations

import gc
import random
from typing import Any

import pakka
import pakka.core.registry
from pakka.bots import SeatHandle, levels, make_bot, play_bot_turn


def _reachable(root: object, limit: int = 200_000) -> list[object]:
    seen: dict[int, object] = {}
    stack = [root]
    while stack and len(seen) < limit:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen[id(obj)] = obj
        stack.extend(gc.get_referents(obj))
    return list(seen.values())


def test_handle_does_not_reach_the_real_state_or_its_secrets() -> None:
    for name in pakka.games():
        game = pakka.load(name, players=pakka.core.registry.game_class(name).max_players)
        state = game.new_state(seed=77)
        rng = random.Random(0)
        for _ in range(3):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if state.is_terminal:
            continue
        seat = state.current_player
        assert seat is not None
        handle = SeatHandle(state, seat, random.Random(1))
        objs = _reachable(handle)
        assert not any(o is state for o in objs), f"{name}: the handle reaches the state"
        secret_seed = state.seed
        assert not any(isinstance(o, pakka.State) and o.seed == secret_seed for o in objs), (
            f"{name}: the handle keeps the real seed"
        )
        assert handle.view() == state.view(seat)
        assert handle.legal_actions() == state.legal_actions()
        sample = handle.sample_consistent(random.Random(2))
        assert sample.view(seat) == state.view(seat)
        assert sample.seed != secret_seed


def test_levels_resolve_to_working_bots_for_every_game() -> None:
    for name in pakka.games():
        cls = pakka.core.registry.game_class(name)
        game = pakka.load(name, players=cls.min_players)
        for level, spec in levels(name).items():
            bot = make_bot(game, level, seed=1)
            assert bot is not None, (name, level, spec)
        state = game.new_state(seed=5)
        bots: list[Any] = [make_bot(game, "easy", seed=s) for s in range(game.num_players)]
        steps = 0
        while not state.is_terminal and steps < 30:
            play_bot_turn(bots[state.current_player or 0], state, random.Random(steps))
            steps += 1


def test_unknown_bot_names_are_explained() -> None:
    game = pakka.load("koodinmurtaja", players=2)
    try:
        make_bot(game, "grandmaster")
    except pakka.RulesError as e:
        assert "deduce" in str(e) and "random" in str(e) and "easy" in str(e)
    else:
        raise AssertionError("expected RulesError")
