"""Solo: every text of the game in English and Finnish (``solo.*``), over the
shared Zoker texts (:data:`pakka.games.zoker.messages.SHARED`)."""

from __future__ import annotations

from pakka.games.zoker.messages import SHARED

OWN: dict[str, dict[str, str]] = {
    "en": {
        "solo.deal": "Sixteen cards are dealt ({stock} in the stock).",
        "solo.dealt": "{cards} {cards|card is|cards are} dealt into the empty upper places ({stock} left).",
        "solo.move": "{card} goes onto {pile}.",
        "solo.pile": "The pile with {card} on top moves from {source} onto {pile} (height {height}).",
        "solo.act.move": "Move {card:card} from {source} onto the pile at {place} ({top:card} on top)",
        "solo.act.start": "Start a new pile at {place} with {card:card} from {source}",
        "solo.act.pile": "Move the pile at {source} ({height} {height|card|cards}, {card:card} on top) onto the pile at {place} ({top:card} on top)",
        "solo.act.deal": "Deal {n} {n|card|cards} from the stock into the empty upper places",
        "solo.prompt": "Move a card from the upper rows onto a compatible bottom pile or into an empty bottom place, move a pile onto a compatible pile, or deal.",
    },
    "fi": {
        "solo.deal": "Jaetaan kuusitoista korttia (pakassa {stock}).",
        "solo.dealt": "Ylempien rivien tyhjille paikoille jaetaan {cards} {cards|kortti|korttia} (pakassa {stock}).",
        "solo.move": "{card} siirtyy paikkaan {pile}.",
        "solo.pile": "Pino, jonka päällä on {card}, siirtyy paikasta {source} paikkaan {pile} (korkeus {height}).",
        "solo.act.move": "Siirrä {card:card} paikasta ({source}) pinoon ({place}), päällä {top:card}",
        "solo.act.start": "Aloita uusi pino ({place}): {card:card} paikasta ({source})",
        "solo.act.pile": "Siirrä pino paikasta ({source}; {height} {height|kortti|korttia}, päällä {card:card}) pinoon ({place}), päällä {top:card}",
        "solo.act.deal": "Jaa pakasta {n} {n|kortti|korttia} ylärivien tyhjille paikoille",
        "solo.prompt": "Siirrä kortti ylemmiltä riveiltä yhteensopivaan alarivin pinoon tai tyhjälle alarivin paikalle, siirrä pino yhteensopivaan pinoon tai jaa.",
    },
}
"""The game's own keys."""

MESSAGES: dict[str, dict[str, str]] = {lang: {**SHARED.get(lang, {}), **OWN[lang]} for lang in OWN}
"""The catalogue ``pakka.i18n.messages`` serves for the game."""
