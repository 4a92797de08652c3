"""The in-game ``rules`` command (``säännöt`` in Finnish) prints the game's rules in
the session's language, for every registered game (issue 15)."""

from __future__ import annotations

import re

import pytest
from helpers import run_cli

from pakka.core.registry import game_class, games
from pakka.rules import rules_text

WORDS = {"fi": ("säännöt", "poistu"), "en": ("rules", "quit")}
"""The words a player of each language types: show the rules, then quit."""


def _words(text: str) -> set[str]:
    """The words of a text of four letters or more, in lower case."""
    return {w.lower() for w in re.findall(r"[A-Za-zÅÄÖåäö]{4,}", text)}


@pytest.mark.parametrize("lang", ["fi", "en"])
@pytest.mark.parametrize("game", games())
def test_rules_command_prints_the_rules_in_the_sessions_language(
    game: str, lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cls = game_class(game)
    players = cls.min_players
    argv = ["play", game, "--players", str(players), "--seed", "3", "--lang", lang]
    if players > 1:
        argv += ["--bots", ",".join(["easy"] * (players - 1))]
    rc, out, _ = run_cli(monkeypatch, capsys, argv, list(WORDS[lang]), columns=200)
    assert rc == 0
    own, other = rules_text(game, lang), rules_text(game, "en" if lang == "fi" else "fi")
    assert own != other  # each language has its own rules file
    shown = _words(out)
    mine, theirs = _words(own), _words(other)
    missing = sorted(mine - shown)
    assert not missing, missing  # every word of the rules text is printed
    # ... and not the other language's: its words that this language's rules do not
    # use (proper names and card ranks are the same in both) stay off the screen.
    foreign = sorted((theirs - mine) & shown)
    assert len(foreign) <= len(theirs - mine) // 20, foreign


@pytest.mark.parametrize(
    ("lang", "typed", "said"),
    [("fi", "säännöt", "pelille 'clitoy' ei ole sääntötekstiä"),
     ("en", "rules", "no rules text for 'clitoy'")],
)  # fmt: skip
def test_a_game_without_rules_says_so_in_the_sessions_language(
    toy: str,
    lang: str,
    typed: str,
    said: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["play", toy, "--players", "2", "--seed", "5", "--lang", lang]
    rc, out, _ = run_cli(monkeypatch, capsys, argv, [typed, WORDS[lang][1]])
    assert rc == 0 and said in _flat(out)
    rc, _, err = run_cli(monkeypatch, capsys, ["rules", toy, "--lang", lang])
    assert rc == 2 and said in _flat(err)


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)
