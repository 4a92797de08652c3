"""The live table in Chromium (issue 16): the offline bar and disabled controls when
the server process stops, resync when it is back, a visible message for a move that
another window of the same seat beat, the turn clock running out into a bot move,
and presence changing when a second browser context closes.

These tests start their own server process (they stop and restart it), so the
session's shared server is never disturbed."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser_helpers import (
    ROOT,
    new_page,
    open_invite,
    play_until_cued,
    post_table,
    wait_turn_or_end,
)
from .conftest import _free_port

Page = Any
DOC_IMG = ROOT / "docs" / "img"
SERVE = Path(__file__).with_name("_serve.py")


def doc_shot(page: Page, name: str) -> None:
    """With ``PAKKA_DOC_SCREENSHOTS=1``, save the page as ``docs/img/<name>.png`` (the
    screenshots of docs/browser.md are made this way, never by hand)."""
    if os.environ.get("PAKKA_DOC_SCREENSHOTS") == "1":
        DOC_IMG.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(DOC_IMG / f"{name}.png"))


class OwnServer:
    """A pakka server process of one test, on a fixed port and SQLite file, that the
    test can stop (by its pid) and start again."""

    def __init__(self, tmp: Path, **env: str) -> None:
        self.port = _free_port()
        self.db = tmp / "pakka.sqlite3"
        self.log = tmp / "server.log"
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = dict(
            os.environ, PAKKA_BOT_PAUSE="0", PAKKA_ALLOW_STACKED_DECKS="1", PAKKA_HINT_RATE="1000"
        )
        self.env.update(env)
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the process and wait until it answers."""
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, str(SERVE), str(self.port), str(self.db)],
                stdout=out,
                stderr=subprocess.STDOUT,
                env=self.env,
                cwd=ROOT,
            )
        deadline = time.monotonic() + 90  # a loaded machine can take long to import
        while True:
            try:
                with urllib.request.urlopen(self.url + "/api/games", timeout=2) as r:
                    if r.status == 200:
                        return
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("server did not start:\n" + self.log.read_text()[-3000:])
            time.sleep(0.2)

    def stop(self) -> None:
        """Stop the process this object started (by its pid)."""
        if self.proc is None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc = None

    def post(self, path: str, body: dict[str, Any], token: str | None = None) -> Any:
        """POST JSON to the API; the decoded answer."""
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = "Bearer " + token
        req = urllib.request.Request(
            self.url + path, data=json.dumps(body).encode(), headers=headers, method="POST"
        )
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read())

    def get(self, path: str, watch: str | None = None) -> Any:
        """GET from the API (with a spectator code for an unlisted table); the answer."""
        headers = {"X-Spectator-Code": watch} if watch else {}
        req = urllib.request.Request(self.url + path, headers=headers)
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read())


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[OwnServer]:
    """A server process of this test alone."""
    s = OwnServer(tmp_path)
    s.start()
    try:
        yield s
    finally:
        s.stop()


