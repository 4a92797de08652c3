"""The phone app: the manifest and service worker are served and registered (the
cache named by the client and the protocol), and a whole game of every game (lobby
included) plays by tapping alone on a 390x844 touch screen against easy bots, with
every tappable card and control at least 44x44 px and no sideways scrolling before
every tap. Long games use the lobby's short options: Viisisataa one hand
(``max_hands=1``), Räväytys three turns a round (``max_turns_per_round=3``), Memo
the easy variant on eight places, the pairs trainer twelve cards."""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

import pytest

from pakka.core.registry import games
from pakka.server.frames import PROTOCOL_VERSION

from .browser_helpers import (
    PHONE,
    click_any,
    create_table,
    km_move,
    kubo_move,
    memo_move,
    pairs_move,
    rv_move,
    solo_move,
    vs_move,
    wait_turn_or_end,
)

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
    # The worker takes over the page that registered it (``clients.claim()`` on
    # activation), so this very page becomes controlled. (Not a reload: under load
    # Chromium at times sends a reload navigation straight to the network while the
    # worker is active -- workerStart 0 -- and the reloaded page stays uncontrolled.)
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=60_000)
    keys = page.evaluate("caches.keys()")
    mine = [k for k in keys if k.startswith("pakka-")]
    assert len(mine) == 1 and mine[0].endswith(f"-p{PROTOCOL_VERSION}"), keys
    cached = page.evaluate(
        f"caches.open({json.dumps(mine[0])}).then((c) => c.keys())"
        ".then((ks) => ks.map((k) => new URL(k.url).pathname))"
    )
    assert {"/", "/js/app.js", "/js/replay.js", "/style.css"} <= set(cached)
    assert not page.js_errors, page.js_errors


class TouchLocator:
    """A Playwright locator whose ``click`` is a tap (``Locator.tap``): the game
    helpers of browser_helpers.py then play by touch alone."""

    def __init__(self, loc: Any) -> None:
        self._loc = loc

    def click(self, **kwargs: Any) -> None:
        """Tap the element (a touch, never a mouse click)."""
        self._loc.tap(**kwargs)

    @property
    def first(self) -> TouchLocator:
        return TouchLocator(self._loc.first)

    @property
    def last(self) -> TouchLocator:
        return TouchLocator(self._loc.last)

    def nth(self, i: int) -> TouchLocator:
        return TouchLocator(self._loc.nth(i))

    def locator(self, sel: str) -> TouchLocator:
        return TouchLocator(self._loc.locator(sel))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._loc, name)


class TouchPage:
    """A page whose clicks are taps, for the shared move helpers; a mouse-only call
    (``drag_and_drop``, ``dblclick``, ``hover``) is refused so a test cannot use one."""

    def __init__(self, page: Any, check: Any) -> None:
        self._page = page
        self._check = check

    def click(self, sel: str, **kwargs: Any) -> None:
        """Tap the first element matching ``sel`` (after checking the layout at rest)."""
        self._check()
        self._page.locator(sel).first.tap(**kwargs)

    def locator(self, sel: str) -> TouchLocator:
        return TouchLocator(self._page.locator(sel))

    def __getattr__(self, name: str) -> Any:
        if name in ("drag_and_drop", "dblclick", "hover", "mouse", "keyboard", "press"):
            raise AssertionError(f"the phone test plays by touch only, not {name}")
        return getattr(self._page, name)


def _layout_problems(page: Any) -> None:
    """Assert the phone layout at rest: no sideways scrolling, every enabled control
    and playable card at least 44x44 px."""
    # Measured at rest (a card on its way is drawn smaller for a moment).
    page.wait_for_function("document.getAnimations().length === 0")
    overflow = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
    small = page.evaluate(SMALL)
    assert not small, small
    sizes = page.evaluate(PLAYABLE)
    assert all(w >= 44 and h >= 44 for w, h in sizes), sizes


def _km(p: Any, rng: random.Random, used: set[str], budget: dict[str, int]) -> None:
    km_move(p, rng, smart=True)


def _vs(p: Any, rng: random.Random, used: set[str], budget: dict[str, int]) -> None:
    vs_move(p, rng, used)


def _rv(p: Any, rng: random.Random, used: set[str], budget: dict[str, int]) -> None:
    rv_move(p, rng, used, budget)


def _solo(p: Any, rng: random.Random, used: set[str], budget: dict[str, int]) -> None:
    solo_move(p, rng)


def _memo(p: Any, rng: random.Random, used: set[str], budget: dict[str, int]) -> None:
    memo_move(p, rng)


def _tiko(p: Any, rng: random.Random, used: set[str], budget: dict[str, int]) -> None:
    assert click_any(p, ".hand button.playable", rng), "Tiko: no card to play"


def _kubo(p: Any, rng: random.Random, used: set[str], budget: dict[str, int]) -> None:
    kubo_move(p, rng, used)


def _pairs(p: Any, rng: random.Random, used: set[str], budget: dict[str, int]) -> None:
    pairs_move(p, rng)


# Every registered game, with its seats and the short options the lobby offers that
# keep a whole game within a test's time (the same ones as test_card_games.py).
PHONE_GAMES: dict[str, tuple[int, dict[str, str], Any]] = {
    "koodinmurtaja": (2, {}, _km),
    "viisisataa": (3, {"max_hands": "1"}, _vs),
    "ravaytys": (3, {"max_turns_per_round": "3"}, _rv),
    "zoker-solo": (1, {}, _solo),
    "zoker-memo": (2, {"easy": "true", "layout": "8"}, _memo),
    "zoker-tiko": (2, {}, _tiko),
    "zoker-kubo": (2, {}, _kubo),
    "zoker-pairs": (1, {"cards": "12"}, _pairs),
}


def test_every_game_is_played_on_a_phone() -> None:
    """The phone test covers every registered game."""
    assert set(PHONE_GAMES) == set(games())


@pytest.mark.parametrize("game", sorted(set(PHONE_GAMES) & set(games())))
def test_whole_game_by_touch_on_a_phone(browser: Any, server: str, game: str) -> None:
    """Tap through a whole game at 390x844 with touch against easy bots: before every
    tap every control and playable card is big enough for a thumb and the page
    never scrolls sideways."""
    players, options, move = PHONE_GAMES[game]
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="en-GB")
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        touch = TouchPage(page, lambda: _layout_problems(page))
        # The lobby too is used by touch.
        seats = ["human"] + ["bot:easy"] * (players - 1)
        create_table(touch, server, game, players, seats, options=options)
        page.wait_for_selector("#table")
        rng = random.Random(2)
        used: set[str] = set()
        budget: dict[str, int] = {}
        taps = 0
        for _ in range(1500):
            state = wait_turn_or_end(page)
            if state == "over":
                break
            _layout_problems(page)
            if state == "cover":
                touch.click("#cover-ok")
                continue
            move(touch, rng, used, budget)
            taps += 1
        else:
            raise AssertionError("the game did not end")
        _layout_problems(page)
        assert taps > 0
        assert page.inner_text("#result-text")
        assert "fallback" not in used, used
        assert not errors, errors
    finally:
        ctx.close()
