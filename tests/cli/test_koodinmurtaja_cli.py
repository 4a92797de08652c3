"""``pakka play/replay/arena`` with Koodinmurtaja, and its terminal renderer."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from helpers import run_cli
from rich.console import Console

import pakka
from pakka.cli.render.koodinmurtaja import describe_action, menu, plausible_ranks, render

GAME = "koodinmurtaja"


def _stacked(codes: list[list[str]], stock: list[str]) -> pakka.State[Any]:
    n = len(codes)
    deck = [codes[(1 + i) % n][i // n] for i in range(4 * n)] + stock
    state: pakka.State[Any] = pakka.load(GAME, players=n).new_state(seed=1, deck=deck)
    return state


def _text(view: dict[str, Any], lang: str = "en") -> str:
    buf = io.StringIO()
    console = Console(file=buf, width=120, color_system=None)
    console.print(render(view, lang))
    out = buf.getvalue()
    return out


def test_full_game_against_deduce_and_random_in_english(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "km.json"
    rc, out, _ = run_cli(
        monkeypatch,
        capsys,
        [
            "play",
            GAME,
            "--players",
            "3",
            "--bots",
            "deduce,random",
            "--set",
            "deck=full",
            "--seed",
            "4",
            "--lang",
            "en",
            "--save",
            str(save),
        ],
        ["1"] * 300,
    )
    assert rc == 0
    assert "Codebreaker — 3 players. You are seat 1." in out
    assert "Your code: " in out and "['" not in out  # cards as notation, not a Python list
    assert "seat 1 (you)" in out and "You drew " in out
    assert "The game is over." in out and "Winner(s): seat" in out
    data = json.loads(save.read_text())
    assert data["options"]["deck"] == "full"
    assert pakka.Record.from_json(save.read_text()).replay().is_terminal


def test_full_game_in_finnish_with_hint(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rc, out, _ = run_cli(
        monkeypatch,
        capsys,
        ["play", GAME, "--players", "2", "--bots", "easy", "--seed", "2", "--lang", "fi"],
        ["vihje", *["1"] * 300],
    )
    assert rc == 0
    assert "Koodinmurtaja — 2 pelaajaa. Olet paikalla 1." in out
    assert "Vihje: " in out and "todennäköisyys" in out
    assert "Koodisi: " in out and "Peli on päättynyt." in out and "Voittaja(t): paikka" in out


def test_bad_guesses_are_explained(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rc, out, _ = run_cli(
        monkeypatch,
        capsys,
        ["play", GAME, "--players", "2", "--seed", "3", "--lang", "en", "--seat", "1"],
        ["0/9=Q", "1/1=Q", "banana", "quit"],
    )
    assert rc == 0
    assert out.count("Not allowed:") == 3


def test_save_and_resume_mid_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "km.json"
    run_cli(
        monkeypatch,
        capsys,
        [
            "play",
            GAME,
            "--players",
            "4",
            "--bots",
            "deduce,random,easy",
            "--seed",
            "9",
            "--lang",
            "en",
            "--save",
            str(save),
        ],
        ["1", "quit"],
    )
    first = json.loads(save.read_text())
    assert first["session"]["bots"] == [None, "deduce", "random", "easy"]
    assert not pakka.Record.from_json(save.read_text()).replay().is_terminal
    rc, out, _ = run_cli(
        monkeypatch, capsys, ["play", "--resume", str(save), "--lang", "en"], ["1"] * 300
    )
    assert rc == 0 and "Game resumed" in out and "The game is over." in out
    done = json.loads(save.read_text())
    assert done["actions"][: len(first["actions"])] == first["actions"]


def test_renderer_shows_codes_stock_drawn_card_and_target() -> None:
    # Seat 1 starts (D-KM-8); codes 3 players, half deck.
    state = _stacked(
        [["2S", "5H", "9S", "KH"], ["3S", "6H", "10S", "AH"], ["4S", "7H", "JS", "QS"]],
        ["8S", "8H"],
    )
    state.apply("2/1=5")  # wrong: seat 2's lowest card is 4S; the drawn 8S goes face up
    view = state.view(2)
    text = _text(view)
    assert "Game 1/1 · dealer: seat 1 · stock: 12 cards" in text  # seats read from 1
    assert "seat 3 (you)" in text and "▶ to play" in text and "◎ target" in text
    assert "[♠4]" in text and "[♥7]" in text  # own hidden cards in brackets
    assert "♠8" in text  # the wrongly placed card is face up in seat 1's code
    assert "[♠4]≠5" in text  # the refuted rank is attached to seat 2's lowest card
    assert "1:?≠5" in _text(state.view(0))
    assert "You drew ♥8." in text
    assert "Seat 3 must guess a hidden card of seat 1." in text
    # the notation counts seats from 0, the screen from 1: the hint says both
    assert "Guess: SEAT/POSITION=RANK with seats counted from 0, e.g. 0/1=Q for seat 1" in text
    spectator = _text(state.view(None), "fi")
    assert "Paikka 3 on nostanut kortin." in spectator and "[♠4]" not in spectator
    omniscient = _text(state.full_view())
    assert "stock (top first):" in omniscient and "Seat 3 drew ♥8." in omniscient


def test_menu_offers_stop_first_and_plausible_guesses() -> None:
    state = _stacked(
        [["2S", "5H", "9S", "KH"], ["3S", "6H", "10S", "AH"], ["4S", "7H", "JS", "QS"]],
        ["8S", "8H"],
    )
    state.apply("2/1=4")  # right: reveals 4S; seat 1 may continue or stop
    view = state.view(1)
    legal = [str(a) for a in state.legal_actions()]
    offered = menu(view, legal, "en")
    assert offered[0] == "stop" and set(offered) <= set(legal)
    # The label comes from the display layer and names the drawn 8S in words.
    assert describe_action("stop", view, "en") == "stop and hide your drawn card, the 8 of spades"
    assert describe_action("stop", view, "fi") == "lopeta ja piilota nostettu korttisi, pata-8"
    assert describe_action("2/2=Q", view, "en") == ""  # guesses read plainly in notation
    # Seat 2's second card lies above the revealed 4S, so 2, 3 and 4 cannot fit it.
    ranks = plausible_ranks(view, 2, 2)
    assert min(ranks) >= 5 and 14 in ranks
    assert "2/2=3" in legal and "2/2=3" not in offered


def test_replay_of_a_koodinmurtaja_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "km.json"
    run_cli(
        monkeypatch,
        capsys,
        [
            "play",
            GAME,
            "--players",
            "2",
            "--bots",
            "random",
            "--seed",
            "6",
            "--lang",
            "en",
            "--save",
            str(save),
        ],
        ["1"] * 300,
    )
    rc, out, _ = run_cli(
        monkeypatch, capsys, ["replay", str(save), "--lang", "en"], ["n", "n", "s 1", "j -1", "q"]
    )
    # "s 1" types the seat index 1; the screen counts seats from 1
    assert rc == 0 and "Move 2/" in out and "Showing: seat 2" in out
    assert "Codebreaker: seat" in out


def test_arena_deduce_against_random(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rc, out, _ = run_cli(
        monkeypatch,
        capsys,
        [
            "arena",
            GAME,
            "--players",
            "2",
            "--bots",
            "deduce,random",
            "--deals",
            "4",
            "--lang",
            "en",
        ],
    )
    out = " ".join(out.split())
    assert rc == 0 and "4 deals x 2 seat rotations = 8 games" in out
    assert "deduce − random: win rate" in out


def test_rules_and_options_of_koodinmurtaja(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rc, out, _ = run_cli(monkeypatch, capsys, ["rules", GAME, "--lang", "fi"])
    assert rc == 0 and "Koodinmurtaja" in out and "pelaaja" in out.lower()
    rc, out, _ = run_cli(monkeypatch, capsys, ["games", GAME, "--lang", "en"], columns=220)
    assert rc == 0 and "empty_stock_penalty" in out and "no [false]" in out and "deduce" in out
    assert "Penalty once the stock is empty" in out and "First dealer" in out
