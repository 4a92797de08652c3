"""The serving process's collector settings (:mod:`pakka.server.gcpolicy`).

Checked in a child interpreter: the test process's own collector stays as it is.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

CODE = """
import gc, json
from pakka.server import gcpolicy
before = gc.get_threshold()
gcpolicy.freeze_startup()  # not tuned: nothing happens
untuned_frozen = gc.get_freeze_count()
gcpolicy.tune()
gcpolicy.freeze_startup()
print(json.dumps([before, untuned_frozen, gc.get_threshold(), gc.get_freeze_count()]))
"""


def test_a_serving_process_raises_the_thresholds_and_freezes_what_start_up_made() -> None:
    out = subprocess.run(
        [sys.executable, "-c", CODE], capture_output=True, text=True, check=True, timeout=120
    ).stdout
    before, untuned_frozen, after, frozen = json.loads(out)
    assert before == [700, 10, 10]
    assert untuned_frozen == 0
    assert after == [50_000, 20, 100]
    assert frozen > 1000  # the modules and everything else alive after start-up


def test_only_the_serving_entry_point_tunes_the_collector(tmp_path: Path) -> None:
    """``create_app`` (tests, other ASGI servers) keeps the interpreter's defaults."""
    db = tmp_path / "t.sqlite3"
    code = (
        "import gc, json; from pakka.server import create_app; "
        f"from pakka.server.config import Settings; create_app(Settings.from_env(db={str(db)!r})); "
        "print(json.dumps(gc.get_threshold()))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    ).stdout
    assert json.loads(out) == [700, 10, 10]
