"""Players in Chromium (issue 17, "done when"): a guest plays a game, closes the browser
and comes back with the same cookies to find the table and the history; an account
holder logs in from a second fresh browser context and sees the same; the profile
page in both languages, its replay link, and a foreign page cannot use the cookie."""

from __future__ import annotations

import os
import random
from typing import Any

from pakka.core.registry import games

from .browser_helpers import ROOT, create_table, new_page, pairs_move, play_to_end, start_game
from .test_axe import _explain, violations

Page = Any
DOC_IMG = ROOT / "docs" / "img"
PASSWORD = "a long enough password"


def doc_shot(page: Page, name: str) -> None:
    """With ``PAKKA_DOC_SCREENSHOTS=1``, save the page as ``docs/img/<name>.png`` (a
    passing toast hidden)."""
    if os.environ.get("PAKKA_DOC_SCREENSHOTS") == "1":
        page.evaluate("document.getElementById('toast').hidden = true")
        DOC_IMG.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(DOC_IMG / f"{name}.png"), full_page=True)


def my_table_ids(page: Page, server: str) -> list[str]:
    """The tables the lobby's "My tables" lists (opened from their buttons)."""
    page.goto(server + "/#/")
    page.wait_for_selector("#my-tables-box li")
    return list(
        page.evaluate(
            "[...document.querySelectorAll('#my-tables-box li')].map((li) => li.dataset.table)"
        )
    )


def history_tables(page: Page, server: str) -> list[str]:
    page.goto(server + "/#profile")
    page.wait_for_selector("#history tbody tr")
    return list(
        page.evaluate(
            "[...document.querySelectorAll('#history tbody tr')].map((r) => r.dataset.table)"
        )
    )


def test_guest_comes_back_and_account_holder_on_a_second_context(browser: Any, server: str) -> None:
    assert "zoker-pairs" in games()
    ctx1, page = new_page(browser)
    start_game(page, server, "zoker-pairs", 1, ["human"], name="Aino", options={"cards": "8"})
    table_id = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('table')")
    rng = random.Random(17)
    play_to_end([page], lambda p: pairs_move(p, rng))
    assert not page.js_errors, page.js_errors
    cookies = ctx1.cookies()
    session = [c for c in cookies if c["name"] == "pakka_session"]
    assert session and session[0]["httpOnly"] and session[0]["sameSite"] == "Lax"
    assert page.evaluate("document.cookie").find("pakka_session") < 0  # HttpOnly
    ctx1.close()

    # The same browser again: only its cookies (no localStorage with seat tokens).
    ctx2, back = new_page(browser, storage_state={"cookies": cookies, "origins": []})
    assert table_id in my_table_ids(back, server)
    assert history_tables(back, server)[0] == table_id
    assert back.locator('[data-game="zoker-pairs"] [data-stat="games"]').inner_text() == "1"
    doc_shot(back, "profile-guest")
    # the replay link of the history opens the replay
    back.click("#history tbody tr .replay-link")
    back.wait_for_function("location.hash.startsWith('#replay=')")
    back.wait_for_selector("#replay, .replay", timeout=30000)
    # the guest makes an account
    back.goto(server + "/#profile")
    back.fill("#signup-account", "aino-k")
    back.fill("#signup-password", PASSWORD)
    back.click("#signup")
    back.wait_for_selector("#logout")
    assert "aino-k" in back.inner_text("#account-line")
    assert not back.js_errors, back.js_errors

    # A second, fresh context logs in and sees the same tables and history.
    ctx3, other = new_page(browser)
    other.goto(server + "/#profile")
    other.fill("#login-account", "AINO-K")
    other.fill("#login-password", "wrong password here")
    other.click("#login")
    other.wait_for_function("document.querySelector('#account-error').textContent.length > 0")
    assert "Wrong account name or password" in other.inner_text("#account-error")
    other.fill("#login-password", PASSWORD)
    other.click("#login")
    other.wait_for_selector("#history tbody tr")
    assert history_tables(other, server)[0] == table_id
    assert table_id in my_table_ids(other, server)
    # the devices: two sessions, this one marked
    other.goto(server + "/#profile")
    other.wait_for_selector("#sessions li")
    assert other.locator("#sessions li").count() == 2
    doc_shot(other, "profile-account")
    found = violations(other)  # WCAG 2.2 AA (axe-core), as every other page
    assert not found, _explain("profile page (en)", found)
    # in Finnish
    other.click("#lang-btn")
    other.wait_for_function("document.querySelector('#history-h').textContent === 'Pelatut pelit'")
    doc_shot(other, "profile-fi")
    found = violations(other)
    assert not found, _explain("profile page (fi)", found)
    other.click("#lang-btn")
    assert not other.js_errors, other.js_errors
    ctx3.close()
    ctx2.close()


def test_a_foreign_page_cannot_use_the_cookie(browser: Any, server: str) -> None:
    """CSRF: a page of another site (localhost against 127.0.0.1) that posts to the site
    does not end the session: the SameSite=Lax cookie stays home and the Origin check
    refuses the request (the Origin check alone: tests/server/test_identity.py)."""
    ctx, page = new_page(browser)
    page.goto(server + "/#profile")
    status = page.evaluate(
        "fetch('/api/session', {method: 'POST', headers: {'Content-Type': 'application/json'},"
        " body: JSON.stringify({name: 'Eero'})}).then((r) => r.status)"
    )
    assert status in (200, 201)
    # Another origin: the same server under another host name (127.0.0.1 vs localhost).
    foreign = server.replace("127.0.0.1", "localhost")
    page.goto(foreign + "/#/")
    status = page.evaluate(
        f"fetch('{server}/api/logout', {{method: 'POST', credentials: 'include',"
        " mode: 'no-cors'}).then((r) => r.type)"
    )
    assert status == "opaque"
    page.goto(server + "/#profile")
    me = page.evaluate("fetch('/api/me').then((r) => r.status)")
    assert me == 200  # still signed in: the foreign logout did nothing
    ctx.close()


def test_renaming_shows_on_the_profile_and_at_the_table(browser: Any, server: str) -> None:
    """The profile page's name form (issue 17): the new name is the page's heading and
    the name on the seat of a table the profile sits at (the server renames the seats
    bound to it) and in the lobby's "My tables"; the form passes axe like the rest of
    the page."""
    ctx, page = new_page(browser)
    create_table(page, server, "koodinmurtaja", 2, ["human", "bot:easy"], name="Aino")
    page.wait_for_selector("#table")
    table_id = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('table')")
    page.goto(server + "/#profile")
    page.wait_for_selector("#rename-name")
    assert page.input_value("#rename-name") == "Aino"
    found = violations(page)
    assert not found, _explain("profile page with the name form", found)
    page.fill("#rename-name", "Aino Uusi")
    page.click("#rename")
    page.wait_for_function("document.querySelector('#profile-name').textContent === 'Aino Uusi'")
    page.goto(server + f"/#table={table_id}")
    page.wait_for_selector("#table")
    page.wait_for_function("document.body.innerText.includes('Aino Uusi')")
    seats = page.evaluate(f"fetch('/api/tables/{table_id}').then((r) => r.json())")["seats"]
    assert seats[0]["name"] == "Aino Uusi"
    # The lobby's "My tables" says who sits there, by the new name (bots unnamed).
    page.goto(server + "/#/")
    row = page.locator(f'#my-tables-box li[data-table="{table_id}"] .who')
    row.wait_for(timeout=30_000)
    assert row.inner_text().strip() == "Aino Uusi"
    assert not page.js_errors, page.js_errors
    ctx.close()
