"""The phone app: the manifest and service worker are served and registered (the
cache named by the client and the protocol), and whole games play by tapping on a
390x844 touch screen with every tappable card and control at least 44x44 px and
no sideways scrolling."""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

import pytest

from pakka.server.frames import PROTOCOL_VERSION

from .browser_helpers import PHONE, act_and_wait, create_table, wait_turn_or_end

Page = Any

SMALL = """() => {
  const out = [];
  const sel = 'main button:not([disabled]), main select, main a[href]';
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || el.closest('.sr-only')) continue;
    if (r.width < 44 || r.height < 44) out.push([el.tagName, el.textContent, r.width, r.height]);
  }
  return out;
}"""
PLAYABLE = """() => [...document.querySelectorAll('.felt button.card:not([disabled])')].map((e) => {
  const r = e.getBoundingClientRect(); return [r.width, r.height];
})"""


def test_manifest_and_service_worker(page: Page, server: str) -> None:
    """The manifest names the app and its icons; the service worker is registered,
    controls the page and has cached the client under its versioned name."""
    with urllib.request.urlopen(server + "/manifest.webmanifest", timeout=10) as r:
        assert r.headers["Content-Type"].startswith("application/manifest+json")
        manifest = json.load(r)
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/#/"
    sizes = {i["sizes"] for i in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        with urllib.request.urlopen(server + icon["src"], timeout=10) as r:
            assert r.status == 200 and r.headers["Content-Type"].startswith(icon["type"])
    page.goto(server + "/#/")
    assert page.get_attribute('link[rel="manifest"]', "href") == "/manifest.webmanifest"
    page.wait_for_function(
        "navigator.serviceWorker.getRegistration().then((r) => !!(r && r.active))",
        timeout=20_000,
    )
    page.reload()
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=20_000)
    keys = page.evaluate("caches.keys()")
    mine = [k for k in keys if k.startswith("pakka-")]
    assert len(mine) == 1 and mine[0].endswith(f"-p{PROTOCOL_VERSION}"), keys
    cached = page.evaluate(
        f"caches.open({json.dumps(mine[0])}).then((c) => c.keys())"
        ".then((ks) => ks.map((k) => new URL(k.url).pathname))"
    )
    assert {"/", "/js/app.js", "/js/replay.js", "/style.css"} <= set(cached)
    assert not page.js_errors, page.js_errors


@pytest.mark.parametrize(("game", "players"), [("zoker-tiko", 2), ("zoker-kubo", 2)])
def test_whole_game_by_touch_on_a_phone(browser: Any, server: str, game: str, players: int) -> None:
    """Tap through a whole game at 390x844 with touch: every control and playable
    card is big enough for a thumb and the page never scrolls sideways."""
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="en-GB")
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        create_table(page, server, game, players, ["human"] + ["bot:easy"] * (players - 1))
        page.wait_for_selector("#table")
        rng = random.Random(2)
        for _ in range(400):
            if wait_turn_or_end(page) == "over":
                break
            # Measured at rest (a card on its way is drawn smaller for a moment).
            page.wait_for_function("document.getAnimations().length === 0")
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
            small = page.evaluate(SMALL)
            assert not small, small
            sizes = page.evaluate(PLAYABLE)
            assert all(w >= 44 and h >= 44 for w, h in sizes), sizes
            tap_move(page, rng)
        else:
            raise AssertionError("the game did not end")
        assert page.inner_text("#result-text")
        assert not errors, errors
    finally:
        ctx.close()


def tap_move(page: Page, rng: random.Random) -> None:
    """One move by tapping: a card (and its lit place in Kubo), else a control."""
    cards = page.locator(".hand button.playable")
    if cards.count():
        card = cards.nth(rng.randrange(cards.count()))
        if card.get_attribute("data-action"):
            act_and_wait(page, card.tap)
            return
        card.tap()
        lit = page.locator("button.kubo-cell.lit")
        lit.first.wait_for()
        act_and_wait(page, lit.first.tap)
        return
    for sel in ("#kubo-draw", "#kubo-end", ".actions-box button:not([disabled])"):
        if page.locator(sel).count():
            act_and_wait(page, page.locator(sel).first.tap)
            return
    raise AssertionError("nothing to tap")
