"""Koodinmurtaja in a real browser: complete games from the lobby by clicking
and by keyboard, two players through an invite link, reload, language switch,
hot-seat, and screenshots of the table at desktop and phone size."""

from __future__ import annotations

import random
from typing import Any

from .browser_helpers import (
    act_and_wait,
    claim_invite,
    create_table,
    km_move,
    play_to_end,
    screenshots,
    start_game,
    state_id,
    wait_turn_or_end,
)

GAME = "koodinmurtaja"


def test_complete_game_against_bots_by_clicking(page: Any, server: str) -> None:
    """Lobby → table → a whole game with a guess, a stop and the hint overlay."""
    rng = random.Random(1)
    assert start_game(page, server, GAME, 3, ["human", "bot:easy", "bot:easy"]) == "mine"
    # The hint overlay shows rank probabilities under the hidden cards.
    page.click("#km-hint")
    page.wait_for_selector(".prob")
    assert "%" in page.inner_text(".prob >> nth=0")
    screenshots(page, "koodinmurtaja")
    play_to_end([page], lambda p: km_move(p, rng))
    text = page.inner_text("#result-text")
    assert text.startswith(("Winner", "You won", "Nobody"))
    assert page.locator("#log li").count() > 5
    screenshots(page, "koodinmurtaja-over")
    # Play again starts the next game at the same table.
    before = int(page.get_attribute("#table", "data-game-no") or "0")
    page.click("#play-again")
    page.wait_for_selector(f'#table[data-game-no="{before + 1}"]')
    assert not page.js_errors, page.js_errors


