"""Running ``pakka`` through its ``main()`` with scripted standard input."""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence

import pytest

from pakka.cli.main import main


def run_cli(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: Sequence[str],
    lines: Sequence[str] = (),
    columns: int = 100,
) -> tuple[int, str, str]:
    """``pakka *argv`` reading ``lines`` as input; (exit status, stdout, stderr)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    monkeypatch.setenv("COLUMNS", str(columns))
    rc = main(list(argv))
    out = capsys.readouterr()
    return rc, out.out, out.err
