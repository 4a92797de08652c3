"""Log messages and refusal reasons of Räväytys in English and Finnish
(str.format templates).

Seats appear as numbers; front ends may replace ``{player}`` with names. The
``rv.why.*`` and ``rv.what.*`` keys are the reasons a
:class:`pakka.games.ravaytys.game.Refusal` gives (joined by ``; ``).
"""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "rv.round": "Round {round}: seat {dealer} deals; contract {sets} set(s) and {runs} run(s).",
        "rv.hand": "Your hand: {cards}",
        "rv.discard": "Seat {player} discards {card}.",
        "rv.take": "Seat {player} takes the discard {card}.",
        "rv.leave": "Seat {player} leaves the discard.",
        "rv.no_buy": "Seat {player} does not buy.",
        "rv.buy": "Seat {player} buys {card}!",
        "rv.penalty": "Seat {player} takes a penalty card from the stock.",
        "rv.penalty_card": "Your penalty card: {card}",
        "rv.no_penalty": "Seat {player} takes no penalty card (the stock is exhausted).",
        "rv.draw": "Seat {player} draws from the stock.",
        "rv.drew": "You drew {card}.",
        "rv.reshuffle": "The discard pile ({cards} cards) is shuffled into a new stock.",
        "rv.exhausted": "The stock is exhausted: from now on a turn is only a discard.",
        "rv.meld_start": "Seat {player} starts laying down the contract.",
        "rv.group": "Seat {player} opens a {kind}: {group}.",
        "rv.add": "Seat {player} adds {card}.",
        "rv.close": "Seat {player} closes the group {group}.",
        "rv.cancel": "Seat {player} takes the groups back into hand.",
        "rv.laid_down": "Seat {player} lays down the contract: {groups}.",
        "rv.lay": "Seat {player} lays {card} on {meld}: {group}.",
        "rv.swap": "Seat {player} puts {card} in place of {wild} in {meld}.",
        "rv.place": "Seat {player} moves {wild} to {meld}: {group}.",
        "rv.out": "Seat {player} is out!",
        "rv.turn_cap": "The round ends after {turns} turns; every hand is scored.",
        "rv.round_end": "Round {round} ends; points {points}.",
        "rv.game_end": "Game over. Totals {totals}; winner(s) {winners}.",
        # refusals (pakka.games.ravaytys.game.Refusal): why an action is not allowed
        "rv.why.over": "the game is over",
        "rv.why.not_action": "{text!r} is not an action here",
        "rv.why.not_allowed": "{action} is not allowed now",
        "rv.what.open": "the dealer must discard one card to start the round (R-RV-9): "
        "discard CARD",
        "rv.what.start": "take the top discard or draw (leave it; R-RV-10): take | draw",
        "rv.what.buy": "you are asked whether you buy the discard (D-RV-3): buy | pass",
        "rv.what.play": "discard CARD, meld, lay CARD Mn [lo|hi], swap CARD Mn WILD",
        "rv.what.build": "set RANK | run SUIT START | add CARD | close | cancel",
        "rv.what.place": "place the freed wild card (R-RV-17): place Mn [lo|hi]",
        "rv.why.not_held": "you do not hold {card}",
        "rv.why.drawn": "a card drawn from the new stock may not be discarded this turn (R-RV-19)",
        "rv.why.not_down": "lay-offs and swaps come after laying down your own contract "
        "(R-RV-16/17)",
        "rv.why.down": "your contract is already on the table",
        "rv.why.keep": "you must keep a card to discard (D-RV-4)",
        "rv.why.cancelled": "you took your lay-down back this turn; it may not be started again "
        "before your next turn (D-RV-6)",
        "rv.why.no_contract": "the contract ({sets} set(s) and {runs} run(s)) cannot be laid "
        "down from your hand yet, keeping a card to discard (R-RV-13, D-RV-4)",
        "rv.why.no_contract_all": "the contract ({sets} set(s) and {runs} run(s)) cannot be laid "
        "down from your hand yet (R-RV-13)",
        "rv.why.group_open": "close the open group first (close), or take everything back (cancel)",
        "rv.why.no_more_sets": "the contract has no more sets to open (R-RV-13): "
        "open a run or close",
        "rv.why.no_more_runs": "the contract has no more runs to open (R-RV-13): "
        "open a set or close",
        "rv.why.no_group_for": "your hand cannot make {group} (R-RV-5/6, D-RV-1)",
        "rv.why.no_group_open": "no group is open: open one first (set RANK | run SUIT START)",
        "rv.why.add_run": "the next card of the run is {want} (or a wild card), not {card}",
        "rv.why.add_run_end": "the run ends at {to}: nothing goes above it (R-RV-4, D-RV-8)",
        "rv.why.add_set": "a set of {rank}s takes a {rank} or a wild card, not {card}",
        "rv.why.wild_limit": "{group} already holds the most wild cards allowed "
        "(max_wilds_per_group, D-RV-1)",
        "rv.why.small_set": "a set needs at least 3 cards and a natural card (R-RV-5, D-RV-1)",
        "rv.why.small_run": "a run needs at least 4 cards and a natural card (R-RV-6, D-RV-1)",
        "rv.why.adjacent": "two runs of one suit in a contract may not continue each other "
        "(R-RV-7)",
        "rv.why.no_meld": "there is no meld M{meld}",
        "rv.why.fit_set": "{card} does not fit on M{meld}, a set of {rank}s: it takes a {rank} "
        "or a wild card (R-RV-14)",
        "rv.why.fit_run": "{card} does not fit on M{meld}, a run {lo}-{hi}: it takes "
        "{ends} (R-RV-14)",
        "rv.why.run_full": "M{meld} ({lo}-{hi}) cannot grow at either end: the ace is at one "
        "end only (R-RV-4, D-RV-8)",
        "rv.why.set_end": "M{meld} is a set: it has no ends ({text})",
        "rv.why.which_end": "{what} fits both ends of M{meld}: say which ({forms})",
        "rv.why.no_wild": "there is no {wild} in M{meld}",
        "rv.why.swap_run": "{wild} in M{meld} stands for {rep}; only that card can take its "
        "place (R-RV-17), not {card}",
        "rv.why.swap_set": "{wild} in M{meld} stands for a {rank}; only a natural {rank} can "
        "take its place (R-RV-17), not {card}",
        "rv.why.no_place": "the freed wild card would have no place on the table (R-RV-17)",
        "rv.why.place_set": "M{meld} is a set: place M{meld}",
        "rv.why.place_end": "the wild card cannot go at that end of M{meld} ({lo}-{hi}); "
        "it fits {ends}",
        "rv.word.wild": "the wild card",
        "rv.word.wild_card": "a wild card",
        "rv.word.or": " or ",
    },
    "fi": {
        "rv.round": "Kierros {round}: paikka {dealer} jakaa; tavoite {sets} kolmoset ja "
        "{runs} värisuoraa.",
        "rv.hand": "Kätesi: {cards}",
        "rv.discard": "Paikka {player} laittaa pois kortin {card}.",
        "rv.take": "Paikka {player} ottaa poislaitetun kortin {card}.",
        "rv.leave": "Paikka {player} ei ota poislaitettua korttia.",
        "rv.no_buy": "Paikka {player} ei osta.",
        "rv.buy": "Paikka {player}: Ostan! ({card})",
        "rv.penalty": "Paikka {player} ottaa sakkokortin umpipakasta.",
        "rv.penalty_card": "Sakkokorttisi: {card}",
        "rv.no_penalty": "Paikka {player} ei saa sakkokorttia (umpipakka on loppu).",
        "rv.draw": "Paikka {player} nostaa umpipakasta.",
        "rv.drew": "Nostit kortin {card}.",
        "rv.reshuffle": "Avopakka ({cards} korttia) sekoitetaan uudeksi umpipakaksi.",
        "rv.exhausted": "Pakat ovat lopussa: vuorolla laitetaan vain yksi kortti pois.",
        "rv.meld_start": "Paikka {player} alkaa pöydätä tavoitetta.",
        "rv.group": "Paikka {player} aloittaa ryhmän: {group}.",
        "rv.add": "Paikka {player} lisää kortin {card}.",
        "rv.close": "Paikka {player} sulkee ryhmän {group}.",
        "rv.cancel": "Paikka {player} ottaa ryhmät takaisin käteen.",
        "rv.laid_down": "Paikka {player} pöytää tavoitteen: {groups}.",
        "rv.lay": "Paikka {player} lyö kortin {card} pöytäykseen {meld}: {group}.",
        "rv.swap": "Paikka {player} laittaa kortin {card} villin {wild} tilalle ({meld}).",
        "rv.place": "Paikka {player} siirtää villin {wild} pöytäykseen {meld}: {group}.",
        "rv.out": "Paikka {player} pääsi kädestään eroon!",
        "rv.turn_cap": "Kierros päättyy {turns} vuoron jälkeen; kaikki kädet lasketaan.",
        "rv.round_end": "Kierros {round} päättyi; pisteet {points}.",
        "rv.game_end": "Peli päättyi. Yhteispisteet {totals}; voittaja(t) {winners}.",
        "rv.why.over": "peli on päättynyt",
        "rv.why.not_action": "{text!r} ei ole siirto tässä",
        "rv.why.not_allowed": "{action} ei ole sallittu nyt",
        "rv.what.open": "jakaja aloittaa kierroksen laittamalla yhden kortin pois (R-RV-9): "
        "discard KORTTI",
        "rv.what.start": "ota poislaitettu kortti tai nosta (jätä se; R-RV-10): take | draw",
        "rv.what.buy": "sinulta kysytään, ostatko poislaitetun kortin (D-RV-3): buy | pass",
        "rv.what.play": "discard KORTTI, meld, lay KORTTI Mn [lo|hi], swap KORTTI Mn VILLI",
        "rv.what.build": "set ARVO | run MAA ALKU | add KORTTI | close | cancel",
        "rv.what.place": "sijoita vapautunut villi kortti (R-RV-17): place Mn [lo|hi]",
        "rv.why.not_held": "sinulla ei ole korttia {card}",
        "rv.why.drawn": "uudesta umpipakasta nostettua korttia ei saa laittaa pois samalla "
        "vuorolla (R-RV-19)",
        "rv.why.not_down": "kortteja lyödään ja villejä vaihdetaan vasta oman tavoitteen "
        "pöytäämisen jälkeen (R-RV-16/17)",
        "rv.why.down": "tavoitteesi on jo pöydässä",
        "rv.why.keep": "käteen on jäätävä kortti poisheittoa varten (D-RV-4)",
        "rv.why.cancelled": "perit pöytäyksesi tällä vuorolla; sitä ei saa aloittaa uudelleen "
        "ennen seuraavaa vuoroasi (D-RV-6)",
        "rv.why.no_contract": "tavoite ({sets} kolmoset ja {runs} värisuoraa) ei vielä onnistu "
        "kädestäsi niin, että kortti jää poisheittoa varten (R-RV-13, D-RV-4)",
        "rv.why.no_contract_all": "tavoite ({sets} kolmoset ja {runs} värisuoraa) ei vielä "
        "onnistu kädestäsi (R-RV-13)",
        "rv.why.group_open": "sulje ensin avoin ryhmä (close) tai peru kaikki (cancel)",
        "rv.why.no_more_sets": "tavoitteessa ei ole enempää kolmosia (R-RV-13): "
        "aloita värisuora tai sulje",
        "rv.why.no_more_runs": "tavoitteessa ei ole enempää värisuoria (R-RV-13): "
        "aloita kolmoset tai sulje",
        "rv.why.no_group_for": "kädestäsi ei saa ryhmää {group} (R-RV-5/6, D-RV-1)",
        "rv.why.no_group_open": "mikään ryhmä ei ole auki: aloita ensin ryhmä "
        "(set ARVO | run MAA ALKU)",
        "rv.why.add_run": "värisuoran seuraava kortti on {want} (tai villi kortti), ei {card}",
        "rv.why.add_run_end": "värisuora päättyy korttiin {to}: sen yläpuolelle ei tule mitään "
        "(R-RV-4, D-RV-8)",
        "rv.why.add_set": "kolmosiin (arvo {rank}) käy arvo {rank} tai villi kortti, ei {card}",
        "rv.why.wild_limit": "ryhmässä {group} on jo suurin sallittu määrä villejä "
        "(max_wilds_per_group, D-RV-1)",
        "rv.why.small_set": "kolmosissa on oltava vähintään 3 korttia ja yksi luonnollinen "
        "kortti (R-RV-5, D-RV-1)",
        "rv.why.small_run": "värisuorassa on oltava vähintään 4 korttia ja yksi luonnollinen "
        "kortti (R-RV-6, D-RV-1)",
        "rv.why.adjacent": "saman maan kaksi värisuoraa eivät saa jatkaa toisiaan tavoitteessa "
        "(R-RV-7)",
        "rv.why.no_meld": "pöydässä ei ole pöytäystä M{meld}",
        "rv.why.fit_set": "{card} ei sovi pöytäykseen M{meld} (kolmoset, arvo {rank}): siihen "
        "käy arvo {rank} tai villi kortti (R-RV-14)",
        "rv.why.fit_run": "{card} ei sovi pöytäykseen M{meld} (värisuora {lo}-{hi}): "
        "siihen käy {ends} (R-RV-14)",
        "rv.why.run_full": "pöytäystä M{meld} ({lo}-{hi}) ei voi jatkaa kummastakaan päästä: "
        "ässä on vain toisessa päässä (R-RV-4, D-RV-8)",
        "rv.why.set_end": "M{meld} on kolmoset: sillä ei ole päitä ({text})",
        "rv.why.which_end": "{what} sopii pöytäyksen M{meld} kumpaankin päähän: kerro kumpaan "
        "({forms})",
        "rv.why.no_wild": "pöytäyksessä M{meld} ei ole korttia {wild}",
        "rv.why.swap_run": "{wild} pöytäyksessä M{meld} on {rep}; vain se kortti voi tulla sen "
        "tilalle (R-RV-17), ei {card}",
        "rv.why.swap_set": "{wild} pöytäyksessä M{meld} on arvoa {rank}; vain luonnollinen "
        "arvon {rank} kortti voi tulla sen tilalle (R-RV-17), ei {card}",
        "rv.why.no_place": "vapautuvalle villille ei olisi paikkaa pöydässä (R-RV-17)",
        "rv.why.place_set": "M{meld} on kolmoset: place M{meld}",
        "rv.why.place_end": "villi ei käy pöytäyksen M{meld} ({lo}-{hi}) siihen päähän; "
        "se käy: {ends}",
        "rv.word.wild": "villi kortti",
        "rv.word.wild_card": "villi kortti",
        "rv.word.or": " tai ",
    },
}
