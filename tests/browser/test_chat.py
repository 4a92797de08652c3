"""The table chat in Chromium (issue 16): a player's message reaches a spectator in
another browser context, shown as plain text; a spectator's message never reaches
the player before the game is over; an over-long and a too-fast message are refused
with a visible message; a mute per reader, remembered on reload; the creator
removes a message; the panel in Finnish."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from .browser_helpers import DESKTOP, PHONE, post_table
from .test_live_table import doc_shot

Page = Any

SECRET = "spectator tip: seat 0 holds the ace"


def _page(browser: Any, locale: str = "en-GB", **kwargs: Any) -> tuple[Any, Page, list[str]]:
    """A fresh context and page recording JavaScript errors and its own frames."""
    kwargs.setdefault("viewport", DESKTOP)
    ctx = browser.new_context(locale=locale, **kwargs)
    page = ctx.new_page()
    errors: list[str] = []
    frames: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(str(p))))
    page.js_errors = errors
    return ctx, page, frames


def _as_creator(page: Page, server: str, table: dict[str, Any]) -> None:
    """Open the table on the device that created it (its seat and admin token)."""
    page.goto(server + "/#/")
    info = {
        table["table_id"]: {
            "tokens": table["seat_tokens"],
            "admin_token": table["admin_token"],
            "game": "koodinmurtaja",
        }
    }
    page.evaluate(f"localStorage.setItem('pakka.tables', {json.dumps(json.dumps(info))})")
    page.goto(server + f"/#table={table['table_id']}")
    page.wait_for_selector("#table")
    page.wait_for_selector("#chat-input")


def _say(page: Page, text: str) -> None:
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def _shown(page: Page, text: str, timeout: int = 30_000) -> None:
    """Wait until a chat message with exactly ``text`` is on screen."""
    page.wait_for_function(
        "t => [...document.querySelectorAll('#chat-log .chat-text')]"
        ".some(e => e.textContent === t)",
        arg=text,
        timeout=timeout,
    )


def _table(server: str) -> dict[str, Any]:
    return post_table(
        server,
        {
            "game": "koodinmurtaja",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}],
            "take_seat": 0,
        },
    )


def test_chat_between_a_player_and_a_spectator(browser: Any, server: str) -> None:
    """Player and spectator in two contexts: the player's words reach the spectator
    as text; the spectator's never reach the player (page or frames) during the
    game; refusals are shown; the creator removes a message; a mute is kept."""
    table = _table(server)
    ctx_p, player, player_frames = _page(browser)
    ctx_s, spect, _ = _page(browser)
    try:
        _as_creator(player, server, table)
        spect.goto(server + table["spectator"]["url"])
        spect.wait_for_selector("#chat")
        assert spect.get_attribute("#chat-log", "aria-live") == "polite"
        assert spect.inner_text("label[for=chat-input]") == "Message"
        # A spectator starts on their own channel's tab, where they write.
        assert spect.get_attribute("#chat-tab-spectators", "aria-selected") == "true"
        spect.click("#chat-tab-players")
        # The player's message reaches the spectator, as text (never as HTML).
        _say(player, "Hello <b>x</b> & <img src=x onerror=alert(1)>")
        _shown(spect, "Hello <b>x</b> & <img src=x onerror=alert(1)>")
        assert spect.locator("#chat-log b, #chat-log img").count() == 0
        who = spect.inner_text("#chat-log .chat-msg .chat-who")
        assert who  # the seat's name in the reader's words
        # The spectator writes in the spectators' channel.
        spect.click("#chat-tab-spectators")
        _say(spect, SECRET)
        _shown(spect, SECRET)
        _say(player, "after the tip")
        spect.click("#chat-tab-players")
        _shown(spect, "after the tip")
        _shown(player, "after the tip")
        assert SECRET not in player.inner_text("body")
        assert not any(SECRET in f for f in player_frames), "a spectator's words reached a player"
        assert player.locator("#chat-tab-spectators").count() == 0 or not player.is_visible(
            "#chat-tab-spectators"
        )
        doc_shot(spect, "chat")
        # Over-long: the counter says so, the server refuses, the page shows why.
        player.fill("#chat-input", "x" * 301)
        assert player.inner_text("#chat-count") == "301/300 characters"
        assert "over" in (player.get_attribute("#chat-count", "class") or "")
        player.press("#chat-input", "Enter")
        player.wait_for_function(
            "document.querySelector('#chat-status')?.textContent.includes('at most 300')"
        )
        # Too fast: at most 5 messages in 10 seconds (two were sent already).
        # (Every text the status line shows is collected: a later send clears it.)
        player.evaluate(
            "window.chatSaid = []; new MutationObserver(() => window.chatSaid.push("
            "document.querySelector('#chat-status').textContent)).observe("
            "document.querySelector('#chat-status'), {childList: true, characterData: true,"
            " subtree: true})"
        )
        for i in range(12):
            _say(player, f"quick {i}")
        player.wait_for_function(
            "window.chatSaid.some(s => s.includes('At most 5 messages in 10 seconds'))",
            timeout=30_000,
        )
        # The creator removes their first message: everyone sees it removed.
        first = player.locator(".chat-msg", has_text="Hello").first
        first.locator(".chat-remove").click()
        spect.wait_for_selector(".chat-msg.removed")
        assert "removed" in spect.inner_text(".chat-msg.removed")
        # Report: stored for the operator, and the reader is told.
        spect.locator(".chat-msg", has_text="after the tip").locator(".chat-report").click()
        spect.wait_for_function(
            "document.querySelector('#chat-status')?.textContent.includes('Reported')"
        )
        # A mute is the reader's own and is kept on reload.
        spect.locator(".chat-msg", has_text="after the tip").locator(".chat-mute").click()
        spect.wait_for_function(
            "![...document.querySelectorAll('#chat-log .chat-text')]"
            ".some(e => e.textContent === 'after the tip')"
        )
        assert spect.is_visible(".chat-unmute")
        spect.reload()
        spect.wait_for_selector("#chat-tab-players")
        spect.click("#chat-tab-players")
        spect.wait_for_selector(".chat-unmute")
        _shown(player, "after the tip")  # the player still sees their own words
        spect.click(".chat-unmute")
        _shown(spect, "after the tip")
        # The reloaded spectator keeps its chat identity (its chat key).
        spect.click("#chat-tab-spectators")
        _shown(spect, SECRET)
        assert not player.js_errors and not spect.js_errors
    finally:
        ctx_p.close()
        with contextlib.suppress(Exception):
            ctx_s.close()


def test_chat_in_finnish(browser: Any, server: str) -> None:
    """The panel and its refusals in Finnish."""
    table = _table(server)
    ctx, page, _ = _page(browser, locale="fi-FI")
    try:
        _as_creator(page, server, table)
        assert page.inner_text("#chat-title") == "Keskustelu"
        assert page.inner_text("label[for=chat-input]") == "Viesti"
        assert page.inner_text("#chat-count") == "0/300 merkkiä"
        assert page.inner_text(".chat-empty") == "Ei vielä viestejä."
        page.fill("#chat-input", "y" * 320)
        page.press("#chat-input", "Enter")
        page.wait_for_function(
            "document.querySelector('#chat-status')?.textContent.includes('enintään 300 merkkiä')"
        )
        _say(page, "Hei kaikki")
        _shown(page, "Hei kaikki")
        assert "Poista" in page.inner_text("#chat-log .chat-tools")
        assert not page.js_errors
    finally:
        ctx.close()


def test_chat_collapses_on_a_phone(browser: Any, server: str) -> None:
    """On a 390 px wide touch screen the panel starts collapsed under the table; its
    button opens it, keyboard first."""
    table = _table(server)
    ctx, page, _ = _page(browser, viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page.goto(server + table["spectator"]["url"])
        page.wait_for_selector("#chat-toggle")
        assert page.get_attribute("#chat-toggle", "aria-expanded") == "false"
        assert not page.is_visible("#chat-input")
        page.focus("#chat-toggle")
        page.keyboard.press("Enter")
        assert page.get_attribute("#chat-toggle", "aria-expanded") == "true"
        page.wait_for_selector("#chat-input", state="visible")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, "the chat makes the page scroll sideways"
        assert not page.js_errors
    finally:
        ctx.close()


def test_creator_removes_a_spectator(browser: Any, server: str) -> None:
    """The creator, watching on their own device (which holds the admin token), sees
    the spectators' channel and removes a spectator: that spectator's page says so
    and stops; nobody else is affected."""
    table = _table(server)
    ctx_c, creator, _ = _page(browser)
    ctx_s, spect, _ = _page(browser)
    try:
        creator.goto(server + "/#/")
        info = {table["table_id"]: {"tokens": {}, "admin_token": table["admin_token"]}}
        creator.evaluate(f"localStorage.setItem('pakka.tables', {json.dumps(json.dumps(info))})")
        creator.goto(server + table["spectator"]["url"])
        creator.wait_for_selector("#chat-tab-spectators")
        spect.goto(server + table["spectator"]["url"])
        spect.wait_for_selector("#chat-input")
        _say(spect, "buy cheap chips")
        _shown(creator, "buy cheap chips")
        assert spect.locator(".chat-kick").count() == 0  # only the creator may
        creator.locator(".chat-msg", has_text="buy cheap chips").locator(".chat-kick").click()
        spect.wait_for_function(
            "t => document.body.innerText.includes(t)",
            arg="The table's creator removed you from this table",
        )
        _say(creator, "still here")
        _shown(creator, "still here")
        assert not creator.js_errors and not spect.js_errors
    finally:
        ctx_c.close()
        with contextlib.suppress(Exception):
            ctx_s.close()
