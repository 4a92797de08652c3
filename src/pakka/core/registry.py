"""Finding games by name: ``pakka.games()`` and ``pakka.load()``.

The registry starts empty: ``core`` knows no game. Game packages register
themselves (``pakka.games`` registers the built-in ones when :mod:`pakka` is
imported), and a test or a third-party package can add its own with
:func:`register`. Entries are ``module:class`` strings, imported on first use,
so listing the games imports none of them.
"""

from __future__ import annotations

import importlib
from typing import Any

from pakka.core.errors import RulesError
from pakka.core.game import Game

REGISTRY: dict[str, str] = {}
"""Game name -> ``module:class`` of its :class:`~pakka.core.game.Game` subclass."""

_classes: dict[str, type[Game[Any]]] = {}


def register(name: str, target: str) -> None:
    """Register the game ``name`` as ``module:class`` (imported lazily).

    Registering a name again with the same target is a no-op; with another
    target it is an error (two games cannot share a name).
    """
    module, sep, attr = target.partition(":")
    if not (name and module and sep and attr):
        raise RulesError(f"register({name!r}, {target!r}): use a name and 'module:Class'")
    old = REGISTRY.get(name)
    if old is not None and old != target:
        raise RulesError(f"game {name!r} is already registered as {old!r}")
    REGISTRY[name] = target


def unregister(name: str) -> None:
    """Remove ``name`` from the registry (tests that register a toy game use it)."""
    REGISTRY.pop(name, None)
    _classes.pop(name, None)


def games() -> list[str]:
    """Names of every registered game, in registration order."""
    return list(REGISTRY)


def game_module(name: str) -> str | None:
    """The package or module that defines the game ``name`` (``None`` if unknown)."""
    target = REGISTRY.get(name)
    return None if target is None else target.partition(":")[0]


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
