"""The generic fallback encoder: feature hashing of any view (no per-game knowledge needed).

Layout (``H`` = ``buckets``, default 512; ``n`` players):

- ``seat`` (n): one-hot of the observer's seat;
- ``to_act`` (n): one-hot of the seat to act, counted clockwise from the
  observer (0 = the observer is to act); all zero when the game is over;
- ``terminal`` (1): 1 when the game is over;
- ``hashed`` (H): signed feature hashing (Weinberger et al. 2009) of every
  leaf of the view except ``game``, ``players``, ``options``, ``seat``,
  ``current_player``, ``is_terminal`` and ``log``, and of the log.

Hashed features, each added with a sign from the hash (collisions cancel on
average): a text, boolean or small integer leaf ``x`` at path ``p`` adds 1 at
``p=x``; a number adds ``sign(x)·log(1+|x|)`` at ``p#``; list items add at
``p[]=x`` (a bag: cards in a hand) and, for lists of up to 16 items, at
``p[i]=x`` as well. A list with exactly one item per seat is indexed relative
to the observer (``p[@k]``, k = 0 for the observer's own entry). Every log
entry the seat may see adds ``1`` at ``log:key`` and at ``log:key:arg=value``
per argument for the last 48 entries (a bag of recent events: order is lost,
and older events count only through what the view itself keeps, which keeps
the cost per step bounded in long games), and the last 8 entries add at
``log-j:…`` (j = 1 for the newest). The hash is CRC-32 of the UTF-8 text:
stable across processes and machines.

It is lossy (collisions, the log as a bag); games that land get an exact
encoder of their own in :mod:`pakka.research.encoders`.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Mapping
from typing import Any

from pakka.core.game import Game
from pakka.research.encoders.base import Encoder, FloatArray, rel_seat

SKIP = frozenset({"game", "players", "options", "seat", "current_player", "is_terminal", "log"})
RECENT = 8
LOG_WINDOW = 48
POSITIONAL = 16


class HashingEncoder(Encoder):
    """Signed feature hashing of a view into ``buckets`` floats plus a small exact header."""

    name = "hashing"
    low = -float("inf")  # hashed sums of log-scaled numbers have no finite bound
    high = float("inf")

    def __init__(self, game: Game[Any], buckets: int = 512) -> None:
        super().__init__(game)
        n = self.num_players
        self.buckets = buckets
        self.seg_seat = self._segment("seat", n, "one-hot: the observer's seat")
        self.seg_to_act = self._segment(
            "to_act", n, "one-hot: seat to act, clockwise from the observer (0 = me)"
        )
        self.seg_terminal = self._segment("terminal", 1, "1 when the game is over")
        self.seg_hashed = self._segment(
            "hashed", buckets, "signed feature hashing of the view and its log (see module doc)"
        )
        self._cache: dict[str, tuple[int, float]] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.game, self.buckets))

    def _slot(self, key: str) -> tuple[int, float]:
        hit = self._cache.get(key)
        if hit is None:
            h = zlib.crc32(key.encode())
            hit = (self.seg_hashed.start + (h >> 1) % self.buckets, 1.0 if h & 1 else -1.0)
            if len(self._cache) > 200_000:
                self._cache.clear()
            self._cache[key] = hit
        return hit

    def _add(self, out: FloatArray, key: str, value: float = 1.0) -> None:
        i, sign = self._slot(key)
        out[i] += sign * value

    def _leaf(self, out: FloatArray, path: str, x: Any) -> None:
        if x is None:
            return
        if isinstance(x, bool):
            self._add(out, f"{path}={x}")
        elif isinstance(x, int | float):
            self._add(out, path + "#", math.copysign(math.log1p(abs(x)), x))
            if isinstance(x, int) and -64 <= x <= 64:
                self._add(out, f"{path}={x}")
        else:
            self._add(out, f"{path}={x}")

    def _walk(self, out: FloatArray, path: str, x: Any, seat: int | None) -> None:
        if isinstance(x, Mapping):
            for k, v in x.items():
                self._walk(out, f"{path}.{k}", v, seat)
        elif isinstance(x, list | tuple):
            n = self.num_players
            per_seat = len(x) == n and n > 1 and seat is not None
            for i, item in enumerate(x):
                if isinstance(item, Mapping | list | tuple):
                    tag = f"[@{rel_seat(seat, i, n)}]" if per_seat else f"[{min(i, POSITIONAL)}]"
                    self._walk(out, path + tag, item, seat)
                else:
                    self._leaf(out, path + "[]", item)
                    if per_seat:
                        self._leaf(out, f"{path}[@{rel_seat(seat, i, n)}]", item)
                    elif len(x) <= POSITIONAL:
                        self._leaf(out, f"{path}[{i}]", item)
        else:
            self._leaf(out, path, x)

    def fill(self, view: Mapping[str, Any], out: FloatArray) -> None:
        n = self.num_players
        seat = view.get("seat")
        if seat is not None:
            out[self.seg_seat.start + seat] = 1.0
        cp = view.get("current_player")
        if cp is not None:
            out[self.seg_to_act.start + rel_seat(seat, cp, n)] = 1.0
        if view.get("is_terminal"):
            out[self.seg_terminal.start] = 1.0
        for k, v in view.items():
            if k not in SKIP:
                self._walk(out, k, v, seat)
        log = (view.get("log") or [])[-LOG_WINDOW:]
        for j, entry in enumerate(log):
            key = str(entry.get("key"))
            args = entry.get("args") or {}
            recent = len(log) - j
            tags = ["log"] + ([f"log-{recent}"] if recent <= RECENT else [])
            for tag in tags:
                self._add(out, f"{tag}:{key}")
                for a, v in args.items():
                    self._walk(out, f"{tag}:{key}:{a}", v, seat)
