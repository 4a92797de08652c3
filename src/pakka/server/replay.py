"""Replays of finished games for the browser: the record played through the engine.

A replay is what the live table would have shown at every step of a finished game,
computed by the engine from the game's record (never by the client): for each step
(0 = the deal, ``i`` = after ``i`` actions) every seat's view ``State.view(seat)``
without its log, so that once the game is over every hand can be shown; each seat's
whole visible log with how much of it each step had; who made each action; and the
steps where a game, hand, round, trick or turn starts, read from public view fields,
to jump to. A record is released only after the end of its game (the access rule
of :mod:`pakka.server.access` applies to a replay exactly as to the record).

Views are sent as top-level differences: step ``i`` lists only the view fields that
changed since step ``i - 1`` of the same seat (step 0 is whole), which keeps a long
game's replay small. The client rebuilds each view by replacing those fields.
"""

from __future__ import annotations

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
