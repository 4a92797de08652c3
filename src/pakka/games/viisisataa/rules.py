"""The rules of Viisisataa (American Five Hundred): the :class:`Viisisataa` game with
its options, the decks by player count, the phases of a hand and the rule constants.

Spec: ``shared/rules/viisisataa.md`` (R-5S-…, D-5S-…). A state is a whole match
(:mod:`pakka.games.viisisataa.state`): hands are dealt, bid, played and scored until
someone reaches 500.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum, StrEnum
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, Final

from pakka.core.cards import CARDS, JOKER, Card, card, parse_card
from pakka.core.errors import IllegalAction, NotationError, RulesError
from pakka.core.game import Game
from pakka.core.options import Option
from pakka.core.seam import Display
from pakka.games.viisisataa.actions import ACTIONS, NUM_ACTIONS, Move, mask_of
from pakka.games.viisisataa.display import ViisisataaDisplay
from pakka.games.viisisataa.view import ViisisataaView

if TYPE_CHECKING:
    from pakka.games.viisisataa.state import ViisisataaState

HAND_BREAK: Final = "/"
"""In a stacked deck, ``/`` ends one hand's cards; the next part stacks the next hand."""

AUTOMATED_MAX_HANDS: Final = 30
"""The match cap that automated play (arenas, benchmarks, research) sets explicitly
(R-5S-22: never the default of a table or of ``pakka play``)."""


def deck_for(num_players: int, full_deck: bool = False) -> list[Card]:
    """The cards of one deal at this player count (R-5S-1, the deck table, V1)."""
    if num_players in (2, 3) and not full_deck:
        ranks = range(7, 15)
        cards = [card(r, s) for s in range(4) for r in ranks]
    elif num_players == 4:
        cards = [
            card(r, s)
            for s in range(4)
            for r in range(4, 15)
            if not (r == 4 and s in (0, 3))  # no ♠4 or ♣4
        ]
    else:
        cards = [card(r, s) for s in range(4) for r in range(2, 15)]
    return [*cards, JOKER]


def _deal_slots(n: int, kitty: int, deck_size: int) -> tuple[tuple[int, ...], ...]:
    """Deck positions per receiver in the R-5S-6 pattern (3 each, kitty, 4 each, 3 each).

    Receivers in dealing order (the dead hand first with 2 players), then the
    kitty, then the cards set aside.
    """
    receivers = n + 1 if n == 2 else n
    slots: list[list[int]] = [[] for _ in range(receivers + 2)]
    pos = 0
    for packet in (3, 0, 4, 3):
        if packet == 0:
            slots[receivers].extend(range(pos, pos + kitty))
            pos += kitty
            continue
        for r in range(receivers):
            slots[r].extend(range(pos, pos + packet))
            pos += packet
    slots[receivers + 1].extend(range(pos, deck_size))
    return tuple(tuple(x) for x in slots)


class Phase(StrEnum):
    """The phases of a hand, as views name them (``PHASE_NAMES[BIDDING]`` is ``"bidding"``)."""

    BIDDING = "bidding"
    DOUBLING = "doubling"
    REDOUBLING = "redoubling"
    PARTNER = "partner"
    DISCARD = "discard"
    CALL = "call"
    PLAY = "play"
    OVER = "over"


# Phases of a hand (D-5S-7).
BIDDING: Final = 0
DOUBLING: Final = 1
REDOUBLING: Final = 2
PARTNERING: Final = 3
DISCARDING: Final = 4
CALLING: Final = 5
PLAYING: Final = 6
OVER: Final = 7
HORIZON: Final = 8
PHASE_NAMES: Final = (
    "bidding",
    "doubling",
    "redoubling",
    "partner",
    "discard",
    "call",
    "play",
    "over",
    "over",
)

TARGET: Final = 500
UTILITY_SCALE: Final = 80.0
"""Points that move a hand's search utility from 0.5 to about 0.73 (see hand_utility)."""


