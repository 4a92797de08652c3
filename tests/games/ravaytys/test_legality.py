"""Legality is written once per action kind (pokerkit's ``verify_x`` / ``can_x``):
``can_<kind>`` says whether an action of that kind is legal now, ``verify_<kind>`` raises
its refusal, and ``verify``, ``apply`` and ``legal_actions`` go through the same
predicates (:mod:`pakka.games.ravaytys.legality`). These tests prove, over random
positions of every phase in several option setups, that for every action id the
generator, ``verify``, ``verify_<kind>``, ``can_<kind>`` and ``apply`` agree, with the
same refusal (R-RV-13/14/17: an illegal action is refused and changes nothing)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from pakka.core.errors import IllegalAction
from pakka.core.registry import load_automated
from pakka.games.ravaytys.actions import ACTIONS, NUM_ACTIONS, RvAction
from pakka.games.ravaytys.legality import KIND_NAMES
from pakka.games.ravaytys.refusals import Refusal
from pakka.games.ravaytys.rules import PHASE_NAMES
from pakka.games.ravaytys.state import RavaytysState

SETUPS: list[tuple[int, dict[str, Any]]] = [
    (3, {}),
    (4, {"go_out_by_melding": True, "reshuffles": "unlimited"}),
    (5, {"max_buys_per_round": 0, "max_wilds_per_group": 0}),
    (6, {"max_wilds_per_group": 1, "scoring": "high", "max_buys_per_round": 1}),
]

PER_PHASE = 3
"""Positions checked per phase and setup (every id at each): the phases of building a
lay-down and placing a wild card are rare in random play, so each phase gets its quota."""


def _checks(
    state: RavaytysState, a: RvAction
) -> tuple[Callable[..., None], Callable[[RvAction], bool]]:
    name = KIND_NAMES[a.kind]
    return getattr(state, f"verify_{name}"), getattr(state, f"can_{name}")


def _agree(state: RavaytysState, probe_apply: bool) -> None:
    """Every id: listed by legal_actions() exactly when verify, verify_<kind> and
    can_<kind> accept it; a refusal is the same from verify and verify_<kind>; with
    ``probe_apply``, apply on a clone accepts exactly the legal ids and a refused one
    changes nothing."""
    listed = state.legal_actions()
    legal = {a.id for a in listed}
    assert len(legal) == len(listed)  # no action listed twice
    before = state.to_json() if probe_apply else None
    for i in range(NUM_ACTIONS):
        a = state.game.action_from_id(i)
        assert a is ACTIONS[i]
        try:
            state.verify(a)
            why = None
        except Refusal as e:
            why = (str(e), e.text("fi"))
        assert (why is None) == (i in legal), (str(a), why)
        verify_kind, can_kind = _checks(state, a)
        assert can_kind(a) == (i in legal), str(a)
        if why is None:
            verify_kind(a)
            verify_kind(a, False)
        else:
            with pytest.raises(Refusal) as err:
                verify_kind(a)
            assert (str(err.value), err.value.text("fi")) == why
            with pytest.raises(IllegalAction):
                verify_kind(a, False)
        if probe_apply and (why is None or i % 7 == 0):
            c = state.clone()
            try:
                c.apply(a)
                applied = True
            except IllegalAction:
                applied = False
                assert c.to_json() == before
            assert applied == (why is None), str(a)


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_r_rv_13_verify_can_and_legal_actions_agree_on_every_id(
    players: int, options: dict[str, Any]
) -> None:
    """R-RV-9..17: over random positions of whole games (every phase), each id is legal
    by the generator exactly when its kind's ``can_<kind>`` and ``verify_<kind>`` accept
    it, and ``apply`` agrees."""
    game = load_automated("ravaytys", players=players, **options)
    seen: dict[str, int] = {}
    for seed in range(2):
        state = game.new_state(seed=seed)
        assert isinstance(state, RavaytysState)
        rng = random.Random(seed)
        while not state.is_terminal:
            phase = PHASE_NAMES[state.phase]
            if seen.get(phase, 0) < PER_PHASE and (phase not in seen or rng.random() < 0.1):
                seen[phase] = seen.get(phase, 0) + 1
                _agree(state, probe_apply=seen[phase] == 1)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if seed == 0:
            _agree(state, probe_apply=True)  # the game over: every id refused
    assert {"open", "start", "buy", "play", "build"} <= set(seen), seen


def test_r_rv_13_verify_kind_refuses_other_kinds_and_the_game_over() -> None:
    """``verify_<kind>`` refuses an action of another kind with that action's own
    reason, and every action once the game is over ("the game is over")."""
    game = load_automated("ravaytys", players=3)
    s = game.new_state(seed=1)
    assert isinstance(s, RavaytysState)
    discard = s.legal_actions()[0]  # the dealer's opening discard
    assert s.can_discard(discard) and not s.can_take(discard) and not s.can_lay(discard)
    with pytest.raises(Refusal) as e:
        s.verify_take(discard)
    # the refused action in words (issue 15: no card codes in a refusal)
    assert "you cannot discard " in str(e.value) and str(discard) not in str(e.value)
    rng = random.Random(0)
    while not s.is_terminal:
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    for i in (0, 1, 10, NUM_ACTIONS - 1):
        a = ACTIONS[i]
        with pytest.raises(Refusal, match="the game is over"):
            _checks(s, a)[0](a)
