"""Log messages of the Zoker games (English and Finnish ``str.format`` templates)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "tiko.dealt": "Your new cards: {cards}.",
        "tiko.deal": "Four cards each are dealt ({stock} left in the stock).",
        "tiko.trick": "Seat {seat} wins the trick with {card} on top (pile {pile}).",
        "tiko.end": "The stock cannot give everyone four cards ({left} left): game over.",
        "memo.deal": "{cards} {cards|card is|cards are} dealt face down ({stock} in the stock).",
        "memo.refill": "No pair remains: {cards} {cards|card is|cards are} dealt into the empty "
        "places "
        "({stock} left).",
        "memo.extra": "No pair remains and no place is empty: a card is dealt to an extra "
        "place {place} ({stock} left).",
        "memo.end": "No pair remains and the stock is empty: game over ({left} "
        "{left|card stays|cards stay}).",
        "memo.pair": "Seat {seat} turns {cards} (places {places}): a pair; they play again.",
        "memo.miss": "Seat {seat} turns {cards} (places {places}): not a pair, face down again.",
        "solo.deal": "Sixteen cards are dealt ({stock} in the stock).",
        "solo.dealt": "{cards} {cards|card is|cards are} dealt into the empty upper places "
        "({stock} left).",
        "solo.move": "{card} goes onto {pile}.",
        "solo.pile": "The pile with {card} on top moves from {source} onto {pile} "
        "(height {height}).",
        "pairs.deal": "{cards} {cards|card is|cards are} dealt face up.",
        "pairs.stop": "You stop with {score} {score|point|points}.",
        "pairs.straight": "Straight! {cards}",
        "pairs.right": "Pair! {cards}",
        "pairs.wrong": "Not a pair: {cards} differ in {differ}.",
        "kubo.round": "Round {round}: seat {dealer} deals; the corners {corners} are placed.",
        "kubo.hand": "Your cards: {cards}.",
        "kubo.draw": "Seat {seat} draws a card ({stock} left).",
        "kubo.drew": "You draw {card}.",
        "kubo.place": "Seat {seat} places {card}.",
        "kubo.score": "Seat {seat} scores {points} {points|point|points} for the {kind} {line}.",
        "kubo.end_turn": "Seat {seat} ends the turn ({placed} placed).",
        "kubo.pass": "Seat {seat} passes.",
        "kubo.missed": "Nobody claimed {line}: it never scores.",
        "kubo.round_end": "The round ends ({reason}). Points {points}, cards left in hand "
        "{penalties}, totals {totals}.",
        "kubo.end": "Game over. Totals {totals}.",
    },
    "fi": {
        "tiko.dealt": "Uudet korttisi: {cards}.",
        "tiko.deal": "Jokaiselle jaetaan neljä korttia (pakassa {stock}).",
        "tiko.trick": "Pelaaja {seat} voittaa tikin, päällimmäisenä {card} (pino {pile}).",
        "tiko.end": "Pakasta ei riitä kaikille neljää korttia ({left} jäljellä): peli päättyy.",
        "memo.deal": "Pöytään jaetaan {cards} {cards|kortti|korttia} kuvapuoli alaspäin "
        "(pakassa {stock}).",
        "memo.refill": "Pareja ei ole: tyhjille paikoille jaetaan {cards} {cards|kortti|korttia} "
        "(pakassa {stock}).",
        "memo.extra": "Pareja ei ole eikä tyhjää paikkaa: kortti jaetaan lisäpaikalle "
        "{place} (pakassa {stock}).",
        "memo.end": "Pareja ei ole ja pakka on loppu: peli päättyy ({left} "
        "{left|kortti jää|korttia jää}).",
        "memo.pair": "Pelaaja {seat} kääntää kortit {cards} (paikat {places}): pari, vuoro jatkuu.",
        "memo.miss": "Pelaaja {seat} kääntää kortit {cards} (paikat {places}): ei paria.",
        "solo.deal": "Jaetaan kuusitoista korttia (pakassa {stock}).",
        "solo.dealt": "Ylempien rivien tyhjille paikoille jaetaan {cards} {cards|kortti|korttia} "
        "(pakassa {stock}).",
        "solo.move": "{card} siirtyy paikkaan {pile}.",
        "solo.pile": "Pino, jonka päällä on {card}, siirtyy paikasta {source} paikkaan {pile} "
        "(korkeus {height}).",
        "pairs.deal": "Pöytään jaetaan {cards} {cards|kortti|korttia} kuvapuoli ylöspäin.",
        "pairs.stop": "Lopetit, pisteet {score}.",
        "pairs.straight": "Suora! {cards}",
        "pairs.right": "Pari! {cards}",
        "pairs.wrong": "Ei pari: kortit {cards} eroavat ominaisuuksissa {differ}.",
        "kubo.round": "Kierros {round}: jakaja on {dealer}; kulmakortit {corners} asetetaan.",
        "kubo.hand": "Korttisi: {cards}.",
        "kubo.draw": "Pelaaja {seat} nostaa kortin (pakassa {stock}).",
        "kubo.drew": "Nostit kortin {card}.",
        "kubo.place": "Pelaaja {seat} asettaa kortin {card}.",
        "kubo.score": "Pelaaja {seat} saa {points} {points|pisteen|pistettä}: {kind} {line}.",
        "kubo.end_turn": "Pelaaja {seat} lopettaa vuoronsa ({placed} asetettu).",
        "kubo.pass": "Pelaaja {seat} ohittaa.",
        "kubo.missed": "Kukaan ei huomannut riviä {line}: se ei tuota pisteitä.",
        "kubo.round_end": "Kierros päättyy ({reason}). Pisteet {points}, käteen jääneet "
        "{penalties}, yhteensä {totals}.",
        "kubo.end": "Peli päättyy. Yhteispisteet {totals}.",
    },
}
