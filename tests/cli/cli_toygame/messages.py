"""Log messages of the test toy game."""

MESSAGES = {
    "en": {
        "toy.dealt": "You were dealt {cards}.",
        "toy.play": "Player {player} plays {card}.",
        "toy.over": "Game over; totals {scores}.",
    },
    "fi": {
        "toy.dealt": "Sait kortit {cards}.",
        "toy.play": "Pelaaja {player} pelaa kortin {card}.",
        "toy.over": "Peli päättyi; pisteet {scores}.",
    },
}
