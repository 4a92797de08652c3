"""Kill the server process (SIGKILL) in the middle of games and start it again:
every table continues where it was, no accepted action is lost and the hidden
cards are the same (checked by replaying the final records)."""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

import pakka
import pakka.core.registry
from pakka import Record
from pakka.server.db import make_engine
from pakka.server.procs import kill_child
from pakka.server.store import Store

from .conftest import Client, served_games, texts, watch

HERE = Path(__file__).resolve().parent
ACCESS = re.compile(
    r'INFO: +\S+ - "(\S+ \S+ HTTP/[\d.]+" [23]\d\d|WebSocket \S+" \[accepted\])'
    r"|INFO: +connection (open|closed)"
)
"""Uvicorn's lines of requests that went well, left out of a failure's message."""


class Process:
    """``pakka.server.run`` in a child process that this test alone starts and kills;
    its output (uvicorn's and the server's log, tracebacks) goes to ``log``."""

    def __init__(self, db: str, port: int, log: Path) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([str(HERE.parent), env.get("PYTHONPATH", "")])
        env["PAKKA_BOT_PAUSE"] = "0.05"
        env["PAKKA_MSG_RATE"] = "1000"
        env["PAKKA_MSG_BURST"] = "1000"
        code = (
            "from server.toygame import register; register(); import pakka.server as s; "
            f"s.run(host='127.0.0.1', port={port}, db={db!r})"
        )
        self.log = log
        with log.open("ab") as out:  # the child keeps its own descriptor
            self.proc = subprocess.Popen(
                [sys.executable, "-c", code], env=env, stdout=out, stderr=subprocess.STDOUT
            )
        self.base = f"http://127.0.0.1:{port}"
        self.ws_base = f"ws://127.0.0.1:{port}"
        self.http = httpx.Client(base_url=self.base, timeout=10)
        deadline = time.time() + 90  # a loaded CI machine starts a process slowly
        while True:
            assert self.proc.poll() is None, "server process died" + self.tail()
            try:
                if self.http.get("/api/games").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.time() < deadline, "server did not start" + self.tail()
            time.sleep(0.05)

    def tail(self, chars: int = 6000) -> str:
        """The end of the server's output without the access lines of requests (for a
        failure's message: the warnings and tracebacks are what explains it)."""
        lines = [
            line
            for line in self.log.read_text(errors="replace").splitlines()
            if not ACCESS.match(line)
        ]
        return f"\n--- end of {self.log.name} ---\n" + "\n".join(lines)[-chars:]

    def kill(self) -> None:
        """SIGKILL exactly the process this object started."""
        kill_child(self.proc)
        self.http.close()

    def client(self, table_id: str, **hello: Any) -> Client:
        return Client(self.ws_base + f"/ws/tables/{table_id}", hello, self.http)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def moves_or_end(w: Client, state_id: int, timeout: float) -> dict[str, Any]:
    """The spectator ``w``'s first state frame with at least ``state_id`` or a finished
    game. An all-bot table can end sooner: the ``random`` (easy) bot of one-player
    Zoker Pairs may play ``stop`` as its first move (3 of 300 seeded deals), and
    nobody starts a bot table's next game; waiting for state 2 alone then failed
    after 30 s (a CI failure of this test)."""
    deadline = time.time() + timeout
    while True:
        f = w.latest.get(None)
        if f is not None and (f["state_id"] >= state_id or f["view"]["is_terminal"]):
            return f
        w.recv(max(0.01, deadline - time.time()))


def players_for(game: str) -> int:
    cls = pakka.core.registry.game_class(game)
    return min(cls.max_players, max(cls.min_players, 3))


class Diagnosis:
    """What the test is doing now, for the message of a failure: the step (and game)
    and the servers' output (:meth:`Process.tail`)."""

    def __init__(self) -> None:
        self.step = "starting"
        self.procs: list[Process] = []

    @contextlib.contextmanager
    def around(self) -> Iterator[None]:
        """Turn a failure or a timeout inside into one that says where and shows the logs."""
        try:
            yield
        except (AssertionError, TimeoutError, OSError) as e:
            tails = "".join(p.tail() for p in self.procs)
            raise AssertionError(f"{self.step}: {type(e).__name__}: {e}{tails}") from e


def test_sigkill_mid_game_loses_nothing(db_url: str, tmp_path: Path) -> None:
    d = Diagnosis()
    with d.around():
        sigkill_mid_game(db_url, tmp_path, d)


