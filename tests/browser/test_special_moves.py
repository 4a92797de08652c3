"""Moves that random play seldom reaches, set up on the test server's stacked
decks (``deck`` and ``setup`` in ``POST /api/tables``; the browser tests' server
runs with ``PAKKA_ALLOW_STACKED_DECKS=1``): a Räväytys lay-off and wild swap,
Viisisataa partner choice and doubling, and the Zoker Solo undo.

Each test opens its seat through the invite link, plays the move with the
table view's own controls and checks what the table then shows."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

import pakka
from pakka.core.registry import games
from pakka.i18n import card_names

from .browser_helpers import (
    act_and_wait,
    create_table,
    open_invite,
    post_table,
    screenshots,
    state_id,
    wait_turn_or_end,
)

REGISTERED = set(games())
Page = Any


def open_seat(page: Page, server: str, table: dict[str, Any], seat: int) -> None:
    """Claim ``seat`` by its invite link and wait until it is that seat's turn."""
    open_invite(page, server, table, seat)
    assert wait_turn_or_end(page) == "mine"


def tab_to(page: Page, selector: str, limit: int = 80) -> None:
    """Move the keyboard focus backwards (Shift+Tab: the melds are above the hand)
    until it is on an element matching ``selector``."""
    for _ in range(limit):
        if page.evaluate(f"!!document.activeElement?.matches({json.dumps(selector)})"):
            return
        page.keyboard.press("Shift+Tab")
    raise AssertionError(f"Tab never reached {selector}")


def meld_cards(page: Page, meld: str) -> list[str]:
    """The cards of a meld on the table, each with what a wild card stands for."""
    return list(
        page.evaluate(
            """(id) => [...document.querySelectorAll(`.meld[data-meld="${id}"] .meld-card`)]
              .map(e => {
                const as = e.querySelector('.as');
                const card = e.querySelector('[data-card]').dataset.card;
                return card + (as ? ' ' + as.textContent : '');
              })""",
            meld,
        )
    )


