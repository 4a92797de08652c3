"""A bot's Räväytys lay-down in the browser (issue 16): the server sends its build
steps in one state frame (``steps``, protocol 3) and the client draws that frame once,
so every card of the new melds moves together from the bot's seat, in one movement of
at most 300 ms (none under reduced motion); and the wait from the player's move to
their next turn is made of bot moves each under about 3 s (a lay-down of ten or more
steps arrives as quickly as one move).

The server is this test's own, with a bot pause of 0.5 s (tests/server/
test_bot_pacing.py has the server side at 0.25 s): a lay-down whose steps each
waited for the pause would take at least five seconds. The whole wait from the
player's move to their next turn (here nine bot moves of two bots) is printed, not
bounded: with a pause before every move it is at least their sum."""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser_helpers import DESKTOP, TURN_TIMEOUT, claim_invite, state_id, wait_turn_or_end
from .test_live_table import OwnServer

Page = Any

# Round 1 (two sets), dealer seat 0; dealt in blocks from seat 1, then the stock top
# (the deal of test_special_moves.py). Seat 1 (a bot) holds 7H 7S JK and 8H 8S 8D: two
# sets, its contract, which it lays down on its first turn.
RV_HANDS = {
    1: "7H 7S JK 8H 8S 8D 5S 6H 9S 10H JD",
    2: "5C 5D 5H 6C 6D 6H 7C 8C 6S 10D JC",
    0: "2H 3H 4D 5C 6S 7H 8D 9C 10S JH QD KC",
}
RV_DECK = f"{RV_HANDS[1]} {RV_HANDS[2]} {RV_HANDS[0]} 4S 3C".split()

PAUSE = 0.5
"""The bots' pause before a move on this test's server."""

LONGEST_BOT_WAIT = 3.0
"""Issue 16: no wait for a bot is longer than about 3 s."""


@pytest.fixture
def paced(tmp_path: Path) -> Iterator[OwnServer]:
    """A server of this test whose bots pause PAUSE seconds before a move."""
    s = OwnServer(tmp_path, PAKKA_BOT_PAUSE=str(PAUSE))
    s.start()
    try:
        yield s
    finally:
        s.stop()


def my_move(page: Page) -> None:
    """One cautious Räväytys decision by clicking (never a lay-down of our own): no
    to a buy, draw from the stock, else discard the first card that may go."""
    if page.locator("#rv-pass").count():
        page.click("#rv-pass")
    elif page.locator("#rv-draw").count():
        page.click("#rv-draw")
    else:
        page.locator('.hand [data-kinds~="discard"]').first.click()
        page.locator(".discard-btn").first.click()


def lay_down_frame(frames: list[str], table_id: str) -> dict[str, Any] | None:
    """The first state frame of ``table_id`` for seat 0 showing a bot's compound move."""
    for text in frames:
        f: dict[str, Any] = json.loads(text)
        if (
            f.get("type") == "state"
            and f.get("table_id") == table_id
            and f.get("last_action")
            and f["last_action"]["by"] == "bot"
            and len(f["steps"]) > 1
        ):
            return f
    return None


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_bot_lay_down_moves_as_one(browser: Any, paced: OwnServer, motion: str) -> None:
    """The human (seat 0) discards; bot seat 1 draws and lays down its two sets: that
    frame is drawn once, as one movement of all the new meld cards from the bot's seat
    (at most 300 ms), or with nothing moving under reduced motion; no state between
    the lay-down's first and last step is drawn; every bot move reaches the page
    within 3 s of the frame before it, and the lay-down sooner than its steps could
    have come with a pause before each."""
    table = paced.post(
        "/api/tables",
        {
            "game": "ravaytys",
            "players": 3,
            "seats": [
                {"kind": "human"},
                {"kind": "bot", "level": "medium"},
                {"kind": "bot", "level": "medium"},
            ],
            "deck": RV_DECK,
        },
    )
    tid = table["table_id"]
    start = len(browser.frames)
    ctx = browser.new_context(viewport=DESKTOP, locale="en-GB", reduced_motion=motion)
    try:
        page = ctx.new_page()
        arrivals: list[tuple[float, dict[str, Any]]] = []
        page.on(
            "websocket",
            lambda ws: ws.on(
                "framereceived", lambda t: arrivals.append((time.monotonic(), json.loads(t)))
            ),
        )
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        code = next(i["code"] for i in table["invites"] if i["seat"] == 0)
        claim_invite(page, paced.url + f"/#invite={code}", "Aino")
        page.wait_for_selector("#table")
        found = None
        for _ in range(40):
            assert wait_turn_or_end(page) == "mine"
            found = lay_down_frame(browser.frames[start:], tid)
            if found:
                break
            before = state_id(page)
            my_move(page)
            page.wait_for_function(
                f"(document.querySelector('#table')?.dataset.stateId ?? '{before}') !== '{before}'",
                timeout=TURN_TIMEOUT,
            )
        assert found is not None, "the bot never laid down"
        steps = [s["action"] for s in found["steps"]]
        assert steps[0] == "meld" and steps[-1] == "close" and len(steps) >= 10, steps
        assert {s["seat"] for s in found["steps"]} == {1}
        sid = found["state_id"]
        moves = page.evaluate("pakkaMotion.moves")
        mine = [m for m in moves if m["state"] == sid]
        assert len(mine) == 1, moves  # drawn once
        # No state inside the lay-down was drawn on its own.
        assert not [m for m in moves if sid - len(steps) < (m["state"] or -1) < sid], moves
        entry = mine[0]
        assert entry["steps"] == len(steps) and entry["mover"] == 1
        meld_cards = page.locator(".meld .meld-card").count()
        assert meld_cards >= 6
        if motion == "reduce":
            assert entry["reduced"] is True and entry["cards"] == 0, entry
            assert page.evaluate("pakkaMotion.started") == 0
        else:
            # Every card of the two new sets moved in this one movement.
            assert entry["reduced"] is False and entry["cards"] >= 6, entry
            assert entry["origin"] == "seat", entry  # from the bot's hand at its seat
            assert 0 < entry["ms"] <= 300, entry
            assert page.evaluate("pakkaMotion.longest") <= 300
        # The bots' moves as they reached the page: each (a compound move counted
        # once) came within 3 s of the frame before it, and the lay-down sooner than
        # its steps could have come with the pause before each of them.
        states = [(at, f) for at, f in arrivals if f.get("type") == "state"]
        gaps = [
            (b[0] - a[0], b[1])
            for a, b in itertools.pairwise(states)
            if b[1]["last_action"] and b[1]["last_action"]["by"] == "bot"
        ]
        assert gaps
        lay_gap = next(g for g, f in gaps if f["state_id"] == sid)
        # The whole wait: from the frame of the human's move that passed the turn on
        # to the frame that gave it back.
        waits: list[float] = []
        passed: float | None = None
        for at, f in states:
            last = f["last_action"]
            if last and last["by"] == "human" and not f["legal"]:
                passed = at
            elif passed is not None and f["legal"]:
                waits.append(at - passed)
                passed = None
        print(
            f"bot moves {len(gaps)}, longest {max(g for g, _ in gaps):.2f} s; lay-down of "
            f"{len(steps)} steps {lay_gap:.2f} s after the frame before it; waits from the "
            f"human's move to their next turn: {[round(w, 2) for w in waits]} s"
        )
        assert max(g for g, _ in gaps) < LONGEST_BOT_WAIT, gaps
        assert lay_gap < (len(steps) - 1) * PAUSE, lay_gap
        assert waits, "the human never waited for the bots"
        assert not errors, errors
    finally:
        ctx.close()
