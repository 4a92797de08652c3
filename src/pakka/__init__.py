"""pakka: Finnish card games with fast, correct engines, bots and front ends.

>>> import pakka
>>> "koodinmurtaja" in pakka.games()
True
>>> game = pakka.load("koodinmurtaja", players=3)
>>> state = game.new_state(seed=1)
>>> state.current_player
1
"""

from __future__ import annotations

# The built-in games register themselves (core knows no game). Imported before
# the names below: the submodule ``pakka.games`` must not shadow ``games()``.
import pakka.games as _builtin_games  # noqa: F401
from pakka.core.errors import IllegalAction, NotationError, PakkaError, RecordError, RulesError
from pakka.core.game import Action, Game, State
from pakka.core.record import Record
from pakka.core.registry import games, load
from pakka.core.version import __version__

__all__ = [
    "Action",
    "Game",
    "IllegalAction",
    "NotationError",
    "PakkaError",
    "Record",
    "RecordError",
    "RulesError",
    "State",
    "__version__",
    "games",
    "load",
]
