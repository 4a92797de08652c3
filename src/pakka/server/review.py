"""Post-game reviews on the server: ``GET /api/tables/{id}/games/{n}/review``.

A review (:mod:`pakka.review`) is seconds to tens of seconds of CPU, so the server
never computes one on the event loop nor lets requests pile them up:

* **Worker.** Reviews run in one worker *process* (a process pool of size 1,
  started on first use with the ``spawn`` method), so a review neither blocks the
  loop nor holds the interpreter lock that the tables need.
* **One at a time per review, bounded queue.** A review is identified by
  ``(table, game, seat)``. A request for a review already being computed waits for
  the same result (never a second computation); a request that would start a new
  one when ``Settings.review_queue`` reviews are already running or waiting gets
  ``503 busy`` with ``Retry-After``.
* **Rate limit.** Starting a computation takes a token from the client address's
  bucket in the database (:mod:`pakka.server.rates`, shared by every process of a
  site; ``review_rate``/``review_burst``); without one: ``429 rate_limited``.
  Answers from the cache and waits for a computation in progress cost nothing.
* **Cache.** A finished review is stored in ``reviews`` (migration 0008) with the
  version of the review engine (:data:`ENGINE`) and served from there afterwards;
  a review of an older engine version is computed again.
* **Hold, then 202.** A request is held up to ``Settings.review_wait`` seconds; a
  review not done by then is answered ``202`` with ``{"status": "computing"}`` and
  ``Retry-After``; the computation goes on, and asking again later gets the result.

Access is exactly that of the record and the replay of a finished game
(:func:`pakka.server.access.check_stored`), and only a finished game has one
(:meth:`pakka.server.hub.Hub.record` refuses the rest with 409 ``error.not_over``).
"""

from __future__ import annotations

import asyncio
import functools
import json
import math
import multiprocessing
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse
from sqlalchemy import Connection, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from pakka.core.version import __version__
from pakka.server import access, db, rates
from pakka.server.errors import ApiError
from pakka.server.hub import Hub
from pakka.server.limits import client_address

ENGINE = f"{__version__}/review-1"
"""The version of the review engine a cached review was made by (the package version
and the review format); a cached review of another version is recomputed."""

Key = tuple[str, int, int]
"""``(table id, game number, seat)``: one review."""


def compute(record_json: str, seat: int) -> str:
    """Worker-process entry: the review of ``seat`` in a finished record, as JSON.

    Besides :meth:`pakka.review.Review.to_dict` every judgement gets ``step`` (the
    replay step its action leads to), ``msg`` (its ``review.mark.*`` message, with
    the played and the better action as the display layer's labels, so that every
    front end says them in words and in its own language) and ``known`` (the "with
    all cards known" line as a ``review.known`` message, or ``None``); ``summary``
    holds the ``review.summary.*`` message of the seat."""
    from pakka.core.record import Record
    from pakka.review import judgement_message, review_record, summary_messages

    record = Record.from_json(record_json)
    review = review_record(record, [seat])
    display = type(record.new_state().game).display
    by_index = {j.index: j for j in review.judgements}
    labels: dict[int, tuple[Any, Any]] = {}
    state = record.new_state()
    for i, text in enumerate(record.actions):
        j = by_index.get(i)
        if j is not None:
            played = state.parse_action(j.played)
            best = state.parse_action(j.best)
            labels[i] = (
                display.describe(state, played)["label"],
                display.describe(state, best)["label"],
            )
        state.apply(text)
    out = review.to_dict()
    marks = []
    for j, d in zip(review.judgements, out["judgements"], strict=True):
        plain = judgement_message(review, j)
        played_label, best_label = labels[j.index]
        m = {
            "key": plain["key"],
            "args": {**plain["args"], "played": played_label, "best": best_label},
        }
        known = None
        if j.known_cost is not None and j.known_cost > 0:
            known = {"key": "review.known", "args": {"cost": j.known_cost}}
        marks.append({**d, "step": j.index + 1, "msg": m, "known": known})
    out["judgements"] = marks
    out["summary"] = [dict(m) for m in summary_messages(review)]
    out["engine"] = ENGINE
    return json.dumps(out, ensure_ascii=False, separators=(",", ":"))


def load_cached(c: Connection, key: Key) -> str | None:
    """The cached review of ``key`` made by this engine version, if any."""
    t = db.reviews.c
    row = c.execute(
        select(t.review, t.engine).where(t.table_id == key[0], t.game == key[1], t.seat == key[2])
    ).first()
    if row is None or row.engine != ENGINE:
        return None
    return str(row.review)


def store_review(c: Connection, key: Key, review: str) -> None:
    """Cache a review (replacing one of an older engine version)."""
    values = {
        "table_id": key[0],
        "game": key[1],
        "seat": key[2],
        "review": review,
        "created": time.time(),
        "engine": ENGINE,
    }
    ins = pg_insert(db.reviews) if c.dialect.name == "postgresql" else sqlite_insert(db.reviews)
    c.execute(
        ins.values(**values).on_conflict_do_update(
            index_elements=["table_id", "game", "seat"],
            set_={k: values[k] for k in ("review", "created", "engine")},
        )
    )


