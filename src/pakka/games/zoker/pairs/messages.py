"""Pairs: every text of the game in English and Finnish (``pairs.*``), over the
shared Zoker texts (:data:`pakka.games.zoker.messages.SHARED`)."""

from __future__ import annotations

from pakka.games.zoker.messages import SHARED

OWN: dict[str, dict[str, str]] = {
    "en": {
        "pairs.deal": "{cards} {cards|card is|cards are} dealt face up.",
        "pairs.stop": "You stop with {score} {score|point|points}.",
        "pairs.straight": "Straight! {cards}",
        "pairs.right": "Pair! {cards}",
        "pairs.wrong": "Not a pair: {cards} differ in {differ}.",
        "pairs.act.pair": "Pick {a:card} and {b:card} as a pair",
        "pairs.act.straight": "Pick the straight {cards:cards}",
        "pairs.act.stop": "Stop with {score} {score|point|points}",
        "pairs.prompt": "Pick two cards alike in exactly two attributes (1 point) or four in a straight (3 points), or stop.",
    },
    "fi": {
        "pairs.deal": "Pöytään jaetaan {cards} {cards|kortti|korttia} kuvapuoli ylöspäin.",
        "pairs.stop": "Lopetit, pisteet {score}.",
        "pairs.straight": "Suora! {cards}",
        "pairs.right": "Pari! {cards}",
        "pairs.wrong": "Ei pari: kortit {cards} eroavat ominaisuuksissa {differ}.",
        "pairs.act.pair": "Valitse pariksi {a:card} ja {b:card}",
        "pairs.act.straight": "Valitse suora: {cards:cards}",
        "pairs.act.stop": "Lopeta, pisteet {score}",
        "pairs.prompt": "Valitse kaksi korttia, joilla on täsmälleen kaksi yhteistä ominaisuutta (1 piste), tai neljän kortin suora (3 pistettä), tai lopeta.",
    },
}
"""The game's own keys."""

MESSAGES: dict[str, dict[str, str]] = {lang: {**SHARED.get(lang, {}), **OWN[lang]} for lang in OWN}
"""The catalogue ``pakka.i18n.messages`` serves for the game."""
