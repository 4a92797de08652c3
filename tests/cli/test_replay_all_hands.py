"""Issue 13 item 10: ``pakka replay``'s omniscient view shows every seat's hand."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import run_cli

import pakka
from pakka.i18n import card_names


def _record(tmp_path: Path, game: str, players: int, moves: int) -> tuple[Path, pakka.State]:  # type: ignore[type-arg]
    state = pakka.load(game, players=players).new_state(seed=3)
    rng = random.Random(0)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    path = tmp_path / f"{game}.json"
    path.write_text(pakka.Record.from_state(state).to_json())
    return path, state


@pytest.mark.parametrize(
    ("game", "players"),
    [("viisisataa", 3), ("ravaytys", 3), ("zoker-tiko", 3), ("zoker-kubo", 2), ("zoker-tiko", 2)],
)
def test_omniscient_replay_shows_every_hand(
    game: str,
    players: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path, state = _record(tmp_path, game, players, 2)
    monkeypatch.setenv("COLUMNS", "250")
    rc, out, _ = run_cli(monkeypatch, capsys, ["replay", str(path), "--at", "2", "--lang", "en"])
    assert rc == 0
    hands = state.full_view()["hands"]
    names = card_names(game, "en")  # cards in words where the game names them
    for seat, hand in enumerate(hands):
        line = next(x for x in out.splitlines() if x.strip().startswith(f"seat {seat + 1}:"))
        if names:
            assert all(names[c] in line for c in hand), (seat, hand, line)
        else:
            assert all(c in line.split() for c in hand), (seat, hand, line)
    rc, out, _ = run_cli(monkeypatch, capsys, ["replay", str(path), "--at", "2", "--lang", "fi"])
    assert "Kädet" in out


def test_seat_view_still_shows_only_its_own_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path, state = _record(tmp_path, "zoker-tiko", 3, 2)
    rc, out, _ = run_cli(
        monkeypatch, capsys, ["replay", str(path), "--at", "2", "--seat", "1", "--lang", "en"]
    )
    assert rc == 0 and "Hands" not in out
    for c in state.full_view()["hands"][0]:
        assert c not in out.split()


def test_other_games_still_show_everything(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Koodinmurtaja has no hands: the omniscient board shows every code card."""
    path, _ = _record(tmp_path, "koodinmurtaja", 3, 1)
    monkeypatch.setenv("COLUMNS", "200")
    rc, out, _ = run_cli(monkeypatch, capsys, ["replay", str(path), "--at", "1", "--lang", "en"])
    assert rc == 0 and "[?]" not in out and "?" not in out.split()
