"""Texts of the contract itself, for every game (the game's own catalogue wins)."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "action.generic": "{text}",
        "prompt.generic": "Your move.",
        "prompt.over": "The game is over.",
    },
    "fi": {
        "action.generic": "{text}",
        "prompt.generic": "Sinun siirtosi.",
        "prompt.over": "Peli on päättynyt.",
    },
}
