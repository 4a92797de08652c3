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
        # -- display layer (display.py): places, action labels, prompts --------------
        "zoker.place.solo": "column {col}, row {row}",
        "zoker.place.memo": "place {place} (row {row}, column {col})",
        "zoker.place.kubo": "layer {layer} ({layer_value}), {row_value}, {col_value}",
        "zoker.layer": "layer {layer} ({value})",
        "zoker.over": "The game is over.",
        "zoker.line": "{cards:cards}",
        "zoker.line_list": "{first}; {rest}",
        "solo.act.move": "Move {card:card} from {source} onto the pile at {place} "
        "({top:card} on top)",
        "solo.act.start": "Start a new pile at {place} with {card:card} from {source}",
        "solo.act.pile": "Move the pile at {source} ({height} {height|card|cards}, {card:card} "
        "on top) onto the pile at {place} ({top:card} on top)",
        "solo.act.deal": "Deal {n} {n|card|cards} from the stock into the empty upper places",
        "solo.prompt": "Move a card from the upper rows onto a compatible bottom pile or into "
        "an empty bottom place, move a pile onto a compatible pile, or deal.",
        "memo.act.turn": "Turn the card at {place}",
        "memo.act.turn_seen": "Turn the card at {place}: {card:card}, seen before",
        "memo.prompt.first": "Turn a face-down card.",
        "memo.prompt.second": "Turn a second card: a pair with {card:card} is yours.",
        "tiko.act.lead": "Lead {card:card}",
        "tiko.act.over": "Play {card:card}: stronger than {top:card}, it goes on top",
        "tiko.act.under": "Play {card:card}: weaker than {top:card}, it goes underneath",
        "tiko.prompt.lead": "Lead a card to the trick.",
        "tiko.prompt.follow": "Play a card: stronger than {top:card} goes on top and wins for "
        "now, weaker goes underneath.",
        "kubo.act.place_on": "Place {card:card} on top of {below:card}",
        "kubo.act.place_next": "Place {card:card} next to a card of its layer",
        "kubo.act.scores": "{place}: completes {lines} {lines|line|lines} worth {points} "
        "{points|point|points}",
        "kubo.act.draw": "Draw another card from the stock",
        "kubo.act.end": "End the turn",
        "kubo.act.claim": "Piste! Claim the {kind} {cards:cards} ({points} {points|point|points})",
        "kubo.act.pass": "Pass: claim nothing",
        "kubo.kind.straight": "straight",
        "kubo.kind.diagonal": "diagonal",
        "kubo.kind.zoker": "Zoker",
        "kubo.prompt.draw": "You may draw more cards (up to a hand of five) before placing; "
        "then place cards and end the turn.",
        "kubo.prompt.play": "Place cards next to a card of their layer or on top of the card "
        "below, then end the turn.",
        "kubo.prompt.claim_own": "Claim each line you completed (Piste!) before you end the "
        "turn: {lines}.",
        "kubo.prompt.claims": "Piste! window: seat {seat} may claim {lines} or pass.",
        "kubo.score_rule": "A straight scores {straight} {straight|point|points}, a diagonal "
        "{diagonal} {diagonal|point|points}, a Zoker {zoker} {zoker|point|points} (and ends "
        "the round); each card left in hand costs a point.",
        "pairs.act.pair": "Pick {a:card} and {b:card} as a pair",
        "pairs.act.straight": "Pick the straight {cards:cards}",
        "pairs.act.stop": "Stop with {score} {score|point|points}",
        "pairs.prompt": "Pick two cards alike in exactly two attributes (1 point) or four "
        "in a straight (3 points), or stop.",
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
        # -- näyttökerros (display.py): paikat, toimintojen nimet, kehotteet ---------
        "zoker.place.solo": "sarake {col}, rivi {row}",
        "zoker.place.memo": "paikka {place} (rivi {row}, sarake {col})",
        "zoker.place.kubo": "taso {layer} ({layer_value}), {row_value}, {col_value}",
        "zoker.layer": "taso {layer} ({value})",
        "zoker.over": "Peli on päättynyt.",
        "zoker.line": "{cards:cards}",
        "zoker.line_list": "{first}; {rest}",
        "solo.act.move": "Siirrä {card:card} paikasta ({source}) pinoon ({place}), päällä {top:card}",
        "solo.act.start": "Aloita uusi pino ({place}): {card:card} paikasta ({source})",
        "solo.act.pile": "Siirrä pino paikasta ({source}; {height} {height|kortti|korttia}, päällä {card:card}) pinoon ({place}), päällä {top:card}",
        "solo.act.deal": "Jaa pakasta {n} {n|kortti|korttia} ylärivien tyhjille paikoille",
        "solo.prompt": "Siirrä kortti ylemmiltä riveiltä yhteensopivaan alarivin pinoon tai "
        "tyhjälle alarivin paikalle, siirrä pino yhteensopivaan pinoon tai jaa.",
        "memo.act.turn": "Käännä kortti, {place}",
        "memo.act.turn_seen": "Käännä kortti, {place}: {card:card}, nähty aiemmin",
        "memo.prompt.first": "Käännä kuvapuoli alaspäin oleva kortti.",
        "memo.prompt.second": "Käännä toinen kortti; ensimmäinen on {card:card}. Pari on sinun.",
        "tiko.act.lead": "Aloita tikki: {card:card}",
        "tiko.act.over": "Pelaa {card:card}: vahvempi kuin {top:card}, menee päälle",
        "tiko.act.under": "Pelaa {card:card}: heikompi kuin {top:card}, menee alle",
        "tiko.prompt.lead": "Aloita tikki pelaamalla kortti.",
        "tiko.prompt.follow": "Pelaa kortti: päällimmäisenä on {top:card}; vahvempi menee päälle "
        "ja voittaa toistaiseksi, heikompi menee alle.",
        "kubo.act.place_on": "Aseta {card:card} alemman tason kortin päälle ({below:card})",
        "kubo.act.place_next": "Aseta {card:card} oman tasonsa kortin viereen",
        "kubo.act.scores": "{place}: täydentää {lines} {lines|rivin|riviä}, {points} "
        "{points|piste|pistettä}",
        "kubo.act.draw": "Nosta pakasta vielä kortti",
        "kubo.act.end": "Lopeta vuoro",
        "kubo.act.claim": "Piste! Vaadi {kind}: {cards:cards} ({points} {points|piste|pistettä})",
        "kubo.act.pass": "Ohita: ei vaatimusta",
        "kubo.kind.straight": "suora",
        "kubo.kind.diagonal": "lävistäjä",
        "kubo.kind.zoker": "Zoker",
        "kubo.prompt.draw": "Voit nostaa lisää kortteja (enintään viisi käteen) ennen "
        "asettamista; aseta sitten kortteja ja lopeta vuoro.",
        "kubo.prompt.play": "Aseta kortteja oman tasonsa kortin viereen tai alemman tason "
        "kortin päälle ja lopeta vuoro.",
        "kubo.prompt.claim_own": "Vaadi jokainen täydentämäsi rivi (Piste!) ennen kuin "
        "lopetat vuoron: {lines}.",
        "kubo.prompt.claims": "Piste!-hetki: paikka {seat} voi vaatia rivin {lines} tai ohittaa.",
        "kubo.score_rule": "Suorasta saa {straight} {straight|pisteen|pistettä}, lävistäjästä "
        "{diagonal} {diagonal|pisteen|pistettä}, Zokerista {zoker} {zoker|pisteen|pistettä} "
        "(ja kierros päättyy); jokainen käteen jäänyt kortti vie pisteen.",
        "pairs.act.pair": "Valitse pariksi {a:card} ja {b:card}",
        "pairs.act.straight": "Valitse suora: {cards:cards}",
        "pairs.act.stop": "Lopeta, pisteet {score}",
        "pairs.prompt": "Valitse kaksi korttia, joilla on täsmälleen kaksi yhteistä "
        "ominaisuutta (1 piste), tai neljän kortin suora (3 pistettä), tai lopeta.",
    },
}
