"""``pakka login URL`` and ``pakka logout`` against a real test server: the password is
asked with getpass, the session cookie is kept in the user's config dir with mode 0600,
and logging out ends the session on the server."""

from __future__ import annotations

import getpass
import json
import stat
from pathlib import Path

import httpx
import pytest

from pakka.cli.main import main
from pakka.server import profiles

from .conftest import Server

PASSWORD = "terminal password 1"


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    return tmp_path / "cfg" / "pakka" / "sessions.json"


def make_account(server: Server, account: str) -> str:
    d = httpx.Client(base_url=server.base, headers={"Origin": server.base})
    d.post("/api/session", json={"name": "Aino"}).raise_for_status()
    d.post("/api/account", json={"account": account, "password": PASSWORD}).raise_for_status()
    pid = str(d.get("/api/me").json()["id"])
    d.close()
    return pid


def test_login_stores_the_cookie_0600_and_logout_ends_it(
    server: Server,
    config: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    pid = make_account(server, "aino")
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return "aino"

    def secret(prompt: str) -> str:
        asked.append(prompt)
        return PASSWORD

    monkeypatch.setattr("builtins.input", ask)
    monkeypatch.setattr(getpass, "getpass", secret)
    assert main(["login", server.base, "--lang", "en"]) == 0
    assert asked == ["Account name: ", "Password: "]
    assert "Signed in as aino" in capsys.readouterr().out
    assert stat.S_IMODE(config.stat().st_mode) == 0o600
    stored = json.loads(config.read_text())
    token = stored[server.base]["cookie"]
    assert PASSWORD not in config.read_text()
    # the stored cookie is a session of that profile on the server
    me = server.http.get("/api/me", headers={"Cookie": f"{profiles.COOKIE}={token}"})
    assert me.status_code == 200 and me.json()["id"] == pid
    assert main(["logout", server.base]) == 0
    assert json.loads(config.read_text()) == {}
    assert (
        server.http.get("/api/me", headers={"Cookie": f"{profiles.COOKIE}={token}"}).status_code
        == 401
    )


def test_wrong_password_stores_nothing(
    server: Server,
    config: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    make_account(server, "eero")
    monkeypatch.setattr("builtins.input", lambda prompt: "eero")
    monkeypatch.setattr(getpass, "getpass", lambda prompt: "not the password")
    assert main(["login", server.base]) == 2
    assert "wrong account name or password" in capsys.readouterr().err
    assert not config.exists()
