"""Issue 13 items 9 and 11: Zoker Memo's place numbers in the terminal, Zoker Solo's undo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run_cli


def test_r_me_2_memo_numbers_are_the_places(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-ME-2: typing 1 then 2 turns places 1 and 2, also after the first card is up
    (the menu must not renumber the remaining places)."""
    rc, out, _ = run_cli(
        monkeypatch,
        capsys,
        ["play", "zoker-memo", "--players", "2", "--seed", "4", "--lang", "en"],
        ["1", "2", "quit"],
    )
    assert rc == 0
    assert "(places 1 2)" in out and "(places 1 3)" not in out


def test_memo_number_of_a_face_up_place_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rc, out, _ = run_cli(
        monkeypatch,
        capsys,
        ["play", "zoker-memo", "--players", "2", "--seed", "4", "--lang", "en"],
        ["1", "1", "2", "quit"],
    )
    assert rc == 0 and "Not allowed" in out and "(places 1 2)" in out


def _solo(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    save: Path,
    lang: str,
    lines: list[str],
) -> str:
    rc, out, _ = run_cli(
        monkeypatch,
        capsys,
        ["play", "zoker-solo", "--seed", "1", "--save", str(save), "--lang", lang],
        lines,
    )
    assert rc == 0
    return out


def test_d_so_3_solo_undo_in_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """D-SO-3: ``undo`` takes back the last move of Zoker Solo (``kumoa`` in Finnish)."""
    save = tmp_path / "s.json"
    out = _solo(monkeypatch, capsys, save, "en", ["a3-a4", "d3-c4", "undo", "quit"])
    assert "Took back 1 move" in out and "Not allowed" not in out
    assert json.loads(save.read_text())["actions"] == ["a3-a4"]
    out = _solo(monkeypatch, capsys, save, "fi", ["a3-a4", "d3-c4", "kumoa 2", "poistu"])
    assert "Peruttiin 2 siirtoa" in out
    assert json.loads(save.read_text())["actions"] == []


def test_d_so_3_undo_explains_when_there_is_nothing_to_take_back(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """D-SO-3: undo with no move yet is explained, in both languages."""
    out = _solo(monkeypatch, capsys, tmp_path / "s.json", "en", ["undo", "quit"])
    assert "nothing to take back" in out
    out = _solo(monkeypatch, capsys, tmp_path / "s.json", "fi", ["kumoa", "poistu"])
    assert "Peruttavaa ei ole vielä mitään" in out


def test_undo_is_only_for_one_player_games(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rc, out, _ = run_cli(
        monkeypatch,
        capsys,
        ["play", "zoker-memo", "--players", "2", "--seed", "4", "--lang", "en"],
        ["1", "undo", "quit"],
    )
    assert rc == 0 and "only in one-player games" in out