def sigkill_mid_game(db_url: str, tmp_path: Path, d: Diagnosis) -> None:
    """The test's body (its failures explained by ``d``)."""
    port = free_port()
    p = Process(db_url, port, tmp_path / "server1.log")
    d.procs.append(p)
    rng = random.Random(11)
    humans: dict[str, Any] = {}
    botted: dict[str, Any] = {}
    try:
        # every game on SQLite; on PostgreSQL the first one (the database layer is shared)
        games = served_games() if db_url.startswith("sqlite") else served_games()[:1]
        for game in games:
            n = players_for(game)
            d.step = f"{game}: people's table before the kill"
            # a table of people: play some moves, then send one more and kill at once
            t = p.http.post("/api/tables", json={"game": game, "players": n, "hotseat": True})
            t = t.json()
            c = p.client(t["table_id"], tokens=list(t["seat_tokens"].values()))
            sid = 0
            for _ in range(4):
                f = c.wait_state(sid, 0)
                cp = f["view"]["current_player"]
                if cp is None:
                    break
                legal = texts(c.wait_state(sid, cp))
                c.send({"type": "action", "seat": cp, "state_id": sid, "action": rng.choice(legal)})
                sid += 1
                for seat in range(n):
                    c.wait_state(sid, seat)
            humans[game] = (t, sid, {s: dict(c.latest[s]) for s in range(n)})
            cp = c.latest[0]["view"]["current_player"]
            if cp is not None:
                c.send(
                    {
                        "type": "action",
                        "seat": cp,
                        "state_id": sid,
                        "action": rng.choice(texts(c.latest[cp])),
                    }
                )
            # a table of bots that plays by itself while a spectator watches
            d.step = f"{game}: easy bots' table before the kill (2 moves or the end in 60 s)"
            bots = [{"kind": "bot", "level": "easy"} for _ in range(n)]
            b = p.http.post("/api/tables", json={"game": game, "players": n, "seats": bots}).json()
            w = p.client(b["table_id"], watch=b["spectator"]["code"])
            moves_or_end(w, 2, timeout=60)
            botted[game] = (b, w)
        p.kill()
    finally:
        if p.proc.poll() is None:
            p.kill()

    d.step = "restarting the server"
    p = Process(db_url, port, tmp_path / "server2.log")
    d.procs.append(p)
    try:
        for game, (t, acked, before) in humans.items():
            n = players_for(game)
            d.step = f"{game}: people's table after the restart"
            summary = p.http.get(f"/api/tables/{t['table_id']}", headers=watch(t)).json()
            sid = summary["state_id"]
            assert sid in (acked, acked + 1), "an acknowledged action was lost"
            # what each seat saw before the kill is the stored record replayed: same deal
            rec = stored_record(db_url, t["table_id"])
            assert len(rec.actions) == sid
            replay = rec.replay(upto=acked)
            for seat in range(n):
                view = replay.view(seat)
                view.pop("log")
                assert before[seat]["view"] == view, f"{game}: seat {seat} sees another deal"
            # the restarted server shows every seat the replayed position and plays on
            c = p.client(t["table_id"], tokens=list(t["seat_tokens"].values()))
            now = rec.replay()
            for seat in range(n):
                view = now.view(seat)
                view.pop("log")
                assert c.wait_state(sid, seat)["view"] == view
            cp = now.current_player
            if cp is not None:
                legal = texts(c.latest[cp])
                c.send({"type": "action", "seat": cp, "state_id": sid, "action": legal[0]})
                assert c.wait_state(sid + 1, cp)["last_action"]["action"] == legal[0]
        for game, (b, w_before) in botted.items():
            d.step = f"{game}: bots' table after the restart"
            # the bots play on after the restart, on the same deal
            w = p.client(b["table_id"], watch=b["spectator"]["code"])
            seen = max(f["state_id"] for f in w_before.frames if f["type"] == "state")
            # two more moves, or the end of the game (which may come sooner)
            moves_or_end(w, seen + 2, timeout=60)
            rec = stored_record(db_url, b["table_id"])
            for f in w_before.frames + w.frames:
                if f["type"] == "state":
                    view = rec.replay(upto=f["view"]["moves"]).view(None)
                    view.pop("log")
                    assert f["view"] == view, f"{game}: bot table changed after restart"
    finally:
        p.kill()


def stored_record(db_url: str, table_id: str) -> Record:
    """The record of game 1 of a table as the database holds it."""
    engine = make_engine(db_url)
    try:
        with engine.connect() as c:
            st = Store(engine).load_table(c, table_id)
    finally:
        engine.dispose()
    assert st is not None
    g = st.games[0]
    return Record(
        game=st.row["game"],
        players=st.row["players"],
        options=json.loads(g["options"]),
        seed=int(g["seed"]),
        actions=[a["action"] for a in st.actions.get(1, [])],
    )
