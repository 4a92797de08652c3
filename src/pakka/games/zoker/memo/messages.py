"""Memo: every text of the game in English and Finnish (``memo.*``), over the
shared Zoker texts (:data:`pakka.games.zoker.messages.SHARED`)."""

from __future__ import annotations

from pakka.games.zoker.messages import SHARED

OWN: dict[str, dict[str, str]] = {
    "en": {
        "memo.deal": "{cards} {cards|card is|cards are} dealt face down ({stock} in the stock).",
        "memo.refill": "No pair remains: {cards} {cards|card is|cards are} dealt into the empty places ({stock} left).",
        "memo.extra": "No pair remains and no place is empty: a card is dealt to an extra place {place} ({stock} left).",
        "memo.end": "No pair remains and the stock is empty: game over ({left} {left|card stays|cards stay}).",
        "memo.pair": "Seat {seat} turns {cards} (places {places}): a pair; they play again.",
        "memo.miss": "Seat {seat} turns {cards} (places {places}): not a pair, face down again.",
        "memo.act.turn": "Turn the card at {place}",
        "memo.act.turn_seen": "Turn the card at {place}: {card:card}, seen before",
        "memo.prompt.first": "Turn a face-down card.",
        "memo.prompt.second": "Turn a second card: a pair with {card:card} is yours.",
    },
    "fi": {
        "memo.deal": "Pöytään jaetaan {cards} {cards|kortti|korttia} kuvapuoli alaspäin (pakassa {stock}).",
        "memo.refill": "Pareja ei ole: tyhjille paikoille jaetaan {cards} {cards|kortti|korttia} (pakassa {stock}).",
        "memo.extra": "Pareja ei ole eikä tyhjää paikkaa: kortti jaetaan lisäpaikalle {place} (pakassa {stock}).",
        "memo.end": "Pareja ei ole ja pakka on loppu: peli päättyy ({left} {left|kortti jää|korttia jää}).",
        "memo.pair": "Pelaaja {seat} kääntää kortit {cards} (paikat {places}): pari, vuoro jatkuu.",
        "memo.miss": "Pelaaja {seat} kääntää kortit {cards} (paikat {places}): ei paria.",
        "memo.act.turn": "Käännä kortti, {place}",
        "memo.act.turn_seen": "Käännä kortti, {place}: {card:card}, nähty aiemmin",
        "memo.prompt.first": "Käännä kuvapuoli alaspäin oleva kortti.",
        "memo.prompt.second": "Käännä toinen kortti; ensimmäinen on {card:card}. Pari on sinun.",
    },
}
"""The game's own keys."""

MESSAGES: dict[str, dict[str, str]] = {lang: {**SHARED.get(lang, {}), **OWN[lang]} for lang in OWN}
"""The catalogue ``pakka.i18n.messages`` serves for the game."""
