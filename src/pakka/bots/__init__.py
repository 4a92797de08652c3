"""Bots for every game, found by name, and the strength levels the front ends offer.

Generic bots (``random``, ``ismcts``) work for every game through the engine
contract. A game's own bots live in a module listed in :data:`GAME_BOT_MODULES`;
that module defines ``BOTS`` (name -> factory) and ``LEVELS`` (``easy``,
``medium``, ``hard`` -> a bot spec). A bot spec is a name with optional
parameters: ``"ismcts"``, ``"ismcts:iterations=2000"``, or a level name.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from pakka.bots.base import Bot, BotFactory, RandomBot, SeatHandle, play_bot_turn
from pakka.core.errors import RulesError
from pakka.core.game import Game

LEVEL_NAMES = ("easy", "medium", "hard")

GAME_BOT_MODULES: dict[str, str] = {
    "koodinmurtaja": "pakka.bots.koodinmurtaja",
    "viisisataa": "pakka.bots.viisisataa",
    "zoker-solo": "pakka.bots.zoker_solo",
    "zoker-memo": "pakka.bots.zoker_memo",
    "zoker-tiko": "pakka.bots.zoker_tiko",
    "zoker-kubo": "pakka.bots.zoker_kubo",
    "zoker-pairs": "pakka.bots.zoker_pairs",
    "ravaytys": "pakka.bots.ravaytys",
}
"""Game name -> module with that game's ``BOTS`` and ``LEVELS``."""


def _generic() -> dict[str, BotFactory]:
    from pakka.bots.ismcts import ISMCTSBot

    return {"random": RandomBot, "ismcts": ISMCTSBot}


def _module(game: str) -> ModuleType | None:
    name = GAME_BOT_MODULES.get(game)
    return importlib.import_module(name) if name else None


def bot_names(game: str) -> list[str]:
    """Every bot name usable for ``game`` (levels not included)."""
    mod = _module(game)
    own = list(getattr(mod, "BOTS", {})) if mod else []
    return own + [n for n in _generic() if n not in own]


def levels(game: str) -> dict[str, str]:
    """``easy``/``medium``/``hard`` -> the bot spec that plays at that level for ``game``."""
    mod = _module(game)
    lv: dict[str, str] = dict(getattr(mod, "LEVELS", {})) if mod else {}
    defaults = {"easy": "random", "medium": "ismcts:iterations=200", "hard": "ismcts"}
    return {k: lv.get(k, defaults[k]) for k in LEVEL_NAMES}


def _parse_value(text: str) -> Any:
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``"name:key=value,key=value"`` into the name and its parameters."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, Any] = {}
    for part in filter(None, rest.split(",")):
        key, eq, value = part.partition("=")
        if not eq:
            raise RulesError(f"bot parameter {part!r} must be key=value")
        params[key.strip()] = _parse_value(value.strip())
    return name.strip().lower(), params


def make_bot(game: Game[Any], spec: str, seed: int = 0) -> Bot:
    """Build the bot named by ``spec`` (a bot name or a level) for ``game``."""
    name, params = parse_spec(spec)
    if name in LEVEL_NAMES:
        lname, lparams = parse_spec(levels(game.name)[name])
        name, params = lname, lparams | params
    mod = _module(game.name)
    table: dict[str, BotFactory] = dict(getattr(mod, "BOTS", {})) if mod else {}
    for k, v in _generic().items():
        table.setdefault(k, v)
    if name not in table:
        raise RulesError(
            f"no bot {name!r} for {game.name}; choose from {', '.join(table)} "
            f"or a level ({', '.join(LEVEL_NAMES)})"
        )
    try:
        return table[name](game, seed=seed, **params)
    except TypeError as e:
        raise RulesError(f"bot {name!r}: bad parameters {params}: {e}") from None


__all__ = [
    "GAME_BOT_MODULES",
    "LEVEL_NAMES",
    "Bot",
    "RandomBot",
    "SeatHandle",
    "bot_names",
    "levels",
    "make_bot",
    "parse_spec",
    "play_bot_turn",
]
