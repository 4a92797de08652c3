"""Tiko: card places, action labels and prompts in words (pure, no I/O)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pakka.core.game import Action, State
from pakka.core.seam import ActionKind, LegalAction, Message, msg
from pakka.games.zoker.deck import (
    NAMES,
    STRONGER,
)
from pakka.games.zoker.display import ZokerDisplay, legal_action


class TikoDisplay(ZokerDisplay):
    """Zoker Tiko: playing a card, and where it goes on the pile (R-TI-2, D-TI-2)."""

    def describe(self, state: State[Any], action: Action) -> LegalAction:
        from pakka.games.zoker.tiko.actions import TikoPlay
        from pakka.games.zoker.tiko.state import TikoState

        assert isinstance(state, TikoState) and isinstance(action, TikoPlay)
        c = action.id
        if not state.pile:
            label = msg("tiko.act.lead", card=NAMES[c])
        else:
            top = state.pile[-1]
            # R-TI-2 / D-TI-2: only the comparison with the top card counts.
            key = "tiko.act.over" if STRONGER[c * 64 + top] else "tiko.act.under"
            label = msg(key, card=NAMES[c], top=NAMES[top])
        return legal_action(action, ActionKind.PLAY, label, [NAMES[c]])

    def prompt(self, view: Mapping[str, Any]) -> Message:
        if view["is_terminal"]:
            return msg("zoker.over")
        pile = view["pile"]
        return msg("tiko.prompt.follow", top=pile[-1]) if pile else msg("tiko.prompt.lead")
