"""``/healthz`` (process up, database reachable) and ``/metrics`` (Prometheus)."""

from __future__ import annotations

import re
from pathlib import Path

from pakka.server.db import make_engine

from .conftest import Server


def sample(text: str, name: str, labels: str = "") -> float:
    """The value of one sample in the Prometheus text format (0 when absent)."""
    m = re.search(rf"^{re.escape(name + labels)} (\S+)$", text, re.M)
    return float(m.group(1)) if m else 0.0


def test_healthz_ok_on_each_database(any_server: Server) -> None:
    r = any_server.http.get("/healthz")
    assert r.status_code == 200
    assert r.json() == {"status": "ok", "database": "ok"}


def test_healthz_503_when_the_database_is_unreachable(server: Server, tmp_path: Path) -> None:
    good = server.hub.store.engine
    server.hub.store.engine = make_engine(f"sqlite:///{tmp_path / 'missing' / 'no.sqlite3'}")
    try:
        r = server.http.get("/healthz")
        assert r.status_code == 503
        assert r.json() == {"status": "fail", "database": "unreachable"}
    finally:
        server.hub.store.engine = good
    assert server.http.get("/healthz").status_code == 200


def test_metrics_count_tables_connections_and_actions(server: Server) -> None:
    text = server.http.get("/metrics").text
    for name in (
        "pakka_connections",
        "pakka_tables",
        "pakka_actions_accepted_total",
        "pakka_actions_refused_total",
        "pakka_commit_seconds_bucket",
        "pakka_notify_lag_seconds_bucket",
    ):
        assert f"# TYPE {name.removesuffix('_total').removesuffix('_bucket')}" in text, name
    assert sample(text, "pakka_notify_lag_seconds_count") == 0  # one process: no notices
    t = server.create(game="toy", players=2, take_seat=1)
    c = server.client(t["table_id"], tokens=[t["seat_tokens"]["1"]])
    f = c.wait_state(0, 1)
    before = server.http.get("/metrics").text
    assert sample(before, "pakka_tables") == 1 and sample(before, "pakka_connections") == 1
    c.send({"type": "action", "state_id": 5, "action": f["legal"][0]["text"]})
    c.recv_type("error")
    c.send({"type": "action", "state_id": 0, "action": f["legal"][0]["text"]})
    c.wait_state(1, 1)
    after = server.http.get("/metrics").text
    human = '{by="human"}'
    accepted = sample(after, "pakka_actions_accepted_total", human)
    assert accepted == sample(before, "pakka_actions_accepted_total", human) + 1
    assert sample(after, "pakka_actions_refused_total", '{code="stale_state"}') == 1
    assert sample(after, "pakka_commit_seconds_count") >= 1


def test_each_app_has_its_own_registry(sqlite_url: str, tmp_path: Path) -> None:
    a = Server(sqlite_url)
    b = Server(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    try:
        a.create(game="toy", players=2)
        assert sample(a.http.get("/metrics").text, "pakka_tables") == 1
        assert sample(b.http.get("/metrics").text, "pakka_tables") == 0
    finally:
        a.stop()
        b.stop()
