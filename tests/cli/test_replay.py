"""``pakka replay``: stepping through a record, omniscient or as one seat."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run_cli

import pakka


def _record(toy: str, path: Path) -> pakka.Record:
    game = pakka.load(toy, players=3)
    state = game.new_state(seed=5)  # hands 2S 9S / 3S 5S / 6S 8S
    for text in ["2S", "5S", "6S", "9S", "3S", "8S"]:
        state.apply(text)
    rec = pakka.Record.from_state(state, names=["a", "b", "c"])
    path.write_text(rec.to_json())
    return rec


def test_step_through_omniscient_and_as_a_seat(
    toy: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    f = tmp_path / "r.json"
    _record(toy, f)
    rc, out, _ = run_cli(
        monkeypatch,
        capsys,
        ["replay", str(f), "--lang", "en"],
        ["n", "", "b", "seat 1", "j 6", "n", "o", "j -1", "bogus", "q"],
    )
    assert rc == 0
    screens = out.split("Move ")
    assert "Start of the game (move 0/6)." in out
    assert "You were dealt 2S 9S. [→ 1]" in out  # omniscient: private entries marked
    # seats read from 1 (issue 15); the command "seat 1" types the index 1
    assert "Move 1: seat 1 plays 2S" in out and "Move 2: seat 2 plays 5S" in out
    assert "Showing: seat 2" in out
    assert "End of the record." in out
    assert "Unknown command 'bogus'." in out
    assert len(screens) > 6


def test_seat_view_hides_other_hands(
    toy: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    f = tmp_path / "r.json"
    _record(toy, f)
    rc, out, _ = run_cli(
        monkeypatch, capsys, ["replay", str(f), "--seat", "1", "--at", "0", "--lang", "en"]
    )
    assert rc == 0
    assert "You were dealt 3S 5S." in out
    assert "2S 9S" not in out and "6S 8S" not in out
    rc, out, _ = run_cli(monkeypatch, capsys, ["replay", str(f), "--at", "0", "--lang", "fi"])
    assert "Sait kortit 2S 9S. [→ 1]" in out and "Näkymä: kaikki" in out


def test_replay_errors(
    toy: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    f = tmp_path / "r.json"
    rec = _record(toy, f)
    rc, _, err = run_cli(monkeypatch, capsys, ["replay", str(f), "--seat", "3", "--lang", "en"])
    assert rc == 2 and "--seat 3 is not a seat; seats are 0..2" in err
    bad = pakka.Record(rec.game, rec.players, rec.options, rec.seed, ["2S", "2S"])
    f.write_text(bad.to_json())
    rc, _, err = run_cli(monkeypatch, capsys, ["replay", str(f), "--lang", "en"])
    assert rc == 2 and "action 2 ('2S') does not replay" in err
