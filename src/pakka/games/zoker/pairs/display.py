"""Pairs: card places, action labels and prompts in words (pure, no I/O)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pakka.core.game import Action, State
from pakka.core.seam import ActionKind, LegalAction, Message, msg
from pakka.games.zoker.deck import (
    NAMES,
)
from pakka.games.zoker.display import ZokerDisplay, legal_action

_CLAIMS: dict[int, LegalAction] = {}
"""Each pair or straight as a legal action, by action id: it does not depend on the
position, and a pairs position has about a hundred of them, so every frame of a person
to act would otherwise describe them all again."""


class PairsDisplay(ZokerDisplay):
    """The trainer: picking a pair or a straight, or stopping (R-ZK-3, R-ZK-6)."""

    def describe(self, state: State[Any], action: Action) -> LegalAction:
        from pakka.games.zoker.pairs.actions import PairsAction
        from pakka.games.zoker.pairs.state import PairsState

        assert isinstance(state, PairsState) and isinstance(action, PairsAction)
        if not action.cards:
            return legal_action(action, ActionKind.STOP, msg("pairs.act.stop", score=state.score))
        got = _CLAIMS.get(action.id)
        if got is None:
            got = _CLAIMS[action.id] = self._claim(action)
        # The caller's own dict and card list (the label is shared: nobody changes one).
        return {**got, "cards": list(got["cards"])}

    @staticmethod
    def _claim(action: Any) -> LegalAction:
        cards = [NAMES[c] for c in action.cards]
        if len(cards) == 2:
            label = msg("pairs.act.pair", a=cards[0], b=cards[1])
        else:
            label = msg("pairs.act.straight", cards=cards)
        return legal_action(action, ActionKind.CLAIM, label, cards)

    def prompt(self, view: Mapping[str, Any]) -> Message:
        return msg("zoker.over") if view["is_terminal"] else msg("pairs.prompt")
