"""The terminal in the reader's language: refusals, option errors, bot names, quit
versus Koodinmurtaja's stop, and line editing (the words issue, terminal part)."""

from __future__ import annotations

import io
import sys
import types

import pytest
from helpers import run_cli

import pakka
from pakka.bots import bot_label
from pakka.cli import play
from pakka.core.errors import IllegalAction, RulesError
from pakka.games.ravaytys.game import Refusal as RvRefusal
from pakka.games.viisisataa.state import Refusal as VsRefusal


def test_keyed_refusals_are_said_in_the_chosen_language() -> None:
    e = VsRefusal("error.bid_value", value=45)
    assert play.refusal_text("viisisataa", e, "en") == str(e)
    assert play.refusal_text("viisisataa", e, "fi").startswith("45 ei ole tarjouksen arvo")
    rv = RvRefusal(("rv.why.no_contract", {"sets": 2, "runs": 0}))
    assert play.refusal_text("ravaytys", rv, "fi") == rv.text("fi") != str(rv)


def test_a_refusal_without_a_key_reads_in_finnish_without_english() -> None:
    e = IllegalAction("'zz' is not action notation")
    assert play.refusal_text("koodinmurtaja", e, "en") == str(e)
    fi = play.refusal_text("koodinmurtaja", e, "fi", "zz")
    assert fi.startswith("Siirtoa 'zz' ei voi tehdä nyt") and "notation" not in fi


def test_option_errors_in_both_languages_and_english_str_unchanged(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(RulesError) as info:
        pakka.load("koodinmurtaja", players=3, deck="tiny")
    assert str(info.value) == "option 'deck': 'tiny' is not allowed; use one of 'half', 'full'"
    argv = ["play", "koodinmurtaja", "--set", "deck=tiny"]
    rc, _, err = run_cli(monkeypatch, capsys, [*argv, "--lang", "fi"])
    assert rc == 2 and "valinta 'deck': 'tiny' ei ole sallittu; anna yksi näistä" in err
    rc, _, err = run_cli(monkeypatch, capsys, [*argv[:2], "--set", "colour=red", "--lang", "fi"])
    assert "pelissä koodinmurtaja ei ole valintaa 'colour'" in err
    rc, _, err = run_cli(monkeypatch, capsys, [*argv[:2], "--players", "9", "--lang", "fi"])
    assert "pelaajamäärä 9 ei ole sallittu; anna 2..8" in err


def test_seat_options_are_typed_one_based(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from pakka.cli.main import parse_sets

    assert parse_sets(["dealer=1", "deck=full"], "en") == {"dealer": "0", "deck": "full"}
    rc, _, err = run_cli(
        monkeypatch, capsys, ["play", "koodinmurtaja", "--set", "dealer=0", "--lang", "fi"]
    )
    assert rc == 2 and "anna paikan numero 1:stä alkaen" in err


def test_bot_names_and_levels_in_words() -> None:
    assert bot_label("medium", "fi", 2) == "Botti (keskitaso) 2"
    assert bot_label("hard", "en") == "Bot (hard)"
    assert bot_label("ismcts:iterations=50", "fi") == "Botti (ismcts)"


def test_games_list_counts_players_with_plurals(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = run_cli(monkeypatch, capsys, ["games", "--lang", "fi"], columns=200)
    assert "2–8 pelaajaa" in out and "1 pelaaja " in out and "pelaajia" not in out
    _, out, _ = run_cli(monkeypatch, capsys, ["games", "--lang", "en"], columns=200)
    assert "2–8 players" in out and "1 player " in out and "1 players" not in out


def _stop_is_legal() -> tuple[list[str], int, int]:
    """A seed, a right first guess and the seat that may stop after it (Koodinmurtaja)."""
    for seed in range(60):
        state = pakka.load("koodinmurtaja", players=2).new_state(seed=seed)
        p = state.current_player
        for a in state.legal_actions():
            s2 = state.clone()
            s2.apply(a)
            if s2.current_player == p and "stop" in map(str, s2.legal_actions()):
                assert p is not None
                return [str(a)], seed, p
    raise AssertionError("no seed found")


def test_lopeta_stops_guessing_and_poistu_quits_koodinmurtaja(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    moves, seed, seat = _stop_is_legal()
    argv = ["play", "koodinmurtaja", "--players", "2", "--seed", str(seed), "--lang", "fi"]
    argv += ["--seat", str(seat)]
    _, out, _ = run_cli(monkeypatch, capsys, argv, [*moves, "lopeta", "poistu"])
    assert "poistu" in out.split("Siirtosi (")[1].split(")")[0]  # the prompt says how to quit
    assert out.count("Hei hei.") == 1
    # "lopeta" was the move stop (not a refusal, not quitting): the turn passed on.
    assert "Ei sallittu" not in out and "Pelistä poistutaan" not in out
    assert out.count("Sinun vuorosi") == 3  # guess, go on or stop (lopeta), after the bot


def test_lopeta_in_another_game_is_refused_not_quit(
    toy: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["play", toy, "--players", "2", "--seed", "5", "--lang", "fi"]
    _, out, _ = run_cli(monkeypatch, capsys, argv, ["lopeta", "1"])
    assert "Pelistä poistutaan kirjoittamalla poistu" in out
    assert "Hei hei." in out  # only at the end of input, after the move "1" was played
    _, out, _ = run_cli(monkeypatch, capsys, [*argv[:-1], "en"], ["quit game"])
    assert "Bye." in out


def test_line_editing_uses_readline_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    fake = types.SimpleNamespace(
        clear_history=lambda: calls.append("clear"),
        set_history_length=lambda n: calls.append(f"length {n}"),
    )
    monkeypatch.setitem(sys.modules, "readline", fake)
    assert play.enable_line_editing(io.StringIO("")) is False and calls == []

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert play.enable_line_editing(Tty("")) is True
    assert calls == ["clear", "length 500"]  # a fresh history for this session


def test_with_line_editing_the_prompt_goes_to_input(
    toy: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """readline edits and redraws what ``input(prompt)`` shows, so the prompt is
    passed to :func:`input` itself (not printed before it)."""
    from rich.console import Console

    seen: list[str] = []
    monkeypatch.setattr(play, "enable_line_editing", lambda stream=None: True)

    def fake_input(prompt: str = "") -> str:
        seen.append(prompt)
        return "quit"

    monkeypatch.setattr("builtins.input", fake_input)
    state = pakka.load(toy, players=2).new_state(seed=5)
    session = play.PlaySession(state, 0, [None, "random"], "fi", Console(file=io.StringIO()))
    assert session.line_editing and session.ask("Siirtosi") == "quit"
    assert seen == ["Siirtosi> "]