class Viisisataa(Game["ViisisataaState"]):
    """American Five Hundred for 2–5 players (3 is the main game)."""

    name: ClassVar[str] = "viisisataa"
    title: ClassVar[dict[str, str]] = {"en": "Five Hundred", "fi": "Viisisataa"}
    summary: ClassVar[dict[str, str]] = {
        "en": "Bid how many tricks you will take with your trump (bowers and the joker on "
        "top); first to 500 points wins.",
        "fi": "Tarjoa, montako tikkiä otat valitsemallasi valtilla (jätkät ja jokeri "
        "korkeimpina); ensimmäinen 500 pisteeseen voittaa.",
    }
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    public_history: ClassVar[bool] = False  # the contractor's discards are hidden
    phases: ClassVar[type[Enum]] = Phase
    view_type: ClassVar[type | None] = ViisisataaView
    display: ClassVar[Display] = ViisisataaDisplay()
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("auction", "choice", "american", choices=("american", "australian"), rule="R-5S-9",
               help={"en": "One round each (American): everyone bids exactly once. Until all but "
                           "one pass (Australian): bidding goes round until all but one "
                           "have passed (a pass is final).",
                     "fi": "Kukin kerran (amerikkalainen): jokainen tarjoaa kerran. Kunnes muut "
                           "ovat passanneet (australialainen): tarjotaan kierroksia, kunnes "
                           "kaikki paitsi yksi ovat passanneet (passi on lopullinen)."}),
        Option("misere", "bool", False, rule="R-5S-11",
               help={"en": "Allow the misère bid (250, between 8♠ and 8♣): take no trick.",
                     "fi": "Misääri sallittu (250, 8♠:n ja 8♣:n välissä): ei yhtään tikkiä."}),
        Option("all_pass", "choice", "redeal", choices=("redeal", "grand_no_contract"),
               rule="R-5S-12",
               help={"en": "If everyone passes: redeal, or play a grand without contractor "
                           "where everyone scores 10 per trick.",
                     "fi": "Jos kaikki passaavat: uusi jako, tai grandi ilman sitoumusta, "
                           "jossa jokainen saa 10 pistettä tikiltä."}),
        Option("joker_suit_unled_only", "bool", False, rule="R-5S-15",
               help={"en": "In grand, a led joker may only be declared as a suit not yet led "
                           "this hand.",
                     "fi": "Grandissa johdetulle jokerille saa nimetä vain maan, jota ei ole "
                           "vielä johdettu tässä jaossa."}),
        Option("full_deck", "bool", False, rule="V1",
               help={"en": "3 players only: use all 53 cards, 5-card kitty, 18 cards unused.",
                     "fi": "Vain 3 pelaajaa: koko 53 kortin pakka, 5 pöytäkorttia, 18 sivuun."}),
        Option("lose_at_minus_500", "bool", False, rule="V2",
               help={"en": "The game also ends when someone reaches -500; most points win.",
                     "fi": "Peli päättyy myös, kun joku putoaa -500:aan; eniten pisteitä "
                           "voittaa."}),
        Option("winner_bonus", "bool", False, rule="V3",
               help={"en": "The winner gets an extra 250 points.",
                     "fi": "Voittaja saa 250 lisäpistettä."}),
        Option("doubling", "bool", False, rule="V5",
               help={"en": "After the bidding an opponent may double and the contractor "
                           "redouble (result ×2 or ×4).",
                     "fi": "Tarjousten jälkeen vastapelaaja voi kahdentaa ja sitoumuksen "
                           "tekijä vastakahdentaa (tulos ×2 tai ×4)."}),
        Option("partner_scoring", "choice", "half", choices=("half", "full"), rule="D-5S-4",
               help={"en": "5 players: the partners split the contract's result between them, "
                           "or both get it in full.",
                     "fi": "5 pelaajaa: parit jakavat sitoumuksen tuloksen puoliksi, tai "
                           "kumpikin saa sen kokonaan."}),
        Option("partner_by_card", "bool", False, rule="R-5S-25",
               help={"en": "5 players: the contractor names a card; its holder is the secret "
                           "partner, revealed when the card is played.",
                     "fi": "5 pelaajaa: sitoumuksen tekijä nimeää kortin; sen haltija on "
                           "salainen pari, joka paljastuu kortin tullessa pöytään."}),
        # R-5S-22: no cap by default; arenas, benchmarks and research set one explicitly
        # (automated_options below).
        Option("max_hands", "int", 0, minimum=0, rule="R-5S-22",
               # Automated play (bots' arenas, research) sets AUTOMATED_MAX_HANDS itself.
               help={"en": "0 (no limit): play until someone reaches 500. Any other "
                           "number ends the match after that many hands; the highest "
                           "total wins.",
                     "fi": "0 (ei rajaa): pelataan, kunnes joku saavuttaa 500. Muu luku "
                           "päättää ottelun niin monen jaon jälkeen; eniten pisteitä "
                           "voittaa."}),
        Option("first_dealer", "int", 0, minimum=0, maximum=4, rule="R-5S-5",
               help={"en": "The seat that deals the first hand.",
                     "fi": "Ensimmäisen jaon jakaja."}),
    )  # fmt: skip
    automated_options: ClassVar[dict[str, Any]] = {"max_hands": AUTOMATED_MAX_HANDS}
    """R-5S-22: automated play caps a match explicitly (OpenSpiel needs a finite length)."""

    def _check_options(self) -> None:
        o = self.options
        if o["full_deck"] and self.num_players != 3:
            raise RulesError(
                "option 'full_deck' (V1) is for 3 players only", "error.full_deck_players"
            )
        if o["partner_by_card"] and self.num_players != 5:
            raise RulesError(
                "option 'partner_by_card' is for 5 players only", "error.partner_players"
            )
        if self.int_option("first_dealer") >= self.num_players:
            raise RulesError(
                f"option 'first_dealer' must be a seat 1..{self.num_players} (counted from 1)",
                "error.first_dealer",
                last=self.num_players,
            )
        self.australian = o["auction"] == "australian"
        self.misere = bool(o["misere"])
        self.all_pass_grand = o["all_pass"] == "grand_no_contract"
        self.joker_unled_only = bool(o["joker_suit_unled_only"])
        self.lose_at_minus_500 = bool(o["lose_at_minus_500"])
        self.winner_bonus = bool(o["winner_bonus"])
        self.doubling = bool(o["doubling"])
        self.partner_scoring = str(o["partner_scoring"])
        self.partner_by_card = bool(o["partner_by_card"])
        self.max_hands = self.int_option("max_hands")
        self.kitty_size = 5 if o["full_deck"] else 3
        self.deck_cards = deck_for(self.num_players, bool(o["full_deck"]))
        self.deck_indices = tuple(c.index for c in self.deck_cards)
        self.deck_mask = mask_of(list(self.deck_indices))
        self.deal_slots = _deal_slots(self.num_players, self.kitty_size, len(self.deck_indices))
        self.deck_bits = tuple(1 << c for c in self.deck_indices)
        # Readers of the receivers' and the kitty's cards from a dealt deck of card bits
        # (each takes at least 3 positions); the set-aside cards are the rest.
        self.deal_takers = tuple(itemgetter(*positions) for positions in self.deal_slots[:-1])

    @property
    def num_distinct_actions(self) -> int:
        """198 ids: plays, joker leads, discards, bids, calls, partner choices (see actions)."""
        return NUM_ACTIONS

    def action_from_id(self, action_id: int) -> Move:
        """The action with this id."""
        if not isinstance(action_id, int) or not 0 <= action_id < NUM_ACTIONS:
            raise IllegalAction(f"no Viisisataa action has id {action_id!r}")
        return ACTIONS[action_id]

    def full_deck(self) -> list[Card]:
        """The deck of this player count, in canonical order."""
        return list(self.deck_cards)

    def parse_card(self, text: str) -> Card:
        """Parse a card (``AS``, ``10H``, ``JK``) that belongs to this deck."""
        c = parse_card(text)
        if not self.deck_mask >> c.index & 1:
            raise NotationError(f"{c} is not in the {self.num_players}-player Viisisataa deck")
        return c

    def parse_deck(self, deck: str | Sequence[str]) -> list[Any]:
        """Parse a stacked deck: cards top first; ``/`` starts the next hand's stack.

        Each part is dealt in the R-5S-6 pattern for one hand (hand 1, 2, …);
        cards a part leaves out are shuffled in below it.
        """
        parts = deck.split() if isinstance(deck, str) else list(deck)
        out: list[Any] = []
        seg: list[str] = []
        for p in [*parts, HAND_BREAK]:
            if p == HAND_BREAK:
                out.extend(super().parse_deck(seg))
                seg = []
                out.append(HAND_BREAK)
            else:
                seg.append(p)
        out.pop()
        return out

    def _new_state(
        self, seed: int, stacked: list[Any] | None, deck_text: list[str] | None
    ) -> ViisisataaState:
        segments: list[list[int]] = [[]]
        for x in stacked or []:
            if x == HAND_BREAK:
                segments.append([])
            else:
                segments[-1].append(x.index)
        from pakka.games.viisisataa.state import ViisisataaState

        return ViisisataaState(self, seed, segments, deck_text)


__all__ = ["CARDS", "PHASE_NAMES", "Phase", "Viisisataa", "deck_for"]
