"""Research adapters: PettingZoo, Gymnasium and OpenSpiel for every registered pakka game.

Needs the ``research`` extra (``pip install pakka[research]``: numpy,
gymnasium, pettingzoo, open_spiel); without it the adapters raise an error
that says so. The core never imports this package. Observations are built
only from ``state.view(seat)`` by the game's encoder
(:mod:`pakka.research.encoders`); see ``docs/research.md``.

Importing this package registers every game with OpenSpiel
(``pyspiel.load_game("pakka_<name>")``) and with Gymnasium
(``gymnasium.make("pakka/<name>-v0")``) when those libraries are installed.
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pakka.core.game import Game
    from pakka.research.gym_env import PakkaGymEnv
    from pakka.research.pz_env import PakkaAECEnv


def pettingzoo_env(game: str | Game[Any], players: int | None = None, **kwargs: Any) -> PakkaAECEnv:
    """A PettingZoo AEC environment for ``game`` (see :mod:`pakka.research.pz_env`)."""
    from pakka.research.pz_env import pettingzoo_env as make

    return make(game, players, **kwargs)


def gymnasium_env(
    game: str | Game[Any],
    players: int | None = None,
    seat: int = 0,
    opponents: str | list[str] | None = None,
    **kwargs: Any,
) -> PakkaGymEnv:
    """A Gymnasium environment for one seat against bots (see :mod:`pakka.research.gym_env`)."""
    from pakka.research.gym_env import gymnasium_env as make

    return make(game, players, seat, opponents, **kwargs)


def openspiel_game(game: str | Game[Any], players: int | None = None, **options: Any) -> Any:
    """The game as a ``pyspiel.Game`` (see :mod:`pakka.research.spiel`)."""
    from pakka.research.spiel import openspiel_game as make

    return make(game, players, **options)


def _register_installed() -> None:
    """Register the games with OpenSpiel and Gymnasium, where installed."""
    if importlib.util.find_spec("numpy") is None:
        return
    if importlib.util.find_spec("pyspiel") is not None:
        importlib.import_module("pakka.research.spiel")  # registers on import
    if importlib.util.find_spec("gymnasium") is not None:
        importlib.import_module("pakka.research.gym_env")


_register_installed()

__all__ = ["gymnasium_env", "openspiel_game", "pettingzoo_env"]