def km_table(server: OwnServer, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """A Koodinmurtaja table made through the API (every human seat by invite)."""
    body = {"game": "koodinmurtaja", "players": len(seats), "seats": seats, **extra}
    table: dict[str, Any] = server.post("/api/tables", body)
    return table


def test_offline_bar_disables_controls_and_resyncs(browser: Any, own_server: OwnServer) -> None:
    """Stopping the server process: a sticky bar says the connection is down, the
    banner no longer says "Your turn", every control is disabled and a move tried
    anyway is refused on the page (nothing is queued: after the restart the server
    holds no new action). Starting it again: the page reconnects by itself, the bar
    goes and the same position is playable again."""
    table = km_table(own_server, [{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    ctx, page = new_page(browser)
    try:
        open_invite(page, own_server.url, table, 0, "Guest 1")
        assert wait_turn_or_end(page) == "mine"
        sid = page.get_attribute("#table", "data-state-id")
        moves = int(page.get_attribute("#table", "data-moves") or "-1")
        assert page.locator("#offline-bar").is_hidden()
        controls = "#table button:not([disabled])"
        assert page.locator(controls).count() > 0

        own_server.stop()
        page.wait_for_selector("#offline-bar:not([hidden])", timeout=10_000)
        bar = page.locator("#offline-bar")
        assert "No connection to the server" in bar.inner_text()
        assert page.get_attribute("#table", "data-offline") == "true"
        assert page.get_attribute("#table", "data-mine") == "false"
        assert "Your turn" not in page.inner_text("#turn")
        assert page.locator(controls).count() == 0
        # The bar stays in sight when the page scrolls.
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.wait_for_timeout(200)
        box = page.evaluate(
            "(() => { const r = document.getElementById('offline-bar').getBoundingClientRect();"
            " return [r.top, r.bottom, window.innerHeight]; })()"
        )
        assert box[0] >= 0 and box[1] <= box[2], f"the bar scrolled out of sight: {box}"
        # A move tried anyway (as a click that raced the bar would) is refused here.
        sent = page.evaluate(
            "() => { const f = pakkaTable.frames['0'];"
            " pakkaTable.act(f.legal[0]); return pakkaTable.pending; }"
        )
        assert sent is False
        page.wait_for_selector("#toast:not([hidden])")
        assert "Not sent" in page.inner_text("#toast")
        doc_shot(page, "live-offline")

        own_server.start()
        page.wait_for_selector("#offline-bar", state="hidden", timeout=20_000)
        page.wait_for_selector('#table[data-offline="false"][data-mine="true"]', timeout=10_000)
        assert page.get_attribute("#table", "data-state-id") == sid
        assert page.locator(controls).count() > 0
        summary = own_server.get(
            f"/api/tables/{table['table_id']}/games", table["spectator"]["code"]
        )
        assert summary["games"][0]["moves"] == moves, "a move made offline was applied"
        assert not page.js_errors
    finally:
        ctx.close()


def test_move_beaten_by_another_window_of_the_seat_says_so(
    browser: Any, own_server: OwnServer
) -> None:
    """Two windows of one seat (same browser profile): the first moves; a move the
    second sent for the old position is refused, and the second window says that
    another window of the seat moved first."""
    table = km_table(own_server, [{"kind": "human"}, {"kind": "human"}])
    ctx, first = new_page(browser)
    other_ctx, other = new_page(browser)
    try:
        open_invite(first, own_server.url, table, 0, "Guest 1")
        open_invite(other, own_server.url, table, 1, "Guest 2")
        # Whoever begins: seat 1 plays (stopping when it may) until seat 0 is to move.
        for _ in range(20):
            cp = first.evaluate("pakkaTable.frames['0'].view.current_player")
            if cp == 0:
                break
            other.wait_for_selector('#table[data-mine="true"]')
            before = other.evaluate("pakkaTable.frames['1'].state_id")
            other.evaluate(
                "(() => { const l = pakkaTable.frames['1'].legal;"
                " pakkaTable.act(l.find((a) => a.kind === 'stop') || l[0]); })()"
            )
            first.wait_for_function(f"pakkaTable.frames['0'].state_id > {before}")
        assert wait_turn_or_end(first) == "mine"
        second = ctx.new_page()
        second.goto(own_server.url + f"/#table={table['table_id']}")
        second.wait_for_selector('#table[data-mine="true"]')
        old = second.evaluate("pakkaTable.frames['0'].state_id")
        action = second.evaluate("pakkaTable.frames['0'].legal[0].id")
        first.evaluate("pakkaTable.act(pakkaTable.frames['0'].legal[0])")
        second.wait_for_function(f"pakkaTable.frames['0'].state_id > {old}")
        # The second window's click raced the first: its move names the old state.
        second.evaluate(
            f"pakkaTable.send({{type: 'action', seat: 0, state_id: {old}, id: {action}}})"
        )
        second.wait_for_selector("#toast:not([hidden])")
        assert "another window of your seat moved first" in second.inner_text("#toast")
        doc_shot(second, "live-moved-elsewhere")
    finally:
        ctx.close()
        other_ctx.close()


@pytest.fixture
def paced_server(tmp_path: Path) -> Iterator[OwnServer]:
    """A server process whose bots pause 1 s before a move (as people would), so a
    game played by bots does not end at once."""
    s = OwnServer(tmp_path, PAKKA_BOT_PAUSE="1.0")
    s.start()
    try:
        yield s
    finally:
        s.stop()


def test_visible_clock_runs_out_into_a_bot_move(browser: Any, paced_server: OwnServer) -> None:
    """A table with a 10 s move clock: the player sees the countdown fall; at zero the
    seat's bot moves for the player (``timeout``), the seat is marked as played by a
    bot, and "Take my seat back" ends that."""
    server = paced_server.url
    table = post_table(
        server,
        {
            "game": "koodinmurtaja",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}],
            "clock": 10,
        },
    )
    frames_before = len(browser.frames)
    ctx, page = new_page(browser)
    try:
        open_invite(page, server, table, 0, "Guest 1")
        assert wait_turn_or_end(page) == "mine"
        page.wait_for_selector("#clock")
        first = int(page.get_attribute("#clock", "data-left") or "0")
        assert 1 <= first <= 10
        assert "s left" in page.inner_text("#clock")
        page.wait_for_function(
            f"Number(document.querySelector('#clock')?.dataset.left ?? 99) < {first}",
            timeout=8000,
        )
        doc_shot(page, "live-clock")
        # Time is up: the bot plays the seat until its player takes it back.
        page.wait_for_selector('.seat-item[data-seat="0"][data-zombie="true"]', timeout=15_000)
        page.wait_for_selector("#resume")
        assert "played by a bot" in page.inner_text('.seat-item[data-seat="0"]')
        timeouts = [
            f
            for f in map(json.loads, browser.frames[frames_before:])
            if f.get("type") == "state"
            and f.get("last_action")
            and f["last_action"] == {**f["last_action"], "seat": 0, "by": "timeout"}
        ]
        assert timeouts, "no move was made for the seat when its time ran out"
        doc_shot(page, "live-bot-plays-seat")
        page.click("#resume")
        page.wait_for_selector('.seat-item[data-seat="0"][data-zombie="false"]')
        assert not page.js_errors
    finally:
        ctx.close()


def test_presence_changes_when_a_second_context_closes(browser: Any, server: str) -> None:
    """Two players in two browser profiles: each sees the other "here"; one away from
    the page shows as "away"; when that profile closes, the other sees "gone"."""
    table = post_table(
        server, {"game": "koodinmurtaja", "players": 2, "seats": [{"kind": "human"}] * 2}
    )
    ctx_a, a = new_page(browser)
    ctx_b, b = new_page(browser, locale="fi-FI")
    try:
        open_invite(a, server, table, 0, "Guest 1")
        open_invite(b, server, table, 1, "Guest 2")
        other = '.seat-item[data-seat="1"]'
        a.wait_for_selector(f'{other}[data-presence="connected"]')
        assert "here" in a.inner_text(other)
        b.wait_for_selector('.seat-item[data-seat="0"][data-presence="connected"]')
        assert "paikalla" in b.inner_text('.seat-item[data-seat="0"]')
        # The second player hides the page: the first sees them away.
        b.evaluate(
            "Object.defineProperty(document, 'hidden', {value: true, configurable: true});"
            "document.dispatchEvent(new Event('visibilitychange'))"
        )
        a.wait_for_selector(f'{other}[data-presence="idle"]')
        assert "away" in a.inner_text(other)
        doc_shot(a, "live-presence")
        ctx_b.close()
        a.wait_for_selector(f'{other}[data-presence="gone"]')
        assert "gone" in a.inner_text(other)
        assert not a.js_errors
    finally:
        ctx_a.close()
        with contextlib.suppress(Exception):
            ctx_b.close()


def test_your_turn_cue_in_a_hidden_tab(browser: Any, server: str) -> None:
    """With the tab hidden, the title says it is the player's turn when the turn comes
    back to them, and returns when the tab is shown; the sound is off by default."""
    table = post_table(
        server,
        {
            "game": "koodinmurtaja",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}],
        },
    )
    ctx, page = new_page(browser)
    try:
        open_invite(page, server, table, 0, "Guest 1")
        assert wait_turn_or_end(page) == "mine"
        assert page.is_checked("#turn-sound") is False
        page.evaluate(
            "Object.defineProperty(document, 'hidden', {value: true, configurable: true});"
            "document.dispatchEvent(new Event('visibilitychange'))"
        )
        play_until_cued(page)
        assert page.title() == "● Your turn — Codebreaker"
        page.evaluate(
            "Object.defineProperty(document, 'hidden', {value: false, configurable: true});"
            "document.dispatchEvent(new Event('visibilitychange'))"
        )
        assert not page.title().startswith("●")
        assert not page.js_errors
    finally:
        ctx.close()


