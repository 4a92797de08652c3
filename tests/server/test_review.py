"""Post-game reviews on the server (``GET /api/tables/{id}/games/{n}/review``): the
marks are :func:`pakka.review.review_record`'s, computed once in the worker process
and served from the database cache afterwards; only finished games, under the access
rule of records and replays; a bounded queue, one computation per review, and a rate
limit per client."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from pakka.core.record import Record
from pakka.review import review_record
from pakka.server import db
from pakka.server.review import ENGINE, compute

from .conftest import Server, check_error_msg, watch
from .test_replay import finished_table


def _url(t: dict[str, Any], seat: int, lang: str = "en", game_no: int = 1) -> str:
    return f"/api/tables/{t['table_id']}/games/{game_no}/review?seat={seat}&lang={lang}"


def _record(server: Server, t: dict[str, Any]) -> Record:
    r = server.http.get(f"/api/tables/{t['table_id']}/games/1/record", headers=watch(t))
    assert r.status_code == 200, r.text
    return Record.from_json(r.text)


def _refused(r: httpx.Response, status: int, key: str) -> None:
    assert r.status_code == status, r.text
    check_error_msg(r.json()["msg"])
    assert r.json()["msg"]["key"] == key


@pytest.fixture
def review_server(db_url: str) -> Iterator[Server]:
    """A live server on each database kind that holds a review request long enough
    for the worker process to start on a loaded machine."""
    s = Server(db_url, review_wait=120.0)
    s.http.timeout = httpx.Timeout(180.0)
    yield s
    s.stop()


def test_a_finished_game_s_review_is_pakka_review_s_and_cached(review_server: Server) -> None:
    """The review of a finished, unlisted Koodinmurtaja game (with its spectator
    code) has exactly the marks, costs and summary that ``pakka.review`` gives for its
    record, in words in both languages; it is computed once, in the worker process,
    stored in ``reviews`` with the engine version, and served from there again."""
    server = review_server
    t = finished_table(server, "koodinmurtaja")
    rec = _record(server, t)
    want = review_record(rec, [0])
    r = server.http.get(_url(t, 0, "en"), headers=watch(t))
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["status"] == "done" and got["seat"] == 0 and got["engine"] == ENGINE
    assert [(j["index"], j["mark"]) for j in got["judgements"]] == want.marks()
    assert [j["cost"] for j in got["judgements"]] == [j.cost for j in want.judgements]
    assert [j["step"] for j in got["judgements"]] == [j.index + 1 for j in want.judgements]
    assert got["summaries"] == want.to_dict()["summaries"]
    assert got["scale"]["unit"] == "cards"
    for j in got["judgements"]:
        assert j["text"].startswith(f"Move {j['index'] + 1}: ") and "{" not in j["text"]
        # the played and better actions are the display layer's labels, not notation
        assert isinstance(j["msg"]["args"]["played"], dict)
        assert isinstance(j["msg"]["args"]["best"], dict)
    (summary,) = got["summary_text"]
    assert "decision" in summary and "card" in summary
    reviews = server.app.state.reviews
    assert reviews.computed == 1 and reviews.pool is not None  # the worker process ran it

    fi = server.http.get(_url(t, 0, "fi"), headers=watch(t))
    assert fi.status_code == 200, fi.text
    fj = fi.json()
    assert [(j["index"], j["mark"]) for j in fj["judgements"]] == want.marks()
    assert all(j["text"].startswith("Siirto ") for j in fj["judgements"])
    assert "päätös" in fj["summary_text"][0]
    assert reviews.computed == 1  # from the cache

    with server.app.state.hub.store.engine.connect() as c:
        rows = c.execute(select(db.reviews)).all()
    assert [(x.table_id, x.game, x.seat, x.engine) for x in rows] == [(t["table_id"], 1, 0, ENGINE)]


def test_the_cache_outlives_the_process(db_url: str) -> None:
    """A review cached by one server is served by the next one on the same database
    without being computed again (and one of another engine version is recomputed)."""
    first = Server(db_url, review_wait=120.0)
    first.http.timeout = httpx.Timeout(180.0)
    try:
        t = finished_table(first, "koodinmurtaja", listed=True)
        a = first.http.get(_url(t, 1))
        assert a.status_code == 200, a.text
    finally:
        first.stop()
    second = Server(db_url, review_wait=120.0)
    second.http.timeout = httpx.Timeout(180.0)
    try:
        b = second.http.get(_url(t, 1))
        assert b.status_code == 200, b.text
        assert b.json()["judgements"] == a.json()["judgements"]
        assert second.app.state.reviews.computed == 0
        with second.app.state.hub.store.engine.begin() as c:
            c.execute(db.reviews.update().values(engine="0.0/old"))
        assert second.http.get(_url(t, 1)).status_code == 200
        assert second.app.state.reviews.computed == 1
    finally:
        second.stop()


def test_no_review_of_an_unfinished_game_or_without_credential(server: Server) -> None:
    """A game still being played has no review (409 ``error.not_over``); an unknown
    game number, seat or a game without a judge is 404; an unlisted table's review
    needs its credential like its record (401 ``error.unlisted``)."""
    live = finished_table(server, "koodinmurtaja", human=True)
    _refused(server.http.get(_url(live, 0), headers=watch(live)), 409, "error.not_over")
    _refused(server.http.get(_url(live, 0)), 401, "error.unlisted")
    done = finished_table(server, "koodinmurtaja")
    _refused(server.http.get(_url(done, 0)), 401, "error.unlisted")
    _refused(
        server.http.get(_url(done, 0), headers={"X-Spectator-Code": "nope"}), 401, "error.unlisted"
    )
    _refused(
        server.http.get(_url(done, 0, game_no=7), headers=watch(done)), 404, "error.no_game_no"
    )
    _refused(server.http.get(_url(done, 2), headers=watch(done)), 404, "error.no_seat")
    pairs = finished_table(server, "zoker-pairs")
    _refused(server.http.get(_url(pairs, 0), headers=watch(pairs)), 404, "error.no_review")
    assert server.http.get(_url(done, 0, lang="sv"), headers=watch(done)).status_code == 422
    assert server.app.state.reviews.computed == 0


class Gate:
    """A stand-in for the worker that computes the real review only once released,
    and counts its calls."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.calls = 0

    async def __call__(self, record_json: str, seat: int) -> str:
        self.calls += 1
        await asyncio.to_thread(self.open.wait, 120)
        return await asyncio.to_thread(compute, record_json, seat)


