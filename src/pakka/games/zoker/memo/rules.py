"""Zoker Memo, the memory game for 2-5 players (R-ME-1..5, D-ME-1..5).

Cards lie face down; a turn turns two cards, one action each, so the second
choice is made after seeing the first. A compatible pair (R-ZK-3; with
``easy``, any shared attribute, D-ME-3) is taken and the player goes again.
Every card that was ever face up is public from then on (perfect recall).
When no pair remains on the table the empty places are refilled from the
stock (D-ME-2), or with no empty place, extra places are dealt one at a time
(D-ME-4); the game ends when the stock is empty and no pair remains (R-ME-4)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, ClassVar

from pakka.core.errors import IllegalAction
from pakka.core.game import Game
from pakka.core.options import Option
from pakka.core.seam import Display
from pakka.games.zoker.common import ZokerDeckMixin
from pakka.games.zoker.deck import ALIKE_ANY, COMPATIBLE, deal_order
from pakka.games.zoker.memo.actions import TURNS, MemoTurn
from pakka.games.zoker.memo.display import MemoDisplay
from pakka.games.zoker.memo.view import MemoView

if TYPE_CHECKING:
    from pakka.games.zoker.memo.state import MemoState

DEALER = 0
"""D-ME-5: seat 0 deals; seat 1 turns first."""


class Memo(ZokerDeckMixin, Game["MemoState"]):
    """Zoker Memo: find compatible pairs among face-down cards."""

    name = "zoker-memo"
    view_type: ClassVar[type | None] = MemoView
    display: ClassVar[Display] = MemoDisplay()
    title: ClassVar[dict[str, str]] = {"en": "Zoker Memo", "fi": "Zoker Memo"}
    summary: ClassVar[dict[str, str]] = {
        "en": "Memory game: turn two cards, keep them if they are a compatible pair.",
        "fi": "Muistipeli: käännä kaksi korttia ja pidä ne, jos ne ovat pari.",
    }
    min_players = 2
    max_players = 5
    option_specs = (
        Option(
            "layout",
            "int",
            16,
            {
                "en": "How many cards are dealt face down at the start (16 = a 4x4 square).",
                "fi": "Montako korttia jaetaan alussa kuvapuoli alaspäin (16 = 4x4-neliö).",
            },
            minimum=2,
            maximum=64,
            rule="R-ME-1",
        ),
        Option(
            "easy",
            "bool",
            False,
            {
                "en": "Easy game: cards with at least one equal attribute are a pair.",
                "fi": "Helpotettu peli: kortit, joilla on yksikin yhteinen ominaisuus, ovat pari.",
            },
            rule="R-ME-5",
        ),
    )

    @property
    def num_distinct_actions(self) -> int:
        return 64

    def action_from_id(self, action_id: int) -> MemoTurn:
        if not isinstance(action_id, int) or not 0 <= action_id < 64:
            raise IllegalAction(f"no Memo action with id {action_id!r}; ids are 0..63")
        return TURNS[action_id]

    def _new_state(
        self, seed: int, stacked: list[Any] | None, deck_text: list[str] | None
    ) -> MemoState:
        from pakka.games.zoker.memo.state import MemoState  # the state imports this module

        s = MemoState()
        s._init_base(self, seed, deck_text)
        order = deal_order(s.rng, stacked, range(64))
        layout = self.int_option("layout")
        # R-ME-1: the first ``layout`` cards of the deck, place 1 first.
        s.places = order[:layout]
        s.stock = order[layout:][::-1]
        s.table = sum(1 << c for c in s.places)
        s.seen = 0
        s.taken = [0] * self.num_players
        s.first = -1
        s.turn = (DEALER + 1) % self.num_players
        s.over = False
        s.partners = ALIKE_ANY if self.options["easy"] else COMPATIBLE
        s.columns = math.isqrt(layout - 1) + 1
        s._occupied = s._occupied_ids = None
        s.no_pair_events = []
        s._say("memo.deal", cards=layout, stock=len(s.stock))
        s._settle()
        return s
