"""Smoke test of ``benchmarks/kubo_decision_cpu.py`` (it runs and counts every decision of
both bots; no speed is asserted here)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "kubo_decision_cpu.py"


def test_kubo_decision_cpu_script_times_every_decision_of_both_bots(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("pakka_kubo_cpu_bench", SCRIPT)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    out = tmp_path / "cpu.json"
    bots = "careful,medium"
    assert mod.main(["--bots", bots, "--games", "2", "--json", str(out)]) == 0
    rows = json.loads(out.read_text())
    assert [r["bot"] for r in rows] == ["careful", "medium"]
    for r in rows:
        assert r["games"] == 2 and r["decisions"] > 10
        assert 0 <= r["p50_ms"] <= r["p90_ms"] <= r["p99_ms"] <= r["max_ms"]