def test_concurrent_requests_for_one_review_share_one_computation(any_server: Server) -> None:
    """Three requests for the same review while it is computed wait for the same
    result: one computation."""
    server = any_server
    gate = Gate()
    server.app.state.reviews.run = gate
    t = finished_table(server, "koodinmurtaja", listed=True)
    with ThreadPoolExecutor(3) as ex:
        futs = [ex.submit(server.http.get, _url(t, 0)) for _ in range(3)]
        deadline = time.time() + 60
        while not server.app.state.reviews.running and time.time() < deadline:
            time.sleep(0.02)
        time.sleep(0.3)
        gate.open.set()
        out = [f.result() for f in futs]
    assert [r.status_code for r in out] == [200, 200, 200], [r.text for r in out]
    assert out[0].json()["judgements"] == out[1].json()["judgements"] == out[2].json()["judgements"]
    assert gate.calls == 1 and server.app.state.reviews.computed == 1


def test_a_full_queue_answers_503_and_a_slow_review_202(db_url: str) -> None:
    """With room for one review: a review not done within the hold time is answered
    202 (ask again) while it goes on; another review meanwhile gets 503 with
    Retry-After; once the first is done both are served."""
    server = Server(db_url, review_queue=1, review_wait=0.3)
    try:
        gate = Gate()
        server.app.state.reviews.run = gate
        t = finished_table(server, "koodinmurtaja", listed=True)
        a = server.http.get(_url(t, 0))
        assert a.status_code == 202, a.text
        assert a.json()["status"] == "computing" and int(a.headers["retry-after"]) >= 1
        b = server.http.get(_url(t, 1))
        _refused(b, 503, "error.review_busy")
        assert int(b.headers["retry-after"]) >= 1
        assert server.http.get(_url(t, 0)).status_code == 202  # the same one: still waiting
        assert gate.calls == 1
        gate.open.set()
        deadline = time.time() + 120
        while (r := server.http.get(_url(t, 0))).status_code == 202:
            assert time.time() < deadline
            time.sleep(0.2)
        assert r.status_code == 200, r.text
        while (r := server.http.get(_url(t, 1))).status_code == 202:
            assert time.time() < deadline
            time.sleep(0.2)
        assert r.status_code == 200, r.text
        assert gate.calls == 2
    finally:
        server.stop()


def test_reviews_are_rate_limited_per_client(db_url: str) -> None:
    """A client may start ``review_burst`` reviews, then gets 429 with Retry-After;
    cached reviews are still served (they cost no computation)."""
    server = Server(db_url, review_burst=2.0, review_rate=0.001, review_wait=120.0)
    server.http.timeout = httpx.Timeout(180.0)
    try:
        t = finished_table(server, "koodinmurtaja", listed=True)
        assert server.http.get(_url(t, 0)).status_code == 200
        assert server.http.get(_url(t, 1)).status_code == 200
        other = finished_table(server, "koodinmurtaja", listed=True)
        r = server.http.get(_url(other, 0))
        _refused(r, 429, "error.review_rate")
        assert int(r.headers["retry-after"]) >= 1
        assert server.http.get(_url(t, 0)).status_code == 200
        assert server.app.state.reviews.computed == 2
    finally:
        server.stop()
