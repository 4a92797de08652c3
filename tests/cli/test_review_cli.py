"""``pakka review RECORD.json [--seat N] [--lang fi|en]``: the marks that are not good and
the summary per seat, from the message catalogue."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run_cli

import pakka
from pakka.bots import make_bot, play_bot_turn
from pakka.review import review_record


def _tiko_record(path: Path) -> pakka.Record:
    """A Tiko game of two random bots (seed 2): plenty of poor choices to mark."""
    game = pakka.load("zoker-tiko", players=2)
    state = game.new_state(seed=2)
    bots = [make_bot(game, "random", seed=q) for q in range(2)]
    while not state.is_terminal:
        play_bot_turn(bots[state.current_player or 0], state)
    rec = pakka.Record.from_state(state, names=["Aino", "Bert"])
    path.write_text(rec.to_json())
    return rec


def test_review_prints_marks_and_summary_in_both_languages(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Every decision that is not good gets one line; then one summary line per seat."""
    f = tmp_path / "tiko.json"
    rec = _tiko_record(f)
    review = review_record(rec)
    bad = [j for j in review.judgements if j.mark != "good"]
    assert bad
    rc, out, _ = run_cli(monkeypatch, capsys, ["review", str(f), "--lang", "en"])
    assert rc == 0
    text = " ".join(out.split())  # the console may wrap long lines
    assert text.count("; better ") == len(bad)
    j = bad[0]
    assert text.startswith(f"Move {j.index + 1}: {j.played}: {j.mark}; better {j.best} (")
    assert "Aino: " in text and "Bert: " in text and "percentage point" in text
    rc, out, _ = run_cli(monkeypatch, capsys, ["review", str(f), "--seat", "1", "--lang", "fi"])
    assert rc == 0
    text = " ".join(out.split())
    assert text.count("; parempi ") == sum(1 for j in bad if j.seat == 1)
    assert "Aino: " not in text and "Bert: " in text and "päätöstä arvioitu" in text


def test_review_refuses_a_bad_seat_and_an_unfinished_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    f = tmp_path / "tiko.json"
    game = pakka.load("zoker-tiko", players=2)
    state = game.new_state(seed=1)
    state.apply(state.legal_actions()[0])
    f.write_text(pakka.Record.from_state(state).to_json())
    rc, _, err = run_cli(monkeypatch, capsys, ["review", str(f), "--seat", "4", "--lang", "en"])
    assert rc == 2 and "--seat 4 is not a seat" in err
    rc, _, err = run_cli(monkeypatch, capsys, ["review", str(f), "--lang", "en"])
    assert rc == 2 and "not over" in err
