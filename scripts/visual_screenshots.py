"""Screenshots of the table's motion and history for ``docs/browser.md``, taken by
Playwright with Debian's Chromium from a server this script starts (and stops).

``uv run python scripts/visual_screenshots.py`` writes ``docs/img/*.png``: a
replay (desktop and phone), a table's history, the last move marked, the last
trick, every game on a 390x844 touch screen, the lobby's list of live tables, the
table's cue settings, and the table right after a bot's Räväytys lay-down. Never
edited by hand.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "img"
sys.path.insert(0, str(ROOT))
from tests.browser.browser_helpers import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    DESKTOP,
    PHONE,
    act_and_wait,
    create_table,
    wait_turn_or_end,
)


def http(base: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> Any:
    req = urllib.request.Request(
        base + path,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json", **(headers or {})},
        method="GET" if body is None else "POST",
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def finished(base: str, game: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
    seats = [{"kind": "bot", "level": "easy"} for _ in range(players)]
    body = {"game": game, "players": players, "options": options, "seats": seats}
    t: dict[str, Any] = http(base, "/api/tables", body)
    code = {"X-Spectator-Code": t["spectator"]["code"]}
    while not http(base, f"/api/tables/{t['table_id']}", headers=code)["is_terminal"]:
        time.sleep(0.1)
    return t


def main() -> None:
    """Start a server, take the screenshots, stop the server."""
    OUT.mkdir(parents=True, exist_ok=True)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = Path(tempfile.mkdtemp()) / "shots.sqlite3"
    # Stacked decks (a testing server, never production) for the bot's lay-down.
    env = dict(os.environ, PAKKA_BOT_PAUSE="0", PAKKA_ALLOW_STACKED_DECKS="1")
    serve = ROOT / "tests" / "browser" / "_serve.py"
    proc = subprocess.Popen([sys.executable, str(serve), str(port), str(db)], env=env, cwd=ROOT)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                http(base, "/api/games")
                break
            except OSError:
                time.sleep(0.2)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            shoot(browser, base)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def shoot(browser: Any, base: str) -> None:
    """Every screenshot, in English unless said."""
    shoot_live_list(browser, base)  # first: the only table in play then
    vs = finished(base, "viisisataa", 3, {"max_hands": 2})
    watch = vs["spectator"]["code"]
    for size, suffix in ((DESKTOP, "desktop"), (PHONE, "phone")):
        ctx = browser.new_context(viewport=size, locale="en-GB", reduced_motion="reduce")
        page = ctx.new_page()
        page.goto(f"{base}/#replay={vs['table_id']}&game=1&watch={watch}")
        page.wait_for_selector("#replay")
        rep = page.evaluate("window.pakkaReplay.rep")
        trick = [m for m in rep["marks"] if m["kind"] == "trick"]
        if trick:
            page.select_option("#replay-jump-trick", str(trick[len(trick) // 2]["step"]))
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowRight")
        else:
            page.locator("#replay-slider").fill(str(rep["steps"] // 2))
        page.select_option("#replay-seen", "all")
        page.screenshot(path=str(OUT / f"replay-{suffix}.png"))
        ctx.close()

    ctx = browser.new_context(viewport=DESKTOP, locale="en-GB", reduced_motion="reduce")
    page = ctx.new_page()
    create_table(page, base, "zoker-tiko", 2, ["human", "bot:easy"])
    page.wait_for_selector("#table")
    # Play until a trick has been taken and the bot has just moved.
    for _ in range(12):
        wait_turn_or_end(page)
        if page.locator(".last-move").count() and page.locator("#last-trick").count():
            break
        act_and_wait(page, page.locator(".hand button.playable").first.click)
    page.locator(".felt").screenshot(path=str(OUT / "last-move-and-trick.png"))
    ctx.close()

    ctx = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, locale="fi-FI", reduced_motion="reduce"
    )
    page = ctx.new_page()
    create_table(page, base, "zoker-kubo", 2, ["human", "bot:easy"], name="Aino")
    page.wait_for_selector("#table")
    wait_turn_or_end(page)
    page.screenshot(path=str(OUT / "phone-kubo-fi.png"))
    ctx.close()

    ctx = browser.new_context(viewport=DESKTOP, locale="en-GB", reduced_motion="reduce")
    page = ctx.new_page()
    page.goto(base + "/#/")
    page.evaluate(
        "(t) => localStorage.setItem('pakka.tables', JSON.stringify({[t.id]: "
        "{tokens: {}, spectator: {code: t.code}, game: 'viisisataa'}}))",
        {"id": vs["table_id"], "code": watch},
    )
    page.goto(f"{base}/#table={vs['table_id']}&watch={watch}")
    page.wait_for_selector("#history")
    page.locator("#history").screenshot(path=str(OUT / "history.png"))
    ctx.close()

    shoot_phones(browser, base)
    shoot_cues(browser, base)
    shoot_bot_lay_down(browser, base)


# Every game at its first turn on a phone, with the options of tests/browser/test_phone.py.
PHONE_GAMES: dict[str, tuple[int, dict[str, str], str]] = {
    "koodinmurtaja": (2, {}, "en-GB"),
    "viisisataa": (3, {"max_hands": "1"}, "fi-FI"),
    "ravaytys": (3, {"max_turns_per_round": "3"}, "en-GB"),
    "zoker-solo": (1, {}, "en-GB"),
    "zoker-memo": (2, {"easy": "true", "layout": "8"}, "en-GB"),
    "zoker-tiko": (2, {}, "fi-FI"),
    "zoker-pairs": (1, {"cards": "12"}, "en-GB"),
}


def shoot_phones(browser: Any, base: str) -> None:
    """``phone-<game>.png``: each game's table at 390x844 with touch (Kubo is
    ``phone-kubo-fi.png`` above)."""
    for game, (players, options, locale) in PHONE_GAMES.items():
        ctx = browser.new_context(
            viewport=PHONE, has_touch=True, is_mobile=True, locale=locale, reduced_motion="reduce"
        )
        page = ctx.new_page()
        seats = ["human"] + ["bot:easy"] * (players - 1)
        create_table(page, base, game, players, seats, options=options)
        page.wait_for_selector("#table")
        wait_turn_or_end(page)
        page.locator("#table").scroll_into_view_if_needed()
        page.screenshot(path=str(OUT / f"phone-{game}.png"))
        ctx.close()


def shoot_live_list(browser: Any, base: str) -> None:
    """``live-tables.png``: the lobby's list of listed tables in play to watch."""
    t = http(
        base,
        "/api/tables",
        {
            "game": "viisisataa",
            "players": 3,
            "name": "Friday evening",
            "listed": True,
            "seats": [
                {"kind": "human", "name": "Aino"},
                {"kind": "bot", "level": "easy"},
                {"kind": "bot", "level": "medium"},
            ],
            "take_seat": 0,
        },
    )
    ctx = browser.new_context(viewport=DESKTOP, locale="en-GB", reduced_motion="reduce")
    page = ctx.new_page()
    page.goto(base + "/#/")
    page.locator(f'#live-tables li[data-table="{t["table_id"]}"]').wait_for()
    page.locator("#live-tables").screenshot(path=str(OUT / "live-tables.png"))
    ctx.close()


