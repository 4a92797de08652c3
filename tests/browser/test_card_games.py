"""The other games in a real browser: a complete game of each against bots from
the lobby, using the game's own controls, with screenshots at both sizes.

A game is tested here once it is registered (``pakka.games()``)."""

from __future__ import annotations

import random
from typing import Any

from pakka.core.registry import games

from .browser_helpers import (
    click_any,
    kubo_move,
    memo_move,
    pairs_move,
    play_to_end,
    rv_move,
    screenshots,
    solo_move,
    start_game,
    vs_move,
)

REGISTERED = set(games())


if "viisisataa" in REGISTERED:

    def test_viisisataa_bid_kitty_and_tricks(page: Any, server: str) -> None:
        """R-5S bidding box, kitty exchange and trick play, one hand (max_hands=1)."""
        rng = random.Random(7)
        used: set[str] = set()
        start_game(
            page,
            server,
            "viisisataa",
            3,
            ["human", "bot:easy", "bot:easy"],
            options={"max_hands": "1"},
        )
        screenshots(page, "viisisataa")
        play_to_end([page], lambda p: vs_move(p, rng, used))
        assert "fallback" not in used and {"bid", "discard", "play"} <= used, used
        assert page.locator(".sheet").count() == 1
        screenshots(page, "viisisataa-over")
        assert not page.js_errors, page.js_errors


def _zoker_game(
    page: Any, server: str, game: str, players: int, move: Any, before: Any = None, **opts: str
) -> None:
    seats = ["human"] + ["bot:easy"] * (players - 1)
    start_game(page, server, game, players, seats, options=opts)
    if before:
        before()
    screenshots(page, game)

    def structured_move(p: Any) -> None:
        # The Zoker display layer has landed: every move uses the game's own
        # controls, never the label buttons of a game without one.
        assert p.locator(".fallback-actions").count() == 0, f"{game}: fallback buttons"
        move(p)

    play_to_end([page], structured_move)
    assert page.inner_text("#result-text")
    screenshots(page, game + "-over")
    assert not page.js_errors, page.js_errors


if "zoker-solo" in REGISTERED:

    def test_zoker_solo_moves_hint_and_deal(page: Any, server: str) -> None:
        """R-SO-3..7: moves onto piles, the hint, dealing, to the end."""
        rng = random.Random(11)

        def hint() -> None:
            page.click("#solo-hint")
            page.wait_for_selector("#solo-hint-text")

        _zoker_game(page, server, "zoker-solo", 1, lambda p: solo_move(p, rng), before=hint)
        assert int(page.inner_text("#solo-score")) >= 1


if "zoker-memo" in REGISTERED:

    def test_zoker_memo_turning_cards(page: Any, server: str) -> None:
        """R-ME-2: turn two cards; easy variant (R-ME-5) keeps the game short."""
        rng = random.Random(12)
        _zoker_game(
            page, server, "zoker-memo", 2, lambda p: memo_move(p, rng), easy="true", layout="8"
        )


if "zoker-tiko" in REGISTERED:

    def test_zoker_tiko_tricks(page: Any, server: str) -> None:
        rng = random.Random(13)
        _zoker_game(
            page, server, "zoker-tiko", 2, lambda p: click_any(p, ".hand button.playable", rng)
        )


if "zoker-kubo" in REGISTERED:

    def test_zoker_kubo_placements(page: Any, server: str) -> None:
        """R-KU-3: a card placed on its lit place of the cube; manual claims
        (R-KU-8, "Piste!") so that claim buttons appear when a line completes."""
        rng = random.Random(14)
        used: set[str] = set()
        _zoker_game(
            page, server, "zoker-kubo", 2, lambda p: kubo_move(p, rng, used), claims="manual"
        )
        print("Kubo controls used:", sorted(used))
        assert "fallback" not in used and "place" in used, used


if "zoker-pairs" in REGISTERED:

    def test_zoker_pairs_trainer(page: Any, server: str) -> None:
        """R-ZK-6: pick compatible pairs until none is left."""
        rng = random.Random(15)
        _zoker_game(page, server, "zoker-pairs", 1, lambda p: pairs_move(p, rng), cards="12")


if "ravaytys" in REGISTERED:

    def test_ravaytys_buy_meld_and_discard(page: Any, server: str) -> None:
        """Eight rounds (D-RV-6 turn cap keeps them short): the buy window,
        drawing, melding attempts, lay-offs/swaps when they come up, discards."""
        rng = random.Random(16)
        used: set[str] = set()
        budget: dict[str, int] = {}
        start_game(
            page,
            server,
            "ravaytys",
            3,
            ["human", "bot:easy", "bot:easy"],
            options={"max_turns_per_round": "3"},
        )
        screenshots(page, "ravaytys")
        page.click("#rv-sort")
        # Drag the first card of the hand onto the last one: the order must change (with
        # two decks the first two cards may be equal, so compare the whole order).
        order_js = "[...document.querySelectorAll('.hand .card')].map(c => c.dataset.card).join()"
        before = page.evaluate(order_js)
        page.drag_and_drop(".hand .card >> nth=0", ".hand .card >> nth=-1")
        page.wait_for_function(f"{order_js} !== {before!r}", timeout=5000)
        play_to_end([page], lambda p: rv_move(p, rng, used, budget))
        print("Räväytys controls used:", sorted(used))
        # "meld" is offered only when the hand can make the contract (f5289e0), which
        # random play in three-turn rounds seldom reaches: the lay-down by clicking is
        # test_special_moves.py::test_ravaytys_lay_down_by_clicking_r_rv_13.
        assert "fallback" not in used and {"buy", "discard"} <= used, used
        assert page.locator(".sheet").count() == 1
        screenshots(page, "ravaytys-over")
        assert not page.js_errors, page.js_errors