if "ravaytys" in REGISTERED:
    # Round 1 (two sets), dealer seat 0; dealt in blocks from seat 1, then the stock top.
    RV_HANDS = {
        1: "7H 7S JK 8H 8S 8D 5S 6H 9S 10H JD",
        2: "5C 5D 5H 6C 6D 6H 7C 8C 6S 10D JC",
        0: "2H 3H 4D 5C 6S 7H 8D 9C 10S JH QD KC",
    }
    RV_DECK = f"{RV_HANDS[1]} {RV_HANDS[2]} {RV_HANDS[0]} 4S 3C".split()
    # Seat 1 lays down 7H 7S JK (the joker stands for a seven) and 8H 8S 8D; seat 2
    # lays down its fives and sixes and keeps 7C, 8C and 6S for the browser.
    RV_SETUP = [
        "discard 6S",
        *("draw", "pass", "meld", "set 7", "add 7H", "add 7S", "add JK", "close"),
        *("set 8", "add 8H", "add 8S", "add 8D", "close", "discard 4S"),
        *("draw", "pass", "meld", "set 5", "add 5C", "add 5D", "add 5H", "close"),
        *("set 6", "add 6C", "add 6D", "add 6H", "close"),
    ]

    def test_ravaytys_lay_off_r_rv_16_and_wild_swap_r_rv_17(page: Page, server: str) -> None:
        """R-RV-16: 8C laid off on an opponent's eights (by clicking); R-RV-17 /
        D-RV-14: 7C takes the joker's place in the sevens and the joker moves to
        the fives, where it shows that it stands for a five (by keyboard); R-RV-14:
        6S dragged onto the player's own sixes."""
        table = post_table(
            server,
            {
                "game": "ravaytys",
                "players": 3,
                "seats": [{"name": "Aino"}, {"name": "Bertta"}, {"name": "Cecilia"}],
                "deck": RV_DECK,
                "setup": RV_SETUP,
            },
        )
        open_seat(page, server, table, 2)
        assert meld_cards(page, "M1") == ["7H", "7S", "JK as 7"]
        # Lay-off by clicking: selecting 8C lights only the eights (M2).
        page.click('.hand [data-card="8C"]')
        page.wait_for_selector('.meld.lit[data-meld="M2"] .lay-target')
        lit = page.eval_on_selector_all(".meld.lit", "els => els.map(e => e.dataset.meld)")
        assert lit == ["M2"], lit
        screenshots(page, "ravaytys-lay-off")
        act_and_wait(page, lambda: page.click('.meld[data-meld="M2"] .lay-target'))
        assert meld_cards(page, "M2") == ["8H", "8S", "8D", "8C"]
        assert page.locator('.hand [data-card="8C"]').count() == 0

        # Wild swap by keyboard: focus 7C, Enter, Shift+Tab to the lit swap target, Enter.
        page.focus('.hand [data-card="7C"]')
        page.keyboard.press("Enter")
        page.wait_for_selector('.meld.lit[data-meld="M1"] .swap-target')
        assert page.locator(".meld.lit").count() == 1  # only the sevens take 7C
        # The swap names the joker it frees (in words; the wild card's code in data-wild).
        swap = '.meld[data-meld="M1"] .swap-target'
        assert page.get_attribute(swap, "data-wild") == "JK"
        assert "joker" in page.inner_text(swap)
        before = state_id(page)
        tab_to(page, ".swap-target")
        page.keyboard.press("Enter")
        page.wait_for_function(
            f"document.querySelector('#table').dataset.stateId !== '{before}'", timeout=30_000
        )
        # The freed joker must go to the table (R-RV-17): every meld offers a place.
        page.wait_for_selector(".place-target")
        places = page.eval_on_selector_all(
            ".place-target", "els => els.map(e => e.closest('.meld').dataset.meld)"
        )
        assert places == ["M1", "M2", "M3", "M4"], places
        assert meld_cards(page, "M1") == ["7H", "7S", "7C"]
        before = state_id(page)
        tab_to(page, '.meld[data-meld="M3"] .place-target')
        page.keyboard.press("Enter")
        page.wait_for_function(
            f"document.querySelector('#table').dataset.stateId !== '{before}'", timeout=30_000
        )
        assert meld_cards(page, "M3") == ["5C", "5D", "5H", "JK as 5"]
        assert meld_cards(page, "M1") == ["7H", "7S", "7C"]
        assert page.locator(".place-target").count() == 0
        screenshots(page, "ravaytys-wild-swap")
        # Drag and drop: 6S onto the sixes.
        act_and_wait(
            page,
            lambda: page.drag_and_drop('.hand [data-card="6S"]', '.meld[data-meld="M4"]'),
        )
        assert meld_cards(page, "M4") == ["6C", "6D", "6H", "6S"]
        assert page.locator('.hand [data-kinds~="discard"]').count() == 3
        assert not page.js_errors, page.js_errors

    def test_ravaytys_lay_down_by_clicking_r_rv_13(page: Page, server: str) -> None:
        """R-RV-13: the contract (two sets) laid down with the table's own controls:
        "Lay down", open a set of sevens, add 7H, 7S and the joker by clicking them,
        close; the same for the eights. The melds then show on the table."""
        table = post_table(
            server,
            {
                "game": "ravaytys",
                "players": 3,
                "deck": RV_DECK,
                "setup": RV_SETUP[:3],  # seat 1 has drawn: its turn to play
            },
        )
        open_seat(page, server, table, 1)
        act_and_wait(page, lambda: page.click("#rv-meld"))
        for rank, cards in (("7", ["7H", "7S", "JK"]), ("8", ["8H", "8S", "8D"])):
            act_and_wait(page, partial(page.click, f'.open-btn[data-action="set {rank}"]'))
            for c in cards:
                page.click(f'.hand [data-card="{c}"][data-kinds~="add"]')
                act_and_wait(page, lambda: page.click("#rv-card-actions .add-btn"))
            act_and_wait(page, lambda: page.click("#rv-close"))
        assert meld_cards(page, "M1") == ["7H", "7S", "JK as 7"]
        assert meld_cards(page, "M2") == ["8H", "8S", "8D"]
        assert page.locator("#rv-cancel").count() == 0
        assert page.locator('.hand [data-kinds~="discard"]').count() > 0
        assert not page.js_errors, page.js_errors


