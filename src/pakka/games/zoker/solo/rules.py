"""Zoker Solo, the solitaire (R-SO-1..7, D-SO-1..3).

Sixteen cards in a 4x4 square: the three upper rows are the supply, the
bottom row holds piles. A card moves from the upper rows onto a bottom pile
whose top card is compatible (R-SO-3) or into an empty bottom place (R-SO-6);
a whole pile moves onto another when their top cards are compatible (R-SO-4);
with four empty upper places the next four stock cards are dealt (R-SO-5).
The score is the height of the tallest pile (R-SO-7).

Places are written like a chess board turned on its side: columns ``a``-``d``
left to right, rows ``1``-``4`` top to bottom, so the bottom row is ``a4``-``d4``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from pakka.core.errors import IllegalAction
from pakka.core.game import Game
from pakka.core.seam import Display
from pakka.games.zoker.common import ZokerDeckMixin
from pakka.games.zoker.deck import deal_order
from pakka.games.zoker.solo.actions import ACTIONS, UPPER, SoloAction
from pakka.games.zoker.solo.display import SoloDisplay
from pakka.games.zoker.solo.view import SoloView

if TYPE_CHECKING:
    from pakka.games.zoker.solo.state import SoloState


class Solo(ZokerDeckMixin, Game["SoloState"]):
    """Zoker Solo: build the tallest pile of compatible cards."""

    name = "zoker-solo"
    view_type: ClassVar[type | None] = SoloView
    display: ClassVar[Display] = SoloDisplay()
    title: ClassVar[dict[str, str]] = {"en": "Zoker Solo", "fi": "Zoker Solo"}
    summary: ClassVar[dict[str, str]] = {
        "en": "Solitaire: pile compatible cards in the bottom row as high as you can.",
        "fi": "Pasianssi: kokoa yhteensopivista korteista alariviin mahdollisimman korkea pino.",
    }
    min_players = 1
    max_players = 1

    @property
    def num_distinct_actions(self) -> int:
        return len(ACTIONS)

    def action_from_id(self, action_id: int) -> SoloAction:
        if not isinstance(action_id, int) or not 0 <= action_id < len(ACTIONS):
            raise IllegalAction(f"no Solo action with id {action_id!r}; ids are 0..64")
        return ACTIONS[action_id]

    def _new_state(
        self, seed: int, stacked: list[Any] | None, deck_text: list[str] | None
    ) -> SoloState:
        from pakka.games.zoker.solo.state import SoloState  # the state imports this module

        s = SoloState()
        s._init_base(self, seed, deck_text)
        order = deal_order(s.rng, stacked, range(64))
        # R-SO-1: 16 cards in reading order: a1..d1, a2..d2, a3..d3, then a4..d4.
        s.upper = order[:UPPER]
        s.piles = [[c] for c in order[UPPER:16]]
        s.stock = order[16:][::-1]
        s._legal = None
        s._say("solo.deal", stock=len(s.stock))
        return s
