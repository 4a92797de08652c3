"""A refused Räväytys move is shown in words in real Chromium, in Finnish and in
English (issue 15): a lay-off the rules refuse (there is no meld M1 on the first
turn), sent in notation over the page's own table socket as a typed move would be,
comes back as an error frame that the page renders from the game's catalogue. The
toast names the card in words and shows no card code outside what was typed, no
message key and no unfilled ``{placeholder}``."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .browser_helpers import new_page, start_game

TYPED = "lay 4H M1 lo"
CARD_IN_WORDS = {"en": "4 of hearts", "fi": "hertta-4"}
CODE = re.compile(r"(?<!\w)(?:10|[2-9JQKA])[SHDC](?:=\w+)?(?!\w)|(?<!\w)JK=\w+")
"""A French card in notation (a wild card as 7 too): never in the refusal's words."""
KEY = re.compile(r"\b[a-z]+(?:\.[a-z0-9_]+)+\b")
"""A message key shown as text (``rv.why.and``, ``error.illegal_action``)."""
NOT_ALLOWED = {"en": "not allowed", "fi": "sallittu"}
HINT = re.compile(r"\b(?:CARD|KORTTI|RANK|ARVO|SUIT|MAA|WILD|VILLI|Mn)\b|\||\[lo")
"""The placeholders and separators of a typed-command hint ("discard CARD")."""


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_a_refused_lay_off_is_shown_in_words(browser: Any, server: str, lang: str) -> None:
    ctx, page = new_page(browser, locale="fi-FI" if lang == "fi" else "en-GB")
    try:
        turn = start_game(
            page,
            server,
            "ravaytys",
            3,
            ["human", "bot:easy", "bot:easy"],
            options={"max_turns_per_round": "3"},
        )
        assert turn == "mine"
        page.evaluate(
            "(text) => { const t = window.pakkaTable, f = t.frames[String(t.shown)];"
            " t.socket.send({type: 'action', seat: t.shown, state_id: f.state_id,"
            " action: text}); }",
            TYPED,
        )
        page.wait_for_selector("#toast:not([hidden])", timeout=60_000)
        shown = page.inner_text("#toast").strip()
        assert shown, "an empty refusal"
        assert CARD_IN_WORDS[lang] in shown, shown
        outside_typed = shown.replace(TYPED, "")
        assert not CODE.findall(outside_typed), shown
        assert not KEY.findall(shown), shown
        assert "{" not in shown and "}" not in shown, shown
        # "not allowed" said once; what is allowed in words, never a command hint
        assert len(re.findall(NOT_ALLOWED[lang], shown)) == 1, shown
        assert not HINT.search(shown), shown
        other = CARD_IN_WORDS["en" if lang == "fi" else "fi"]
        assert other not in shown, shown
        assert not page.js_errors, page.js_errors
    finally:
        ctx.close()
