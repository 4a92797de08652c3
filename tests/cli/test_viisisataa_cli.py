"""``pakka play/games/arena/bench`` with Viisisataa: who sets a match cap (R-5S-22)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run_cli

import pakka
from pakka.arena import run_arena
from pakka.bench import run_bench
from pakka.cli.main import main
from pakka.games.viisisataa.rules import AUTOMATED_MAX_HANDS

GAME = "viisisataa"


def test_r_5s_22_pakka_play_has_no_hand_cap(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """R-5S-22: ``pakka play`` never caps the number of hands unless asked to."""
    save = tmp_path / "v.json"
    args = ["play", GAME, "--players", "3", "--bots", "rules", "--seed", "4", "--lang", "en"]
    rc, _out, _ = run_cli(monkeypatch, capsys, [*args, "--save", str(save)], ["quit"])
    assert rc == 0
    assert json.loads(save.read_text())["options"]["max_hands"] == 0
    rc, _out, _ = run_cli(
        monkeypatch, capsys, [*args, "--set", "max_hands=3", "--save", str(save)], ["quit"]
    )
    assert json.loads(save.read_text())["options"]["max_hands"] == 3


def test_r_5s_22_pakka_games_describes_no_cap(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-5S-22: ``pakka games viisisataa`` says the default 0 means no cap, in both languages."""
    for lang, words, kind in (
        ("en", "0 (no limit)", "an integer of at least 0"),
        ("fi", "0 (ei rajaa)", "kokonaisluku, vähintään 0"),
    ):
        monkeypatch.setenv("COLUMNS", "400")
        assert main(["games", GAME, "--lang", lang]) == 0
        line = next(x for x in capsys.readouterr().out.splitlines() if "max_hands" in x)
        cells = [c.strip() for c in line.split("│")]
        name = "Hands at most" if lang == "en" else "Jakoja enintään"
        assert cells[1:5] == [name, "max_hands", kind, "0"]
        assert cells[5].startswith(words) and cells[6] == "R-5S-22"


def test_r_5s_22_arena_and_bench_set_a_cap_explicitly() -> None:
    """R-5S-22: automated play (``pakka arena``, ``pakka bench``) caps a match explicitly;
    an option given by the caller still wins."""
    assert AUTOMATED_MAX_HANDS > 0 and pakka.load(GAME, players=3).options["max_hands"] == 0
    r = run_arena(GAME, 3, ["random"], deals=1, seed=1)
    assert r.options["max_hands"] == AUTOMATED_MAX_HANDS
    assert all(g.moves for g in r.games)
    r = run_arena(GAME, 3, ["random"], deals=1, seed=1, options={"max_hands": "1"})
    assert r.options["max_hands"] == 1
    figs = run_bench([GAME], seconds=0.01, repeats=1, players=3, extras=False)
    assert figs and all(f"max_hands={AUTOMATED_MAX_HANDS}," in f.setup for f in figs)
