"""Presence idle (issue 16): a player whose page is open but untouched for the idle
threshold shows as idle ("away" / "poissa hetken") at the other players' seat lists,
and as connected again as soon as they tap, click or press a key.

The threshold is two minutes; the idle player's page here sets a short one
(``window.pakkaIdleAfterMs``, read by js/live.js) in an init script."""

from __future__ import annotations

from typing import Any

import pytest

from .browser_helpers import DESKTOP, PHONE, open_invite, post_table

IDLE_MS = 1500


@pytest.mark.parametrize(
    ("locale", "idle_word", "here_word"),
    [
        ("en-GB", "away", "here"),
        ("fi-FI", "poissa hetken", "paikalla"),
    ],
)
def test_untouched_page_goes_idle_and_comes_back_on_activity(
    browser: Any, server: str, locale: str, idle_word: str, here_word: str
) -> None:
    """Player 2 leaves the page untouched: player 1 sees them idle, then connected
    again after a tap (a touch screen), and idle again, then connected after a key."""
    table = post_table(
        server, {"game": "koodinmurtaja", "players": 2, "seats": [{"kind": "human"}] * 2}
    )
    ctx_a = browser.new_context(viewport=DESKTOP, locale=locale)
    ctx_b = browser.new_context(viewport=PHONE, locale="en-GB", has_touch=True, is_mobile=True)
    ctx_b.add_init_script(f"window.pakkaIdleAfterMs = {IDLE_MS};")
    try:
        a, b = ctx_a.new_page(), ctx_b.new_page()
        errors: list[str] = []
        for p in (a, b):
            p.on("pageerror", lambda e: errors.append(str(e)))
        open_invite(a, server, table, 0, "Aino")
        open_invite(b, server, table, 1, "Bertta")
        other = '.seat-item[data-seat="1"]'
        # Untouched for the threshold: idle.
        a.wait_for_selector(f'{other}[data-presence="idle"]', timeout=20_000)
        assert idle_word in a.inner_text(other)
        # The player itself stays "connected" at its own list (a has the default
        # threshold of two minutes and has just clicked).
        a.wait_for_selector('.seat-item[data-seat="0"][data-presence="connected"]')
        # A tap anywhere on the page: connected again.
        b.tap("h1")
        a.wait_for_selector(f'{other}[data-presence="connected"]', timeout=20_000)
        assert here_word in a.inner_text(other)
        # Untouched again, then a key: idle, then connected.
        a.wait_for_selector(f'{other}[data-presence="idle"]', timeout=20_000)
        b.keyboard.press("Shift")
        a.wait_for_selector(f'{other}[data-presence="connected"]', timeout=20_000)
        assert not errors, errors
    finally:
        ctx_a.close()
        ctx_b.close()