def test_invited_friend_chooses_a_name(browser: Any, server: str) -> None:
    """An invite link asks for the name (prefilled with the last one used on this
    device); a reserved name is refused in words and the seat stays free; the chosen
    name is what the table shows, and it is remembered for the next invite."""
    table = post_table(server, {"game": "koodinmurtaja", "players": 2, "take_seat": 0})
    code = table["invites"][0]["code"]
    ctx, page = new_page(browser, locale="fi-FI")
    try:
        page.goto(server + "/#/")
        page.evaluate("localStorage.setItem('pakka.name', 'Veera')")
        page.goto(server + f"/#invite={code}")
        page.wait_for_selector("#claim-seat")
        assert page.input_value("#claim-name") == "Veera"
        page.fill("#claim-name", "Admin")
        page.click("#claim-seat")
        page.wait_for_selector("#claim-error:has-text('varattu')")
        doc_shot(page, "live-claim-name")
        page.fill("#claim-name", "  Veera   Virtanen ")
        page.click("#claim-seat")
        page.wait_for_selector('.seat-item[data-seat="1"]')
        assert "Veera Virtanen" in page.inner_text('.seat-item[data-seat="1"]')
        assert page.evaluate("localStorage.getItem('pakka.name')") == "Veera   Virtanen"
        assert not page.js_errors
    finally:
        ctx.close()


