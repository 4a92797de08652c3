"""``docs/benchmarks.md`` is generated: it is exactly what ``benchmarks/report.py``
makes from the stored result files (so every figure has its command and commit)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_benchmarks_document_is_generated_from_the_results() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "report.py"), "check"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
