"""Memo: card places, action labels and prompts in words (pure, no I/O)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pakka.core.game import Action, State
from pakka.core.seam import ActionKind, LegalAction, Message, Target, msg
from pakka.games.zoker.deck import (
    NAMES,
)
from pakka.games.zoker.display import ZokerDisplay, legal_action


class MemoDisplay(ZokerDisplay):
    """Zoker Memo: turning a card at a place (R-ME-2)."""

    @staticmethod
    def place_name(place: int, columns: int) -> Message:
        """Place 0-based ``place`` of a table ``columns`` wide, in words (1-based)."""
        return msg(
            "zoker.place.memo", place=place + 1, row=place // columns + 1, col=place % columns + 1
        )

    def describe(self, state: State[Any], action: Action) -> LegalAction:
        from pakka.games.zoker.memo.actions import MemoTurn
        from pakka.games.zoker.memo.state import MemoState

        assert isinstance(state, MemoState) and isinstance(action, MemoTurn)
        i = action.id
        c = state.places[i]
        place = self.place_name(i, state.columns)
        target: Target = {"position": i}
        if state.seen >> c & 1:
            # Seen face up before: public (perfect recall, the view shows it).
            label = msg("memo.act.turn_seen", place=place, card=NAMES[c])
            return legal_action(action, ActionKind.REVEAL, label, [NAMES[c]], target)
        return legal_action(
            action, ActionKind.REVEAL, msg("memo.act.turn", place=place), [], target
        )

    def prompt(self, view: Mapping[str, Any]) -> Message:
        if view["is_terminal"]:
            return msg("zoker.over")
        up = view["face_up"]
        if up:
            return msg("memo.prompt.second", card=view["table"][up[0] - 1])
        return msg("memo.prompt.first")
