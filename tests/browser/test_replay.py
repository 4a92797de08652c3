"""Replays and a table's history in the browser: a finished game of every game
replayed from its record (step forward and back, jump, autoplay, every hand
shown), through a shareable link under the records' access rule; the table's
history opening the replays, and play again keeping the seats."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from typing import Any

import pytest

from pakka.core.registry import games

from .browser_helpers import create_table, play_to_end, vs_move

Page = Any

# Every registered game, with options that keep an all-bot game short.
GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "koodinmurtaja": (3, {}),
    "viisisataa": (3, {"max_hands": 1}),
    "ravaytys": (3, {"max_turns_per_round": 3}),
    "zoker-solo": (1, {}),
    "zoker-memo": (2, {"layout": 8}),
    "zoker-tiko": (2, {}),
    "zoker-kubo": (2, {}),
    "zoker-pairs": (1, {"cards": 8}),
}


def test_every_game_is_covered() -> None:
    assert set(GAMES) == set(games())


def http(server: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> Any:
    """A JSON request to the test server."""
    req = urllib.request.Request(
        server + path,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json", **(headers or {})},
        method="GET" if body is None else "POST",
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def finished(server: str, game: str, listed: bool = False) -> dict[str, Any]:
    """An unlisted (or listed) table whose first game the bots played to the end."""
    players, options = GAMES[game]
    seats = [{"kind": "bot", "level": "easy"} for _ in range(players)]
    t: dict[str, Any] = http(
        server,
        "/api/tables",
        {"game": game, "players": players, "options": options, "seats": seats, "listed": listed},
    )
    code = {"X-Spectator-Code": t["spectator"]["code"]}
    deadline = time.time() + 120
    while not http(server, f"/api/tables/{t['table_id']}", headers=code)["is_terminal"]:
        assert time.time() < deadline, f"{game}: the bots did not finish"
        time.sleep(0.1)
    return t


def step(page: Page) -> int:
    return int(page.get_attribute("#replay", "data-step") or "-1")


def wait_step(page: Page, n: int) -> None:
    page.wait_for_function(
        f"document.querySelector('#replay')?.dataset.step === '{n}'", timeout=10_000
    )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_complete_replay_of_a_finished_game(page: Page, server: str, game: str) -> None:
    """Open the shared replay link of an unlisted table's finished game on a fresh
    device and go through every move of it, forward and back; jump; autoplay."""
    t = finished(server, game)
    tid, code = t["table_id"], t["spectator"]["code"]
    rep = http(server, f"/api/tables/{tid}/games/1/replay", headers={"X-Spectator-Code": code})
    steps = rep["steps"]
    players = rep["players"]
    # Without the code this fresh device may not read it: the access rule.
    page.goto(f"{server}/#replay={tid}&game=1")
    page.wait_for_selector("text=This device has no seat at this table.")
    page.goto(f"{server}/#replay={tid}&game=1&watch={code}")
    page.wait_for_selector("#replay")
    assert page.get_attribute("#replay", "data-steps") == str(steps)
    assert step(page) == 0
    felt = page.locator("#replay .felt")
    # Forward through every move with the button, then the keyboard back to the deal.
    for i in range(1, steps):
        page.click("#replay-next")
        wait_step(page, i)
        assert felt.count() >= 1
        assert page.locator("#replay .felt .seat-box, #replay .felt .card").count() > 0
        shown = rep["views"][i]  # the differences: moves counted by the engine
        moves = [s.get("moves") for s in shown if "moves" in s]
        assert not moves or moves[0] == i
    assert page.locator("#replay-next").is_disabled()
    # The log at the end holds the whole game's log of the seat shown.
    seat = int(page.get_attribute("#replay", "data-seats").split(",")[0])
    assert page.locator("#log li").count() == len(rep["logs"][seat])
    for i in range(steps - 2, max(-1, steps - 12), -1):
        page.keyboard.press("ArrowLeft")
        wait_step(page, i)
    page.keyboard.press("Home")
    wait_step(page, 0)
    page.keyboard.press("End")
    wait_step(page, steps - 1)
    # Every hand: one felt per seat, each from that seat's own view.
    if players > 1:
        page.select_option("#replay-seen", "all")
        page.wait_for_function(
            f"document.querySelectorAll('#replay .felt[data-seat]').length === {players}"
        )
        assert page.get_attribute("#replay", "data-seats") == ",".join(map(str, range(players)))
        for s in range(players):
            page.select_option("#replay-seen", str(s))
            page.wait_for_function(f"document.querySelector('#replay').dataset.seats === '{s}'")
    # Jump to the last mark of each kind the server gave.
    for kind in sorted({m["kind"] for m in rep["marks"]}):
        target = [m for m in rep["marks"] if m["kind"] == kind][-1]["step"]
        page.select_option(f"#replay-jump-{kind}", str(target))
        wait_step(page, target)
    # Autoplay from the deal at the fastest speed runs on by itself, then pauses.
    page.keyboard.press("Home")
    wait_step(page, 0)
    page.select_option("#replay-speed", "8")
    page.click("#replay-play")
    page.wait_for_function(
        f"Number(document.querySelector('#replay').dataset.step) >= {min(3, steps - 1)}",
        timeout=10_000,
    )
    at = step(page)
    page.click("#replay-play")
    page.wait_for_function("document.querySelector('#replay').dataset.playing === 'false'")
    paused = step(page)
    assert paused >= at, (at, paused, steps)
    page.wait_for_timeout(400)
    assert step(page) == paused
    assert not page.js_errors, page.js_errors


def test_replay_in_finnish_and_listed_tables_are_public(browser: Any, server: str) -> None:
    """A listed table's replay opens without a code; the controls speak Finnish."""
    t = finished(server, "zoker-tiko", listed=True)
    ctx = browser.new_context(locale="fi-FI")
    try:
        p = ctx.new_page()
        p.goto(f"{server}/#replay={t['table_id']}&game=1")
        p.wait_for_selector("#replay")
        assert p.inner_text("#replay-play") == "Toista"
        assert "Pelin 1 toisto" in p.inner_text("h1")
    finally:
        ctx.close()