if "viisisataa" in REGISTERED:

    def test_viisisataa_partner_choice_r_5s_25(page: Page, server: str) -> None:
        """R-5S-25 / D-5S-4: with five players the contractor chooses a partner after
        the bidding; the table then names the partner."""
        names = ["Aino", "Bertta", "Cecilia", "Daniel", "Eero"]
        table = post_table(
            server,
            {
                "game": "viisisataa",
                "players": 5,
                "seats": [{"name": n} for n in names],
                "setup": ["bid 7H", "pass", "pass", "pass", "pass"],
            },
        )
        open_seat(page, server, table, 1)
        choices = page.locator('button[data-action^="partner "]')
        assert choices.count() == 4  # anyone but the contractor
        # The contract in words (issue 15): "seven hearts", not the notation "7H".
        assert "seven hearts" in page.inner_text("#vs-contract").lower()
        assert page.inner_text("#vs-value") == "200 points"
        screenshots(page, "viisisataa-partner")
        act_and_wait(page, lambda: page.click('button[data-action="partner 4"]'))
        assert page.inner_text("#vs-partner") == "Eero"
        badges = page.inner_text('.seat-box[data-seat="4"] .seat-name')
        assert "partner" in badges
        assert page.locator('button[data-action^="partner "]').count() == 0
        # The contractor goes on to the kitty exchange.
        page.wait_for_selector('.hand button.playable[data-action^="discard"]')
        assert not page.js_errors, page.js_errors

    def test_viisisataa_partner_by_card_r_5s_25(page: Page, server: str) -> None:
        """R-5S-25 variant (option partner_by_card): after the kitty exchange the
        contractor names a card; the table shows the called card."""
        table = post_table(
            server,
            {
                "game": "viisisataa",
                "players": 5,
                "options": {"partner_by_card": True},
                "setup": ["bid 6S", "pass", "pass", "pass", "pass"],
            },
        )
        open_seat(page, server, table, 1)
        for _ in range(3):  # the kitty exchange, by clicking cards to put away
            discard = page.locator('.hand button.playable[data-action^="discard"]').first
            act_and_wait(page, discard.click)
        calls = page.locator('[data-action^="call "]')
        calls.first.wait_for()
        offered = page.eval_on_selector_all(
            '[data-action^="call "]', "els => els.map(e => e.dataset.action.slice(5))"
        )
        mine = page.eval_on_selector_all(".hand [data-card]", "els => els.map(e => e.dataset.card)")
        assert offered and not set(offered) & set(mine)  # never a card of one's own
        called = next((c for c in ("AH", "KH", "QH", "JH") if c in offered), offered[0])
        act_and_wait(page, lambda: page.click(f'[data-action="call {called}"]'))
        # The called card is named in words (issue 15), as the display layer names it.
        assert page.inner_text("#vs-partner-card") == card_names("viisisataa", "en")[called]
        assert page.locator('[data-action^="call "]').count() == 0
        assert "secret partner" in page.inner_text("#log")
        assert not page.js_errors, page.js_errors

    def test_viisisataa_doubling_v5_d_5s_7(page: Page, browser: Any, server: str) -> None:
        """V5 / D-5S-7 (option doubling): after the bidding an opponent doubles, then
        the contractor (a second browser profile) redoubles; both tables show the
        multiplier and the contract value doubled, then redoubled."""
        table = post_table(
            server,
            {
                "game": "viisisataa",
                "players": 3,
                "options": {"doubling": True},
                "seats": [{"name": "Aino"}, {"name": "Bertta"}, {"name": "Cecilia"}],
                "setup": ["bid 6H", "pass", "pass", "pass"],
            },
        )
        open_seat(page, server, table, 0)
        assert page.inner_text("#vs-value") == "100 points"
        assert page.locator('button[data-action="double"]').count() == 1
        act_and_wait(page, lambda: page.click('button[data-action="double"]'))
        assert page.inner_text("#vs-multiplier") == "×2"
        assert page.inner_text("#vs-value") == "100 × 2 = 200 points"
        assert "Aino doubles." in page.inner_text("#log")
        screenshots(page, "viisisataa-doubled")
        ctx = browser.new_context(locale="en-GB")
        try:
            contractor = ctx.new_page()
            open_seat(contractor, server, table, 1)
            assert contractor.inner_text("#vs-value") == "100 × 2 = 200 points"
            act_and_wait(contractor, lambda: contractor.click('button[data-action="redouble"]'))
            assert contractor.inner_text("#vs-multiplier") == "×4"
            assert contractor.inner_text("#vs-value") == "100 × 4 = 400 points"
            # The contractor goes on to the kitty exchange.
            contractor.wait_for_selector('.hand button.playable[data-action^="discard"]')
        finally:
            ctx.close()
        page.wait_for_function(
            "document.querySelector('#vs-value')?.textContent === '100 × 4 = 400 points'"
        )
        assert "Bertta redoubles." in page.inner_text("#log")
        assert not page.js_errors, page.js_errors


