"""Koodinmurtaja's log messages in English and Finnish (``str.format`` templates).

Seats appear as ``{player}``/``{target}`` numbers; front ends may substitute names.
"""

MESSAGES = {
    "en": {
        "koodinmurtaja.deal": "Game {game}: seat {dealer} deals; {stock} cards in the stock.",
        "koodinmurtaja.your_code": "Your code: {cards}.",
        "koodinmurtaja.draw": "Seat {player} draws a card ({stock} left in the stock).",
        "koodinmurtaja.draw_private": "You drew {card}.",
        "koodinmurtaja.no_draw": "The stock is empty: seat {player} guesses without drawing.",
        "koodinmurtaja.right": "Seat {player} guesses card {position} of seat {target} is {rank}: right, it is {card}!",
        "koodinmurtaja.wrong": "Seat {player} guesses card {position} of seat {target} is {rank}: wrong.",
        "koodinmurtaja.wrong_rank": "Seat {player} guesses seat {target} holds a hidden {rank}: wrong.",
        "koodinmurtaja.wrong_open": "Seat {player} guesses card {position} of seat {target} is {rank}: wrong. The drawn {card} goes face up as card {placed}.",
        "koodinmurtaja.placed_open": "Seat {player} puts the drawn {card} face up as card {position}.",
        "koodinmurtaja.stop": "Seat {player} stops and hides the drawn card as card {position}.",
        "koodinmurtaja.stop_empty": "Seat {player} stops.",
        "koodinmurtaja.penalty_reveal": "Seat {player} must reveal a card: card {position} is {card}.",
        "koodinmurtaja.out": "Seat {player}'s code is broken: seat {player} is out.",
        "koodinmurtaja.game_over": "Game {game} is over. Codebreaker: seat {winner}.",
        "koodinmurtaja.match_over": "The match is over. Winner(s): {winners}; wins {wins}.",
    },
    "fi": {
        "koodinmurtaja.deal": "Peli {game}: paikka {dealer} jakaa; pakassa on {stock} korttia.",
        "koodinmurtaja.your_code": "Koodisi: {cards}.",
        "koodinmurtaja.draw": "Paikka {player} nostaa kortin (pakassa {stock} jäljellä).",
        "koodinmurtaja.draw_private": "Nostit kortin {card}.",
        "koodinmurtaja.no_draw": "Pakka on loppu: paikka {player} arvaa nostamatta.",
        "koodinmurtaja.right": "Paikka {player} arvaa paikan {target} kortin {position} olevan {rank}: oikein, se on {card}!",
        "koodinmurtaja.wrong": "Paikka {player} arvaa paikan {target} kortin {position} olevan {rank}: väärin.",
        "koodinmurtaja.wrong_rank": "Paikka {player} arvaa paikalla {target} olevan piilossa arvon {rank}: väärin.",
        "koodinmurtaja.wrong_open": "Paikka {player} arvaa paikan {target} kortin {position} olevan {rank}: väärin. Nostettu {card} menee näkyviin kortiksi {placed}.",
        "koodinmurtaja.placed_open": "Paikka {player} laittaa nostamansa kortin {card} näkyviin kortiksi {position}.",
        "koodinmurtaja.stop": "Paikka {player} lopettaa ja piilottaa nostamansa kortin kortiksi {position}.",
        "koodinmurtaja.stop_empty": "Paikka {player} lopettaa vuoronsa.",
        "koodinmurtaja.penalty_reveal": "Paikka {player} joutuu paljastamaan kortin: kortti {position} on {card}.",
        "koodinmurtaja.out": "Paikan {player} koodi on murrettu: paikka {player} putoaa pelistä.",
        "koodinmurtaja.game_over": "Peli {game} päättyi. Koodinmurtaja: paikka {winner}.",
        "koodinmurtaja.match_over": "Ottelu päättyi. Voittaja(t): {winners}; voitot {wins}.",
    },
}
