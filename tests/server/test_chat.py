"""Chat at a table (issue 16), over the real WebSocket: messages are events of the
table's log; the spectators' channel never reaches a player before the game is
over; length, rate, control characters; the creator removes messages and
spectators; reports; retention; restart and a second process (PostgreSQL)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from sqlalchemy import text
from websockets.exceptions import ConnectionClosed

from pakka.cli.main import main as cli_main
from pakka.server import chat
from pakka.server.db import make_engine

from .conftest import Client, Server, texts

SECRET = "psst-the-spectators-know"


def _table(server: Server, **extra: Any) -> tuple[dict[str, Any], Client, Client, Client]:
    """A two-seat toy table (one card each: two moves end the game) with both
    players and a spectator connected."""
    t = server.create(game="toy", players=2, take_seat=0, options={"hand": 1}, **extra)
    tid = t["table_id"]
    tok1 = server.claim(t["invites"][0]["code"], "Bea")["token"]
    a = server.client(tid, tokens=[t["seat_tokens"]["0"]])
    b = server.client(tid, tokens=[tok1])
    s = server.client(tid, watch=t["spectator"]["code"])
    t["tok1"] = tok1
    return t, a, b, s


def _next(c: Client, kind: str, timeout: float = 10.0) -> dict[str, Any]:
    return c.recv_type(kind, timeout)


def _history(c: Client) -> dict[str, Any]:
    """The first ``chat_history`` frame (it follows the welcome's state frames)."""
    for f in c.frames:
        if f["type"] == "chat_history":
            return f
    return c.recv_type("chat_history")


def _said(c: Client, words: str, timeout: float = 20.0) -> dict[str, Any]:
    """Read chat frames until the message ``words``."""
    deadline = time.time() + timeout
    while True:
        m: dict[str, Any] = c.recv_type("chat", max(0.01, deadline - time.time()))["message"]
        if m["text"] == words:
            return m


def _play_to_end(t: dict[str, Any], a: Client, b: Client) -> None:
    """Both players play their one card."""
    sid = 0
    while True:
        f = a.wait_state(sid, 0)
        cp = f["view"]["current_player"]
        if cp is None:
            return
        me = a if cp == 0 else b
        legal = texts(me.wait_state(sid, cp))
        me.send({"type": "action", "state_id": sid, "action": legal[0]})
        sid += 1
        a.wait_state(sid, 0)
        b.wait_state(sid, 1)


def test_players_channel_reaches_everyone_in_order_with_actions(server: Server) -> None:
    """A player's message reaches the other player and the spectator with channel,
    name, seat, time and text; its number follows the table's last event, so chat
    is ordered with the actions."""
    t, a, b, s = _table(server)
    assert _history(a)["channel"] == "players" and _history(s)["channel"] == "spectators"
    assert _history(s)["key"] and _history(a)["key"] is None
    before = time.time()
    a.send({"type": "chat", "text": "  hello   table  "})
    got = [_next(c, "chat")["message"] for c in (a, b, s)]
    assert got[0] == got[1] == got[2]
    m = got[0]
    assert m["channel"] == "players" and m["seat"] == 0 and m["text"] == "hello   table"
    assert m["name"] is None and m["author"].startswith("p") and not m["removed"]
    assert before - 1 <= m["at"] <= time.time() + 1
    b.send({"type": "chat", "text": "hi"})
    m2 = _next(s, "chat")["message"]
    assert m2["name"] == "Bea" and m2["seat"] == 1 and m2["author"] != m["author"]
    engine = make_engine(server.settings.db or "")
    with engine.connect() as c:
        rows = c.execute(
            text("SELECT seq, kind FROM events WHERE table_id = :t ORDER BY seq"),
            {"t": t["table_id"]},
        ).all()
    assert [k for _, k in rows][-2:] == ["chat", "chat"]
    assert [q for q, _ in rows] == list(range(1, len(rows) + 1))
    assert (m["id"], m["n"], m2["id"], m2["n"]) == ("p1", 1, "p2", 2)
    ids = server.hub.tables[t["table_id"]].chat.ids
    assert (ids["p1"], ids["p2"]) == (rows[-2][0], rows[-1][0])


def test_spectator_channel_never_reaches_a_player_before_the_end(server: Server) -> None:
    """A spectator's message reaches spectators only: no frame of a player (live,
    after ``sync``, after a second ``hello``, on a new connection) holds its text
    until the game is over; then the players get it, and later arrivals too."""
    t, a, b, s = _table(server)
    tid = t["table_id"]
    s2 = server.client(tid, watch=t["spectator"]["code"])
    s.send({"type": "chat", "text": SECRET, "name": "Watcher"})
    m = _next(s, "chat")["message"]
    assert m["channel"] == "spectators" and m["seat"] is None and m["name"] == "Watcher"
    assert _next(s2, "chat")["message"]["text"] == SECRET
    a.send({"type": "sync"})
    b.send({"type": "hello", "tokens": [t["tok1"]]})
    a.wait_state(0, 0)
    _next(a, "chat_history")
    _next(b, "chat_history")
    late = server.client(tid, tokens=[t["seat_tokens"]["0"]])
    a.send({"type": "chat", "text": "marker"})
    for c in (a, b, late):
        got = _next(c, "chat")["message"]
        # Numbered in the players' channel: no gap tells of the spectators' message.
        assert (got["text"], got["id"], got["n"]) == ("marker", "p1", 1)
    assert m["id"] == "s1"
    # A player may not write to the spectators' channel either.
    a.send({"type": "chat", "text": "x", "channel": "spectators"})
    assert _next(a, "error")["code"] == "chat_channel"
    for c in (a, b, late):
        assert not any(SECRET in raw for raw in c.raw), "a spectator's words reached a player"
    _play_to_end(t, a, b)
    for c in (a, b, late):
        extra = _next(c, "chat_history")
        assert extra["full"] is False and [x["text"] for x in extra["messages"]] == [SECRET]
    after = server.client(tid, tokens=[t["tok1"]])
    assert SECRET in [x["text"] for x in _history(after)["messages"]]
    # After the end a spectator's new message reaches the players at once.
    s.send({"type": "chat", "text": "good game"})
    assert _next(a, "chat")["message"]["text"] == "good game"


def test_limits_refused_with_keys_and_nothing_stored(server: Server) -> None:
    """Too long, empty, and too fast messages get error frames with message keys;
    control characters are stripped and the text NFC-normalised; the log does not
    move on a refusal."""
    t, a, b, s = _table(server)
    hub = server.hub
    table = hub.tables[t["table_id"]]
    seq = table.seq
    a.send({"type": "chat", "text": "x" * 301})
    e = _next(a, "error")
    assert e["code"] == "chat_length" and e["msg"]["key"] == "error.chat_length"
    assert e["msg"]["args"] == {"limit": 300, "length": 301}
    a.send({"type": "chat", "text": " \u200b\t\x00 "})
    assert _next(a, "error")["msg"]["key"] == "error.chat_empty"
    a.send({"type": "chat", "text": "x" * 2001})
    assert _next(a, "error")["code"] == "invalid"
    assert table.seq == seq
    a.send({"type": "chat", "text": "cafe\u0301\u202e\x07 ok\nnext" + " " * 50})
    m = _next(a, "chat")["message"]
    assert m["text"] == "café ok next"
    a.send({"type": "chat", "text": "y" * 300 + "   "})  # 300 after trimming: accepted
    assert _next(a, "chat")["message"]["text"] == "y" * 300
    for i in range(3):
        a.send({"type": "chat", "text": f"m{i}"})
        assert _next(a, "chat")["message"]["text"] == f"m{i}"
    seq = table.seq
    a.send({"type": "chat", "text": "one too many"})
    e = _next(a, "error")
    assert e["code"] == "chat_rate" and e["msg"]["args"] == {"limit": 5, "seconds": 10}
    assert table.seq == seq
    # The limit is per author: the other player still writes.
    b.send({"type": "chat", "text": "my turn to talk"})
    assert _next(a, "chat")["message"]["text"] == "my turn to talk"
    # A spectator's name gets the same checks as a player's.
    s.send({"type": "chat", "text": "hi", "name": "Admin"})
    e = _next(s, "error")
    assert e["code"] == "invalid" and "reserved" in json.dumps(e["details"])
    s.send({"type": "chat", "text": "hi", "name": "a\u202eb"})
    assert _next(s, "error")["code"] == "invalid"


def test_creator_removes_a_message_and_a_spectator(server: Server) -> None:
    """A wrong admin token is refused; the right one removes a message for every
    client (history shows it removed) and a spectator, whose connection closes and
    whose chat key may not write afterwards (it may still watch)."""
    t, a, b, s = _table(server)
    tid = t["table_id"]
    b.send({"type": "chat", "text": "rude words"})
    m = _next(a, "chat")["message"]
    b.send({"type": "chat_remove", "id": m["id"], "admin": t["tok1"]})
    assert _next(b, "error")["msg"]["key"] == "error.chat_admin"
    a.send({"type": "chat_remove", "id": m["id"], "admin": t["admin_token"]})
    for c in (a, b, s):
        assert _next(c, "chat_removed")["id"] == m["id"]
    again = server.client(tid, watch=t["spectator"]["code"])
    (shown,) = [x for x in _history(again)["messages"] if x["id"] == m["id"]]
    assert shown["removed"] and shown["text"] == ""
    assert "rude words" not in "".join(again.raw)

    s.send({"type": "chat", "text": "spam", "name": "Spammer"})
    spam = _next(s, "chat")["message"]
    key = _history(s)["key"]
    a.send({"type": "chat_kick", "author": m["author"], "admin": t["admin_token"]})
    assert _next(a, "error")["msg"]["key"] == "error.chat_not_spectator"
    a.send({"type": "chat_kick", "author": spam["author"], "admin": t["admin_token"]})
    assert _next(s, "error")["code"] == "removed"
    with pytest.raises(ConnectionClosed) as closed:
        for _ in range(20):
            s.recv(10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
    assert again.welcome  # the other spectator stays
    back = server.client(tid, watch=t["spectator"]["code"], chat_key=key)
    assert _history(back)["channel"] is None and _history(back)["author"] == spam["author"]
    back.send({"type": "chat", "text": "I am back"})
    assert _next(back, "error")["code"] == "chat_banned"
    # The ban is an event of the log (so it holds after a restart, in every process).
    engine = make_engine(server.settings.db or "")
    with engine.connect() as db:
        evs = [e for e in chat.load_events(db, tid) if e.kind == chat.BAN]
    assert [e.data["author"] for e in evs] == [spam["author"]]


def test_report_is_stored_for_the_operator(
    server: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    """A report stores the message, its author, the reporter and the time; the
    operator lists reports with ``pakka chat-reports``."""
    t, _a, b, s = _table(server)
    b.send({"type": "chat", "text": "report me <b>x</b>"})
    m = _next(s, "chat")["message"]
    seq = server.hub.tables[t["table_id"]].chat.ids[m["id"]]
    s.send({"type": "chat_report", "id": m["id"]})
    assert _next(s, "chat_reported")["id"] == m["id"]
    s.send({"type": "chat_report", "id": "p99999"})
    assert _next(s, "error")["msg"]["key"] == "error.chat_no_message"
    engine = make_engine(server.settings.db or "")
    with engine.connect() as c:
        rows = chat.reports(c)
    (r,) = rows
    assert (r["table_id"], r["seq"], r["text"], r["author"], r["name"]) == (
        t["table_id"],
        seq,
        "report me <b>x</b>",
        m["author"],
        "Bea",
    )
    assert r["reporter"] == _history(s)["author"] and abs(r["at"] - time.time()) < 60
    assert cli_main(["chat-reports", "--db", server.settings.db or ""]) == 0
    out = capsys.readouterr().out
    assert t["table_id"] in out and "report me <b>x</b>" in out and "Bea" in out


def test_chat_survives_a_restart(sqlite_url: str) -> None:
    """Messages, removals and bans are events: a restarted server shows them."""
    s1 = Server(sqlite_url)
    try:
        t, a, b, s = _table(s1)
        a.send({"type": "chat", "text": "before the restart"})
        m = _next(s, "chat")["message"]
        a.send({"type": "chat", "text": "to be removed"})
        gone = _next(s, "chat")["message"]
        a.send({"type": "chat_remove", "id": gone["id"], "admin": t["admin_token"]})
        _next(s, "chat_removed")
        key = _history(s)["key"]
        a.send({"type": "chat_kick", "author": _history(s)["author"], "admin": t["admin_token"]})
        _next(s, "error")
        for c in (a, b):
            c.close()
    finally:
        s1.stop()
    s2 = Server(sqlite_url)
    try:
        c = s2.client(t["table_id"], tokens=[t["tok1"]])
        hist = _history(c)["messages"]
        assert [(x["id"], x["text"], x["removed"]) for x in hist] == [
            (m["id"], "before the restart", False),
            (gone["id"], "", True),
        ]
        c.send({"type": "chat", "text": "after"})
        assert _next(c, "chat")["message"]["id"] == "p3"
        back = s2.client(t["table_id"], watch=t["spectator"]["code"], chat_key=key)
        assert _history(back)["channel"] is None
        back.send({"type": "chat", "text": "still banned?"})
        assert _next(back, "error")["code"] == "chat_banned"
    finally:
        s2.stop()


def test_retention_purges_old_chat_and_keeps_the_sequence(sqlite_url: str) -> None:
    """With a short retention the purge on start blanks older messages (their
    events keep their numbers and kind) and deletes older reports; newer
    messages stay."""
    s1 = Server(sqlite_url)
    try:
        t, a, _b, s = _table(s1)
        a.send({"type": "chat", "text": "old news"})
        old = _next(s, "chat")["message"]
        old_seq = s1.hub.tables[t["table_id"]].chat.ids[old["id"]]
        s.send({"type": "chat_report", "id": old["id"]})
        _next(s, "chat_reported")
    finally:
        s1.stop()
    time.sleep(1.5)
    s2 = Server(sqlite_url, chat_retention_days=1.0 / 86400)  # one second
    try:
        deadline = time.time() + 20
        engine = make_engine(sqlite_url)
        while True:
            with engine.connect() as c:
                data = c.execute(
                    text("SELECT data FROM events WHERE table_id = :t AND seq = :s"),
                    {"t": t["table_id"], "s": old_seq},
                ).scalar()
                n_reports = len(chat.reports(c))
            # the purge blanks the messages and then deletes the reports: wait for both
            if (data == '{"purged":true}' and n_reports == 0) or time.time() > deadline:
                break
            time.sleep(0.1)
        assert data == '{"purged":true}' and n_reports == 0
        c2 = s2.client(t["table_id"], tokens=[t["tok1"]])
        assert _history(c2)["messages"] == []
        c2.send({"type": "chat", "text": "fresh"})
        fresh = _next(c2, "chat")["message"]
        fresh_seq = s2.hub.tables[t["table_id"]].chat.ids[fresh["id"]]
        assert fresh_seq > old_seq
        with engine.connect() as c:
            seqs = [
                r[0]
                for r in c.execute(
                    text("SELECT seq FROM events WHERE table_id = :t ORDER BY seq"),
                    {"t": t["table_id"]},
                )
            ]
            assert seqs == list(range(1, fresh_seq + 1))
            assert chat.purge(c, time.time() - 3600) == 0  # the fresh one is kept
    finally:
        s2.stop()


def test_anonymise_and_delete_author(sqlite_url: str) -> None:
    """Account deletion (players issue): an author's messages lose name and author,
    or their text too; other authors' messages stay."""
    s1 = Server(sqlite_url)
    try:
        t, a, b, _s = _table(s1)
        b.send({"type": "chat", "text": "from Bea"})
        mb = _next(a, "chat")["message"]
        a.send({"type": "chat", "text": "from seat 0"})
        ma = _next(a, "chat")["message"]
        ids = s1.hub.tables[t["table_id"]].chat.ids
        mb["seq"], ma["seq"] = ids[mb["id"]], ids[ma["id"]]
    finally:
        s1.stop()
    engine = make_engine(sqlite_url)
    with engine.begin() as c:
        assert chat.anonymise_author(c, mb["author"]) == 1
        evs = {e.seq: e.data for e in chat.load_events(c, t["table_id"])}
        assert evs[mb["seq"]]["author"] == "anonymous" and evs[mb["seq"]]["name"] is None
        assert evs[mb["seq"]]["text"] == "from Bea"
        assert evs[ma["seq"]]["author"] == ma["author"]
        assert chat.delete_author(c, ma["author"]) == 1
        evs = {e.seq: e.data for e in chat.load_events(c, t["table_id"])}
        assert evs[ma["seq"]]["text"] == "" and evs[ma["seq"]]["purged"]
    assert chat.seat_author(None).startswith("p")


def test_chat_through_a_second_process(pair: tuple[Server, Server]) -> None:
    """On PostgreSQL a message written through one process reaches the clients of
    another through the log and NOTIFY; the spectators' channel stays away from
    players there too; the rate limit is one for both processes; a spectator removed
    through one process is closed by the other."""
    p, q = pair
    t = p.create(game="toy", players=2, take_seat=0, options={"hand": 1})
    tid = t["table_id"]
    tok1 = q.claim(t["invites"][0]["code"], "Bea")["token"]
    a = p.client(tid, tokens=[t["seat_tokens"]["0"]])
    b = q.client(tid, tokens=[tok1])
    s = q.client(tid, watch=t["spectator"]["code"])
    a.send({"type": "chat", "text": "across"})
    assert _next(b, "chat", 20)["message"]["text"] == "across"
    assert _next(s, "chat", 20)["message"]["text"] == "across"
    s.send({"type": "chat", "text": SECRET})
    _next(s, "chat")
    b.send({"type": "chat", "text": "from q"})
    _said(a, "from q")
    assert not any(SECRET in raw for raw in a.raw + b.raw)
    # Seat 0 on both processes at once: one author, one bucket of five messages.
    a2 = q.client(tid, tokens=[t["seat_tokens"]["0"]])
    for i in range(4):
        (a if i % 2 else a2).send({"type": "chat", "text": f"n{i}"})
        _said(b, f"n{i}")
    a2.send({"type": "chat", "text": "sixth"})
    assert _next(a2, "error", 20)["code"] == "chat_rate"
    # The creator, through process p, removes the spectator connected to q.
    a.send({"type": "chat_kick", "author": _history(s)["author"], "admin": t["admin_token"]})
    assert _next(s, "error", 20)["code"] == "removed"
    with pytest.raises(ConnectionClosed) as closed:
        for _ in range(50):
            s.recv(20)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403


def test_retention_is_configurable(monkeypatch: pytest.MonkeyPatch) -> None:
    """``pakka serve --chat-retention-days N`` and ``PAKKA_CHAT_RETENTION_DAYS`` set
    the retention (default 30 days)."""
    import pakka.server
    from pakka.server.config import Settings

    assert Settings().chat_retention_days == 30.0
    seen: dict[str, Any] = {}

    def fake_run(host: str, port: int, db: str | None, **settings: Any) -> None:
        seen.update(settings, host=host, port=port, db=db)

    monkeypatch.setattr(pakka.server, "run", fake_run)
    assert cli_main(["serve", "--port", "8123", "--chat-retention-days", "7"]) == 0
    assert seen["chat_retention_days"] == 7.0 and seen["port"] == 8123
    monkeypatch.setenv("PAKKA_CHAT_RETENTION_DAYS", "2.5")
    assert Settings.from_env().chat_retention_days == 2.5
    assert Settings.from_env(chat_retention_days=None).chat_retention_days == 2.5
