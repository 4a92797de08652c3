"""The serving process's collector settings (:mod:`pakka.server.gcpolicy`).

Checked in a child interpreter: the test process's own collector stays as it is.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pakka.server import gcpolicy

CODE = """
import gc, json
from pakka.server import gcpolicy
from pakka.server.config import Settings
before = gc.get_threshold()
gcpolicy.freeze_startup()  # not tuned: nothing happens
untuned_frozen = gc.get_freeze_count()
gcpolicy.tune(Settings.from_env().gc_thresholds)  # as pakka.server.run does
gcpolicy.freeze_startup()
print(json.dumps([before, untuned_frozen, gc.get_threshold(), gc.get_freeze_count()]))
"""


WARMED = """
import gc, json, sys
from pakka.server import gcpolicy
gcpolicy.tune()
gcpolicy.freeze_startup()
tables = sys.modules["pakka.games.viisisataa.actions"].PLAY_TABLE
tracked = {id(o) for o in gc.get_objects()}
print(json.dumps([len(tables[0]), sum(id(t) in tracked for t in tables[0])]))
"""


def _child(code: str, **env: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != gcpolicy.ENV} | env
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        env=env,
    ).stdout


def test_a_serving_process_raises_the_thresholds_and_freezes_what_start_up_made() -> None:
    before, untuned_frozen, after, frozen = json.loads(_child(CODE))
    assert before == [700, 10, 10]
    assert untuned_frozen == 0
    assert after == [50_000, 20, 100]
    assert frozen > 1000  # the modules and everything else alive after start-up


def test_the_games_lookup_tables_are_frozen_at_start_up_not_scanned_by_every_collection() -> None:
    """The warm-up imports every game before the freeze: Viisisataa's per-suit action
    tables (8,192 tuples per suit) are in the permanent generation, not tracked."""
    size, still_tracked = json.loads(_child(WARMED))
    assert size == 8192
    assert still_tracked == 0


def test_the_warm_up_plays_every_registered_game() -> None:
    from pakka.core import registry

    played = gcpolicy.warm_games(actions=5)
    assert set(played) == set(registry.games())  # a test's toy game as well
    builtin = ["koodinmurtaja", "viisisataa", "ravaytys"]
    builtin += ["zoker-" + z for z in ("solo", "memo", "tiko", "kubo", "pairs")]
    assert {name: played[name] for name in builtin} == dict.fromkeys(builtin, 5)


def test_the_thresholds_can_be_set_from_the_environment() -> None:
    """``PAKKA_GC_THRESHOLDS`` reaches the collector through ``Settings.gc_thresholds``."""
    assert (
        _child(
            CODE.replace(
                "print(json.dumps([before, untuned_frozen, ", "print(json.dumps(["
            ).replace("gc.get_freeze_count()]))", "]))"),
            **{gcpolicy.ENV: "10000,20,100"},
        ).strip()
        == "[[10000, 20, 100]]"
    )
    assert gcpolicy.thresholds("") == gcpolicy.THRESHOLDS
    assert gcpolicy.thresholds(" 5000, 10,10 ") == (5000, 10, 10)
    for bad in ("1,2", "a,b,c", "0,10,10", "1,2,3,4"):
        with pytest.raises(ValueError, match="three positive integers"):
            gcpolicy.thresholds(bad)


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
