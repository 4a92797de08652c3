"""``pakka play`` end to end through ``main()`` with scripted input (toy game)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run_cli

import pakka


def test_full_game_against_bots_in_english(
    toy: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "g.json"
    rc, out, _ = run_cli(
        monkeypatch,
        capsys,
        [
            "play",
            toy,
            "--players",
            "3",
            "--bots",
            "random,easy",
            "--seed",
            "5",
            "--lang",
            "en",
            "--save",
            str(save),
        ],
        ["1"] * 5,
    )
    assert rc == 0
    assert "You are seat 1" in out  # seats as players count them (issue 15)
    assert "You were dealt 2S 9S." in out  # the seat's private log entry
    assert "Player 2 plays" in out  # bots' moves come through the log
    assert "The game is over." in out and "Winner(s): seat" in out
    data = json.loads(save.read_text())
    assert data["game"] == toy and data["seed"] == 5 and len(data["actions"]) == 6
    assert data["session"]["bots"] == [None, "random", "easy"]
    # The other seats' hands never reach the human's screen.
    assert "You were dealt 3S 5S." not in out and "6S 8S." not in out


def test_full_game_in_finnish(
    toy: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rc, out, _ = run_cli(
        monkeypatch,
        capsys,
        ["play", toy, "--players", "2", "--bots", "random", "--seed", "1", "--lang", "fi"],
        ["apu", "1", "1"],
    )
    assert rc == 0
    assert "Olet paikalla 1" in out and "Komennot:" in out
    assert "Sait kortit" in out and "Pelaaja 2 pelaa kortin" in out
    assert "Peli on päättynyt." in out and "Pisteet" in out


def test_numbered_choice_and_notation_are_the_same_move(
    toy: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    args = ["play", toy, "--players", "2", "--bots", "random", "--seed", "7", "--lang", "en"]
    run_cli(monkeypatch, capsys, [*args, "--save", str(a)], ["1", "1"])
    first = json.loads(a.read_text())["actions"]
    run_cli(monkeypatch, capsys, [*args, "--save", str(b)], [first[0].lower(), "1"])
    assert json.loads(b.read_text())["actions"] == first


def test_bad_input_is_explained_and_changes_nothing(
    toy: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rc, out, _ = run_cli(
        monkeypatch,
        capsys,
        ["play", toy, "--players", "2", "--seed", "5", "--lang", "en"],
        ["", "xx", "99", "0", "KH", "quit"],
    )
    assert rc == 0
    assert "Type a move, a number from the list, or help." in out
    assert "Not allowed: 'xx' is not a card" in out
    assert "There is no choice 99; pick 1..2." in out
    assert "There is no choice 0; pick 1..2." in out
    assert "Not allowed: KH is not in your hand; play one of 2S, 9S" in out
    assert "Bye." in out


def test_bad_input_in_finnish(
    toy: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _rc, out, _ = run_cli(
        monkeypatch,
        capsys,
        ["play", toy, "--players", "2", "--seed", "5", "--lang", "fi"],
        ["", "99", "xx", "poistu"],
    )
    assert "Kirjoita siirto, listan numero tai apu." in out
    assert "Vaihtoehtoa 99 ei ole; valitse 1..2." in out
    assert "Ei sallittu:" in out
    assert "Hei hei." in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--set", "hand=9"], "option 'hand': '9' is not allowed; use an integer 1..2"),
        (["--set", "colour=red"], "has no option 'colour'; its options are: hand"),
        (["--set", "hand"], "must look like key=value"),
        (["--players", "7"], "players=7 is not allowed; use 2..3"),
        (["--bots", "random,random,random"], "--bots gives 3 bots but there is 1 other seat"),
        (["--bots", "nosuchbot"], "no bot 'nosuchbot' for clitoy"),
        (["--seat", "4"], "--seat 4 is not a seat; seats are 0..1"),
    ],
)
def test_bad_command_lines_are_explained(
    toy: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    message: str,
) -> None:
    rc, _, err = run_cli(
        monkeypatch, capsys, ["play", toy, "--players", "2", "--lang", "en", *argv]
    )
    assert rc == 2
    assert message in " ".join(err.split())


def test_unknown_game(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    rc, _, err = run_cli(monkeypatch, capsys, ["play", "nosuchgame", "--lang", "en"])
    assert rc == 2 and "no game 'nosuchgame'" in err


def test_save_and_resume(
    toy: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "s.json"
    rc, out, _ = run_cli(
        monkeypatch,
        capsys,
        [
            "play",
            toy,
            "--players",
            "3",
            "--bots",
            "random",
            "--seat",
            "1",
            "--seed",
            "11",
            "--lang",
            "en",
        ],
        ["1", f"save {save}", "quit"],
    )
    assert rc == 0 and f"Saved to {save}" in out
    saved = json.loads(save.read_text())
    assert saved["session"]["seat"] == 1
    assert len(saved["actions"]) == 4  # seat 0 (bot), us, seat 2 and seat 0 (bots)
    rc, out, _ = run_cli(
        monkeypatch, capsys, ["play", "--resume", str(save), "--lang", "en"], ["1"]
    )
    assert rc == 0
    assert "Game resumed from" in out and "after 4 moves" in out
    assert "You are seat 2" in out and "The game is over." in out
    done = json.loads(save.read_text())  # resuming saves back to the same file
    assert done["actions"][:4] == saved["actions"] and len(done["actions"]) == 6
    record = pakka.Record.from_json(save.read_text())
    assert record.replay().is_terminal


def test_resume_rejects_other_game_and_bad_file(
    toy: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    rc, _, err = run_cli(monkeypatch, capsys, ["play", "--resume", str(bad), "--lang", "en"])
    assert rc == 2 and "not JSON" in err
    rc, _, err = run_cli(
        monkeypatch, capsys, ["play", "--resume", str(tmp_path / "missing.json"), "--lang", "en"]
    )
    assert rc == 2 and "cannot read" in err
    rc, _, err = run_cli(monkeypatch, capsys, ["play", "--lang", "en"])
    assert rc == 2 and "give a game" in err


def test_commands_help_rules_board_log(
    toy: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rc, out, _ = run_cli(
        monkeypatch,
        capsys,
        ["play", toy, "--players", "2", "--seed", "5", "--lang", "en"],
        ["help", "board", "log", "rules", "quit"],
    )
    assert rc == 0
    assert "Commands:" in out and "hint" in out
    assert out.count("Toy — move 0") == 2  # the board was drawn again
    assert "Log" in out
    assert "no rules text for 'clitoy'" in out  # the toy game has no rules files


def test_hint_falls_back_to_the_hard_bot(
    toy: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _rc, out, _ = run_cli(
        monkeypatch,
        capsys,
        ["play", toy, "--players", "2", "--seed", "5", "--lang", "en"],
        ["hint", "quit"],
    )
    assert "Bot (hard) would play: " in out


def test_hint_uses_the_games_hint(
    toy_bots: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _rc, out, _ = run_cli(
        monkeypatch,
        capsys,
        ["play", toy_bots, "--players", "2", "--seed", "5", "--lang", "fi"],
        ["vihje", "poistu"],
    )
    assert "Vihje: pelaa 9S" in out and "2S: ok" in out
    assert "Paikat: 1: sinä, 2: Botti (keskitaso)" in out