def test_keyboard_only_game(page: Any, server: str) -> None:
    """The whole game, lobby included, with Tab and Enter only."""
    page.goto(server + "/#/")
    page.wait_for_selector("#create")
    # Tab to Koodinmurtaja and choose it, then Tab to "Create table"
    # (defaults: 2 players, a medium bot).
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.game") == GAME:
            break
    page.keyboard.press("Enter")
    page.wait_for_selector(f'[data-game="{GAME}"][aria-pressed="true"]')
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "create":
            break
    else:
        raise AssertionError("Create table cannot be reached with Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector("#table")
    for _ in range(300):
        state = wait_turn_or_end(page)
        if state == "over":
            break
        # On my turn the first card to guess has the focus; Enter picks it,
        # the rank buttons then have the focus and Enter guesses.
        page.wait_for_function("document.activeElement?.classList.contains('guessable')")
        page.keyboard.press("Enter")
        page.wait_for_function("document.activeElement?.dataset.rank !== undefined")
        act_and_wait(page, lambda: page.keyboard.press("Enter"))
    else:
        raise AssertionError("the game did not end")
    page.wait_for_function("document.activeElement?.id === 'play-again'")
    assert not page.js_errors, page.js_errors


def test_two_players_through_an_invite_link(browser: Any, server: str) -> None:
    """A second browser profile joins by the invite link and both play to the end."""
    rng = random.Random(2)
    a = browser.new_context(viewport={"width": 1280, "height": 860}, locale="en-GB")
    b = browser.new_context(viewport={"width": 390, "height": 844}, locale="fi-FI")
    try:
        pa = a.new_page()
        create_table(pa, server, GAME, 2, ["human", "human"], name="Aino")
        pa.wait_for_selector(".invites code")
        link = pa.inner_text(".invites code >> nth=0")
        assert "#invite=" in link
        pa.click("#go-table")
        pb = b.new_page()
        claim_invite(pb, link, "Bea")
        pb.wait_for_selector("#table")
        # The guest's browser speaks Finnish by default.
        assert pb.inner_text("#lang-btn") == "In English"
        # The invite works only once.
        pc = a.new_page()
        claim_invite(pc, link)
        pc.wait_for_selector("text=already been used")
        pc.close()
        pa.wait_for_selector("#table")
        # The spectator link shows the table to a watcher who cannot act.
        spectator_link = pa.evaluate(
            "Object.values(JSON.parse(localStorage.getItem('pakka.tables')))[0].spectator.url"
        )
        c = browser.new_context(locale="en-GB")
        pw = c.new_page()
        pw.goto(server + spectator_link)
        pw.wait_for_selector("text=You are watching")
        assert pw.locator("button.guessable").count() == 0
        c.close()
        play_to_end([pa, pb], lambda p: km_move(p, rng, smart=True))
        assert pa.inner_text("#result-text") and pb.inner_text("#result-text")
    finally:
        a.close()
        b.close()


def test_open_table_joined_from_the_lobby(browser: Any, server: str) -> None:
    """A listed table with a free seat appears under "Open tables"; Join takes the seat."""
    a = browser.new_context(locale="en-GB")
    b = browser.new_context(locale="en-GB")
    try:
        pa = a.new_page()
        create_table(pa, server, GAME, 2, ["human", "human"], name="Host")
        pa.wait_for_selector(".invites code")
        table_id = pa.evaluate("Object.keys(JSON.parse(localStorage.getItem('pakka.tables')))[0]")
        # My tables lists it for its creator.
        pa.goto(server + "/#/")
        pa.wait_for_selector(".table-list li")
        pb = b.new_page()
        pb.goto(server + "/#/")
        pb.wait_for_selector("text=Open tables")
        pb.locator(".table-list li", has_text="Host").first.wait_for()
        pb.fill("#my-name", "Guest")
        pb.locator(".table-list li button", has_text="Join").first.click()
        pb.wait_for_selector("#table")
        assert table_id in pb.url
        pb.wait_for_selector("text=Host")
    finally:
        a.close()
        b.close()


def test_reload_resumes_and_language_switch_rerenders_log(page: Any, server: str) -> None:
    rng = random.Random(3)
    create_table(page, server, GAME, 2, ["human", "bot:easy"])
    page.wait_for_selector("#table")
    for _ in range(3):
        if wait_turn_or_end(page) != "mine":
            break
        km_move(page, rng)
    wait_turn_or_end(page)
    sid = state_id(page)
    log_before = page.inner_text("#log")
    # A dropped connection shows "reconnecting" and comes back by itself.
    page.evaluate("window.pakkaTable.socket.ws.close()")
    page.wait_for_selector("#conn.bad")
    assert "reconnecting" in page.inner_text("#conn")
    page.wait_for_selector('body[data-conn="open"]')
    page.reload()
    page.wait_for_selector("#table")
    assert state_id(page) >= sid
    assert page.inner_text("#log").startswith(log_before[:40])
    # Switching the language re-renders the log in Finnish, and back.
    page.click("#lang-btn")
    page.wait_for_function("document.documentElement.lang === 'fi'")
    fi_log = page.inner_text("#log")
    assert "Game 1" in log_before and "Peli 1" in fi_log and "Game 1" not in fi_log
    assert "Pelin tapahtumat" in page.inner_text(".side")
    page.click("#lang-btn")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert "Game 1" in page.inner_text("#log")
    assert not page.js_errors, page.js_errors


def test_refused_settings_are_explained_in_plain_words(page: Any, server: str) -> None:
    """D-KM-0: the half deck cannot deal to 8 players; the lobby says why."""
    create_table(page, server, GAME, 8, ["human"] + ["bot:easy"] * 7, options={"deck": "half"})
    page.wait_for_selector("#toast:not([hidden])")
    text = page.inner_text("#toast")
    assert "did not accept" in text and "half" in text
    assert page.locator("#table").count() == 0


def test_rules_page(page: Any, server: str) -> None:
    """The lobby links each game's rules; they render from Markdown."""
    page.goto(server + "/#/")
    page.click(f'[data-game="{GAME}"]')
    page.click(f'a[href="#rules={GAME}"]')
    page.wait_for_selector(".rules h2, .rules h3")
    assert page.locator(".rules li").count() > 3


def test_hot_seat_covers_the_table_between_players(page: Any, server: str) -> None:
    rng = random.Random(4)
    create_table(page, server, GAME, 2, ["human", "human"], hotseat=True)
    page.wait_for_selector("#cover-ok")
    assert "Pass the device" in page.inner_text(".cover h1")
    seen_covers = 0
    names = set()
    for _ in range(400):
        state = wait_turn_or_end(page)
        if state == "over" or seen_covers >= 4:
            break
        if state == "cover":
            seen_covers += 1
            names.add(page.inner_text(".cover h1"))
            page.click("#cover-ok")
            continue
        # Behind the cover only the seat to move sees its own code.
        assert page.locator(".seat-box.me").count() == 1
        km_move(page, rng)
    assert seen_covers >= 2 or page.get_attribute("#table", "data-terminal") == "true"
    assert len(names) == 2 or seen_covers < 2


def test_generic_view_plays_any_game(page: Any, server: str) -> None:
    """The fallback view: legal actions as buttons, enough to play a whole game."""
    create_table(page, server, GAME, 2, ["human", "bot:easy"])
    page.wait_for_selector("#table")
    url = page.url
    page.goto(url + "&view=generic")
    page.wait_for_selector(".generic-view")
    screenshots(page, "generic")
    rng = random.Random(5)

    def move(p: Any) -> None:
        buttons = p.locator(".action-list button")
        n = buttons.count()
        act_and_wait(p, lambda: buttons.nth(rng.randrange(n)).click())

    play_to_end([page], move)
    assert page.inner_text("#result-text")
