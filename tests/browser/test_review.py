"""The post-game review in the browser replay: a finished Koodinmurtaja game dealt
from a stacked deck, with one known blunder of seat 0 (move 9: a guess that is right
with probability 0.22 while another guess is certain, R-KM guess: a miss shows the
drawn card), is reviewed from the replay's "Review" control; the blunder is marked
on the timeline and at its move, with the better guess in words and its cost with
its uncertainty, and the summary counts it, in English and Finnish; axe finds no
WCAG violation on the reviewed replay."""

from __future__ import annotations

from typing import Any

import pytest

from .browser_helpers import new_page, post_table
from .test_axe import _explain, violations
from .test_words_browser import LOCALES

# A 2-player deal (stacked, top first) and the whole game: "hard" bots in both seats,
# except seat 0's guess at move 9, "1/1=4", where "1/6=K" was certain; the exact
# posterior of pakka.review values them 1.0 and about 0.22 expected cards: a cost of
# 1.56 cards, a blunder (the judge's threshold is 0.6).
DECK = ["9H", "2H", "KS", "JH", "5H", "4S", "5S", "7H", "KH", "QH", "4H", "3H", "QS"]
DECK += ["3S", "10S", "7S", "JS", "6S", "AS", "9S", "10H", "6H", "2S", "8S", "AH", "8H"]
ACTIONS = ["0/1=2", "stop", "1/5=A", "0/4=J", "stop", "1/6=K", "stop", "0/4=10", "1/1=4"]
ACTIONS += ["1/6=K", "stop", "0/5=8", "1/2=5", "stop", "0/5=7", "0/4=6", "1/4=9", "1/3=8"]
ACTIONS += ["0/3=3", "0/4=4", "0/2=3", "stop", "1/10=A", "1/3=5"]
BLUNDER_STEP = 9  # the replay step the blunder leads to (its action is the 9th)

WORDS = {
    "en": {"mark": "Blunder", "move": "Move 9", "better": "is a king", "unit": "cards"},
    "fi": {"mark": "Paha virhe", "move": "Siirto 9", "better": "on kuningas", "unit": "korttia"},
}
SUMMARY = {"en": "1 blunder", "fi": "1 paha virhe"}


def stacked_game(server: str) -> dict[str, Any]:
    """The finished game, created on the testing server from the stacked deck with
    every action as set-up."""
    body = {
        "game": "koodinmurtaja",
        "players": 2,
        "seats": [{"kind": "human", "name": "Aino"}, {"kind": "human", "name": "Bert"}],
        "deck": DECK,
        "setup": ACTIONS,
        "listed": False,
    }
    return post_table(server, body)


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_the_replay_marks_the_known_blunder(browser: Any, server: str, lang: str) -> None:
    """Review seat 0 in the replay: exactly one blunder, at step 9, on the timeline
    (icon and word) and at the move, naming the better guess in words with its cost
    and uncertainty; the summary counts it with the plural forms of the language."""
    t = stacked_game(server)
    ctx, page = new_page(browser, locale=LOCALES[lang])
    try:
        errors = page.js_errors
        page.goto(f"{server}/#replay={t['table_id']}&game=1&watch={t['spectator']['code']}")
        page.wait_for_selector("#replay")
        assert page.input_value("#review-seat") == "0"
        page.click("#review-run")
        page.wait_for_selector("#review-summary", timeout=180_000)
        summary = page.inner_text("#review-summary")
        assert summary.startswith("Aino: ") and SUMMARY[lang] in summary
        w = WORDS[lang]
        marked = page.locator("#review-list li")
        assert marked.count() == 1
        item = marked.first
        assert item.get_attribute("data-mark") == "blunder"
        assert item.get_attribute("data-step") == str(BLUNDER_STEP)
        text = item.inner_text()
        assert "??" in text and w["mark"] in text and w["move"] in text
        assert w["better"] in text and "1.6 ± 0" in text and w["unit"] in text
        assert "1/6=K" not in text  # the better choice in words, never notation
        ticks = page.locator("#review-timeline .review-tick")
        assert ticks.count() >= 3
        blunders = page.locator('#review-timeline .review-tick[data-mark="blunder"]')
        assert blunders.count() == 1
        assert blunders.first.get_attribute("data-step") == str(BLUNDER_STEP)
        assert w["mark"] in blunders.first.inner_text()  # the word, for screen readers
        # At the move: jump there from the timeline.
        blunders.first.click()
        page.wait_for_function(
            f"document.querySelector('#replay').dataset.step === '{BLUNDER_STEP}'"
        )
        here = page.locator("#replay-review .review-here")
        assert here.get_attribute("data-mark") == "blunder"
        assert w["mark"] in here.inner_text() and w["better"] in here.inner_text()
        assert blunders.first.get_attribute("aria-current") == "step"
        # One step on, the next move is not the blunder's.
        page.click("#replay-next")
        page.wait_for_function(
            f"document.querySelector('#replay').dataset.step === '{BLUNDER_STEP + 1}'"
        )
        assert page.locator('#replay-review [data-mark="blunder"]').count() == 0
        found = violations(page)
        assert not found, _explain(f"reviewed replay ({lang})", found)
        assert not errors, errors
    finally:
        ctx.close()
