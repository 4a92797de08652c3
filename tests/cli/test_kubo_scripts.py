"""Smoke tests of the Kubo benchmark scripts: each runs on a small budget and writes
its JSON rows; no speed is asserted here.

- ``benchmarks/kubo_decision_cpu.py`` times and counts every decision of both bots;
- ``benchmarks/kubo_variants.py``: greedy against itself is an exact tie in every
  duplicate deal (the two games of a deal are mirror images), a variant is not.
"""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _times_every_decision_of_both_bots(rows: Any) -> None:
    assert [r["bot"] for r in rows] == ["careful", "medium"]
    for r in rows:
        assert r["games"] == 2 and r["decisions"] > 10
        assert 0 <= r["p50_ms"] <= r["p90_ms"] <= r["p99_ms"] <= r["max_ms"]


def _compares_with_greedy(rows: Any) -> None:
    same, careful = rows
    assert same["variant"] == "10,5,0" and same["win_difference"] == 0.0
    assert same["score_margin"] == 0.0 and same["standard_error"] == 0.0
    assert careful["variant"] == "20,5,5" and careful["deals"] == 4
    assert -1.0 <= careful["win_difference"] <= 1.0


@pytest.mark.parametrize(
    ("script", "argv", "check"),
    [
        pytest.param(
            "kubo_decision_cpu.py",
            ["--bots", "careful,medium", "--games", "2"],
            _times_every_decision_of_both_bots,
            id="kubo_decision_cpu-times-every-decision-of-both-bots",
        ),
        pytest.param(
            "kubo_variants.py",
            ["--deals", "4", "--base", "7", "10,5,0", "20,5,5"],
            _compares_with_greedy,
            id="kubo_variants-compares-with-greedy",
        ),
    ],
)
def test_kubo_script_runs_and_writes_its_rows(
    tmp_path: Path, script: str, argv: list[str], check: Callable[[Any], None]
) -> None:
    """The script's ``main`` returns 0 and its ``--json`` rows pass ``check``."""
    spec = importlib.util.spec_from_file_location(f"pakka_{Path(script).stem}", BENCHMARKS / script)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    out = tmp_path / "rows.json"
    assert mod.main([*argv, "--json", str(out)]) == 0
    check(json.loads(out.read_text()))
