"""Kubo: every text of the game in English and Finnish (``kubo.*``), over the
shared Zoker texts (:data:`pakka.games.zoker.messages.SHARED`)."""

from __future__ import annotations

from pakka.games.zoker.messages import SHARED

OWN: dict[str, dict[str, str]] = {
    "en": {
        "kubo.round": "Round {round}: seat {dealer} deals; the corners {corners} are placed.",
        "kubo.hand": "Your cards: {cards}.",
        "kubo.draw": "Seat {seat} draws a card ({stock} left).",
        "kubo.drew": "You draw {card}.",
        "kubo.place": "Seat {seat} places {card}.",
        "kubo.score": "Seat {seat} scores {points} {points|point|points} for the {kind} {line}.",
        "kubo.end_turn": "Seat {seat} ends the turn ({placed} placed).",
        "kubo.pass": "Seat {seat} passes.",
        "kubo.missed": "Nobody claimed {line}: it never scores.",
        "kubo.round_end": "The round ends ({reason}). Points {points}, cards left in hand {penalties}, totals {totals}.",
        "kubo.end": "Game over. Totals {totals}.",
        "kubo.act.place_on": "Place {card:card} on top of {below:card}",
        "kubo.act.place_next": "Place {card:card} next to a card of its layer",
        "kubo.act.scores": "{place}: completes {lines} {lines|line|lines} worth {points} {points|point|points}",
        "kubo.act.draw": "Draw another card from the stock",
        "kubo.act.end": "End the turn",
        "kubo.act.claim": "Piste! Claim the {kind} {cards:cards} ({points} {points|point|points})",
        "kubo.act.pass": "Pass: claim nothing",
        "kubo.kind.straight": "straight",
        "kubo.kind.diagonal": "diagonal",
        "kubo.kind.zoker": "Zoker",
        "kubo.prompt.draw": "You may draw more cards (up to a hand of five) before placing; then place cards and end the turn.",
        "kubo.prompt.play": "Place cards next to a card of their layer or on top of the card below, then end the turn.",
        "kubo.prompt.claim_own": "Claim each line you completed (Piste!) before you end the turn: {lines}.",
        "kubo.prompt.claims": "Piste! window: seat {seat} may claim {lines} or pass.",
        "kubo.score_rule": "A straight scores {straight} {straight|point|points}, a diagonal {diagonal} {diagonal|point|points}, a Zoker {zoker} {zoker|point|points} (and ends the round); each card left in hand costs a point.",
    },
    "fi": {
        "kubo.round": "Kierros {round}: jakaja on {dealer}; kulmakortit {corners} asetetaan.",
        "kubo.hand": "Korttisi: {cards}.",
        "kubo.draw": "Pelaaja {seat} nostaa kortin (pakassa {stock}).",
        "kubo.drew": "Nostit kortin {card}.",
        "kubo.place": "Pelaaja {seat} asettaa kortin {card}.",
        "kubo.score": "Pelaaja {seat} saa {points} {points|pisteen|pistettä}: {kind} {line}.",
        "kubo.end_turn": "Pelaaja {seat} lopettaa vuoronsa ({placed} asetettu).",
        "kubo.pass": "Pelaaja {seat} ohittaa.",
        "kubo.missed": "Kukaan ei huomannut riviä {line}: se ei tuota pisteitä.",
        "kubo.round_end": "Kierros päättyy ({reason}). Pisteet {points}, käteen jääneet {penalties}, yhteensä {totals}.",
        "kubo.end": "Peli päättyy. Yhteispisteet {totals}.",
        "kubo.act.place_on": "Aseta {card:card} alemman tason kortin päälle ({below:card})",
        "kubo.act.place_next": "Aseta {card:card} oman tasonsa kortin viereen",
        "kubo.act.scores": "{place}: täydentää {lines} {lines|rivin|riviä}, {points} {points|piste|pistettä}",
        "kubo.act.draw": "Nosta pakasta vielä kortti",
        "kubo.act.end": "Lopeta vuoro",
        "kubo.act.claim": "Piste! Vaadi {kind}: {cards:cards} ({points} {points|piste|pistettä})",
        "kubo.act.pass": "Ohita: ei vaatimusta",
        "kubo.kind.straight": "suora",
        "kubo.kind.diagonal": "lävistäjä",
        "kubo.kind.zoker": "Zoker",
        "kubo.prompt.draw": "Voit nostaa lisää kortteja (enintään viisi käteen) ennen asettamista; aseta sitten kortteja ja lopeta vuoro.",
        "kubo.prompt.play": "Aseta kortteja oman tasonsa kortin viereen tai alemman tason kortin päälle ja lopeta vuoro.",
        "kubo.prompt.claim_own": "Vaadi jokainen täydentämäsi rivi (Piste!) ennen kuin lopetat vuoron: {lines}.",
        "kubo.prompt.claims": "Piste!-hetki: paikka {seat} voi vaatia rivin {lines} tai ohittaa.",
        "kubo.score_rule": "Suorasta saa {straight} {straight|pisteen|pistettä}, lävistäjästä {diagonal} {diagonal|pisteen|pistettä}, Zokerista {zoker} {zoker|pisteen|pistettä} (ja kierros päättyy); jokainen käteen jäänyt kortti vie pisteen.",
    },
}
"""The game's own keys."""

MESSAGES: dict[str, dict[str, str]] = {lang: {**SHARED.get(lang, {}), **OWN[lang]} for lang in OWN}
"""The catalogue ``pakka.i18n.messages`` serves for the game."""
