"""Fixtures for the server tests: a real uvicorn server on 127.0.0.1 (SQLite or
PostgreSQL), WebSocket clients, and the toy game with hidden cards."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import jsonschema
import pytest
import uvicorn
from websockets.sync.client import ClientConnection, connect

import pakka
from pakka.core.messages import MESSAGES as CORE_MESSAGES
from pakka.core.registry import game_class
from pakka.i18n import LANGUAGES
from pakka.server import WS_MAX_SIZE, create_app
from pakka.server.config import Settings
from pakka.server.frames import generic_frame_schema

from .toygame import register, unregister

ROOT = Path(__file__).resolve().parents[2]


def served_games() -> list[str]:
    """Every registered game whose module exists on this branch, plus the toy game."""
    out = []
    for name in pakka.games():
        if name == "toy":
            continue
        try:
            game_class(name)
        except ModuleNotFoundError:
            continue
        out.append(name)
    return [*out, "toy"]


@pytest.fixture(autouse=True, scope="module")
def toy_game() -> Iterator[None]:
    """The toy game is registered only while a server test module runs."""
    register()
    yield
    unregister()


# -- PostgreSQL --------------------------------------------------------------------------------
_pg_started = False


def pg_base_url() -> str | None:
    """The PostgreSQL server to test against: $PAKKA_TEST_PG_URL, or a private cluster
    started with scripts/pg.sh (root only); ``None`` if there is none."""
    global _pg_started
    url = os.environ.get("PAKKA_TEST_PG_URL")
    if url:
        return url
    if os.geteuid() != 0 or not list(Path("/usr/lib/postgresql").glob("*/bin/initdb")):
        return None
    running = subprocess.run(
        [str(ROOT / "scripts" / "pg.sh"), "url"], capture_output=True, text=True, timeout=30
    ).stdout.strip()
    if running and _reachable(running):
        os.environ["PAKKA_TEST_PG_URL"] = running
        return running  # someone else's cluster run: leave it running afterwards
    out = subprocess.run(
        [str(ROOT / "scripts" / "pg.sh"), "start"], capture_output=True, text=True, timeout=120
    )
    if out.returncode != 0:
        return None
    _pg_started = True
    url = out.stdout.strip().splitlines()[-1]
    os.environ["PAKKA_TEST_PG_URL"] = url
    return url


def _reachable(url: str) -> bool:
    import psycopg

    try:
        psycopg.connect(url, connect_timeout=3).close()
    except psycopg.Error:
        return False
    return True


def fresh_pg_db(base: str) -> str:
    """A new empty database on the PostgreSQL server at ``base``."""
    import psycopg

    name = "pakka_t_" + secrets.token_hex(6)
    admin = base.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as c:
        c.execute(f'CREATE DATABASE "{name}"')
    head, _, _ = admin.rpartition("/")
    return f"{head}/{name}"


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """Base URL of the test PostgreSQL; skipped when absent (a failure under CI=true)."""
    url = pg_base_url()
    if url is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("PostgreSQL is required in CI: set PAKKA_TEST_PG_URL or run scripts/pg.sh")
        pytest.skip("no PostgreSQL (set PAKKA_TEST_PG_URL)")
    yield url


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _pg_started:
        subprocess.run([str(ROOT / "scripts" / "pg.sh"), "stop"], capture_output=True, timeout=60)


def drop_pg_db(url: str) -> None:
    """Drop a database made by :func:`fresh_pg_db` (closing its connections)."""
    import psycopg

    head, _, name = url.rpartition("/")
    with psycopg.connect(f"{head}/postgres", autocommit=True) as c:
        c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database of each kind (PostgreSQL ones are dropped afterwards)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'pakka.sqlite3'}"
        return
    url = fresh_pg_db(request.getfixturevalue("pg_url"))
    yield url
    drop_pg_db(url)


@pytest.fixture
def pair(pg_url: str) -> Iterator[tuple[Server, Server]]:
    """Two servers (two hubs, two event loops) on one fresh PostgreSQL database."""
    url = fresh_pg_db(pg_url)
    a = Server(url)
    b = Server(url)
    yield a, b
    a.stop()
    b.stop()
    drop_pg_db(url)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A fresh SQLite database."""
    return f"sqlite:///{tmp_path / 'pakka.sqlite3'}"


