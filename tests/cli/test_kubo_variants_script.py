"""Smoke test of ``benchmarks/kubo_variants.py``: greedy against itself is an exact tie
in every duplicate deal (the two games of a deal are mirror images), a variant is not."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "kubo_variants.py"


def test_kubo_variants_script_compares_with_greedy(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("pakka_kubo_variants", SCRIPT)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    out = tmp_path / "rows.json"
    assert mod.main(["--deals", "4", "--base", "7", "10,5,0", "20,5,5", "--json", str(out)]) == 0
    same, careful = json.loads(out.read_text())
    assert same["variant"] == "10,5,0" and same["win_difference"] == 0.0
    assert same["score_margin"] == 0.0 and same["standard_error"] == 0.0
    assert careful["variant"] == "20,5,5" and careful["deals"] == 4
    assert -1.0 <= careful["win_difference"] <= 1.0
