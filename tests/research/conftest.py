"""Cases for the research-adapter tests: every registered game at a few player counts,
plus the test-only toy game (so the adapters are tested before any real game lands)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import pytest

import pakka
from pakka.core.game import Game
from pakka.core.registry import game_class, game_module, load_automated

from .toygame import HighCard


def _loadable(name: str) -> bool:
    """False only while a registered game's module has not landed on this branch yet."""
    module = game_module(name)
    assert module is not None
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name and module.startswith(e.name):
            return False
        raise
    return True


def player_counts(name: str) -> list[int]:
    """The smallest, next and largest player counts of a registered game."""
    cls = game_class(name)
    return sorted({cls.min_players, min(cls.min_players + 1, cls.max_players), cls.max_players})


GameFactory = Callable[[], Game[Any]]


QUICK_OPTIONS: dict[str, dict[str, Any]] = {
    "viisisataa": {"max_hands": 2},
    "ravaytys": {"max_turns_per_round": 12},
}
"""Shorter matches for the tests that replay whole games through slow paths (OpenSpiel)."""


def _cases(largest: bool = True, quick: bool = False) -> list[Any]:
    cases: list[Any] = [pytest.param(lambda n=n: HighCard(n), id=f"toy-{n}p") for n in (1, 2, 3)]
    for name in pakka.games():
        if not _loadable(name):
            cases.append(
                pytest.param(
                    None,
                    id=f"{name}-missing",
                    marks=pytest.mark.skip(
                        reason=f"{name} is registered but its module has not landed on this branch"
                    ),
                )
            )
            continue
        counts = player_counts(name)
        for n in counts if largest else counts[:2]:
            opts = QUICK_OPTIONS.get(name, {}) if quick else {}
            cases.append(
                pytest.param(
                    # As the adapters load a game by name (e.g. with a match cap).
                    lambda name=name, n=n, opts=opts: load_automated(name, players=n, **opts),
                    id=f"{name}-{n}p",
                )
            )
    return cases


CASES = _cases()
SMALL_CASES = _cases(largest=False)
QUICK_CASES = _cases(largest=False, quick=True)
"""Without the largest player count (for tests that sample hidden information a lot)."""
REAL_GAMES = [n for n in pakka.games() if _loadable(n)]
