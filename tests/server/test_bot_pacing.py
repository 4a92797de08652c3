"""Bots pace like people (issue 16): a bot's Räväytys lay-down is played without a
pause between its build steps and reaches every client as one frame, while the record
keeps every step as its own action."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import Server

PAUSE = 0.25
"""The bot's human-like pause in this test: a lay-down of n steps with a pause before
each step would take at least ``n * PAUSE``."""

LONGEST_BOT_WAIT = 3.0
"""Issue 16: no wait for a bot is longer than about 3 s."""


@pytest.fixture
def paced_server(sqlite_url: str) -> Iterator[Server]:
    """A live server whose bots pause as a production server's do (before a move)."""
    s = Server(sqlite_url, bot_pause=PAUSE)
    yield s
    s.stop()


def test_bot_lay_down_is_one_frame_and_records_every_step(paced_server: Server) -> None:
    """A human plays Räväytys against two bots until a bot has laid down its contract.
    Every wait from a human action to the human's next turn (only the bot moves in
    between) stays under 3 s; the lay-down arrives as one state frame whose ``steps``
    are ``meld``, the groups' build steps and ``close``, in the record's order; and
    the record holds each step as its own action."""
    server = paced_server
    t = server.create(
        game="ravaytys",
        players=3,
        seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}],
        take_seat=0,
    )
    me = server.client(t["table_id"], tokens=[t["seat_tokens"]["0"]])
    rng = random.Random(16)
    waits: list[float] = []
    lay_down: dict[str, Any] | None = None
    frame = me.wait_state(0, 0)
    deadline = time.time() + 240
    while lay_down is None and time.time() < deadline and not frame["view"]["is_terminal"]:
        if not frame["legal"]:  # the bot is to move: read its frames
            f = me.recv(timeout=30)
            if f["type"] == "state":
                frame = f
                steps = f["steps"]
                if f["last_action"] and f["last_action"]["by"] == "bot" and len(steps) > 1:
                    lay_down = f
            continue
        # The human avoids laying down (so that the bot's lay-down is what is seen).
        choices = [a for a in frame["legal"] if a["text"] != "meld"] or frame["legal"]
        me.send({"type": "action", "state_id": frame["state_id"], "id": rng.choice(choices)["id"]})
        sent = time.monotonic()
        frame = me.wait_state(frame["state_id"] + 1, 0)
        while not frame["legal"] and not frame["view"]["is_terminal"]:
            f = me.recv(timeout=30)
            if f["type"] != "state":
                continue
            frame = f
            if f["last_action"] and f["last_action"]["by"] == "bot" and len(f["steps"]) > 1:
                lay_down = f
        if frame["legal"]:
            waits.append(time.monotonic() - sent)
    assert lay_down is not None, "the bot never laid down within the time"
    assert waits and max(waits) < LONGEST_BOT_WAIT, f"waits for the bot: {waits}"
    steps = lay_down["steps"]
    assert isinstance(steps, list)
    texts = [s["action"] for s in steps]
    assert texts[0] == "meld" and texts[-1] == "close", texts
    assert len({s["seat"] for s in steps}) == 1 and all(s["by"] == "bot" for s in steps)
    assert lay_down["last_action"] == steps[-1]
    # The state ids of the steps were all used: one per stored action.
    states = [f for f in me.frames if f["type"] == "state"]
    before = states[next(i for i, f in enumerate(states) if f is lay_down) - 1]["state_id"]
    assert lay_down["state_id"] - before == len(steps)
    # The record: the game is not over, so read what the server stored.
    with server.hub.store.engine.connect() as c:
        stored = server.hub.store.load_table(c, t["table_id"])
    assert stored is not None
    actions = [a["action"] for a in stored.actions[1]]
    n = lay_down["view"]["moves"]
    assert actions[n - len(steps) : n] == texts
    print(
        f"longest wait {max(waits):.2f} s over {len(waits)} turns; lay-down of {len(steps)} steps"
    )
    me.close()


def test_a_server_stopped_while_a_bot_waits_leaves_no_bot_move_behind(sqlite_url: str) -> None:
    """Stopping the server cancels a bot's pending move, and that cancelled move must
    not schedule the next one: a task created while the loop shuts down is never run
    nor cancelled (Python reports it at exit as "Task was destroyed but it is
    pending!")."""
    server = Server(sqlite_url, bot_pause=30.0)
    try:
        t = server.create(
            game="zoker-tiko",
            players=2,
            seats=[{"kind": "human"}, {"kind": "bot"}],
            take_seat=0,
        )
        me = server.client(t["table_id"], tokens=[t["seat_tokens"]["0"]])
        frame = me.wait_state(0, 0)
        if frame["legal"]:  # let the human move so that the bot is to move
            me.send(
                {"type": "action", "state_id": frame["state_id"], "id": frame["legal"][0]["id"]}
            )
            me.wait_state(frame["state_id"] + 1, 0)
        table = server.hub.tables[t["table_id"]]
        deadline = time.time() + 10
        while table.scheduler.bot_task is None and time.time() < deadline:
            time.sleep(0.01)
        assert table.scheduler.bot_task is not None, "the bot is not waiting to move"
        me.close()
    finally:
        server.stop()
    assert not server.thread.is_alive()
    task = table.scheduler.bot_task
    assert task is None or task.done(), "a bot move was scheduled during the shutdown"
