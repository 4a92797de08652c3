"""Replays of finished games for the browser: the record played through the engine.

A replay is what the live table would have shown at every step of a finished game,
computed by the engine from the game's record (never by the client): for each step
(0 = the deal, ``i`` = after ``i`` actions) every seat's view ``State.view(seat)``
without its log, so that once the game is over every hand can be shown; each seat's
whole visible log with how much of it each step had; who made each action; and the
steps where a game, hand, round, trick or turn starts, read from public view fields,
to jump to. A record is released only after the end of its game (the access rule
of :mod:`pakka.server.access` applies to a replay exactly as to the record).

A finished game's replay never changes (its record is complete), so it is built once
per (table, game) and kept in :class:`ReplayCache`, a bounded least-recently-used
cache of this server process; it is served with an ``ETag`` (a digest of what it is
built from: the record, names included) and ``Cache-Control``, and a client that
sends the ``ETag`` back in ``If-None-Match`` gets ``304 Not Modified``.

Views are sent as top-level differences: step ``i`` lists only the view fields that
changed since step ``i - 1`` of the same seat (step 0 is whole), which keeps a long
game's replay small. The client rebuilds each view by replacing those fields.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from typing import Any

from pakka.core.errors import IllegalAction, PakkaError
from pakka.core.record import Record
from pakka.server.errors import ApiError

REPLAY_FORMAT = 1

# Public view fields that count a part of the game: the step where one changes
# starts a new part of that kind (its value is the part's number).
_COUNTERS = (("game_number", "game"), ("hand_no", "hand"), ("round", "round"))
# Public view fields holding the trick in progress: the step where one becomes
# non-empty is the lead of a new trick.
_TRICKS = ("trick", "pile")


def _marks(public: list[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    """Where each game, hand, round, trick and turn starts, from the public views."""
    marks: list[dict[str, Any]] = []
    for field, kind in _COUNTERS:
        if field not in public[0]:
            continue
        prev = None
        for i, v in enumerate(public):
            value = v.get(field)
            if isinstance(value, int) and value != prev:
                marks.append({"kind": kind, "no": value, "step": i})
            prev = value
    for field in _TRICKS:
        if field not in public[0] or not isinstance(public[0][field], list):
            continue
        n = 0
        was = bool(public[0][field])
        for i, v in enumerate(public):
            now = bool(v.get(field))
            if now and not was:
                n += 1
                marks.append({"kind": "trick", "no": n, "step": i - 1 if i else 0})
            was = now
    if players > 1:
        prev_cp: int | None = None
        n = 0
        for i, v in enumerate(public):
            cp = v["current_player"]
            if cp is not None and cp != prev_cp:
                n += 1
                marks.append({"kind": "turn", "no": n, "step": i, "seat": cp})
            prev_cp = cp
    marks.sort(key=lambda m: (m["step"], m["kind"]))
    return marks


def _delta(before: dict[str, Any] | None, now: dict[str, Any]) -> dict[str, Any]:
    if before is None:
        return now
    return {k: v for k, v in now.items() if before.get(k) != v}


def build(record: Record) -> dict[str, Any]:
    """The replay of a finished game's ``record`` (``GET .../games/{n}/replay``)."""
    try:
        state = record.new_state()
    except PakkaError as e:
        raise ApiError(409, "conflict", f"the record does not replay: {e}") from None
    players = record.players
    seats = list(range(players))
    views: list[list[dict[str, Any]]] = []
    public: list[dict[str, Any]] = []
    log_sizes: list[list[int]] = []
    moves: list[dict[str, Any] | None] = [None]
    last: list[dict[str, Any] | None] = [None] * players

    def snapshot() -> None:
        step = []
        for s in seats:
            v = state.view(s, log=False)
            step.append(_delta(last[s], v))
            last[s] = v
        views.append(step)
        public.append(state.view(None, log=False))
        log_sizes.append([len(state.log_for(s)) for s in seats])

    snapshot()
    for i, text in enumerate(record.actions):
        seat = state.current_player
        try:
            state.apply(text)
        except (IllegalAction, PakkaError) as e:
            raise ApiError(
                409, "conflict", f"the record does not replay at action {i + 1}: {e}"
            ) from None
        moves.append({"seat": seat, "action": text})
        snapshot()
    return {
        "format": REPLAY_FORMAT,
        "game": record.game,
        "players": players,
        "options": record.options,
        "names": record.names,
        "steps": len(record.actions) + 1,
        "moves": moves,
        "views": views,
        "log_sizes": log_sizes,
        "logs": [state.log_for(s) for s in seats],
        "marks": _marks(public, players),
    }


def etag(record: Record, table_id: str, game_no: int) -> str:
    """The entity tag of the replay of ``record`` (a quoted digest of the replay
    format, the table, the game and the whole record): it changes exactly when
    the replay would (e.g. a seat's name anonymised)."""
    h = hashlib.sha256(f"{REPLAY_FORMAT}\0{table_id}\0{game_no}\0".encode())
    h.update(record.to_json().encode())
    return '"' + h.hexdigest()[:32] + '"'


def encode(record: Record, table_id: str, game_no: int, former: list[bool] | None = None) -> bytes:
    """The replay's JSON body as the endpoint serves it (built by :func:`build`);
    ``former`` marks the seats whose player deleted their account."""
    out = build(record)
    out["table_id"] = table_id
    out["game_no"] = game_no
    out["former"] = former or []
    return json.dumps(out, ensure_ascii=False, separators=(",", ":")).encode()


class ReplayCache:
    """Built replays of finished games by (table, game) with their ``ETag``, the most
    recently used kept: at most ``entries`` of them and ``max_bytes`` in all, so a
    popular game is played through the engine once, not on every request.

    ``hits`` and ``builds`` count the answers given from the cache and those built."""

    def __init__(self, entries: int = 64, max_bytes: int = 32 * 1024 * 1024) -> None:
        self.entries = entries
        self.max_bytes = max_bytes
        self._items: OrderedDict[tuple[str, int], tuple[str, bytes]] = OrderedDict()
        self._bytes = 0
        self.hits = 0
        self.builds = 0

    def get(self, table_id: str, game_no: int, tag: str) -> bytes | None:
        """The cached body of the replay whose entity tag is ``tag``, else ``None``."""
        key = (table_id, game_no)
        item = self._items.get(key)
        if item is None or item[0] != tag:
            return None
        self._items.move_to_end(key)
        self.hits += 1
        return item[1]

    def put(self, table_id: str, game_no: int, tag: str, body: bytes) -> None:
        """Keep ``body`` (dropping the least recently used beyond the bounds)."""
        key = (table_id, game_no)
        self.builds += 1
        old = self._items.pop(key, None)
        if old is not None:
            self._bytes -= len(old[1])
        if len(body) > self.max_bytes:
            return
        self._items[key] = (tag, body)
        self._bytes += len(body)
        while len(self._items) > self.entries or self._bytes > self.max_bytes:
            _, (_, dropped) = self._items.popitem(last=False)
            self._bytes -= len(dropped)

    def __len__(self) -> int:
        return len(self._items)

    @property
    def size(self) -> int:
        """The bytes of the bodies kept."""
        return self._bytes
