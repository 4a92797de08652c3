"""Browser tests: a real pakka server in a subprocess and Debian's Chromium.

Chromium is launched from /usr/bin/chromium (never a downloaded browser). When
it or Playwright is missing the tests skip, except in CI (``CI=true``) where a
skipped browser test is a failure.
"""

from __future__ import annotations

import json
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

from .browser_helpers import CHROMIUM, CHROMIUM_ARGS, DESKTOP, ROOT, watch_errors


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
        os.environ,
        PAKKA_BOT_PAUSE="0",
        PAKKA_ALLOW_STACKED_DECKS="1",
        PAKKA_HINT_RATE="1000",
        # ... and may start as many reviews as they like (the limit has its server test).
        PAKKA_REVIEW_RATE="1000",
        PAKKA_REVIEW_BURST="1000",
        PAKKA_REVIEW_QUEUE="8",
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
        deadline = time.monotonic() + 90  # a loaded machine can take long to import
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
            yield RecordingBrowser(b)
        finally:
            b.close()


def _record_frames(page: Any, frames: list[str]) -> None:
    """Keep the text of every WebSocket frame the page receives."""

    def on_ws(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(payload))

    page.on("websocket", on_ws)


def validate_frames(server: str, frames: list[str]) -> int:
    """Assert that every frame matches the schema of its table's game, as the server
    serves it (``GET /api/games/{game}/schema``); returns how many were checked."""
    import jsonschema

    validators: dict[str, Any] = {}
    game = None
    for text in frames:
        frame = json.loads(text)
        if frame.get("type") == "state":
            game = frame["view"]["game"]
        elif isinstance(frame.get("table"), dict):
            game = frame["table"]["game"]
        name = game or "koodinmurtaja"
        if name not in validators:
            with urllib.request.urlopen(f"{server}/api/games/{name}/schema", timeout=10) as r:
                schema = json.load(r)["frame"]
            validators[name] = jsonschema.Draft202012Validator(schema)
        errors = list(validators[name].iter_errors(frame))
        if errors:  # say what is wrong inside the frame's own type
            schema = validators[name].schema
            kind = str(frame.get("type", "")).capitalize() + "Frame"
            one = jsonschema.Draft202012Validator({**schema, "$ref": f"#/$defs/{kind}"})
            errors = list(one.iter_errors(frame)) or errors
        assert not errors, (
            f"a {frame.get('type')} frame of {name} does not match the schema: "
            + "; ".join(f"{list(e.absolute_path)}: {e.message[:300]}" for e in errors[:5])
        )
    return len(frames)


class RecordingBrowser:
    """The browser, whose every new context records the WebSocket frames its pages
    receive (in ``frames``)."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser
        self.frames: list[str] = []

    def new_context(self, **kwargs: Any) -> Any:
        ctx = self._browser.new_context(**kwargs)
        ctx.on("page", lambda p: _record_frames(p, self.frames))
        return ctx

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture(autouse=True)
def _frames_match_schema(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every WebSocket frame a browser test's pages received matches its game's schema."""
    if "browser" not in request.fixturenames:
        yield
        return
    browser: RecordingBrowser = request.getfixturevalue("browser")
    server: str = request.getfixturevalue("server")
    browser.frames.clear()
    yield
    frames = list(browser.frames)
    browser.frames.clear()
    validate_frames(server, frames)


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
    watch_errors(p)
    return p
