"""The pairs trainer (R-ZK-6): 20 cards face up; pick pairs and straights.

A pick of two cards is right when they are compatible (R-ZK-3) and a pick of
four is right when they are a straight; right picks leave the table and score
(a pair 1 point, a straight 3). A wrong pair pick stays on the table and the
log explains which attributes differ; picking the same two cards again is then
illegal (like a publicly refuted guess in Koodinmurtaja, D-KM-7), so every pick
either clears cards or rules out one of the finitely many wrong pairs and the
round always ends. It ends when no pair remains or the player stops. A timed
mode is a front-end feature: the engine keeps no clock."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from pakka.core.errors import IllegalAction
from pakka.core.game import Game
from pakka.core.options import Option
from pakka.core.seam import Display
from pakka.games.zoker.common import ZokerDeckMixin
from pakka.games.zoker.deck import (
    deal_order,
)
from pakka.games.zoker.pairs.actions import ACTIONS, PairsAction
from pakka.games.zoker.pairs.display import PairsDisplay
from pakka.games.zoker.pairs.view import PairsView

if TYPE_CHECKING:
    from pakka.games.zoker.pairs.state import PairsState

PAIR_POINTS = 1


STRAIGHT_POINTS = 3


class Pairs(ZokerDeckMixin, Game["PairsState"]):
    """The pairs trainer: practise seeing compatible cards and straights."""

    name = "zoker-pairs"
    view_type: ClassVar[type | None] = PairsView
    display: ClassVar[Display] = PairsDisplay()
    title: ClassVar[dict[str, str]] = {
        "en": "Zoker pairs trainer",
        "fi": "Zoker-parien harjoittelu",
    }
    summary: ClassVar[dict[str, str]] = {
        "en": "Practice: find compatible pairs and straights among 20 face-up cards.",
        "fi": "Harjoitus: etsi pareja ja suoria 20 kuvapuoli ylöspäin olevasta kortista.",
    }
    min_players = 1
    max_players = 1
    hidden_information: ClassVar[bool] = False  # all 20 cards lie face up
    move_reveals: ClassVar[bool] = False
    option_specs = (
        Option(
            "cards",
            "int",
            20,
            {
                "en": "How many cards are dealt face up.",
                "fi": "Montako korttia jaetaan kuvapuoli ylöspäin.",
            },
            minimum=4,
            maximum=64,
            rule="R-ZK-6",
        ),
    )

    @property
    def num_distinct_actions(self) -> int:
        return len(ACTIONS)

    def action_from_id(self, action_id: int) -> PairsAction:
        if not isinstance(action_id, int) or not 0 <= action_id < len(ACTIONS):
            raise IllegalAction(f"no trainer action with id {action_id!r}")
        return ACTIONS[action_id]

    def _new_state(
        self, seed: int, stacked: list[Any] | None, deck_text: list[str] | None
    ) -> PairsState:
        from pakka.games.zoker.pairs.state import PairsState  # the state imports this module

        s = PairsState()
        s._init_base(self, seed, deck_text)
        order = deal_order(s.rng, stacked, range(64))
        n = self.int_option("cards")
        s.layout = order[:n]
        s.table = sum(1 << c for c in s.layout)
        s.pairs = 0
        s.straights = 0
        s.mistakes = 0
        s.refuted = 0
        s.stopped = False
        s._legal = None
        s._say("pairs.deal", cards=n)
        return s