def test_spectator_from_the_live_list_sees_no_hidden_card(browser: Any, server: str) -> None:
    """A listed table in play is in the lobby's live list; a spectator who watches it
    from there gets the public view only (no hidden card of any seat, no controls),
    and the player sees the spectator count."""
    table = post_table(
        server,
        {
            "game": "koodinmurtaja",
            "players": 2,
            # No free seat: the table is to watch, not to join (other tests join
            # the first open table they see).
            "seats": [{"kind": "human", "name": "Aino"}, {"kind": "bot", "level": "easy"}],
            "take_seat": 0,
            "listed": True,
            "name": "Live test table",
        },
    )
    tid = table["table_id"]
    player_ctx, player = new_page(browser)
    ctx, page = new_page(browser)
    try:
        # The player's browser holds the seat token (as the lobby would keep it).
        player.goto(server + "/#/")
        player.evaluate(
            "(t) => localStorage.setItem('pakka.tables', JSON.stringify({[t.id]:"
            " {tokens: {0: t.token}, game: 'koodinmurtaja'}}))",
            {"id": tid, "token": table["seat_tokens"]["0"]},
        )
        player.goto(server + f"/#table={tid}")
        player.wait_for_selector("#spectator-count")
        start = len(browser.frames)
        page.goto(server + "/#/")
        item = page.locator(f'#live-tables li[data-table="{tid}"]')
        item.wait_for()
        assert "Live test table" in item.inner_text()
        assert "Bot, easy" in item.inner_text()  # a bot seat named as at the table
        item.locator("button.watch").click()
        page.wait_for_selector("#table")
        assert page.evaluate("pakkaTable.spectator") is True
        assert page.locator("#table button:not([disabled]).guessable").count() == 0
        player.wait_for_selector('#spectator-count[data-n="1"]')
        assert "1 spectator" in player.inner_text("#spectator-count")
        doc_shot(page, "live-spectator")
        # Every card the spectator was sent is one the public may see.
        states = [
            f
            for f in map(json.loads, browser.frames[start:])
            if f.get("type") == "state" and f["table_id"] == tid and f["seat"] is None
        ]
        assert states, "the spectator got no state"
        for f in states:
            assert f["legal"] == []
            for code in f["view"]["codes"]:
                for slot in code:
                    assert slot["card"] is None or slot["revealed"], slot
        hidden = page.evaluate(
            "[...document.querySelectorAll('#table [data-card]')].map((e) => e.dataset.card)"
        )
        revealed = {
            slot["card"] for f in states[-1:] for code in f["view"]["codes"] for slot in code
        }
        assert set(hidden) <= revealed | {None, "", "?"}, hidden  # "?": a card back
        assert not page.js_errors
    finally:
        ctx.close()
        player_ctx.close()
