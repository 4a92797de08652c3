"""Texts of the contract itself, for every game (the game's own catalogue wins)."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "action.generic": "{text}",
    },
    "fi": {
        "action.generic": "{text}",
    },
}