# -- every frame against its game's schema ---------------------------------------------------
_VALIDATORS: dict[str, jsonschema.protocols.Validator] = {}


def frame_validator(http: httpx.Client, game: str) -> jsonschema.protocols.Validator:
    """A validator of the frames of ``game``'s tables, from the schema the server
    serves (``GET /api/games/{game}/schema``, generated from the frame types)."""
    if game not in _VALIDATORS:
        r = http.get(f"/api/games/{game}/schema")
        assert r.status_code == 200, r.text
        schema = r.json()["frame"]
        cls = jsonschema.validators.validator_for(schema)
        cls.check_schema(schema)
        _VALIDATORS[game] = cls(schema)
    return _VALIDATORS[game]


def frame_game(frame: dict[str, Any]) -> str | None:
    """The game a frame names, if it names one."""
    if frame.get("type") == "state":
        return str(frame["view"]["game"])
    table = frame.get("table")
    return str(table["game"]) if isinstance(table, dict) else None


def validate_frame(http: httpx.Client, frame: dict[str, Any], game: str) -> None:
    """Assert that ``frame`` has exactly the shape of its game's frame schema (and
    that an error's message key has a text in every language)."""
    errors = list(frame_validator(http, game).iter_errors(frame))
    assert not errors, (
        f"a {frame.get('type')} frame of {game} does not match the schema: "
        + "; ".join(f"{list(e.absolute_path)}: {e.message[:300]}" for e in errors[:5])
    )
    if frame["type"] == "error":
        check_error_msg(frame["msg"])


def check_error_msg(m: dict[str, Any]) -> None:
    """An error's message key is in the core catalogue of every language and renders
    with its args."""
    for lang in LANGUAGES:
        assert m["key"] in CORE_MESSAGES[lang], f"no {lang} text for {m['key']}"
        CORE_MESSAGES[lang][m["key"]].format(**m["args"])


GENERIC = jsonschema.Draft202012Validator(generic_frame_schema())
"""Frames that name no game (an unknown table's): any view."""


def texts(frame: dict[str, Any]) -> list[str]:
    """The notation of a frame's legal actions."""
    return [a["text"] for a in frame["legal"]]


def watch(table: dict[str, Any]) -> dict[str, str]:
    """The header that lets a test read an unlisted table it created (its spectator code)."""
    return {"X-Spectator-Code": table["spectator"]["code"]}


# -- a live server -------------------------------------------------------------------------------
class Server:
    """A uvicorn server on a free loopback port, run in a thread."""

    def __init__(self, db: str, log_level: str = "warning", **settings: Any) -> None:
        settings.setdefault("bot_pause", 0.001)
        settings.setdefault("create_per_minute", 10_000)
        settings.setdefault("msg_rate", 1000.0)
        settings.setdefault("msg_burst", 1000.0)
        self.settings = Settings(db=db, **settings)
        self.app = create_app(self.settings)
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        # No keepalive pings from the test server either: the server shares this
        # process (and its GIL) with the test and its bots, and on a loaded machine a
        # pong could arrive after uvicorn's 20 s ping timeout and close a healthy
        # connection; keepalive is not what these tests check.
        cfg = uvicorn.Config(
            self.app,
            log_level=log_level,
            ws_max_size=WS_MAX_SIZE,
            lifespan="on",
            log_config=None,
            ws_ping_interval=None,
            proxy_headers=False,  # as pakka.server.run: the app decides (trusted_proxies)
        )
        self.server = uvicorn.Server(cfg)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]})
        self.thread.daemon = True
        self.thread.start()
        deadline = time.time() + 20
        while not self.server.started:
            if time.time() > deadline or not self.thread.is_alive():
                raise RuntimeError("server did not start")
            time.sleep(0.01)
        self.http = httpx.Client(base_url=self.base, timeout=10)

    @property
    def hub(self) -> Any:
        return self.app.state.hub

    def stop(self) -> None:
        self.http.close()
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()

    def create(self, **body: Any) -> dict[str, Any]:
        r = self.http.post("/api/tables", json=body)
        assert r.status_code == 201, r.text
        data: dict[str, Any] = r.json()
        return data

    def claim(self, code: str, name: str | None = None) -> dict[str, Any]:
        r = self.http.post("/api/invites/claim", json={"code": code, "name": name})
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        return data

    def client(self, table_id: str, headers: dict[str, str] | None = None, **hello: Any) -> Client:
        """A client that has said ``hello`` with these fields and got ``welcome``
        (``headers``: of the upgrade request, e.g. a session cookie and Origin)."""
        return Client(self.ws_base + f"/ws/tables/{table_id}", hello, self.http, headers)

    def raw_client(self, table_id: str) -> Client:
        """A connected client that has not said hello."""
        return Client(self.ws_base + f"/ws/tables/{table_id}", None, self.http)


