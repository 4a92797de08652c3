"""The rules of Räväytys: the :class:`Ravaytys` game with its options (R-RV-1:
3–6 players, eight rounds), the phases of a turn and the rule constants. Rule ids
(R-RV-…, D-RV-…) refer to ``shared/rules/ravaytys.md``.

One state is the whole eight-round game (:mod:`pakka.games.ravaytys.state`). A turn
runs through phases: the player in turn takes the discard or leaves it (``START``);
if left, the buy window asks the other seats one at a time (``BUY``, D-RV-3); then
the player plays (``PLAY``): lays the contract down step by step (``BUILD``), lays
off, swaps wild cards (``PLACE`` puts the freed wild card down) and finally discards.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum, StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from pakka.core.errors import IllegalAction
from pakka.core.game import Game
from pakka.core.options import Option
from pakka.core.seam import Display
from pakka.games.ravaytys import actions as A
from pakka.games.ravaytys.actions import ACTIONS, RvAction
from pakka.games.ravaytys.cards import full_deck
from pakka.games.ravaytys.display import RavaytysDisplay
from pakka.games.ravaytys.view import RavaytysView

if TYPE_CHECKING:
    from pakka.games.ravaytys.state import RavaytysState

OPEN, START, BUY, PLAY, BUILD, PLACE, OVER = range(7)


class Phase(StrEnum):
    """The phases of a round, as views name them (``PHASE_NAMES[OPEN]`` is ``"open"``)."""

    OPEN = "open"
    START = "start"
    BUY = "buy"
    PLAY = "play"
    BUILD = "build"
    PLACE = "place"
    OVER = "over"


PHASE_NAMES = tuple(p.value for p in Phase)
ROUND_BREAK = "|"


class RoundBreak:
    """Marker between the stacked cards of consecutive rounds in a test deck."""

    def __str__(self) -> str:
        return ROUND_BREAK


BREAK = RoundBreak()


def _card(text: str) -> int:
    from pakka.core.cards import parse_card

    return parse_card(text).index


class Ravaytys(Game["RavaytysState"]):
    """The rules of Räväytys at a player count and options (R-RV-1: 3–6 players)."""

    name = "ravaytys"
    title: ClassVar[dict[str, str]] = {"en": "Räväytys", "fi": "Räväytys"}
    summary: ClassVar[dict[str, str]] = {
        "en": "Contract rummy over eight rounds with buying, wild jokers and black twos.",
        "fi": "Kahdeksan kierroksen sitoumusrommi: ostot, villit jokerit ja mustat kakkoset.",
    }
    min_players = 3  # R-RV-1: 3–6 players
    max_players = 6
    phases: ClassVar[type[Enum]] = Phase
    view_type: ClassVar[type | None] = RavaytysView
    display: ClassVar[Display] = RavaytysDisplay()
    option_specs = (
        Option(
            "go_out_by_melding",
            "bool",
            False,
            {
                "en": "A hand emptied by melding or laying off ends the round (no final discard).",
                "fi": "Kierros päättyy myös, kun käsi tyhjenee pöytäämällä (ilman poisheittoa).",
            },
            rule="D-RV-4",
        ),
        Option(
            "reshuffles",
            "choice",
            "once",
            {
                "en": "How often the discard pile may be shuffled into a new stock in a round.",
                "fi": "Kuinka monta kertaa avopakka sekoitetaan uudeksi umpipakaksi kierroksella.",
            },
            choices=("once", "unlimited"),
            rule="D-RV-5",
        ),
        Option(
            "max_buys_per_round",
            "int",
            0,
            {
                "en": "Most buys per player in one round (0 = no limit).",
                "fi": "Ostojen enimmäismäärä pelaajaa kohden kierroksella (0 = ei rajaa).",
            },
            minimum=0,
            rule="D-RV-3",
        ),
        Option(
            "max_wilds_per_group",
            "int",
            0,
            {
                "en": "Most wild cards in a group (0 = no limit); a natural card is always needed.",
                "fi": "Villejä enintään ryhmää kohden (0 = ei rajaa); luonnollinen kortti aina.",
            },
            minimum=0,
            rule="D-RV-1",
        ),
        Option(
            "scoring",
            "choice",
            "default",
            {
                "en": "Minus points of the cards left in hand. Standard: 2 to 9 their rank, "
                "10 to king 10, ace 15, black two and joker 25. High: as standard, but jack "
                "11, queen 12, king 13, ace 14 and black two 50. Flat: 5 for 2 to 9, 10 for "
                "10 to king, 15 for ace, black two and joker.",
                "fi": "Käteen jääneiden korttien miinuspisteet. Tavallinen: 2–9 arvonsa, "
                "10–kuningas 10, ässä 15, musta kakkonen ja jokeri 25. Korkea: kuten "
                "tavallinen, mutta jätkä 11, rouva 12, kuningas 13, ässä 14 ja musta kakkonen "
                "50. Tasainen: 2–9 5, 10–kuningas 10, ässä, musta kakkonen ja jokeri 15.",
            },
            choices=("default", "high", "flat"),
            rule="D-RV-7",
        ),
        Option(
            "max_turns_per_round",
            "int",
            500,
            {
                "en": "A round that reaches this many turns ends and every hand is scored.",
                "fi": "Kierros päättyy tämän vuoromäärän jälkeen ja kaikki kädet lasketaan.",
            },
            minimum=1,
            rule="D-RV-6",
        ),
    )

    @property
    def num_distinct_actions(self) -> int:
        return A.NUM_ACTIONS

    def action_from_id(self, action_id: int) -> RvAction:
        if not isinstance(action_id, int) or not 0 <= action_id < A.NUM_ACTIONS:
            raise IllegalAction(f"no action id {action_id!r}; ids are 0..{A.NUM_ACTIONS - 1}")
        return ACTIONS[action_id]

    def full_deck(self) -> list[Any]:
        from pakka.core.cards import CARDS

        return [CARDS[i] for i in full_deck()]

    def parse_card(self, text: str) -> Any:
        from pakka.core.cards import parse_card

        return parse_card(text)

    def parse_deck(self, deck: str | Sequence[str]) -> list[Any]:
        """Stacked cards per round, rounds separated by ``|`` (each checked against
        the 108-card deck on its own)."""
        parts = deck.split() if isinstance(deck, str) else list(deck)
        out: list[Any] = []
        seg: list[str] = []
        for p in [*parts, ROUND_BREAK]:
            if p == ROUND_BREAK:
                out.extend(super().parse_deck(seg))
                seg = []
                out.append(BREAK)
            else:
                seg.append(p)
        return out[:-1]

    def _new_state(
        self, seed: int, stacked: list[Any] | None, deck_text: list[str] | None
    ) -> RavaytysState:
        stacks: list[list[int]] = [[]]
        for c in stacked or []:
            if c is BREAK:
                stacks.append([])
            else:
                stacks[-1].append(c.index)
        from pakka.games.ravaytys.state import RavaytysState

        return RavaytysState(self, seed, deck_text, stacks if stacked else [])
