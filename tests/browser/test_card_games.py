"""The other games in a real browser: a complete game of each against bots from
the lobby, using the game's own controls, with screenshots at both sizes.

A game is tested here once it is registered (``pakka.games()``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from browser_helpers import create_table, play_to_end, screenshots, vs_move, wait_turn_or_end

from pakka.core.registry import games

REGISTERED = set(games())


@pytest.mark.skipif("viisisataa" not in REGISTERED, reason="Viisisataa is not registered yet")
def test_viisisataa_bid_kitty_and_tricks(page: Any, server: str) -> None:
    """R-5S bidding box, kitty exchange and trick play, one hand (max_hands=1)."""
    rng = random.Random(7)
    used: set[str] = set()
    create_table(
        page, server, "viisisataa", 3, ["human", "bot:easy", "bot:easy"], options={"max_hands": "1"}
    )
    page.wait_for_selector("#table")
    wait_turn_or_end(page)
    screenshots(page, "viisisataa")
    play_to_end([page], lambda p: vs_move(p, rng, used))
    assert {"bid", "discard", "play"} <= used, used
    assert page.locator(".sheet").count() == 1
    screenshots(page, "viisisataa-over")
    assert not page.js_errors, page.js_errors
