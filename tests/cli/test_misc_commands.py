"""``pakka games``, ``rules``, ``bench`` and ``serve`` through ``main()``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run_cli

from pakka.bench import run_bench


def test_games_lists_summaries_and_options(
    toy_bots: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rc, out, _ = run_cli(monkeypatch, capsys, ["games", "--lang", "en"])
    assert rc == 0 and "clitoy" in out and "Toy: Play your highest cards." in out
    rc, out, _ = run_cli(monkeypatch, capsys, ["games", toy_bots, "--lang", "fi"])
    assert "Pelin Lelu valinnat" in out and "kortteja pelaajalle" in out and "R-TOY-1" in out
    assert "(R-TOY-1)" not in out  # rule ids only in the rules-reference column
    assert "Botit (anna --bots-valinnalla): high, random, ismcts" in out


def test_rules_of_a_game_without_rules_text(
    toy: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rc, _, err = run_cli(monkeypatch, capsys, ["rules", toy, "--lang", "en"])
    assert rc == 2 and "no rules text" in err


def test_bench_runs_every_figure_and_the_extras(
    toy_bots: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    out_json = tmp_path / "b.json"
    rc, _out, _ = run_cli(
        monkeypatch,
        capsys,
        [
            "bench",
            toy_bots,
            "--seconds",
            "0.02",
            "--repeats",
            "2",
            "--players",
            "3",
            "--set",
            "hand=1",
            "--json",
            str(out_json),
            "--lang",
            "en",
        ],
    )
    assert rc == 0
    figs = json.loads(out_json.read_text())
    names = {(f["setup"], f["name"]) for f in figs}
    assert ("3 players, hand=1", "actions/s") in names
    assert ("3 players, hand=1", "random games/s") in names
    assert ("3 players, hand=1", "ISMCTS iterations/s") in names
    assert ("toy extra", "answer") in names
    assert all(len(f["values"]) == 2 and f["min"] <= f["median"] <= f["max"] for f in figs)


def test_bench_default_setups(toy: str) -> None:
    figs = run_bench([toy], seconds=0.01, repeats=1)
    assert {f.setup for f in figs} == {"2 players, hand=2", "3 players, hand=2"}


def test_serve_without_server_module(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    # Simulate an installation without the server package: importing it fails.
    monkeypatch.setitem(sys.modules, "pakka.server", None)
    rc, _, err = run_cli(monkeypatch, capsys, ["serve", "--lang", "en"])
    assert rc == 2 and "pakka.server is missing" in err


def test_command_line_help_and_errors_in_finnish(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import argparse

    before = argparse._  # type: ignore[attr-defined]
    with pytest.raises(SystemExit):
        run_cli(monkeypatch, capsys, ["--lang", "fi", "play", "--players", "x"])
    err = capsys.readouterr().err
    assert "käyttö: pakka play" in err and "virheellinen arvo (int): 'x'" in err
    assert argparse._ is before  # type: ignore[attr-defined]
    with pytest.raises(SystemExit):
        run_cli(monkeypatch, capsys, ["--lang", "fi", "play", "-h"])
    assert "pelaajien määrä" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        run_cli(monkeypatch, capsys, ["--lang", "en", "play", "-h"])
    assert "number of players" in capsys.readouterr().out


def test_bot_lists_keep_parameters_with_their_bot() -> None:
    from pakka.cli.main import split_specs

    assert split_specs("deduce,ismcts:iterations=200,c=0.5,random") == [
        "deduce",
        "ismcts:iterations=200,c=0.5",
        "random",
    ]
    assert split_specs(" easy , hard ") == ["easy", "hard"]
    assert split_specs("") == []


def test_serve_hands_over_to_the_server(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib
    import importlib.util

    if importlib.util.find_spec("pakka.server") is None:
        pytest.skip("pakka.server is not installed")
    server = importlib.import_module("pakka.server")
    calls: list[tuple[object, ...]] = []
    settings: list[dict[str, object]] = []

    def fake_run(*a: object, **kw: object) -> None:
        calls.append(a)
        settings.append(kw)

    monkeypatch.setattr(server, "run", fake_run)
    rc, _, _ = run_cli(monkeypatch, capsys, ["serve", "--port", "8123", "--lang", "en"])
    assert rc == 0 and calls == [("127.0.0.1", 8123, None)]
    assert settings == [{"chat_retention_days": None}]  # unset: the server's default
    run_cli(monkeypatch, capsys, ["serve", "--host", "0.0.0.0", "--db", "x.db"])
    assert calls[-1] == ("0.0.0.0", 8000, "x.db")