class Client:
    """A WebSocket client that remembers every frame it received, each validated
    against the schema of its table's game as it arrives."""

    def __init__(
        self,
        url: str,
        hello: dict[str, Any] | None,
        http: httpx.Client,
        headers: dict[str, str] | None = None,
    ) -> None:
        # No client keepalive: a test reads frames only when it asks, and on a loaded
        # machine a long bot lay-down (Räväytys) can delay a pong past the default 20 s.
        self._cm = connect(
            url,
            open_timeout=10,
            max_size=2**22,
            ping_interval=None,
            additional_headers=headers,
        )
        self.ws: ClientConnection = self._cm.__enter__()
        self.http = http
        self.game: str | None = None  # learnt from the frames, else asked for below
        self.url = url
        self.frames: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.latest: dict[int | None, dict[str, Any]] = {}
        if hello is not None:
            self.send({"type": "hello", **hello})
            self.welcome = self.recv_type("welcome")

    def send(self, msg: dict[str, Any] | str) -> None:
        self.ws.send(msg if isinstance(msg, str) else json.dumps(msg))

    def _table_game(self, url: str) -> str | None:
        r = self.http.get("/api/tables/" + url.rstrip("/").rsplit("/", 1)[-1])
        return str(r.json()["game"]) if r.status_code == 200 else None

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        text = self.ws.recv(timeout=timeout)
        assert isinstance(text, str)
        self.raw.append(text)
        frame: dict[str, Any] = json.loads(text)
        self.game = frame_game(frame) or self.game or self._table_game(self.url)
        if self.game is None:  # no such table: the frames have no game part
            errors = list(GENERIC.iter_errors(frame))
            assert not errors, f"{frame} does not match the frame schema: {errors[0].message}"
        else:
            validate_frame(self.http, frame, self.game)
        self.frames.append(frame)
        if frame["type"] == "state":
            self.latest[frame["seat"]] = frame
        return frame

    def recv_type(self, kind: str, timeout: float = 10.0) -> dict[str, Any]:
        deadline = time.time() + timeout
        while True:
            f = self.recv(max(0.01, deadline - time.time()))
            if f["type"] == kind:
                return f

    def wait_state(
        self, state_id: int, seat: int | None = None, timeout: float = 30.0
    ) -> dict[str, Any]:
        """Read frames until a state frame with at least ``state_id`` for ``seat``."""
        deadline = time.time() + timeout
        while True:
            cur = self.latest.get(seat) if seat is not None else None
            if seat is None and self.latest:
                cur = max(self.latest.values(), key=lambda f: f["state_id"])
            if cur is not None and cur["state_id"] >= state_id:
                return cur
            self.recv(max(0.01, deadline - time.time()))

    def drain(self, quiet: float = 0.05) -> None:
        with contextlib.suppress(TimeoutError):
            while True:
                self.recv(quiet)

    def close(self) -> None:
        self.ws.close()


@pytest.fixture
def server(sqlite_url: str) -> Iterator[Server]:
    """A live server on SQLite."""
    s = Server(sqlite_url)
    yield s
    s.stop()


@pytest.fixture
def any_server(db_url: str) -> Iterator[Server]:
    """A live server on each database kind."""
    s = Server(db_url)
    yield s
    s.stop()


@pytest.fixture
def pg_server(pg_url: str) -> Iterator[Server]:
    """A live server on a fresh PostgreSQL database."""
    url = fresh_pg_db(pg_url)
    s = Server(url)
    yield s
    s.stop()
    drop_pg_db(url)
