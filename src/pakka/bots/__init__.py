"""Bots for every game, found by name, and the strength levels the front ends offer.

Generic bots (``random``, ``ismcts``) work for every game through the engine
contract. A game's own bots live in a module listed in :data:`GAME_BOT_MODULES`;
that module defines ``BOTS`` (name -> factory) and ``LEVELS`` (``easy``,
``medium``, ``hard`` -> a bot spec). A bot spec is a name with optional
parameters: ``"ismcts"``, ``"ismcts:iterations=2000"``, or a level name.

Bots from outside pakka (see ``docs/bots.md``):

- by import path: ``"mypackage.mybot:MyBot"`` (with parameters
  ``"mypackage.mybot:MyBot:depth=3"``) imports ``MyBot`` from
  ``mypackage.mybot`` and calls it as a factory ``MyBot(game, seed=…, **params)``;
- by entry point: an installed distribution that declares
  ``[project.entry-points."pakka.bots"] mybot = "mypackage.mybot:MyBot"``
  makes ``"mybot"`` a bot name. The factory may set ``games`` (game names) to
  be offered only for those games; pakka's own names win a clash.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import re
from types import ModuleType
from typing import Any

from pakka.bots.base import (
    Bot,
    BotFactory,
    RandomBot,
    SeatHandle,
    handle_for,
    play_bot_turn,
)
from pakka.core.errors import RulesError
from pakka.core.game import Game

LEVEL_NAMES = ("easy", "medium", "hard")
ENTRY_POINT_GROUP = "pakka.bots"
"""Entry-point group under which installed packages register bot factories."""
_IMPORT_PATH = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_][\w.]*$")

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


def entry_point_bots(game: str | None = None) -> dict[str, BotFactory]:
    """Bot factories registered by installed packages under ``pakka.bots``
    (for ``game``: those without a ``games`` attribute or listing it)."""
    out: dict[str, BotFactory] = {}
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        name = ep.name.strip().lower()
        if name in out:
            continue
        try:
            factory = ep.load()
        except Exception as e:
            raise RulesError(f"bot entry point {ep.name!r} ({ep.value}) does not load: {e}") from e
        games = getattr(factory, "games", None)
        if game is None or games is None or game in games:
            out[name] = factory
    return out


def _builtin_table(game: str) -> dict[str, BotFactory]:
    """pakka's own bots for ``game`` (the game's, then the generic ones)."""
    mod = _module(game)
    table: dict[str, BotFactory] = dict(getattr(mod, "BOTS", {})) if mod else {}
    for k, v in _generic().items():
        table.setdefault(k, v)
    return table


def _table(game: str) -> dict[str, BotFactory]:
    table = _builtin_table(game)
    for k, v in entry_point_bots(game).items():
        table.setdefault(k, v)
    return table


def bot_names(game: str) -> list[str]:
    """Every bot name usable for ``game`` (levels not included; entry-point bots last)."""
    return list(_table(game))


def load_factory(target: str) -> BotFactory:
    """The object named by an import path ``"package.module:Attribute"``."""
    module, _, attr = target.partition(":")
    try:
        obj: Any = importlib.import_module(module)
    except ImportError as e:
        raise RulesError(f"bot {target!r}: cannot import {module!r}: {e}") from None
    for part in attr.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise RulesError(f"bot {target!r}: {module!r} has no {attr!r}") from None
    if not callable(obj):
        raise RulesError(f"bot {target!r} is not a class or factory")
    factory: BotFactory = obj
    return factory


def _split_import_spec(spec: str) -> tuple[str, str] | None:
    """``("pkg.mod:Cls", "k=v,…")`` for an import-path spec, else ``None``."""
    parts = spec.strip().split(":", 2)
    if len(parts) >= 2 and _IMPORT_PATH.match(f"{parts[0]}:{parts[1]}"):
        return f"{parts[0]}:{parts[1]}", parts[2] if len(parts) == 3 else ""
    return None


def levels(game: str) -> dict[str, str]:
    """``easy``/``medium``/``hard`` -> the bot spec that plays at that level for ``game``."""
    mod = _module(game)
    lv: dict[str, str] = dict(getattr(mod, "LEVELS", {})) if mod else {}
    defaults = {"easy": "random", "medium": "ismcts:iterations=200", "hard": "ismcts"}
    return {k: lv.get(k, defaults[k]) for k in LEVEL_NAMES}


LEVEL_WORDS: dict[str, dict[str, str]] = {
    "en": {"easy": "easy", "medium": "medium", "hard": "hard", "bot": "Bot", "you": "you"},
    "fi": {
        "easy": "helppo",
        "medium": "keskitaso",
        "hard": "vaikea",
        "bot": "Botti",
        "you": "sinä",
    },
}
"""The levels and the word for a bot in each language (what a player reads; the
specs themselves stay ``easy``/``medium``/``hard``)."""


def level_word(level: str, lang: str = "en") -> str:
    """A level name in ``lang`` (``medium`` -> ``keskitaso``); other text unchanged."""
    return LEVEL_WORDS.get(lang, LEVEL_WORDS["en"]).get(level.strip().lower(), level)


def bot_label(spec: str, lang: str = "en", number: int | None = None) -> str:
    """How a bot is named to a player: ``Bot (medium)`` / ``Botti (keskitaso)``, with
    a 1-based ``number`` ``Botti (keskitaso) 2``; a bot named by spec keeps its name
    (``Botti (ismcts)``), its parameters dropped."""
    words = LEVEL_WORDS.get(lang, LEVEL_WORDS["en"])
    name = spec.strip()
    if _split_import_spec(name) is None:
        name = name.partition(":")[0]
    label = f"{words['bot']} ({level_word(name, lang)})"
    return label if number is None else f"{label} {number}"


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
    """Build the bot named by ``spec`` for ``game``: a bot name (pakka's or an entry
    point's), a level, or an import path ``"package.module:Class"``; each with
    optional ``:key=value,…`` parameters."""
    imported = _split_import_spec(spec)
    if imported is not None:
        target, rest = imported
        name, params = target, parse_spec(f"x:{rest}")[1]
        factory = load_factory(target)
    else:
        name, params = parse_spec(spec)
        if name in LEVEL_NAMES:
            lname, lparams = parse_spec(levels(game.name)[name])
            name, params = lname, lparams | params
        # pakka's own names win over entry points, so the installed packages' metadata
        # (tens of milliseconds to scan) is read only for a name pakka does not have
        table = _builtin_table(game.name)
        if name not in table:
            table = _table(game.name)
        if name not in table:
            raise RulesError(
                f"no bot {name!r} for {game.name}; choose from {', '.join(table)}, "
                f"a level ({', '.join(LEVEL_NAMES)}) or an import path package.module:Class"
            )
        factory = table[name]
    try:
        return factory(game, seed=seed, **params)
    except TypeError as e:
        raise RulesError(f"bot {name!r}: bad parameters {params}: {e}") from None


__all__ = [
    "ENTRY_POINT_GROUP",
    "GAME_BOT_MODULES",
    "LEVEL_NAMES",
    "LEVEL_WORDS",
    "Bot",
    "RandomBot",
    "SeatHandle",
    "bot_label",
    "bot_names",
    "entry_point_bots",
    "handle_for",
    "level_word",
    "levels",
    "load_factory",
    "make_bot",
    "parse_spec",
    "play_bot_turn",
]
