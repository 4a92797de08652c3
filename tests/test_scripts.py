"""Issue 13 item 12: ``./run.sh`` must not take away what ``./test.sh`` installed.

``./test.sh`` installs the extras the suite needs (every extra but ``learn``, named
one by one); ``./run.sh`` used an
exact ``uv sync --frozen``, which uninstalled them again (``import numpy`` failed
after ``./run.sh games``, and a ``./run.sh`` during ``./test.sh`` pulled packages out
from under the running suite). The test runs ``./run.sh games`` for real: with the
fix it only adds packages, so it changes nothing here and is safe next to a running
suite; it then checks that the research extras still import.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _sync_lines(script: str) -> list[str]:
    text = (ROOT / script).read_text()
    return [line.strip() for line in text.splitlines() if re.match(r"\s*uv sync\b", line)]


def test_run_sh_only_adds_packages() -> None:
    """Every ``uv sync`` in run.sh is inexact (never removes), so it cannot undo
    test.sh's extras, even while test.sh runs."""
    lines = _sync_lines("run.sh")
    assert lines and all("--inexact" in line for line in lines), lines
    # test.sh's exact sync installs a superset of run.sh's (the extras the suite
    # needs), so it never removes what run.sh needs either.
    assert _sync_lines("test.sh")


def test_test_sh_installs_every_extra_but_learn() -> None:
    """test.sh names every extra of pyproject.toml except ``learn`` (PyTorch, for
    examples/learn only), so a new extra is not forgotten and torch is never installed."""
    import tomllib

    extras = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    )
    (line,) = _sync_lines("test.sh")
    named = set(re.findall(r"--extra (\S+)", line))
    assert "--all-extras" not in line
    assert named == extras - {"learn"}


@pytest.mark.skipif(
    shutil.which("uv") is None and not (Path.home() / ".local/bin/uv").exists(), reason="no uv"
)
def test_run_sh_games_keeps_the_research_extras() -> None:
    """After ``./run.sh games`` the research extras (installed by test.sh) still import."""
    pytest.importorskip("numpy")  # this environment has the extras (as after ./test.sh)
    if "--inexact" not in " ".join(_sync_lines("run.sh")):
        pytest.fail("run.sh would uninstall the extras; not running it")
    env = dict(os.environ, COLUMNS="120")
    done = subprocess.run(
        ["./run.sh", "games", "--lang", "en"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "koodinmurtaja" in done.stdout
    check = subprocess.run(
        [sys.executable, "-c", "import numpy, gymnasium, pettingzoo"],
        capture_output=True,
        text=True,
    )
    assert check.returncode == 0, check.stderr
