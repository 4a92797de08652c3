"""Texts of the contract itself, for every game (the game's own catalogue wins)."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "action.generic": "{text}",
        "prompt.generic": "Your move.",
        "prompt.over": "The game is over.",
        # option errors (RulesError.key / fields, from pakka.core.options)
        "error.option_value": "option {option!r}: {value} is not allowed; use {allowed}",
        "error.option_unknown": "{game} has no option {option!r}; its options are: {known}",
        "error.players": "{game}: players={players} is not allowed; use {lo}..{hi}",
        "error.none": "none",
        "error.allowed.choice": "one of {choices}",
        "error.allowed.bool": "true or false",
        "error.allowed.int": "an integer",
        "error.allowed.int_range": "an integer {lo}..{hi}",
        "error.allowed.int_min": "an integer of at least {lo}",
        "error.allowed.int_max": "an integer of at most {hi}",
        "error.allowed.ints": "{n} {n|integer|integers separated by commas}",
    },
    "fi": {
        "action.generic": "{text}",
        "prompt.generic": "Sinun siirtosi.",
        "prompt.over": "Peli on päättynyt.",
        "error.option_value": "valinta {option!r}: {value} ei ole sallittu; anna {allowed}",
        "error.option_unknown": "pelissä {game} ei ole valintaa {option!r}; sen valinnat ovat: "
        "{known}",
        "error.players": "{game}: pelaajamäärä {players} ei ole sallittu; anna {lo}..{hi}",
        "error.none": "ei yhtään",
        "error.allowed.choice": "yksi näistä: {choices}",
        "error.allowed.bool": "true tai false (myös kyllä tai ei)",
        "error.allowed.int": "kokonaisluku",
        "error.allowed.int_range": "kokonaisluku {lo}..{hi}",
        "error.allowed.int_min": "kokonaisluku, vähintään {lo}",
        "error.allowed.int_max": "kokonaisluku, enintään {hi}",
        "error.allowed.ints": "{n} {n|kokonaisluku|kokonaislukua pilkuin erotettuina}",
    },
}
