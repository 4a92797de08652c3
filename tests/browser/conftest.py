"""Browser tests: a real pakka server in a subprocess and Debian's Chromium.

Chromium is launched from /usr/bin/chromium (never a downloaded browser). When
it or Playwright is missing the tests skip, except in CI (``CI=true``) where a
skipped browser test is a failure.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser_helpers import CHROMIUM, CHROMIUM_ARGS, DESKTOP, ROOT


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"browser test cannot run in CI: {reason}")
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a fresh server with its own temporary SQLite file."""
    try:
        from pakka.server import create_app  # noqa: F401
    except ImportError as e:
        _unavailable(f"the pakka server is not available: {e}")
    port = _free_port()
    db = tmp_path_factory.mktemp("browser-db") / "pakka.sqlite3"
    log = tmp_path_factory.mktemp("browser-log") / "server.log"
    # A testing server: tables may be dealt from stacked decks (never in production).
    # Every test's browser asks for hints from 127.0.0.1: no per-address hint limit.
    env = dict(
        os.environ, PAKKA_BOT_PAUSE="0", PAKKA_ALLOW_STACKED_DECKS="1", PAKKA_HINT_RATE="1000"
    )
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("_serve.py")), str(port), str(db)],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=ROOT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(url + "/api/games", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail("server did not start:\n" + log.read_text(errors="replace")[-3000:])
            time.sleep(0.2)
        yield url
    finally:
        # Stop only the process this fixture started, by its pid.
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright."""
    if not Path(CHROMIUM).exists():
        _unavailable(f"{CHROMIUM} is not installed")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as e:
        _unavailable(f"playwright is not installed: {e}")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture()
def context(browser: Any) -> Iterator[Any]:
    """A fresh browser profile (its own localStorage) at desktop size, in English."""
    ctx = browser.new_context(viewport=DESKTOP, locale="en-GB")
    try:
        yield ctx
    finally:
        ctx.close()


@pytest.fixture()
def page(context: Any) -> Any:
    """A page that fails the test on any JavaScript error."""
    p = context.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.js_errors = errors
    return p
