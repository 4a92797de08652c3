"""Koodinmurtaja's refusals of a wrongly formed or illegal command say in words what
is allowed, in the terminal in Finnish and in English (issue 15): no notation
template ("PELAAJA/PAIKKA=ARVO", "SEAT=RANK", "'reveal POSITION'") — notation is
shown where the player is invited to type it, beside each move of the list — and
seats numbered as the screen numbers them (the opponent is "pelaaja 2")."""

from __future__ import annotations

import re

import pytest
from helpers import run_cli

from pakka.cli.text import t
from pakka.games.koodinmurtaja.messages import MESSAGES

NOTATION = re.compile(
    r"[A-ZÄÖ]{4,}"  # a placeholder of a notation template: SEAT, POSITION, PAIKKA, ARVO
    r"|\w\s*=\s*\w|\d\s*/\s*\d"  # a guess written out: 2/3=Q, 2=Q
    r"|'(?:reveal|stop|paljasta|lopeta)\b"  # a command word quoted as what to type
)
ENGLISH_COMMANDS = re.compile(r"\b(?:stop|reveal)\b")

TYPED = ["hello", "9/1=Q", "1/1=Z", "1/99=Q", "reveal 2", "0/1=Q", "1=Q", "stop"]
"""Mistakes a player may type on their first turn (the opponent is seat 1 in the
notation, "player 2" on the screen)."""


def _refusals(out: str, lang: str) -> list[str]:
    """The refusals shown, one per typed line, whitespace made single."""
    prefix = t(lang, "play.illegal", reason="")
    flat = re.sub(r"\s+", " ", out)
    parts = flat.split(t(lang, "play.prompt") + ">")[1:]
    return [p.strip().removeprefix(prefix).strip() for p in parts if p.strip().startswith(prefix)]


def _check(text: str, lang: str, typed: str | None = None) -> list[str]:
    """What is wrong with a refusal's words; ``typed`` (what the player typed, which a
    refusal may quote back, as a whole or a word of it) is spared."""
    bad = []
    spared = text if typed is None else re.sub(r"'[^']*'", "", text)
    if NOTATION.search(spared):
        bad.append(f"notation in {text!r}")
    if lang == "fi" and ENGLISH_COMMANDS.search(spared):
        bad.append(f"English command word in {text!r}")
    return bad


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_every_koodinmurtaja_refusal_text_is_in_words(lang: str) -> None:
    """The catalogue's refusals (``koodinmurtaja.why.*``) hold no notation template."""
    bad = [
        b
        for key, text in MESSAGES[lang].items()
        if key.startswith("koodinmurtaja.why.")
        for b in _check(text.replace("{text!r}", ""), lang)
    ]
    assert not bad, bad


TERMINAL = [
    pytest.param(
        [],
        TYPED,
        # "0/1=Q" guesses at oneself: the refusal names the opponent as the screen does.
        {
            "0/1=Q": {
                "fi": "nyt voit arvata pelaajan 2 kortteja, et pelaajan 1",
                "en": "you may guess at seat 2 now, not seat 1",
            }
        },
        ["9/1=Q"],
        id="first-turn-mistakes",
    ),
    # In the rank-only game, pointing at a card is refused in words.
    pytest.param(["--set", "guess=rank-only"], ["1/1=Q"], {}, [], id="rank-only-points-at-a-card"),
]
"""Terminal cases: options of the game, the lines typed, the exact refusal of some of
them (by language), and those that name a seat the game lacks (no 0-based count)."""


@pytest.mark.parametrize("lang", ["fi", "en"])
@pytest.mark.parametrize(("options", "typed", "exact", "no_seat"), TERMINAL)
def test_refusals_in_the_terminal_say_what_is_allowed_in_words(
    lang: str,
    options: list[str],
    typed: list[str],
    exact: dict[str, dict[str, str]],
    no_seat: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every line typed is refused, in words: no notation template, no English
    command word in Finnish."""
    quit_word = {"fi": "poistu", "en": "quit"}[lang]
    argv = ["play", "koodinmurtaja", "--players", "2", "--bots", "easy", "--seed", "3"]
    argv += [*options, "--lang", lang]
    rc, out, _ = run_cli(monkeypatch, capsys, argv, [*typed, quit_word])
    assert rc == 0
    said = _refusals(out, lang)
    assert len(said) == len(typed), (said, out[-2000:])
    bad = [b for line, text in zip(typed, said, strict=True) for b in _check(text, lang, line)]
    assert not bad, bad
    for line, texts in exact.items():
        assert said[typed.index(line)] == texts[lang], said
    # A seat the game does not have: no 0-based count of seats.
    for line in no_seat:
        assert not re.search(r"\b0\s*\.\.", said[typed.index(line)]), said


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_a_dealer_the_game_lacks_is_refused_in_words(
    lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--set dealer=5`` with two players: the refusal counts no seat from 0."""
    argv = ["play", "koodinmurtaja", "--players", "2", "--bots", "easy", "--seed", "3"]
    rc, _, err = run_cli(monkeypatch, capsys, [*argv, "--set", "dealer=5", "--lang", lang])
    assert rc == 2
    flat = re.sub(r"\s+", " ", err)
    assert not re.search(r"\b0\s*\.\.", flat), flat
    assert {"fi": "paikkaa 5", "en": "seat 5"}[lang] in flat, flat
