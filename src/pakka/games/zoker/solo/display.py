"""Solo: card places, action labels and prompts in words (pure, no I/O)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pakka.core.game import Action, State
from pakka.core.seam import ActionKind, LegalAction, Message, Target, msg
from pakka.games.zoker.deck import (
    NAMES,
)
from pakka.games.zoker.display import COLUMNS, ZokerDisplay, legal_action


class SoloDisplay(ZokerDisplay):
    """Zoker Solo: moves between places of the square, and the deal (R-SO-3..6)."""

    @staticmethod
    def place_name(place: int) -> Message:
        """Place 0..15 (reading order; 12..15 the bottom piles) in words."""
        return msg("zoker.place.solo", col=COLUMNS[place % 4], row=place // 4 + 1)

    def describe(self, state: State[Any], action: Action) -> LegalAction:
        from pakka.games.zoker.solo.actions import UPPER, SoloAction
        from pakka.games.zoker.solo.state import SoloState

        assert isinstance(state, SoloState) and isinstance(action, SoloAction)
        if action.src < 0:
            # R-SO-5 / D-SO-2: four cards, or what is left of the stock.
            n = min(4, len(state.stock))
            return legal_action(action, ActionKind.DEAL, msg("solo.act.deal", n=n), target=None)
        dst = UPPER + action.dst
        target: Target = {"source": action.src, "position": dst}
        pile = state.piles[action.dst]
        place, source = self.place_name(dst), self.place_name(action.src)
        if action.src < UPPER:
            c = NAMES[state.upper[action.src]]
            if not pile:
                label = msg("solo.act.start", card=c, place=place, source=source)  # R-SO-6
            else:
                label = msg(  # R-SO-3
                    "solo.act.move", card=c, place=place, source=source, top=NAMES[pile[-1]]
                )
            return legal_action(action, ActionKind.MOVE, label, [c], target)
        moving = [NAMES[x] for x in state.piles[action.src - UPPER]]
        label = msg(  # R-SO-4: the whole pile moves, its top stays on top
            "solo.act.pile",
            card=moving[-1],
            height=len(moving),
            place=place,
            source=source,
            top=NAMES[pile[-1]],
        )
        return legal_action(action, ActionKind.MOVE, label, moving, target)

    def prompt(self, view: Mapping[str, Any]) -> Message:
        return msg("zoker.over") if view["is_terminal"] else msg("solo.prompt")
