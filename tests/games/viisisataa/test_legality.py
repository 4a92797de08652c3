"""Legality is written once per action kind (pokerkit's ``verify_x`` / ``can_x``):
``verify_<kind>`` raises the refusal, ``can_<kind>`` says whether it would, and
``verify``, ``apply`` and ``legal_actions`` go through them. ``legal_actions`` lists the
card plays, discards, calls and bids with fast generators over the same masks; these
tests prove, over random positions of every phase and option, that for every action id
the generator, ``verify``, ``verify_<kind>`` and ``can_<kind>`` agree (R-5S-7: an illegal
action is refused, never penalised)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import pakka
from pakka.core.errors import IllegalAction, reason_message
from pakka.core.registry import load_automated
from pakka.games.viisisataa.actions import (
    BID,
    CALL,
    DISCARD,
    DOUBLE,
    HIDDEN,
    JOKER_LEAD,
    MISERE,
    PARTNER,
    PASS,
    PLAY,
    REDOUBLE,
    Move,
)
from pakka.games.viisisataa.state import ViisisataaState
from pakka.i18n import render_entry

from .helpers import new, run

KIND_NAMES = {
    PLAY: "play",
    JOKER_LEAD: "joker_lead",
    DISCARD: "discard",
    BID: "bid",
    MISERE: "bid",
    PASS: "pass",
    DOUBLE: "double",
    REDOUBLE: "redouble",
    PARTNER: "partner",
    CALL: "call",
}

SETUPS: list[tuple[int, dict[str, Any]]] = [
    (2, {"doubling": True, "misere": True}),
    (3, {}),
    (3, {"misere": True, "doubling": True, "auction": "australian"}),
    (3, {"full_deck": True, "all_pass": "grand_no_contract", "joker_suit_unled_only": True}),
    (4, {"misere": True, "doubling": True}),
    (5, {"doubling": True}),
    (5, {"partner_by_card": True, "doubling": True, "misere": True}),
]


def _checks(state: ViisisataaState, kind: int) -> tuple[Callable[..., None], Callable[..., bool]]:
    name = KIND_NAMES[kind]
    return getattr(state, f"verify_{name}"), getattr(state, f"can_{name}")


def _agree(state: ViisisataaState) -> None:
    """Every id: in legal_actions() exactly when verify, verify_<kind> and can_<kind>
    accept it; a refusal's text is the same from verify and from verify_<kind>."""
    legal = {a.id for a in state.legal_actions()}
    assert len(legal) == len(state.legal_actions())  # no action listed twice
    for i in range(state.game.num_distinct_actions):
        a: Move = state.game.action_from_id(i)
        try:
            state.verify(a)
            why = None
        except IllegalAction as e:
            why = str(e)
        assert (why is None) == (i in legal), (str(a), why)
        if a.kind == HIDDEN:
            with pytest.raises(IllegalAction):
                state.verify_hidden(a)
            continue
        verify_kind, can_kind = _checks(state, a.kind)
        assert can_kind(a) == (i in legal), str(a)
        if why is None:
            verify_kind(a)
        else:
            with pytest.raises(IllegalAction) as err:
                verify_kind(a)
            assert str(err.value) == why


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_r_5s_7_verify_can_and_legal_actions_agree_on_every_id(
    players: int, options: dict[str, Any]
) -> None:
    """R-5S-7: over random positions of whole hands (every phase the options allow),
    each id is legal by the generator exactly when its kind's verify accepts it."""
    game = load_automated("viisisataa", players=players, **options)
    phases: set[str] = set()
    for seed in range(2):
        state = game.new_state(seed=seed)
        assert isinstance(state, ViisisataaState)
        rng = random.Random(seed)
        while not state.is_terminal and state.hand_no <= 2:
            _agree(state)
            phases.add(state.view_phase)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert {"bidding", "play"} <= phases


def test_r_5s_7_a_verify_refuses_other_kinds_and_the_game_over() -> None:
    """R-5S-7: ``verify_<kind>`` refuses an action of another kind, and every action
    once the match is over (the game over is said, not a phase)."""
    s = new(3)
    bid = s.parse_action("bid 6S")
    assert s.can_bid(bid) and not s.can_play(bid) and not s.can_discard(bid)
    with pytest.raises(IllegalAction, match="not now") as refused:
        s.verify_play(bid)
    # issue 15: the front ends' "That move is not allowed: ..." says it once, not twice
    why = reason_message(refused.value)
    assert why is not None
    for lang, said in (("en", "not allowed"), ("fi", "sallittu")):
        shown = render_entry(
            "viisisataa", {"key": "error.illegal_action", "args": {"reason": why}}, lang
        )
        assert shown.count(said) == 1, shown
    game = pakka.load("viisisataa", players=3, max_hands=1)
    over = game.new_state(seed=3)
    run(over, "pass", "pass", "pass")  # R-5S-12: thrown in; the cap ends the match
    assert over.is_terminal
    with pytest.raises(IllegalAction, match="the game is over"):
        over.verify_pass(over.game.action_from_id(bid.id + 26))


def test_r_5s_7_apply_goes_through_verify_and_changes_nothing_when_refused() -> None:
    """R-5S-7: ``apply`` refuses what ``verify_<kind>`` refuses (the card-play fast path
    too) and leaves the state unchanged; a forged action value takes no fast path."""
    s = new(3, seed=4)
    run(s, "bid 6S", "pass", "pass", "discard " + s.view(1)["hand"][0])
    run(s, *("discard " + c for c in s.view(1)["hand"][:2]))
    assert s.view_phase == "play"
    before = s.to_json()
    held = set(s.view(1)["hand"])
    other = next(c for c in s.full_view()["hands"][2] if c not in held)
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.apply(s.game.action_from_id(s.game.parse_card(other).index))
    forged = Move(0, PLAY, s.game.parse_card(next(iter(held))).index, "forged")
    with pytest.raises(IllegalAction, match="not a Viisisataa action"):
        s.apply(forged)
    assert s.to_json() == before
