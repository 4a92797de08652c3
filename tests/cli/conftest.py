"""Fixtures for the CLI tests: a tiny registered toy game (``clitoy``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pakka.bots import GAME_BOT_MODULES
from pakka.core import registry
from pakka.i18n import messages


@pytest.fixture
def toy() -> Iterator[str]:
    """Register the toy game under the name ``clitoy`` (no bots module) for one test."""
    registry.register("clitoy", "cli_toygame:ToyGame")
    messages.cache_clear()
    try:
        yield "clitoy"
    finally:
        registry.unregister("clitoy")
        GAME_BOT_MODULES.pop("clitoy", None)
        messages.cache_clear()


@pytest.fixture
def toy_bots(toy: str) -> str:
    """The toy game with its bots module (own bots, levels, hint, extra benchmark)."""
    GAME_BOT_MODULES["clitoy"] = "cli_toygame.bots"
    return toy
