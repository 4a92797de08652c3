"""Screenshots of the table's motion and history for ``docs/browser.md``, taken by
Playwright with Debian's Chromium from a server this script starts (and stops).

``uv run python scripts/visual_screenshots.py`` writes ``docs/img/*.png``: a
replay (desktop and phone), a table's history, the last move marked, the last
trick, and a game on a 390x844 touch screen. Never edited by hand.
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
    env = dict(os.environ, PAKKA_BOT_PAUSE="0")
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
    """Every screenshot, in English."""
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


if __name__ == "__main__":
    main()
