"""The Zoker games' display layer: card and place names in words, structured legal
actions, and what each phase asks of the player, for every front end.

Pure: no I/O and no front-end imports. Every text is a
:class:`~pakka.core.seam.Message` whose key is in :mod:`.messages` (en and fi);
cards are named with ``{card:card}`` from :meth:`ZokerDisplay.card_names`, never
as raw codes. Labels use only what the player to act may know (the Memo cards
named are those already seen face up, which the view shows to everyone).

Card names (R-ZK-1, R-ZK-2) read size, colour, shape, the way a player says
them at the table: ``BS1`` is "small blue one" / "pieni sininen ykkönen",
``RXL4`` "extra large red four" / "erittäin suuri punainen nelonen". The shape
is named by its number of corners as a card player names a rank (one .. four;
ykkönen .. nelonen).

Places: Solo's square "column a, row 3" / "sarake a, rivi 3" (the notation's
``a3``; row 4 is the bottom row of piles); Memo's "place 5 (row 2, column 1)" /
"paikka 5 (rivi 2, sarake 1)"; a Kubo cell "layer 2 (green), small, one corner"
/ "taso 2 (vihreä), pieni, yksi kulma"."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, Final

from pakka.core.game import Action
from pakka.core.seam import ActionKind, Display, LegalAction, Message, Target, msg
from pakka.games.zoker.deck import (
    ATTRS,
    NAMES,
    SIZES,
)

SIZE_WORDS: Final = {
    "en": ("small", "medium", "large", "extra large"),
    "fi": ("pieni", "keskikokoinen", "suuri", "erittäin suuri"),
}


COLOUR_WORDS: Final = {
    "en": ("blue", "green", "orange", "red"),
    "fi": ("sininen", "vihreä", "oranssi", "punainen"),
}


SHAPE_WORDS: Final = {
    "en": ("one", "two", "three", "four"),
    "fi": ("ykkönen", "kakkonen", "kolmonen", "nelonen"),
}
"""A card's shape as its name's noun (the number of corners, R-ZK-1)."""


CORNER_WORDS: Final = {
    "en": ("one corner", "two corners", "three corners", "four corners"),
    "fi": ("yksi kulma", "kaksi kulmaa", "kolme kulmaa", "neljä kulmaa"),
}
"""A shape as an attribute value on its own (Kubo's axes)."""


ATTRIBUTES: Final = ("colour", "size", "shape")


AXIS_CODES: Final = {"colour": ("B", "G", "O", "R"), "size": SIZES, "shape": ("1", "2", "3", "4")}
"""Each attribute's values in notation, weakest first (R-ZK-2)."""


KIND_KEYS: Final = ("kubo.kind.straight", "kubo.kind.diagonal", "kubo.kind.zoker")


COLUMNS: Final = "abcd"


def _lang(lang: str) -> str:
    return lang if lang in SIZE_WORDS else "en"


@cache
def card_names(lang: str) -> dict[str, str]:
    """Every Zoker card code -> its name in words in ``lang`` (size, colour, shape)."""
    lang = _lang(lang)
    return {
        NAMES[c]: f"{SIZE_WORDS[lang][s]} {COLOUR_WORDS[lang][col]} {SHAPE_WORDS[lang][sh]}"
        for c, (col, s, sh) in enumerate(ATTRS)
    }


def value_words(attribute: str, lang: str) -> tuple[str, ...]:
    """The four values of ``attribute`` in words, weakest first."""
    lang = _lang(lang)
    if attribute == "colour":
        return COLOUR_WORDS[lang]
    if attribute == "size":
        return SIZE_WORDS[lang]
    return CORNER_WORDS[lang]


def legal_action(action: Action, kind: ActionKind, label: Message, cards: list[str] | None = None,
            target: Target | None = None) -> LegalAction:  # fmt: skip
    """One structured legal action of a Zoker game, as the five games' displays build it:
    its id and notation, its kind, its label in words, the cards it names and its target."""
    return {
        "id": action.id,
        "text": str(action),
        "kind": kind.value,
        "cards": cards or [],
        "target": target,
        "label": label,
    }


class ZokerDisplay(Display):
    """What the five games share: the 64 card names and the end-of-game prompt."""

    def card_names(self, lang: str) -> Mapping[str, str]:
        """Every card code -> "small blue one" / "pieni sininen ykkönen" (see the module)."""
        return card_names(lang)

    def prompt(self, view: Mapping[str, Any]) -> Message:
        """What the position asks of the player to act (overridden per game)."""
        return msg("zoker.over")
