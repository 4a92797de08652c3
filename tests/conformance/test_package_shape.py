"""Every game package has the same modules with the same roles (docs/architecture.md,
"A game package"): a newcomer finds a game's rules, actions, state, scoring, sampling,
view, display and texts under the same names in every game."""

from __future__ import annotations

import importlib
import importlib.util

import pytest

from pakka.core.game import Game, State
from pakka.core.registry import game_class, game_module, games
from pakka.core.seam import Display

SHAPE = ("rules", "actions", "state", "scoring", "sampling", "view", "display", "messages")

RESHAPING = {"viisisataa"}
"""Packages another branch is reshaping right now (they join when it lands)."""


@pytest.mark.parametrize("name", [g for g in games() if g not in RESHAPING])
def test_game_package_has_every_module_of_the_shape(name: str) -> None:
    package = game_module(name)
    assert package is not None
    assert importlib.util.find_spec(package) is not None
    assert importlib.import_module(package).__path__, f"{package} is a package"
    missing = [m for m in SHAPE if importlib.util.find_spec(f"{package}.{m}") is None]
    assert not missing, f"{package} lacks {missing}"
    cls = game_class(name)
    rules = importlib.import_module(f"{package}.rules")
    assert getattr(rules, cls.__name__) is cls, "the Game class is in rules"
    state = importlib.import_module(f"{package}.state")
    made = type(cls(cls.min_players).new_state(seed=1))
    assert issubclass(made, State) and getattr(state, made.__name__) is made
    display = importlib.import_module(f"{package}.display")
    assert isinstance(cls.display, Display)
    assert type(cls.display).__module__ == display.__name__, "the display class is in display"
    messages = importlib.import_module(f"{package}.messages")
    assert set(messages.MESSAGES) >= {"en", "fi"}
    assert issubclass(cls, Game)
