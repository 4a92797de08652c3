"""Zoker Tiko, the trick game for 2-5 players (R-TI-1..5, D-TI-1..5).

Each player plays one card a trick; a card goes on top of the pile when it is
stronger (R-ZK-4) than the current top card and underneath when weaker
(D-TI-2: only the top card counts, the relation is not transitive). The seat
whose card is on top after everyone played wins the trick's cards and leads.
When the hands are empty, four new cards each are dealt while the stock can
give everyone four (D-TI-4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from pakka.core.errors import IllegalAction
from pakka.core.game import Game
from pakka.core.seam import Display
from pakka.games.zoker.common import (
    ZokerDeckMixin,
)
from pakka.games.zoker.deck import deal_order
from pakka.games.zoker.tiko.actions import PLAYS, TikoPlay
from pakka.games.zoker.tiko.display import TikoDisplay
from pakka.games.zoker.tiko.view import TikoView

if TYPE_CHECKING:
    from pakka.games.zoker.tiko.state import TikoState

HAND_SIZE = 4


DEALER = 0
"""D-TI-5: seat 0 deals, so seat 1 (left of the dealer) leads the first trick."""


class Tiko(ZokerDeckMixin, Game["TikoState"]):
    """Zoker Tiko: tricks won by the card on top of the pile."""

    name = "zoker-tiko"
    view_type: ClassVar[type | None] = TikoView
    display: ClassVar[Display] = TikoDisplay()
    title: ClassVar[dict[str, str]] = {"en": "Zoker Tiko", "fi": "Zoker Tiko"}
    summary: ClassVar[dict[str, str]] = {
        "en": "Trick game with the Zoker deck: stronger cards go on top, the top card wins.",
        "fi": "Zoker-tikkipeli: vahvempi kortti pinon päälle, päällimmäinen voittaa tikin.",
    }
    min_players = 2
    max_players = 5

    @property
    def num_distinct_actions(self) -> int:
        return 64

    def action_from_id(self, action_id: int) -> TikoPlay:
        if not isinstance(action_id, int) or not 0 <= action_id < 64:
            raise IllegalAction(f"no Tiko action with id {action_id!r}; ids are 0..63")
        return PLAYS[action_id]

    def _new_state(
        self, seed: int, stacked: list[Any] | None, deck_text: list[str] | None
    ) -> TikoState:
        from pakka.games.zoker.tiko.state import TikoState  # the state imports this module

        s = TikoState()
        s._init_base(self, seed, deck_text)
        order = deal_order(s.rng, stacked, range(64))
        # Top of the deck at the end of the list: dealing pops.
        s.stock = order[::-1]
        n = self.num_players
        s.n = n
        s.hands = [[] for _ in range(n)]
        s.won = [0] * n
        s.pile = []
        s.pile_seats = []
        s.top_seat = -1
        s.played = []
        s.leader = (DEALER + 1) % n
        s.turn = s.leader
        s.over = False
        s._deal()
        return s
