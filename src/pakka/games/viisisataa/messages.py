"""Log messages of Viisisataa in English and Finnish (str.format templates)."""

from __future__ import annotations

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
    },
}
