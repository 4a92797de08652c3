"""Driving the pakka web client in the browser tests: the lobby, waiting for
one's turn, and playing moves by clicking (or by keyboard)."""

from __future__ import annotations

import contextlib
import json
import random
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "browser"
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}

TURN_TIMEOUT = 30_000
Page = Any


def watch_errors(page: Page) -> list[str]:
    """The list into which the page's uncaught JavaScript errors go from now on (also
    ``page.js_errors``), for a test to assert that it stays empty."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.js_errors = errors
    return errors


def new_page(browser: Any, **context: Any) -> tuple[Any, Page]:
    """A fresh context (own localStorage; desktop size and English unless ``context``
    says otherwise) and a page in it that records JavaScript errors (``js_errors``).
    The caller closes the context."""
    context.setdefault("viewport", DESKTOP)
    context.setdefault("locale", "en-GB")
    ctx = browser.new_context(**context)
    page = ctx.new_page()
    watch_errors(page)
    return ctx, page


def post_table(server: str, body: dict[str, Any]) -> dict[str, Any]:
    """Create a table on ``server`` through ``POST /api/tables`` (on the testing
    server ``body`` may hold a stacked ``deck`` and ``setup`` actions); its answer."""
    req = urllib.request.Request(
        server + "/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        data: dict[str, Any] = json.loads(r.read())
    return data


def create_table(
    page: Page,
    server: str,
    game: str,
    players: int,
    seats: list[str],
    hotseat: bool = False,
    name: str = "Aino",
    options: dict[str, str] | None = None,
) -> None:
    """Create a table from the lobby by clicking. ``seats`` holds ``"human"`` or
    ``"bot:easy"``-style values, one per seat."""
    page.goto(server + "/#/")
    page.click(f'[data-game="{game}"]')
    # The form is drawn again for the chosen game; fill in that one.
    page.wait_for_selector(f'[data-game="{game}"][aria-pressed="true"]')
    page.select_option("#players", str(players))
    for key, value in (options or {}).items():
        sel = f"#opt-{key}"
        if page.get_attribute(sel, "type") == "checkbox":
            page.set_checked(sel, value == "true")
        elif page.evaluate(f"document.querySelector('{sel}').tagName") == "SELECT":
            page.select_option(sel, value)
        else:
            page.fill(sel, value)
    for i, s in enumerate(seats):
        page.select_option(f"#seat-{i}", s)
    if hotseat:
        page.check("#hotseat")
    page.fill("#my-name", name)
    page.click("#create")


def claim_invite(page: Page, url: str, name: str | None = None) -> None:
    """Open an invite link and take the seat with the name form (``name`` typed over
    the prefilled one when given; an empty form keeps the seat's given name)."""
    page.goto(url)
    page.wait_for_selector("#claim-seat")
    if name is not None:
        page.fill("#claim-name", name)
    page.click("#claim-seat")


def open_invite(
    page: Page, server: str, table: dict[str, Any], seat: int, name: str | None = None
) -> None:
    """Claim ``seat`` of ``table`` (an answer of :func:`post_table`) by its invite link
    on ``server``, typing ``name`` when given, and wait for the table."""
    code = next(i["code"] for i in table["invites"] if i["seat"] == seat)
    claim_invite(page, server + f"/#invite={code}", name)
    page.wait_for_selector("#table")


def start_game(
    page: Page,
    server: str,
    game: str,
    players: int,
    seats: list[str],
    **table: Any,
) -> str:
    """Create a table from the lobby (:func:`create_table`, ``table`` its further
    arguments), wait for it and then for the first turn or the end: what
    :func:`wait_turn_or_end` says."""
    create_table(page, server, game, players, seats, **table)
    page.wait_for_selector("#table")
    return wait_turn_or_end(page)


def play_until_cued(page: Page) -> None:
    """With the tab hidden, play seat 0 (stopping when allowed) until the turn has come
    back to the player from the bot, which cues it (the title starts with ●)."""
    for _ in range(20):
        if page.title().startswith("●"):
            return
        page.wait_for_selector('#table[data-mine="true"], #table[data-terminal="true"]')
        if page.get_attribute("#table", "data-terminal") == "true":
            break
        sid = page.evaluate("pakkaTable.frames['0'].state_id")
        page.evaluate(
            "(() => { const l = pakkaTable.frames['0'].legal;"
            " pakkaTable.act(l.find((a) => a.kind === 'stop') || l[0]); })()"
        )
        page.wait_for_function(f"pakkaTable.frames['0'].state_id > {sid}")
        page.wait_for_timeout(300)
    raise AssertionError("the turn never came back while the tab was hidden")


def state_id(page: Page) -> int:
    """The state id the page shows (-1 when no table is on screen)."""
    v = page.evaluate("document.querySelector('#table')?.dataset.stateId ?? '-1'")
    return int(v)


def wait_turn_or_end(page: Page, timeout: int = TURN_TIMEOUT) -> str:
    """Wait until it is this page's turn, the game is over, or a hot-seat cover shows."""
    page.wait_for_selector(
        '#table[data-mine="true"], #table[data-terminal="true"], #cover-ok', timeout=timeout
    )
    if page.locator("#cover-ok").count():
        return "cover"
    return "over" if page.get_attribute("#table", "data-terminal") == "true" else "mine"


def act_and_wait(page: Page, do: Callable[[], None]) -> None:
    """Do a move and wait for the table to show the state after it."""
    before = state_id(page)
    do()
    page.wait_for_function(
        f"(document.querySelector('#table')?.dataset.stateId ?? '{before}') != '{before}' "
        "|| !!document.querySelector('#cover-ok') || !!document.querySelector('.rank-picker')",
        timeout=TURN_TIMEOUT,
    )


FALLBACK = ".fallback-actions button:not([disabled])"


def fallback_move(
    page: Page, rng: random.Random, avoid: tuple[str, ...] = (), used: set[str] | None = None
) -> bool:
    """A game whose display layer has not landed offers its legal actions as plain
    buttons (label, or notation): click one of them, preferring those whose notation
    does not start with one of ``avoid``; ``used`` gets ``"fallback"``. False when
    the view has its structured controls."""
    loc = page.locator(FALLBACK)
    n = loc.count()
    if not n:
        return False
    texts = [loc.nth(i).get_attribute("data-action") or "" for i in range(n)]
    good = [i for i, x in enumerate(texts) if not x.startswith(avoid)] or list(range(n))
    k = rng.choice(good)
    if used is not None:
        used.add("fallback")
    act_and_wait(page, lambda: loc.nth(k).click())
    return True


BEST_GUESS_JS = """() => {
  let best = null;
  for (const slot of document.querySelectorAll('.code-slot')) {
    const card = slot.querySelector('button.guessable:not([disabled])');
    const prob = slot.querySelector('.prob');
    if (!card || !prob) continue;
    const [rank, pct] = prob.textContent.split(' ');
    const p = parseInt(pct, 10);
    if (!best || p > best.p) best = { pos: card.dataset.pos, rank, p };
  }
  return best;
}"""


def km_move(page: Page, rng: random.Random, smart: bool = False) -> None:
    """One Koodinmurtaja decision by clicking: stop sometimes, else guess a card.

    ``smart`` turns the hint overlay on and guesses its most likely card and
    rank (games end sooner)."""
    if fallback_move(page, rng, ("stop",) if rng.random() < 0.65 else ()):
        return
    if page.locator("#km-stop").count() and rng.random() < (0.5 if smart else 0.35):
        act_and_wait(page, lambda: page.click("#km-stop"))
        return
    best = None
    if smart:
        if page.get_attribute("#km-hint", "aria-pressed") != "true":
            page.click("#km-hint")
        with contextlib.suppress(Exception):
            page.wait_for_selector("button.guessable:not([disabled]) ~ .prob", timeout=3000)
        best = page.evaluate(BEST_GUESS_JS)
    if best:
        page.click(f'button.guessable[data-pos="{best["pos"]}"]')
        rank = page.locator(f'.rank-picker button[data-rank="{best["rank"]}"]')
        rank.wait_for()
        act_and_wait(page, lambda: rank.click())
        return
    cards = page.locator("button.guessable:not([disabled])")
    n = cards.count()
    assert n > 0, "my turn but no card to guess"
    cards.nth(rng.randrange(n)).click()
    ranks = page.locator(".rank-picker button[data-rank]")
    ranks.first.wait_for()
    k = ranks.count()
    act_and_wait(page, lambda: ranks.nth(rng.randrange(k)).click())


STATUS_JS = """() => {
  if (document.querySelector('#cover-ok')) return 'cover';
  const t = document.querySelector('#table');
  if (!t) return 'wait';
  if (t.dataset.terminal === 'true') return 'over';
  return t.dataset.mine === 'true' ? 'mine' : 'wait';
}"""


def play_to_end(pages: list[Page], move: Callable[[Page], None], max_moves: int = 600) -> None:
    """Play moves on whichever page is to move until every page shows the end."""
    if len(pages) == 1:
        for _ in range(max_moves):
            state = wait_turn_or_end(pages[0])
            if state == "over":
                return
            if state == "cover":
                pages[0].click("#cover-ok")
            else:
                move(pages[0])
        raise AssertionError("the game did not end")
    idle = 0
    for _ in range(max_moves * 20):
        states = [p.evaluate(STATUS_JS) for p in pages]
        if all(s == "over" for s in states):
            return
        acted = False
        for p, s in zip(pages, states, strict=True):
            if s == "cover":
                p.click("#cover-ok")
                acted = True
            elif s == "mine":
                move(p)
                acted = True
        idle = 0 if acted else idle + 1
        assert idle < 600, f"nobody can move: {states}"
        if not acted:
            pages[0].wait_for_timeout(50)
    raise AssertionError("the game did not end")


def screenshots(page: Page, name: str) -> None:
    """Save the table at desktop and phone size; the phone view must not scroll sideways."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    page.screenshot(path=str(ARTIFACTS / f"{name}-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(150)
    page.screenshot(path=str(ARTIFACTS / f"{name}-phone.png"), full_page=True)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    wide = page.evaluate(
        """() => [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5
          && e.parentElement.getBoundingClientRect().right <= window.innerWidth + 0.5)
        .slice(0, 5).map((e) => e.tagName + '#' + e.id + '.' + e.className)"""
    )
    assert overflow <= 0, f"{name}: the phone view scrolls sideways by {overflow}px: {wide}"
    page.set_viewport_size(size)


def click_any(page: Page, selector: str, rng: random.Random) -> bool:
    """Click one of the enabled elements matching ``selector`` (and wait for the
    next state); False when there is none."""
    loc = page.locator(selector)
    n = loc.count()
    if not n:
        return False
    act_and_wait(page, lambda: loc.nth(rng.randrange(n)).click())
    return True


def vs_move(page: Page, rng: random.Random, used: set[str]) -> None:
    """One Viisisataa decision: the highest bid (to win the kitty), a discard,
    a card, or whatever else the table offers."""
    if fallback_move(page, rng, ("bid",) if rng.random() < 0.7 else (), used):
        return
    if page.locator(".bid-grid button").count():
        used.add("bid")
        act_and_wait(page, lambda: page.locator(".bid-grid button").last.click())
        return
    if page.locator('.hand button.playable[data-action^="discard"]').count():
        used.add("discard")
        click_any(page, '.hand button.playable[data-action^="discard"]', rng)
        return
    if page.locator('[data-fkey^="jk:"]').count():
        click_any(page, '[data-fkey^="jk:"]', rng)
        return
    if page.locator(".hand button.playable").count():
        used.add("play")
        loc = page.locator(".hand button.playable")
        n = loc.count()
        card = loc.nth(rng.randrange(n))
        if card.get_attribute("data-action"):
            act_and_wait(page, lambda: card.click())
        else:
            card.click()  # the joker: a suit picker opens
        return
    assert click_any(page, ".actions-box button:not([disabled])", rng), "nothing to do"


def zoker_attrs(name: str) -> tuple[str, str, str]:
    """Colour, size and shape of a Zoker card name such as ``OXL3``."""
    return name[0], name[1:-1], name[-1]


def zoker_alike(a: str, b: str, easy: bool) -> bool:
    """R-ZK-3 compatible (exactly two attributes equal); easy Memo: at least one."""
    same = sum(x == y for x, y in zip(zoker_attrs(a), zoker_attrs(b), strict=True))
    return same >= 1 if easy else same == 2


def memo_move(page: Page, rng: random.Random, easy: bool = True) -> None:
    """Turn a card in Memo, using the memory of seen cards to find a pair."""
    if fallback_move(page, rng, ()):
        return
    cards = page.evaluate(
        """() => [...document.querySelectorAll('.memo-grid .card')].map(e => ({
          place: e.dataset.place, card: e.dataset.card,
          can: e.tagName === 'BUTTON', up: e.classList.contains('turned')}))"""
    )
    known = [c for c in cards if c["card"] not in (None, "?")]
    up = [c for c in known if c["up"]]
    can = [c for c in cards if c["can"]]
    choice = None
    if up:
        choice = next(
            (c for c in can if c["card"] != "?" and zoker_alike(up[0]["card"], c["card"], easy)),
            None,
        )
    else:
        for i, a in enumerate(known):
            for b in known[i + 1 :]:
                if a in can and b in can and zoker_alike(a["card"], b["card"], easy):
                    choice = a
                    break
            if choice:
                break
    if choice is None:
        unknown = [c for c in can if c["card"] == "?"]
        choice = rng.choice(unknown or can)
    act_and_wait(page, lambda: page.click(f'.memo-grid [data-place="{choice["place"]}"]'))


def pairs_move(page: Page, rng: random.Random) -> None:
    """Pick a compatible pair in the pairs trainer, or stop when none is left."""
    if fallback_move(page, rng, ("stop",)):
        return
    names = page.evaluate(
        "() => [...document.querySelectorAll('.memo-grid .card[data-card]')]"
        ".map(e => e.dataset.card)"
    )
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            if zoker_alike(a, b, easy=False):
                page.click(f'.memo-grid [data-card="{a}"]')
                page.click(f'.memo-grid [data-card="{b}"]')
                act_and_wait(page, lambda: page.click("#pairs-check"))
                return
    act_and_wait(page, lambda: page.click("#pairs-stop"))


def solo_move(page: Page, rng: random.Random) -> None:
    """Zoker Solo: move a card or pile onto a pile, or deal."""
    if fallback_move(page, rng, ()):
        return
    sources = page.locator('.solo-grid [aria-pressed="false"]')
    if sources.count():
        sources.nth(rng.randrange(sources.count())).click()
        targets = page.locator(".solo-grid .target")
        targets.first.wait_for()
        n = targets.count()
        act_and_wait(page, lambda: targets.nth(rng.randrange(n)).click())
        return
    act_and_wait(page, lambda: page.click("#solo-deal"))


def kubo_move(page: Page, rng: random.Random, used: set[str]) -> None:
    """Zoker Kubo: choose a hand card and place it on its lit place, else draw/end."""
    if fallback_move(page, rng, (), used):
        return
    playable = page.locator(".hand button.playable")
    if playable.count():
        used.add("place")
        playable.nth(rng.randrange(playable.count())).click()
        lit = page.locator("button.kubo-cell.lit")
        lit.first.wait_for()
        act_and_wait(page, lambda: lit.first.click())
        return
    for sel in ('[data-action^="piste"]', "#kubo-draw", "#kubo-end", ".actions-box button"):
        if page.locator(sel).count():
            used.add(sel)
            act_and_wait(page, page.locator(sel).first.click)
            return
    raise AssertionError("Kubo: nothing to do")


def rv_move(page: Page, rng: random.Random, used: set[str], budget: dict[str, int]) -> None:
    """One Räväytys decision by clicking: buy, draw or take, meld (a few
    attempts), lay off, swap a wild card, else discard."""
    building = ("set", "run", "add", "cancel", "meld", "close")
    if fallback_move(page, rng, building if rng.random() < 0.9 else (), used):
        return

    def click(sel: str) -> None:
        # A state frame may re-render the table between reading it and clicking; when
        # the control is gone, this decision is simply read again by the caller's loop.
        before = state_id(page)
        try:
            page.locator(sel).first.click(timeout=5000)
        except PlaywrightTimeout:
            if page.locator(sel).count():
                raise
            return
        page.wait_for_function(
            f"(document.querySelector('#table')?.dataset.stateId ?? '{before}') != '{before}' "
            "|| !!document.querySelector('#cover-ok')",
            timeout=TURN_TIMEOUT,
        )

    if page.locator("#rv-buy").count():
        if "buy" not in used or rng.random() < 0.3:
            used.add("buy")
            click("#rv-buy")
        else:
            click("#rv-pass")
        return
    if page.locator("#rv-draw").count():
        if page.locator("#rv-take").count() and rng.random() < 0.3:
            used.add("take")
            click("#rv-take")
        else:
            click("#rv-draw")
        return
    if page.locator(".place-target").count():
        used.add("place")
        click(".place-target")
        return
    for kind in ("swap", "lay"):
        cards = page.locator(f'.hand [data-kinds~="{kind}"]')
        if cards.count():
            used.add(kind)
            cards.first.click()
            page.locator(f".{kind}-target").first.wait_for()
            click(f".{kind}-target")
            return
    building = page.locator("#rv-cancel").count() > 0
    if building:
        budget["build"] = budget.get("build", 0) + 1
        adds = page.locator('.hand [data-kinds~="add"]')
        if budget["build"] > 12:
            click("#rv-cancel")
        elif page.locator("#rv-close").count() and rng.random() < 0.5:
            used.add("close")
            click("#rv-close")
        elif adds.count():
            # Pick the card by name, not by index: a state frame may re-render the hand
            # between reading it and clicking, and then this decision is read again.
            card = adds.nth(rng.randrange(adds.count())).get_attribute("data-card")
            target = page.locator(f'.hand [data-card="{card}"][data-kinds~="add"]').first
            try:
                target.click(timeout=5000)
                page.locator(".add-btn").first.wait_for(timeout=5000)
            except PlaywrightTimeout:
                return
            click(".add-btn")
        elif page.locator(".open-btn").count():
            opens = page.locator(".open-btn")
            k = rng.randrange(opens.count())
            act_and_wait(page, lambda: opens.nth(k).click())
        elif page.locator("#rv-close").count():
            click("#rv-close")
        else:
            click("#rv-cancel")
        return
    budget["build"] = 0
    if page.locator("#rv-propose").count() and "proposal" not in used:
        # The solver proposes a lay-down; when it finds one, lay it down.
        page.click("#rv-propose")
        page.wait_for_selector("#rv-proposal")
        if page.locator("#rv-lay-proposal").count():
            used.add("proposal")
            used.add("meld")
            page.click("#rv-lay-proposal")
            page.wait_for_function(
                "!document.querySelector('#rv-cancel') && "
                "document.querySelector('#table')?.dataset.mine === 'true'",
                timeout=TURN_TIMEOUT,
            )
            return
    if page.locator("#rv-meld").count() and budget.get("melds", 0) < 3:
        budget["melds"] = budget.get("melds", 0) + 1
        used.add("meld")
        click("#rv-meld")
        return
    cards = page.locator('.hand [data-kinds~="discard"]')
    if cards.count():
        used.add("discard")
        cards.nth(rng.randrange(cards.count())).click()
        page.locator(".discard-btn").first.wait_for()
        click(".discard-btn")
        return
    assert click_any(page, ".actions-box button:not([disabled])", rng), "Räväytys: nothing to do"
