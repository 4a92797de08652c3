"""Log messages and display texts of Viisisataa in English and Finnish (str.format
templates; ``{card:card}`` names a card in words, see :mod:`pakka.i18n`)."""

from __future__ import annotations

_NUM_EN = {6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}
_NUM_FI = {6: "kuusi", 7: "seitsemän", 8: "kahdeksan", 9: "yhdeksän", 10: "kymmenen"}
_BID_EN = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts", "NT": "no trumps"}
_BID_FI = {"S": "pataa", "C": "ristiä", "D": "ruutua", "H": "herttaa", "NT": "sangia"}
"""Bid denominations after a number (Finnish partitive: "seitsemän herttaa")."""


def _bids(nums: dict[int, str], suits: dict[str, str], points: str) -> dict[str, str]:
    """``vs.bid.<tricks><suit>``: every bid in words with its points (R-5S-8)."""
    return {
        f"vs.bid.{n}{s}": f"{word} {suit}, {{value}} {points}"
        for n, word in nums.items()
        for s, suit in suits.items()
    }


MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "game.deal": "Hand {hand}: seat {dealer} deals.",
        "game.your_hand": "Your cards: {cards}",
        "game.pass": "Seat {seat} passes.",
        "game.bid": "Seat {seat} bids {bid} ({value}).",
        "game.all_pass": "Everyone passed: the hand is thrown in.",
        "game.all_pass_grand": "Everyone passed: a grand without contract is played.",
        "game.contract": "Seat {seat} is the contractor: {contract}.",
        "game.double": "Seat {seat} doubles.",
        "game.no_double": "Seat {seat} does not double.",
        "game.redouble": "Seat {seat} redoubles.",
        "game.no_redouble": "Seat {seat} does not redouble.",
        "game.partner": "Seat {seat} chooses seat {partner} as partner.",
        "game.call": "Seat {seat} calls {card}: its holder is the secret partner.",
        "game.you_are_partner": "You hold {card}: you are the contractor's partner.",
        "game.partner_revealed": "Seat {seat} plays {card} and is revealed as the partner.",
        "game.kitty": "You take the kitty: {cards}",
        "game.kitty_taken": "Seat {seat} takes the kitty.",
        "game.discard": "You discard {card}.",
        "game.discarded": "Seat {seat} has discarded {count} cards.",
        "game.play": "Seat {seat} plays {card}.",
        "game.joker_lead": "Seat {seat} leads the joker as {suit}.",
        "game.trick": "Seat {seat} wins trick {number}.",
        "game.hand_scored": "Hand {hand} scored: {deltas}; totals {totals}.",
        "game.over": "The match is over; winners: {winners}.",
        "error.bid_too_low": "{bid} ({value}) does not beat the highest bid {high} "
        "({high_value}): a bid must be worth more than {high_value} (R-5S-9); bid {next} or "
        "more, or pass.",
        "error.bid_too_low_top": "{bid} ({value}) does not beat the highest bid {high} "
        "({high_value}), and no bid does: pass (R-5S-9).",
        "error.bid_minimum": "{bid} is not a bid: the minimum bid is six tricks (R-5S-9); "
        "bids go from 6S (40) to 10NT (520).",
        "error.bid_maximum": "{bid} is not a bid: the most is ten tricks (R-5S-8); bids go "
        "from 6S (40) to 10NT (520).",
        "error.bid_value": "{value} is not a bid value; bids are 40, 60, … 520 (R-5S-8).",
        "error.misere_off": "misère is not allowed: the option misere is off (R-5S-11).",
        # display (display.py): bids, actions, phases, prompts
        **_bids(_NUM_EN, _BID_EN, "points"),
        "vs.bid.misere": "misère, {value} points",
        "vs.no_contract": "grand without contract",
        "vs.pass": "pass",
        "vs.doubled": "double",
        "vs.redoubled": "redouble",
        "vs.suit.S": "spades",
        "vs.suit.H": "hearts",
        "vs.suit.D": "diamonds",
        "vs.suit.C": "clubs",
        "vs.no_trump": "no trumps (only the joker)",
        "vs.bower.right": "right bower",
        "vs.bower.left": "left bower",
        "vs.act.bid": "bid {bid}",
        "vs.act.pass": "pass",
        "vs.act.no_double": "do not double",
        "vs.act.no_redouble": "do not redouble",
        "vs.act.double": "double: the contract counts twice",
        "vs.act.redouble": "redouble: the contract counts four times",
        "vs.act.partner": "choose seat {seat} as your partner",
        "vs.act.call": "name the {card:card}: its holder is your secret partner",
        "vs.act.discard": "discard the {card:card}",
        "vs.act.hidden": "a discard you did not see",
        "vs.act.play": "play the {card:card}",
        "vs.act.play_bower": "play the {card:card} ({bower})",
        "vs.act.joker_lead": "lead the {card:card} and call {suit}",
        "vs.phase.bidding": "bidding",
        "vs.phase.doubling": "doubling",
        "vs.phase.redoubling": "redoubling",
        "vs.phase.partner": "partner choice",
        "vs.phase.discard": "kitty exchange",
        "vs.phase.call": "naming the partner card",
        "vs.phase.play": "play",
        "vs.phase.over": "match over",
        "vs.contract_line": "contract: {contract} by seat {seat}{mult} · trump: {trump}",
        "vs.mult.1": "",
        "vs.mult.2": " ×2",
        "vs.mult.4": " ×4",
        "vs.contract_none": "grand without contract (everyone scores 10 per trick)",
        "vs.prompt.bid_open": "Seat {seat} to bid: six spades (40 points) or more, or pass.",
        "vs.prompt.bid_over": "Seat {seat} to bid more than {high}, or pass.",
        "vs.prompt.double": "Seat {seat} may double {contract}, or pass.",
        "vs.prompt.redouble": "The contract is doubled: seat {seat} may redouble, or pass.",
        "vs.prompt.partner": "Seat {seat} chooses a partner.",
        "vs.prompt.discard": "Seat {seat} discards {left} more {left|card|cards}.",
        "vs.prompt.call": "Seat {seat} names the partner card.",
        "vs.prompt.lead": "Seat {seat} leads.",
        "vs.prompt.follow": "Seat {seat} to play: follow {suit} if you can.",
        "vs.prompt.over": "The match is over.",
    },
    "fi": {
        "game.deal": "Jako {hand}: paikka {dealer} jakaa.",
        "game.your_hand": "Korttisi: {cards}",
        "game.pass": "Paikka {seat} passaa.",
        "game.bid": "Paikka {seat} tarjoaa {bid} ({value}).",
        "game.all_pass": "Kaikki passasivat: jako mitätöidään.",
        "game.all_pass_grand": "Kaikki passasivat: pelataan grandi ilman sitoumusta.",
        "game.contract": "Paikka {seat} on sitoumuksen tekijä: {contract}.",
        "game.double": "Paikka {seat} kahdentaa.",
        "game.no_double": "Paikka {seat} ei kahdenna.",
        "game.redouble": "Paikka {seat} vastakahdentaa.",
        "game.no_redouble": "Paikka {seat} ei vastakahdenna.",
        "game.partner": "Paikka {seat} valitsee parikseen paikan {partner}.",
        "game.call": "Paikka {seat} nimeää kortin {card}: sen haltija on salainen pari.",
        "game.you_are_partner": "Sinulla on {card}: olet sitoumuksen tekijän pari.",
        "game.partner_revealed": "Paikka {seat} pelaa kortin {card} ja paljastuu pariksi.",
        "game.kitty": "Otat pöytäkortit: {cards}",
        "game.kitty_taken": "Paikka {seat} ottaa pöytäkortit.",
        "game.discard": "Kaadat kortin {card}.",
        "game.discarded": "Paikka {seat} on kaatanut {count} korttia.",
        "game.play": "Paikka {seat} pelaa {card}.",
        "game.joker_lead": "Paikka {seat} johtaa jokerin maana {suit}.",
        "game.trick": "Paikka {seat} voittaa tikin {number}.",
        "game.hand_scored": "Jako {hand} laskettu: {deltas}; yhteensä {totals}.",
        "game.over": "Ottelu päättyi; voittajat: {winners}.",
        "error.bid_too_low": "{bid} ({value}) ei ylitä korkeinta tarjousta {high} "
        "({high_value}): tarjouksen arvon on oltava yli {high_value} (R-5S-9); tarjoa "
        "vähintään {next} tai passaa.",
        "error.bid_too_low_top": "{bid} ({value}) ei ylitä korkeinta tarjousta {high} "
        "({high_value}), eikä mikään tarjous ylitä: passaa (R-5S-9).",
        "error.bid_minimum": "{bid} ei ole tarjous: pienin tarjous on kuusi tikkiä (R-5S-9); "
        "tarjoukset ovat 6S (40) – 10NT (520).",
        "error.bid_maximum": "{bid} ei ole tarjous: enintään kymmenen tikkiä (R-5S-8); "
        "tarjoukset ovat 6S (40) – 10NT (520).",
        "error.bid_value": "{value} ei ole tarjouksen arvo; tarjoukset ovat 40, 60, … 520 "
        "(R-5S-8).",
        "error.misere_off": "misääri ei ole sallittu: asetus misere ei ole käytössä (R-5S-11).",
        **_bids(_NUM_FI, _BID_FI, "pistettä"),
        "vs.bid.misere": "misääri, {value} pistettä",
        "vs.no_contract": "grandi ilman sitoumusta",
        "vs.pass": "passi",
        "vs.doubled": "kahdennus",
        "vs.redoubled": "vastakahdennus",
        "vs.suit.S": "pata",
        "vs.suit.H": "hertta",
        "vs.suit.D": "ruutu",
        "vs.suit.C": "risti",
        "vs.no_trump": "ei valttia (vain jokeri)",
        "vs.bower.right": "oikea jätkä",
        "vs.bower.left": "vasen jätkä",
        "vs.act.bid": "tarjoa {bid}",
        "vs.act.pass": "passaa",
        "vs.act.no_double": "älä kahdenna",
        "vs.act.no_redouble": "älä vastakahdenna",
        "vs.act.double": "kahdenna: sitoumus lasketaan kaksinkertaisena",
        "vs.act.redouble": "vastakahdenna: sitoumus lasketaan nelinkertaisena",
        "vs.act.partner": "valitse pariksesi paikka {seat}",
        "vs.act.call": "nimeä {card:card}: sen haltija on salainen parisi",
        "vs.act.discard": "kaada {card:card}",
        "vs.act.hidden": "kaato, jota et nähnyt",
        "vs.act.play": "pelaa {card:card}",
        "vs.act.play_bower": "pelaa {card:card} ({bower})",
        "vs.act.joker_lead": "johda {card:card} ja nimeä maaksi {suit}",
        "vs.phase.bidding": "tarjoukset",
        "vs.phase.doubling": "kahdennus",
        "vs.phase.redoubling": "vastakahdennus",
        "vs.phase.partner": "parin valinta",
        "vs.phase.discard": "pöytäkorttien vaihto",
        "vs.phase.call": "parikortin nimeäminen",
        "vs.phase.play": "pelaus",
        "vs.phase.over": "ottelu päättynyt",
        "vs.contract_line": "sitoumus: {contract}, paikka {seat}{mult} · valtti: {trump}",
        "vs.mult.1": "",
        "vs.mult.2": " ×2",
        "vs.mult.4": " ×4",
        "vs.contract_none": "grandi ilman sitoumusta (jokainen saa 10 pistettä tikiltä)",
        "vs.prompt.bid_open": "Paikka {seat} tarjoaa: vähintään kuusi pataa (40 pistettä), "
        "tai passaa.",
        "vs.prompt.bid_over": "Paikka {seat} tarjoaa enemmän kuin {high}, tai passaa.",
        "vs.prompt.double": "Paikka {seat} voi kahdentaa sitoumuksen {contract}, tai passata.",
        "vs.prompt.redouble": "Sitoumus on kahdennettu: paikka {seat} voi vastakahdentaa, "
        "tai passata.",
        "vs.prompt.partner": "Paikka {seat} valitsee parin.",
        "vs.prompt.discard": "Paikka {seat} kaataa vielä {left} {left|kortin|korttia}.",
        "vs.prompt.call": "Paikka {seat} nimeää parikortin.",
        "vs.prompt.lead": "Paikka {seat} johtaa.",
        "vs.prompt.follow": "Paikka {seat} pelaa: tunnusta {suit}, jos voit.",
        "vs.prompt.over": "Ottelu päättyi.",
    },
}
