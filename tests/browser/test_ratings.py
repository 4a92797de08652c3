"""Ratings in Chromium (issue 17): an account plays a rated Koodinmurtaja game against
the easy bot, created with the lobby's "rated" checkbox; afterwards the leaderboard
page and ``/api/me`` show the moved rating, equal to what ``openskill`` computes with
the bot's fixed ladder rating (which does not move). The lobby shows the bot levels'
ratings, and the leaderboard page in Finnish."""

from __future__ import annotations

import random
from typing import Any

from openskill.models import PlackettLuce

from pakka.ratings.bots import bot_rating, level_ratings

from .browser_helpers import km_move, new_page, play_to_end, wait_turn_or_end
from .test_profiles import PASSWORD

Page = Any


def test_a_rated_game_against_a_bot_moves_the_rating_as_openskill_says(
    browser: Any, server: str
) -> None:
    bot = bot_rating("koodinmurtaja", "easy")
    assert bot is not None, "the bot ladder has no Koodinmurtaja levels"
    ctx, page = new_page(browser)
    page.goto(server + "/#/")
    status = page.evaluate(
        "fetch('/api/session', {method: 'POST', headers: {'Content-Type': 'application/json'},"
        " body: JSON.stringify({name: 'Aino'})}).then((r) => r.status)"
    )
    assert status == 201
    page.goto(server + "/#profile")
    page.fill("#signup-account", "rated-aino")
    page.fill("#signup-password", PASSWORD)
    page.click("#signup")
    page.wait_for_selector("#logout")

    page.goto(server + "/#/")
    page.click('[data-game="koodinmurtaja"]')
    page.wait_for_selector('[data-game="koodinmurtaja"][aria-pressed="true"]')
    page.select_option("#players", "2")
    label = page.locator('#seat-1 option[value="bot:easy"]').inner_text()
    assert f"({level_ratings('koodinmurtaja')['easy']})" in label
    page.select_option("#seat-1", "bot:easy")
    page.check("#rated")
    page.fill("#my-name", "Aino")
    page.click("#create")
    page.wait_for_selector("#table")
    table_id = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('table')")
    summary = page.evaluate(f"fetch('/api/tables/{table_id}').then((r) => r.json())")
    assert summary["rated"] is True
    wait_turn_or_end(page)
    # Fair play: a rated table offers no probabilities (the unrated table's button is
    # used in test_koodinmurtaja.py).
    assert page.locator("#table").count() == 1 and page.locator("#km-hint").count() == 0
    # ...and the server refuses the hint itself, also to this browser's session cookie.
    refused = page.evaluate(
        f"fetch('/api/tables/{table_id}/hint', {{method: 'POST', headers: "
        "{'Content-Type': 'application/json'}, body: '{}'})"
        ".then(async (r) => [r.status, (await r.json()).error])"
    )
    assert refused == [403, "rated_assist"]
    rng = random.Random(5)
    play_to_end([page], lambda p: km_move(p, rng))

    me = page.evaluate(
        "async () => { for (let i = 0; i < 200; i++) {"
        " const m = await (await fetch('/api/me')).json();"
        " if (m.ratings && m.ratings.length) return m;"
        " await new Promise((r) => setTimeout(r, 100)); } return null; }"
    )
    assert me is not None, "the rating did not move"
    (mine,) = me["ratings"]
    prof = page.evaluate(f"fetch('/api/profiles/{me['id']}').then((r) => r.json())")
    result = next(g for g in prof["games"] if g["table_id"] == table_id)["result"]
    ranks = {"win": [0.0, 1.0], "loss": [1.0, 0.0], "draw": [0.0, 0.0]}[result]
    model = PlackettLuce()
    (a,), (_b,) = model.rate(
        [[model.rating()], [model.rating(mu=bot.mu, sigma=bot.sigma)]], ranks=ranks
    )
    assert (mine["mu"], mine["sigma"]) == (a.mu, a.sigma)
    shown = round(1500 + 20 * (a.mu - 3 * a.sigma))
    assert mine["rating"] == shown and mine["games"] == 1
    assert bot_rating("koodinmurtaja", "easy") == bot  # fixed

    page.goto(server + "/#profile")
    page.wait_for_selector('#ratings tr[data-game="koodinmurtaja"]')
    cell = page.locator('#ratings tr[data-game="koodinmurtaja"] [data-rating]')
    assert cell.inner_text() == str(shown)

    page.goto(server + "/#leaderboard=koodinmurtaja")
    page.wait_for_selector("#my-place")
    assert str(shown) in page.inner_text("#my-place")
    bots = page.locator("#bot-ratings tbody tr")
    assert bots.count() == 3
    assert page.locator("#bot-ratings caption").count() == 1
    page.click("#lang-btn")
    page.wait_for_function(
        "document.querySelector('#my-place').textContent.includes('Vahvuuslukusi')"
    )
    page.click("#lang-btn")
    assert not page.js_errors, page.js_errors
    ctx.close()
