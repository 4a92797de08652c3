"""Tiko: every text of the game in English and Finnish (``tiko.*``), over the
shared Zoker texts (:data:`pakka.games.zoker.messages.SHARED`)."""

from __future__ import annotations

from pakka.games.zoker.messages import SHARED

OWN: dict[str, dict[str, str]] = {
    "en": {
        "tiko.dealt": "Your new cards: {cards}.",
        "tiko.deal": "Four cards each are dealt ({stock} left in the stock).",
        "tiko.trick": "Seat {seat} wins the trick with {card} on top (pile {pile}).",
        "tiko.end": "The stock cannot give everyone four cards ({left} left): game over.",
        "tiko.act.lead": "Lead {card:card}",
        "tiko.act.over": "Play {card:card}: stronger than {top:card}, it goes on top",
        "tiko.act.under": "Play {card:card}: weaker than {top:card}, it goes underneath",
        "tiko.prompt.lead": "Lead a card to the trick.",
        "tiko.prompt.follow": "Play a card: stronger than {top:card} goes on top and wins for now, weaker goes underneath.",
    },
    "fi": {
        "tiko.dealt": "Uudet korttisi: {cards}.",
        "tiko.deal": "Jokaiselle jaetaan neljä korttia (pakassa {stock}).",
        "tiko.trick": "Pelaaja {seat} voittaa tikin, päällimmäisenä {card} (pino {pile}).",
        "tiko.end": "Pakasta ei riitä kaikille neljää korttia ({left} jäljellä): peli päättyy.",
        "tiko.act.lead": "Aloita tikki: {card:card}",
        "tiko.act.over": "Pelaa {card:card}: vahvempi kuin {top:card}, menee päälle",
        "tiko.act.under": "Pelaa {card:card}: heikompi kuin {top:card}, menee alle",
        "tiko.prompt.lead": "Aloita tikki pelaamalla kortti.",
        "tiko.prompt.follow": "Pelaa kortti: päällimmäisenä on {top:card}; vahvempi menee päälle ja voittaa toistaiseksi, heikompi menee alle.",
    },
}
"""The game's own keys."""

MESSAGES: dict[str, dict[str, str]] = {lang: {**SHARED.get(lang, {}), **OWN[lang]} for lang in OWN}
"""The catalogue ``pakka.i18n.messages`` serves for the game."""
