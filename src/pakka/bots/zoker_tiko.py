"""Bots for Zoker Tiko: ``rules`` (a hand-written policy) and ``search`` (ISMCTS
with the rules policy in its rollouts)."""

from __future__ import annotations

import random
from typing import Any

from pakka.bots.base import SeatHandle
from pakka.bots.ismcts import ISMCTSBot
from pakka.core.game import Action, Game, State
from pakka.games.zoker.deck import POWER, STRONGER, parse_card
from pakka.games.zoker.tiko.actions import PLAYS
from pakka.games.zoker.tiko.state import TikoState


def choose_card(hand: list[int], pile_top: int | None, last_to_play: bool) -> int:
    """The rules policy (R-TI-2): lead a strong card; win as cheaply as possible when
    last; otherwise win with a strong card; when the trick is lost, throw the weakest.

    "Strong" is :data:`POWER` (how many cards a card beats), a score of single
    cards, never an order of the non-transitive relation.
    """
    if pile_top is None:
        return max(hand, key=lambda c: (POWER[c], c))
    winners = [c for c in hand if STRONGER[c * 64 + pile_top]]
    if winners:
        if last_to_play:
            return min(winners, key=lambda c: (POWER[c], c))
        return max(winners, key=lambda c: (POWER[c], c))
    return min(hand, key=lambda c: (POWER[c], c))


def rules_rollout(state: State[Any], rng: random.Random) -> Action:
    """The rules policy on a full state (for ISMCTS rollouts)."""
    assert isinstance(state, TikoState)
    n = state.game.num_players
    top = state.pile[-1] if state.pile else None
    last = (state.turn + 1) % n == state.leader
    return PLAYS[choose_card(state.hands[state.turn], top, last)]


class RulesBot:
    """Plays Tiko by the rules policy from its own view."""

    name = "rules"

    def __init__(self, game: Game[Any], seed: int = 0) -> None:
        self.game = game

    def choose(self, handle: SeatHandle) -> Action:
        """The card the rules policy picks."""
        v = handle.view()
        hand = [int(parse_card(x)) for x in v["hand"]]
        pile = v["pile"]
        top = int(parse_card(pile[-1])) if pile else None
        n = v["players"]
        last = (handle.seat + 1) % n == v["leader"]
        c = choose_card(hand, top, last)
        return PLAYS[c]


def search_bot(game: Game[Any], seed: int = 0, **params: Any) -> ISMCTSBot:
    """ISMCTS with rules-policy rollouts (default 300 iterations per move)."""
    opts: dict[str, Any] = {"iterations": 300, "rollout": "rules"} | params
    bot = ISMCTSBot(game, seed=seed, **opts)
    bot.name = "search"
    return bot


BOTS: dict[str, Any] = {"rules": RulesBot, "search": search_bot}
LEVELS: dict[str, str] = {
    "easy": "random",
    "medium": "rules",
    "hard": "search:iterations=300",
}
ROLLOUT_POLICIES: dict[str, Any] = {"rules": rules_rollout}
