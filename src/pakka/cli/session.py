"""``pakka login URL`` and ``pakka logout [URL]``: the terminal signs in to a pakka server.

The account name is asked on the terminal and the password with :func:`getpass`
(never echoed, never in the shell history, never logged). The server's session
cookie is kept in ``sessions.json`` in the user's configuration directory
(``$XDG_CONFIG_HOME/pakka``, else ``~/.config/pakka``), readable by the user only
(mode 0600), one entry per server origin, so that a later ``pakka play --server``
can use it. Only the standard library talks HTTP here.
"""

from __future__ import annotations

import contextlib
import getpass
import json
import os
import urllib.error
import urllib.request
from collections.abc import Callable
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlsplit

from pakka.core.errors import RulesError

COOKIE = "pakka_session"
"""The server's session cookie (as :data:`pakka.server.profiles.COOKIE`)."""


def config_dir() -> Path:
    """Where pakka keeps the user's settings: ``$XDG_CONFIG_HOME/pakka`` or ``~/.config/pakka``."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "pakka"


def sessions_file() -> Path:
    """The file of stored sessions (mode 0600)."""
    return config_dir() / "sessions.json"


def origin(url: str) -> str:
    """``scheme://host[:port]`` of a server URL (the key of its stored session)."""
    parts = urlsplit(url if "://" in url else "http://" + url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise RulesError(f"not a server URL: {url!r}")
    return f"{parts.scheme}://{parts.netloc}"


def load_sessions() -> dict[str, dict[str, str]]:
    """Every stored session by server origin."""
    try:
        data = json.loads(sessions_file().read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def _save(sessions: dict[str, dict[str, str]]) -> None:
    path = sessions_file()
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    # Created with 0600 from the start: the token is never readable by others.
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        json.dump(sessions, f, indent=1)
    os.chmod(path, 0o600)


def _post(
    url: str, path: str, body: dict[str, str], cookie: str | None = None
) -> tuple[int, dict[str, object], str | None]:
    """POST JSON; the status, the JSON answer and the session token it set, if any.
    The request names the server's own origin (the server's Origin check lets a
    request with a cookie through only from its own origin)."""
    headers = {"Content-Type": "application/json", "Origin": origin(url)}
    if cookie:
        headers["Cookie"] = f"{COOKIE}={cookie}"
    req = urllib.request.Request(
        origin(url) + path, data=json.dumps(body).encode(), headers=headers, method="POST"
    )
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            status, raw, set_cookie = r.status, r.read(), r.headers.get_all("Set-Cookie") or []
    except urllib.error.HTTPError as e:
        status, raw, set_cookie = e.code, e.read(), []
    except urllib.error.URLError as e:
        raise RulesError(f"cannot reach {origin(url)}: {e.reason}") from None
    token = None
    for header in set_cookie:
        jar: SimpleCookie = SimpleCookie()
        jar.load(header)
        if COOKIE in jar and jar[COOKIE].value:
            token = jar[COOKIE].value
    try:
        data = json.loads(raw) if raw else {}
    except json.JSONDecodeError:
        data = {}
    return status, data if isinstance(data, dict) else {}, token


def login(
    url: str,
    account: str | None = None,
    password: str | None = None,
    ask: Callable[[str], str] | None = None,
    ask_secret: Callable[[str], str] | None = None,
) -> dict[str, object]:
    """Log in to the server at ``url`` (asking what is not given: the name with
    ``input``, the password with :func:`getpass.getpass`) and store the session; the
    profile the server answered with."""
    if account is None:
        account = (ask or input)("Account name: ").strip()
    if password is None:
        password = (ask_secret or getpass.getpass)("Password: ")
    status, data, token = _post(url, "/api/login", {"account": account, "password": password})
    if status != 200 or token is None:
        message = data.get("message") if isinstance(data.get("message"), str) else None
        raise RulesError(str(message or f"login failed (HTTP {status})"))
    sessions = load_sessions()
    sessions[origin(url)] = {"cookie": token, "account": str(data.get("account") or account)}
    _save(sessions)
    return data


def logout(url: str | None = None) -> list[str]:
    """End the stored session of ``url`` (every stored one when ``None``) on the server
    and forget it; the origins logged out of."""
    sessions = load_sessions()
    targets = [origin(url)] if url else list(sessions)
    done = []
    for o in targets:
        entry = sessions.pop(o, None)
        if entry is None:
            continue
        # A server that is gone: forgetting the cookie is what is left to do.
        with contextlib.suppress(RulesError):
            _post(o, "/api/logout", {}, entry.get("cookie"))
        done.append(o)
    _save(sessions)
    return done