def test_history_opens_replays_and_play_again_keeps_seats(page: Page, server: str) -> None:
    """Play a game at a table; its history lists it with scores and opens its replay;
    play again starts game 2 with the same seats."""
    create_table(
        page, server, "viisisataa", 3, ["human", "bot:easy", "bot:easy"], options={"max_hands": "1"}
    )
    used: set[str] = set()
    import random

    rng = random.Random(5)
    play_to_end([page], lambda p: vs_move(p, rng, used))
    page.wait_for_selector('#history tr[data-game-no="1"][data-finished="true"]')
    before = page.evaluate("window.pakkaTable.summary.seats")
    scores = page.evaluate("window.pakkaTable.currentFrame().view.scores")
    cells = page.locator('#history tr[data-game-no="1"] td.num')
    assert [cells.nth(i).inner_text() for i in range(cells.count())] == [str(s) for s in scores]
    page.click("#play-again")
    page.wait_for_selector('#table[data-game-no="2"]')
    page.wait_for_selector('#history tr[data-game-no="2"][data-finished="false"]')
    after = page.evaluate("window.pakkaTable.summary.seats")
    assert [(s["name"], s["kind"], s["status"]) for s in after] == [
        (s["name"], s["kind"], s["status"]) for s in before
    ]
    page.click('#history tr[data-game-no="1"] a.replay-link')
    page.wait_for_selector("#replay")
    assert page.get_attribute("#replay", "data-step") == "0"
    page.keyboard.press("End")
    page.wait_for_function("document.querySelector('#replay-next').disabled")
    page.click("text=Back to the table")
    page.wait_for_selector('#table[data-game-no="2"]')
    assert not page.js_errors, page.js_errors


def test_replay_refused_before_the_end(server: str) -> None:
    """A game in play has no replay (its record holds the deal)."""
    t = http(server, "/api/tables", {"game": "zoker-tiko", "players": 2, "take_seat": 0})
    with pytest.raises(urllib.error.HTTPError) as e:
        http(
            server,
            f"/api/tables/{t['table_id']}/games/1/replay",
            headers={"X-Spectator-Code": t["spectator"]["code"]},
        )
    assert e.value.code == 409
