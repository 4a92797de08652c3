"""``scripts/rule.py``: a newcomer finds any rule from its number (its text, where it
is implemented, and the tests that cite it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "rule.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=60
    )


def test_finds_the_code_and_the_tests_of_a_rule() -> None:
    out = _run("r-km-8")
    assert out.returncode == 0
    text = out.stdout
    code = text.split("== Implemented at")[1].split("== Tested by")[0]
    tests = text.split("== Tested by")[1]
    assert "src/pakka/games/koodinmurtaja/" in code
    assert "tests/games/koodinmurtaja/test_rules.py::test_r_km_8" in tests
    if (ROOT.parent / "shared" / "rules").is_dir():
        assert "koodinmurtaja.md" in text.split("== Implemented at")[0]


def test_refuses_what_is_not_a_rule_id() -> None:
    out = _run("KM-8")
    assert out.returncode == 2 and "usage" in out.stderr
