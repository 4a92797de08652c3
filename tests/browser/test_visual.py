"""Seeing every move: card movement (and none under reduced motion), the last move
of the other players marked until this player acts, a Koodinmurtaja guess's card
marked, and score sheets whose numbers stand under their players' names."""

from __future__ import annotations

import random
from typing import Any

from .browser_helpers import (
    DESKTOP,
    act_and_wait,
    create_table,
    km_move,
    play_to_end,
    vs_move,
    wait_turn_or_end,
)

Page = Any

# Every element.animate() call is recorded with its duration (a real measure of
# what the page asked the browser to move, not the module's own counter).
RECORD_ANIMATIONS = """
window.pakkaAnimated = [];
const orig = Element.prototype.animate;
Element.prototype.animate = function (frames, opts) {
  const d = typeof opts === 'number' ? opts : (opts && opts.duration) || 0;
  const card = this.dataset ? this.dataset.card : null;
  window.pakkaAnimated.push({ d, cls: this.className, card });
  return orig.call(this, frames, opts);
};
"""


def tiko_moves(page: Page, n: int) -> list[dict[str, Any]]:
    """Play ``n`` cards of Zoker Tiko (a bot answers each) and return the animations."""
    rng = random.Random(3)
    create_table(page, server_of(page), "zoker-tiko", 2, ["human", "bot:easy"])
    page.wait_for_selector("#table")
    for _ in range(n):
        if wait_turn_or_end(page) != "mine":
            break
        cards = page.locator(".hand button.playable")
        k = rng.randrange(cards.count())
        act_and_wait(page, cards.nth(k).click)
        page.wait_for_timeout(350)
    out: list[dict[str, Any]] = page.evaluate("window.pakkaAnimated")
    return out


def server_of(page: Page) -> str:
    return str(page.evaluate("location.origin"))


def test_cards_move_at_most_300_ms(browser: Any, server: str) -> None:
    """A card played to the pile, a bot's card arriving and cards drawn glide there."""
    ctx = browser.new_context(viewport=DESKTOP, locale="en-GB")
    try:
        ctx.add_init_script(RECORD_ANIMATIONS)
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server + "/#/")
        moves = tiko_moves(page, 4)
        assert len(moves) >= 4, moves
        assert all(0 < m["d"] <= 300 for m in moves), moves
        assert any(m["card"] for m in moves)
        assert page.evaluate("document.body.dataset.motion") == "full"
        assert not errors, errors
    finally:
        ctx.close()


def test_no_movement_under_reduced_motion(browser: Any, server: str) -> None:
    """The system's reduced-motion setting (emulated): nothing is animated."""
    ctx = browser.new_context(viewport=DESKTOP, locale="en-GB", reduced_motion="reduce")
    try:
        ctx.add_init_script(RECORD_ANIMATIONS)
        page = ctx.new_page()
        page.goto(server + "/#/")
        moves = tiko_moves(page, 3)
        assert moves == []
        assert page.evaluate("document.body.dataset.motion") == "reduced"
        assert page.evaluate("window.pakkaMotion.skipped") >= 2
    finally:
        ctx.close()


def test_last_move_marked_until_the_player_acts(browser: Any, server: str) -> None:
    """Two people at a Tiko table: each sees the other's last move at their seat, in
    words, until they play themselves."""
    a_ctx = browser.new_context(viewport=DESKTOP, locale="en-GB")
    b_ctx = browser.new_context(viewport=DESKTOP, locale="en-GB")
    try:
        a, b = a_ctx.new_page(), b_ctx.new_page()
        create_table(a, server, "zoker-tiko", 2, ["human", "human"])
        link = a.locator(".invites code").first.inner_text()
        a.click("#go-table")
        b.goto(link)
        for p in (a, b):
            p.wait_for_selector("#table")
        for _ in range(200):
            if a.get_attribute("#table", "data-mine") == "true":
                me, other = a, b
                break
            if b.get_attribute("#table", "data-mine") == "true":
                me, other = b, a
                break
            a.wait_for_timeout(50)
        else:
            raise AssertionError("nobody is to move")
        mine_seat = 0 if me is a else 1
        for _ in range(3):
            wait_turn_or_end(me)
            assert me.locator(".last-move").count() <= 1
            act_and_wait(me, me.locator(".hand button.playable").first.click)
            # I acted: no mark of the other player is left on my screen ...
            assert me.locator(f'.seat-box[data-seat="{1 - mine_seat}"] .last-move').count() == 0
            # ... and the other sees my move at my seat, in words.
            mark = other.locator(f'.seat-box[data-seat="{mine_seat}"] .last-move')
            mark.wait_for()
            assert mark.inner_text().strip()
            assert other.locator(f'.seat-box.last-moved[data-seat="{mine_seat}"]').count() == 1
            me, other, mine_seat = other, me, 1 - mine_seat
        assert not a.locator(".last-move[data-last-move='undefined']").count()
    finally:
        a_ctx.close()
        b_ctx.close()


def test_koodinmurtaja_guess_marks_its_card(page: Page, server: str) -> None:
    """The bot's guess is marked at the card it named, and its words say the result."""
    rng = random.Random(11)
    create_table(page, server, "koodinmurtaja", 2, ["human", "bot:easy"])
    page.wait_for_selector("#table")
    for _ in range(40):
        state = wait_turn_or_end(page)
        if state == "over":
            break
        mark = page.locator('.seat-box[data-seat="1"] .last-move')
        if mark.count() and page.locator(".last-guess").count():
            words = mark.inner_text()
            assert "guesses" in words and ("right" in words or "wrong" in words), words
            # The bot's target is the other seat: the marked card is in seat 0's code.
            assert page.locator('.seat-box[data-seat="0"] .last-guess').count() == 1
            return
        km_move(page, rng)
    raise AssertionError("the bot never guessed while the game ran")


def test_score_sheet_numbers_under_their_names(page: Page, server: str) -> None:
    """Each number of the score sheet (and the table's history) stands under its
    player's name: the text of both ends at the same x (right-aligned columns)."""
    rng = random.Random(7)
    create_table(
        page, server, "viisisataa", 3, ["human", "bot:easy", "bot:easy"], options={"max_hands": "1"}
    )
    play_to_end([page], lambda p: vs_move(p, rng, set()))
    for table in (".sheet:not(.history-table)", ".history-table"):
        page.wait_for_selector(table)
        geometry = page.evaluate(
            """(sel) => {
              const t = document.querySelector(sel);
              const textBox = (cell) => {
                const r = document.createRange(); r.selectNodeContents(cell);
                const b = r.getBoundingClientRect(); return [b.left, b.right];
              };
              const head = [...t.tHead.rows[0].cells].map(textBox);
              const rows = [...t.tBodies[0].rows].map((row) =>
                [...row.cells].map((c) => c.textContent.trim() ? textBox(c) : null));
              return { head, rows };
            }""",
            table,
        )
        head = geometry["head"]
        players = 3
        assert geometry["rows"], table
        for row in geometry["rows"]:
            for col in range(1, players + 1):
                num = row[col]
                assert num is not None, (table, row)
                # The number ends where its player's name ends, and lies within the
                # name's column (never under the next player's name).
                assert abs(num[1] - head[col][1]) <= 2, (table, col, num, head[col])
                nxt = head[col + 1] if col + 1 < len(head) else None
                if nxt is not None and nxt[1] > nxt[0]:
                    assert num[1] < nxt[0] + (nxt[1] - nxt[0]) / 2, (table, col)
    assert not page.js_errors, page.js_errors
