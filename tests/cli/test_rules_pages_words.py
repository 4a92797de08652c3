"""The player-facing rules pages speak the reader's language in words (the words
issue, rules part): every game's rules, in Finnish and in English, as served by
``pakka rules``, the terminal's ``rules`` command and the browser's
``/api/games/{game}/rules/{lang}``.

The checks are those of the terminal words test (:mod:`test_words_complete`, whose
English fragments and reviewed same-in-both words are reused): no English
catalogue text in the Finnish page, no raw card code outside a notation example
(inline code or a code block: what the player may type), no unfilled template
placeholder, and no rule id (``R-VS-3``) outside a "rules reference" section.
"""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from helpers import run_cli
from test_words_complete import (
    FRENCH,
    NO_TRUMP_BID,
    PLACEHOLDER,
    ZOKER,
    english_fragments,
)

from pakka.core.registry import games
from pakka.rules import rules_text
from pakka.server import catalogue

LANGS = ("en", "fi")
RULE_ID = re.compile(r"\b[RD]-[A-Z0-9]{2,}-\d+[a-z]?\b")
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)
"""A notation example: a code block or an inline code span (what may be typed)."""
REFERENCE_HEADING = re.compile(r"^#+\s*(rules reference|sääntöviite)\b", re.I | re.M)


def _params() -> list[tuple[str, str]]:
    return [(game, lang) for game in sorted(games()) for lang in LANGS]


def prose(text: str) -> str:
    """The page without its notation examples and its rules reference section."""
    ref = REFERENCE_HEADING.search(text)
    if ref:
        text = text[: ref.start()]
    return CODE.sub("", text)


@pytest.mark.parametrize(("game", "lang"), _params())
def test_every_game_has_its_own_rules_page_in_both_languages(game: str, lang: str) -> None:
    """No English fallback: the Finnish page is a Finnish file, not the English one."""
    text = rules_text(game, lang)
    other = rules_text(game, "en" if lang == "fi" else "fi")
    assert text.strip() and text != other


@pytest.mark.parametrize("game", sorted(games()))
def test_finnish_rules_page_has_no_english_catalogue_text(game: str) -> None:
    text = prose(rules_text(game, "fi"))
    found = sorted(f for f in english_fragments() if f in text)
    assert not found, f"English in the Finnish rules of {game}: {found[:10]}"


@pytest.mark.parametrize(("game", "lang"), _params())
def test_rules_page_has_no_raw_card_code_outside_notation_examples(game: str, lang: str) -> None:
    text = prose(rules_text(game, lang))
    codes = sorted({m.group(0) for rx in (FRENCH, ZOKER, NO_TRUMP_BID) for m in rx.finditer(text)})
    assert not codes, f"raw card codes in the rules of {game} ({lang}): {codes}"


@pytest.mark.parametrize(("game", "lang"), _params())
def test_rules_page_has_no_unfilled_placeholder(game: str, lang: str) -> None:
    text = CODE.sub("", rules_text(game, lang))
    left = sorted({m.group(0) for m in PLACEHOLDER.finditer(text)})
    assert not left, f"unfilled placeholders in the rules of {game} ({lang}): {left}"


@pytest.mark.parametrize(("game", "lang"), _params())
def test_rule_ids_only_in_a_rules_reference_section(game: str, lang: str) -> None:
    text = prose(rules_text(game, lang))
    ids = sorted(set(RULE_ID.findall(text)))
    assert not ids, f"rule ids in the player text of {game} ({lang}): {ids}"


def test_prose_drops_examples_and_the_reference_section() -> None:
    """The helper the checks rely on: code is an example, the reference is exempt."""
    page = "Lay `AH` to win.\n\n## Sääntöviite\n- R-VS-3: AH\n"
    assert prose(page) == "Lay  to win.\n\n"
    assert FRENCH.search("Lay AH to win.")


@pytest.mark.parametrize(("game", "lang"), _params())
def test_browser_route_and_cli_serve_the_checked_page(
    game: str, lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The checked text is what the browser's rules page and ``pakka rules`` show."""
    app = FastAPI()
    app.include_router(catalogue.router)
    body = TestClient(app).get(f"/api/games/{game}/rules/{lang}").json()
    assert body["lang"] == lang and body["markdown"] == rules_text(game, lang)
    rc, out, err = run_cli(monkeypatch, capsys, ["rules", game, "--lang", lang], columns=200)
    assert rc == 0, err
    first_heading = rules_text(game, lang).splitlines()[0].lstrip("# ").strip()
    assert first_heading in out


SEAT_ZERO = re.compile(r"\b(?:seats?|paikat|paikka|dealer|jakaja) 0\b", re.I)
SEAT_LEFT_OF_DEALER = re.compile(
    r"\b(?:seat|paikka) \d[^.;]*\b(?:left of the dealer|jakajan vasemmalla)"
    r"|\b(?:left of the dealer|jakajan vasemmalla)\b[^.;]*\b(?:seat|paikka) \d",
    re.I,
)
"""Seats as the screens count them, from 1: the dealer is seat 1 on the screen, so
the player left of the dealer is not "seat 1" (the engines' index 1); the pages say
"the player left of the dealer" instead of a number."""


@pytest.mark.parametrize(("game", "lang"), _params())
def test_rules_page_counts_seats_as_the_screens_do(game: str, lang: str) -> None:
    text = prose(rules_text(game, lang))
    assert not SEAT_ZERO.findall(text), f"a seat 0 in the rules of {game} ({lang})"
    found = [m.group(0) for m in SEAT_LEFT_OF_DEALER.finditer(text)]
    assert not found, f"an engine seat index in the rules of {game} ({lang}): {found}"
