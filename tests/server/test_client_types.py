"""The browser client's JSDoc types are generated from the frame schemas and current."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_types_d_ts_is_generated_from_the_current_schemas() -> None:
    """static/js/types.d.ts is exactly what scripts/gen_ts_types.py makes now."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "gen_ts_types.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr


def test_every_client_file_is_type_checked() -> None:
    """Every JS file of the client opts in to tsc's checking."""
    js = sorted((ROOT / "src/pakka/server/static/js").rglob("*.js"))
    assert js
    for f in js:
        assert f.read_text().startswith("// @ts-check"), f"{f.name} lacks // @ts-check"