def shoot_cues(browser: Any, base: str) -> None:
    """``turn-cues.png``: the table's head with the your-turn sound switched on and
    the offer to notify (in Finnish)."""
    ctx = browser.new_context(viewport=DESKTOP, locale="fi-FI", reduced_motion="reduce")
    page = ctx.new_page()
    create_table(page, base, "koodinmurtaja", 2, ["human", "bot:easy"], name="Aino")
    page.wait_for_selector("#table")
    wait_turn_or_end(page)
    page.check("#turn-sound")
    page.locator(".table-head").screenshot(path=str(OUT / "turn-cues.png"))
    ctx.close()


def shoot_bot_lay_down(browser: Any, base: str) -> None:
    """``ravaytys-bot-lay-down.png``: the table right after a bot laid down its
    contract in one move (the deal of tests/browser/test_bot_laydown.py)."""
    from tests.browser.test_bot_laydown import RV_DECK, my_move

    seats = [{"kind": "human"}, {"kind": "bot", "level": "medium"}, {"kind": "bot"}]
    t = http(
        base, "/api/tables", {"game": "ravaytys", "players": 3, "seats": seats, "deck": RV_DECK}
    )
    code = next(i["code"] for i in t["invites"] if i["seat"] == 0)
    ctx = browser.new_context(viewport=DESKTOP, locale="en-GB", reduced_motion="reduce")
    page = ctx.new_page()
    page.goto(f"{base}/#invite={code}")
    page.wait_for_selector("#claim-seat")
    page.fill("#claim-name", "Aino")
    page.click("#claim-seat")
    page.wait_for_selector("#table")
    for _ in range(10):
        wait_turn_or_end(page)
        if page.locator(".meld").count():
            break
        act_and_wait(page, lambda: my_move(page))
    wait_turn_or_end(page)
    page.locator(".felt").screenshot(path=str(OUT / "ravaytys-bot-lay-down.png"))
    ctx.close()


if __name__ == "__main__":
    main()
