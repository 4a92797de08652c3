"""Smoke test of ``benchmarks/peers.py`` (it runs; no speed is asserted here)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

PEERS = Path(__file__).resolve().parents[2] / "benchmarks" / "peers.py"


def test_peers_script_measures_or_reports_every_engine(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("pakka_peers_bench", PEERS)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.main(["--seconds", "0.02", "--repeats", "1", "--games", "koodinmurtaja"]) == 0
    out = capsys.readouterr().out
    for peer in (
        "OpenSpiel euchre",
        "OpenSpiel gin_rummy",
        "OpenSpiel hearts ISMCTS",
        "RLCard gin-rummy",
        "RLCard bridge",
    ):
        assert peer in out  # measured, or listed under "not measured" with the reason
    assert "pakka koodinmurtaja [2 players" in out and "decisions/s" in out
