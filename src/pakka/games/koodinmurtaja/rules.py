"""Koodinmurtaja ("Codebreaker"): the game, its options and the constants of its rules.

Rules: ``shared/rules/koodinmurtaja.md`` (R-KM-1..14, D-KM-0..8). Keep your
sorted hidden code; break the others' by pointing at a hidden card and naming
its rank. A :class:`~pakka.games.koodinmurtaja.state.KMState` is a whole match of
``games`` games; its methods live in one module per section of the rules
(:mod:`.deal`, :mod:`.guessing`, :mod:`.scoring`, :mod:`.sampling`).
"""

from __future__ import annotations

from enum import Enum, StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from pakka.core.errors import IllegalAction, RulesError
from pakka.core.game import Game
from pakka.core.options import Option
from pakka.core.seam import Display
from pakka.games.koodinmurtaja.actions import ActionTable, KMAction
from pakka.games.koodinmurtaja.cards import (
    FULL_DECK,
    HALF_DECK,
    card_of,
    parse_card,
    strength,
    text_of,
)
from pakka.games.koodinmurtaja.display import DISPLAY
from pakka.games.koodinmurtaja.view import KoodinmurtajaView

if TYPE_CHECKING:
    from pakka.games.koodinmurtaja.state import KMState

CODE_SIZE = 4
"""R-KM-4: four cards are dealt to each player."""

# Phases of a turn.
GUESS = 0  # must guess at the current target (the first guess, R-KM-8)
CONTINUE = 1  # after a correct guess: same target, next target, or stop (R-KM-10)
REVEAL = 2  # empty_stock_penalty: reveal one of one's own hidden cards (D-KM-7)
OVER = 3


class Phase(StrEnum):
    """The phases of a turn, as views name them (``PHASE_NAMES[GUESS]`` is ``"guess"``)."""

    GUESS = "guess"
    CONTINUE = "continue"
    REVEAL = "reveal"
    OVER = "over"


PHASE_NAMES = tuple(p.value for p in Phase)


CARD_TEXT = tuple(text_of(k) for k in range(52))
"""CARD_TEXT[k]: the notation of the card of strength ``k`` (R-KM-3)."""
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""RANK_NAMES[r - 2]: how rank ``r`` is named in a guess (R-KM-8: ranks 2..14)."""


class Koodinmurtaja(Game["KMState"]):
    """Koodinmurtaja for 2–8 players (R-KM-1)."""

    name = "koodinmurtaja"
    title: ClassVar = {"en": "Codebreaker", "fi": "Koodinmurtaja"}
    summary: ClassVar = {
        "en": "Keep your sorted hidden code and break the others' by naming their cards.",
        "fi": "Pidä oma järjestetty koodisi piilossa ja murra muiden koodit arvaamalla.",
    }
    min_players = 2
    max_players = 8
    phases: ClassVar[type[Enum]] = Phase
    view_type: ClassVar[type | None] = KoodinmurtajaView
    display: ClassVar[Display] = DISPLAY
    option_specs = (
        Option(
            "deck",
            "choice",
            lambda n: "half" if n <= 4 else "full",
            {
                "en": "half deck: spades and hearts only (26 cards, up to 6 players); "
                "whole deck: all 52 cards",
                "fi": "puolikas pakka: vain padat ja hertat (26 korttia, enintään 6 pelaajaa); "
                "koko pakka: kaikki 52 korttia",
            },
            choices=("half", "full"),
            rule="R-KM-2",
        ),
        Option(
            "guess",
            "choice",
            "positional",
            {
                "en": "point at a card: point at a hidden card and name its rank; name a rank "
                "only: name a rank the player holds hidden",
                "fi": "osoita kortti: osoita piilokorttia ja nimeä sen arvo; pelkkä arvo: nimeä "
                "arvo, jota pelaajalla on piilossa",
            },
            choices=("positional", "rank-only"),
            rule="D-KM-2",
        ),
        Option(
            "empty_stock_penalty",
            "bool",
            False,
            {
                "en": "when the stock is empty, a wrong guess costs one of your own hidden cards",
                "fi": "kun pakka on loppu, väärä arvaus paljastaa yhden omista piilokorteistasi",
            },
            rule="D-KM-7",
        ),
        Option(
            "games",
            "int",
            1,
            {
                "en": "number of games in a match (the deal passes left; 1 point per win)",
                "fi": "pelien määrä ottelussa (jako siirtyy vasemmalle; voitosta 1 piste)",
            },
            minimum=1,
            maximum=99,
            rule="D-KM-5",
        ),
        Option(
            "dealer",
            "int",
            0,
            {
                "en": "the seat that deals the first game (the player to its left starts)",
                "fi": "ensimmäisen pelin jakajan paikka (vasemmalla oleva aloittaa)",
            },
            minimum=0,
            maximum=7,
            rule="D-KM-8",
        ),
    )

    def _check_options(self) -> None:
        if self.int_option("dealer") >= self.num_players:
            raise RulesError(
                f"option 'dealer': seat {self.options['dealer']} does not exist; use "
                f"0..{self.num_players - 1}",
                "koodinmurtaja.why.dealer",
                seat=self.options["dealer"],
                players=self.num_players,
            )
        # D-KM-0: the half deck cannot deal four cards each to 7 or 8 players.
        if self.options["deck"] == "half" and self.num_players > 6:
            raise RulesError(
                f"option 'deck': 'half' (26 cards) cannot deal 4 cards to {self.num_players} "
                "players; use 'full' with 7-8 players (D-KM-0)",
                "koodinmurtaja.why.half_deck",
                n=self.num_players,
            )
        self.cards: tuple[int, ...] = HALF_DECK if self.options["deck"] == "half" else FULL_DECK
        self.table = ActionTable(self.num_players)
        n = self.num_players
        self.clockwise: tuple[tuple[int, ...], ...] = tuple(
            tuple((p + i) % n for i in range(1, n + 1)) for p in range(n)
        )
        """clockwise[p]: the seats after p in turn order, ending with p itself."""
        self.next_seat = tuple(order[0] for order in self.clockwise)
        """next_seat[p]: the seat to the left of p."""

    @property
    def num_distinct_actions(self) -> int:
        return len(self.table)

    def action_from_id(self, action_id: int) -> KMAction:
        if not isinstance(action_id, int) or not 0 <= action_id < len(self.table):
            raise IllegalAction(f"no action id {action_id!r}; ids are 0..{len(self.table) - 1}")
        return self.table.all[action_id]

    def full_deck(self) -> list[Any]:
        return [card_of(k) for k in self.cards]

    def parse_card(self, text: str) -> Any:
        return parse_card(text)

    def _new_state(
        self, seed: int, stacked: list[Any] | None, deck_text: list[str] | None
    ) -> KMState:
        from pakka.games.koodinmurtaja.state import KMState  # state imports these constants

        return KMState(self, seed, [strength(c) for c in stacked] if stacked else None, deck_text)

    def _state_from_data(self, data: Any) -> KMState:
        from pakka.games.koodinmurtaja.state import KMState

        snap = data.get("snapshot")
        if snap is None:
            return super()._state_from_data(data)
        state = KMState.__new__(KMState)
        state._init_base(self, data["seed"], data.get("deck"))
        state._load(snap, data["history"])
        return state
