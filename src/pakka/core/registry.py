"""Finding games by name: ``pakka.games()`` and ``pakka.load()``."""

from __future__ import annotations

import importlib
from typing import Any

from pakka.core.errors import RulesError
from pakka.core.game import Game
from pakka.games import REGISTRY

_classes: dict[str, type[Game[Any]]] = {}


def games() -> list[str]:
    """Names of every registered game, in registration order."""
    return list(REGISTRY)


def game_class(name: str) -> type[Game[Any]]:
    """The :class:`Game` subclass registered as ``name``."""
    if name not in REGISTRY:
        raise RulesError(f"no game {name!r}; the games are: {', '.join(REGISTRY)}")
    cls = _classes.get(name)
    if cls is None:
        module, _, attr = REGISTRY[name].partition(":")
        cls = getattr(importlib.import_module(module), attr)
        _classes[name] = cls
    return cls


def load(name: str, players: int | None = None, **options: Any) -> Game[Any]:
    """The game ``name`` for ``players`` seats (default: its minimum) with ``options``."""
    cls = game_class(name)
    return cls(cls.min_players if players is None else players, **options)


def load_automated(name: str, players: int | None = None, **options: Any) -> Game[Any]:
    """As :func:`load`, for automated play (arenas, benchmarks, research adapters): the
    game's ``automated_options`` (e.g. a match cap) apply unless ``options`` give them."""
    return load(name, players, **(dict(game_class(name).automated_options) | options))