if "zoker-solo" in REGISTERED:
    BOARD_JS = """() => [...document.querySelectorAll('.solo-grid .solo-cell')]
      .map(c => (c.querySelector('[data-card]')?.dataset.card || '-') + ' '
                + c.querySelector('.pos').textContent)"""

    def solo_step(page: Page) -> None:
        """Move the first movable card or pile onto its first target (never a deal)."""
        page.click('.solo-grid [aria-pressed="false"] >> nth=0')
        page.locator(".solo-grid .target").first.wait_for()
        act_and_wait(page, lambda: page.locator(".solo-grid .target").first.click())

    def test_zoker_solo_undo_button_and_keyboard_d_so_3(page: Page, server: str) -> None:
        """D-SO-3 undo: a move, then Undo, shows the board from before the move;
        the same with the U key. Nothing to take back at the start."""
        create_table(page, server, "zoker-solo", 1, ["human"])
        page.wait_for_selector("#table")
        assert wait_turn_or_end(page) == "mine"
        assert page.is_disabled("#solo-undo")  # nothing played yet
        start = page.evaluate(BOARD_JS)
        solo_step(page)
        moved = page.evaluate(BOARD_JS)
        assert moved != start
        page.wait_for_selector("#solo-undo:not([disabled])")
        screenshots(page, "zoker-solo-undo")
        act_and_wait(page, lambda: page.click("#solo-undo"))
        assert page.evaluate(BOARD_JS) == start
        assert page.is_disabled("#solo-undo")
        assert page.get_attribute("#table", "data-moves") == "0"
        # Keyboard: a move, then U.
        solo_step(page)
        assert page.evaluate(BOARD_JS) == moved  # the same deal: the same move
        page.wait_for_selector("#solo-undo:not([disabled])")
        page.locator("#solo-undo").focus()
        act_and_wait(page, lambda: page.keyboard.press("u"))
        assert page.evaluate(BOARD_JS) == start
        assert not page.js_errors, page.js_errors

    def test_zoker_solo_no_undo_past_a_deal_d_so_3(page: Page, server: str) -> None:
        """D-SO-3 undo never takes back a deal (dealing again would show the order
        of the stock): right after "Deal four" Undo is disabled and U does nothing;
        a move after the deal can be taken back. Stacked: the deck in its natural
        order, three cards already moved onto a4."""
        game = pakka.load("zoker-solo")
        table = post_table(
            server,
            {
                "game": "zoker-solo",
                "deck": [str(c) for c in game.full_deck()],
                "setup": ["a1-a4", "b1-a4", "c1-a4"],
            },
        )
        open_seat(page, server, table, 0)
        page.wait_for_selector("#solo-undo:not([disabled])")
        page.click('.solo-grid [data-place="d1"]')
        act_and_wait(page, lambda: page.click('.solo-grid [data-place="a4"]'))
        assert page.locator("#solo-deal").count() == 1
        act_and_wait(page, lambda: page.click("#solo-deal"))
        dealt = page.evaluate(BOARD_JS)
        assert page.is_disabled("#solo-undo")
        sid = state_id(page)
        page.keyboard.press("u")
        page.wait_for_timeout(300)
        assert state_id(page) == sid and page.evaluate(BOARD_JS) == dealt
        solo_step(page)
        page.wait_for_selector("#solo-undo:not([disabled])")
        act_and_wait(page, lambda: page.click("#solo-undo"))
        assert page.evaluate(BOARD_JS) == dealt
        assert page.is_disabled("#solo-undo")
        assert not page.js_errors, page.js_errors
