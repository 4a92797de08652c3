"""Kill the server process (SIGKILL) in the middle of games and start it again:
every table continues where it was, no accepted action is lost and the hidden
cards are the same (checked by replaying the final records)."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

import pakka
from pakka import Record
from server.conftest import Client, served_games

HERE = Path(__file__).resolve().parent


class Process:
    """``pakka.server.run`` in a child process that this test alone starts and kills."""

    def __init__(self, db: str, port: int) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([str(HERE.parent), env.get("PYTHONPATH", "")])
        env["PAKKA_BOT_PAUSE"] = "0.05"
        env["PAKKA_MSG_RATE"] = "1000"
        env["PAKKA_MSG_BURST"] = "1000"
        code = (
            "from server.toygame import register; register(); import pakka.server as s; "
            f"s.run(host='127.0.0.1', port={port}, db={db!r})"
        )
        self.proc = subprocess.Popen(
            [sys.executable, "-c", code],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.base = f"http://127.0.0.1:{port}"
        self.ws_base = f"ws://127.0.0.1:{port}"
        self.http = httpx.Client(base_url=self.base, timeout=10)
        deadline = time.time() + 30
        while True:
            assert self.proc.poll() is None, "server process died"
            try:
                if self.http.get("/api/games").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.time() < deadline, "server did not start"
            time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL exactly the process this object started."""
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)
        self.http.close()

    def client(self, table_id: str, **hello: Any) -> Client:
        return Client(self.ws_base + f"/ws/tables/{table_id}", hello)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def players_for(game: str) -> int:
    cls = pakka.core.registry.game_class(game)
    return min(cls.max_players, max(cls.min_players, 3))


def test_sigkill_mid_game_loses_nothing(db_url: str) -> None:
    port = free_port()
    p = Process(db_url, port)
    rng = random.Random(11)
    humans: dict[str, Any] = {}
    botted: dict[str, Any] = {}
    try:
        for game in served_games():
            n = players_for(game)
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
                legal = c.wait_state(sid, cp)["legal"]
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
                        "action": rng.choice(c.latest[cp]["legal"]),
                    }
                )
            # a table of bots that plays by itself while a spectator watches
            bots = [{"kind": "bot", "level": "easy"} for _ in range(n)]
            b = p.http.post("/api/tables", json={"game": game, "players": n, "seats": bots}).json()
            w = p.client(b["table_id"], watch=b["spectator"]["code"])
            w.wait_state(2, None)
            botted[game] = (b, w)
        p.kill()
    finally:
        if p.proc.poll() is None:
            p.kill()

    p = Process(db_url, port)
    try:
        for game, (t, acked, before) in humans.items():
            n = players_for(game)
            summary = p.http.get(f"/api/tables/{t['table_id']}").json()
            assert summary["state_id"] in (acked, acked + 1), "an acknowledged action was lost"
            c = p.client(t["table_id"], tokens=list(t["seat_tokens"].values()))
            sid = summary["state_id"]
            # finish the game, then check the record against what every seat saw before
            while True:
                try:
                    f = c.wait_state(sid, 0)
                except TimeoutError:
                    raise AssertionError(
                        (
                            game,
                            sid,
                            acked,
                            summary["state_id"],
                            [
                                (x["type"], x.get("state_id"), x.get("seat"), x.get("code"))
                                for x in c.frames[-8:]
                            ],
                        )
                    ) from None
                cp = f["view"]["current_player"]
                if cp is None:
                    break
                legal = c.wait_state(sid, cp)["legal"]
                c.send({"type": "action", "seat": cp, "state_id": sid, "action": legal[0]})
                sid += 1
                errors = [f for f in c.frames if f["type"] == "error"]
                assert not errors, errors
            rec = Record.from_json(p.http.get(f"/api/tables/{t['table_id']}/games/1/record").text)
            replay = rec.replay(upto=acked)
            for seat in range(n):
                view = replay.view(seat)
                view.pop("log")
                assert before[seat]["view"] == view, f"{game}: seat {seat} sees another deal"
        for game, (b, w_before) in botted.items():
            w = p.client(b["table_id"], watch=b["spectator"]["code"])
            deadline = time.time() + 60
            while not (w.latest.get(None) or {}).get("view", {}).get("is_terminal"):
                w.recv(max(0.01, deadline - time.time()))
            rec = Record.from_json(p.http.get(f"/api/tables/{b['table_id']}/games/1/record").text)
            for f in w_before.frames:
                if f["type"] == "state":
                    view = rec.replay(upto=f["view"]["moves"]).view(None)
                    view.pop("log")
                    assert f["view"] == view, f"{game}: bot table changed after restart"
    finally:
        p.kill()