class Reviews:
    """The worker, the reviews in flight and the count of computations (one per hub)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.pool: ProcessPoolExecutor | None = None
        self.running: dict[Key, asyncio.Future[str]] = {}
        self.computed = 0
        """How many reviews this process has computed (the cache spares the rest)."""
        self.run: Callable[[str, int], Awaitable[str]] = self._in_worker
        """Computes one review's JSON from a record's JSON and a seat (the worker
        process; a test may put a slower stand-in here)."""

    async def _in_worker(self, record_json: str, seat: int) -> str:
        if self.pool is None:
            self.pool = ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn")
            )
        return await asyncio.get_running_loop().run_in_executor(
            self.pool, compute, record_json, seat
        )

    async def _compute(self, key: Key, record_json: str) -> str:
        out = await self.run(record_json, key[2])
        self.computed += 1
        await self.hub.dbx.tx(store_review, key, out)
        return out

    def _done(self, key: Key, fut: asyncio.Future[str]) -> None:
        if self.running.get(key) is fut:
            del self.running[key]
        if not fut.cancelled():
            fut.exception()  # retrieved: a failed review is reported to its waiters only

    async def get(self, key: Key, request: Request) -> tuple[str | None, float]:
        """The review's JSON, or ``None`` while it is still being computed after the
        hold time; and the seconds a client should wait before asking again."""
        settings = self.hub.settings
        fut = self.running.get(key)
        if fut is None:
            cached = await self.hub.dbx.read(load_cached, key)
            if cached is not None:
                return cached, 0.0
            fut = self.running.get(key)  # another request may have started it meanwhile
        if fut is None:
            if len(self.running) >= settings.review_queue:
                raise ApiError(
                    503,
                    "busy",
                    "the server is busy with other reviews; try again shortly",
                    key="error.review_busy",
                    headers={"Retry-After": str(max(1, math.ceil(settings.review_wait)))},
                )
            addr = client_address(request)
            ok = await self.hub.dbx.tx(
                rates.take, f"review:{addr}", settings.review_rate, settings.review_burst
            )
            if not ok:
                raise ApiError(
                    429,
                    "rate_limited",
                    "too many reviews asked for; try again later",
                    key="error.review_rate",
                    headers={"Retry-After": str(max(1, math.ceil(1.0 / settings.review_rate)))},
                )
            fut = self.running.get(key)
            if fut is None:
                rec = await self.hub.record(key[0], key[1])
                fut = self.running.get(key)
                if fut is None:
                    fut = asyncio.ensure_future(self._compute(key, rec.to_json()))
                    self.running[key] = fut
                    fut.add_done_callback(functools.partial(self._done, key))
        try:
            return await asyncio.wait_for(asyncio.shield(fut), settings.review_wait), 0.0
        except TimeoutError:
            return None, max(1.0, settings.review_wait)
        except ApiError:
            raise
        except Exception as e:  # the worker could not review the record
            raise ApiError(
                500, "review_failed", f"the review failed: {e}", key="error.review_failed"
            ) from None

    def shutdown(self) -> None:
        """Stop the worker (a review in progress is dropped; nothing half is cached)."""
        for fut in self.running.values():
            fut.cancel()
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None


router = APIRouter()


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def reviews_of(request: Request) -> Reviews:
    """The application's :class:`Reviews` (``app.state.reviews``, made by ``create_app``)."""
    r: Reviews = request.app.state.reviews
    return r


def render(game: str, review: dict[str, Any], lang: str) -> dict[str, Any]:
    """``review`` with every message also as ``text`` in ``lang``."""
    from pakka.i18n import render_entry

    for j in review["judgements"]:
        j["text"] = render_entry(game, j["msg"], lang)
        j["known_text"] = render_entry(game, j["known"], lang) if j["known"] else None
    review["summary_text"] = [render_entry(game, m, lang) for m in review["summary"]]
    review["unit_text"] = render_entry(
        game, {"key": f"review.unit.{review['scale']['unit']}"}, lang
    )
    review["lang"] = lang
    return review


@router.get("/api/tables/{table_id}/games/{game_no}/review")
async def game_review(
    table_id: str,
    game_no: int,
    request: Request,
    hub: Annotated[Hub, Depends(_hub)],
    seat: Annotated[int, Query(ge=0)],
    lang: Literal["fi", "en"] = "en",
) -> JSONResponse:
    """The review of ``seat`` in a finished game (see the module's description)."""
    from pakka.review import reviewable

    await access.check_stored(hub, table_id, request)
    rec = await hub.record(table_id, game_no)  # 404 / 409 error.not_over
    if not reviewable(rec.game):
        raise ApiError(404, "not_found", f"{rec.game} has no review", key="error.no_review")
    if seat >= rec.players:
        raise ApiError(404, "not_found", "no such seat", key="error.no_seat")
    out, retry = await reviews_of(request).get((table_id, game_no, seat), request)
    if out is None:
        return JSONResponse(
            {"status": "computing", "table_id": table_id, "game_no": game_no, "seat": seat},
            status_code=202,
            headers={"Retry-After": str(math.ceil(retry))},
        )
    body = render(rec.game, json.loads(out), lang)
    body.update(status="done", table_id=table_id, game_no=game_no, seat=seat)
    return JSONResponse(body)
