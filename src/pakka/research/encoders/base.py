"""The observation-encoder framework: a flat float32 tensor per (game, players), built from a view.

An encoder turns ``state.view(seat)`` — the JSON a seat may see, and nothing
else — into a 1-D ``numpy`` array of fixed length. Its :meth:`Encoder.layout`
names each segment of the array so that a researcher can see what every
element means. Games without an encoder of their own use
:class:`~pakka.research.encoders.hashing.HashingEncoder`.
"""

from __future__ import annotations

import importlib
import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt

from pakka.core.game import Game, State

FloatArray = npt.NDArray[np.float32]
ObserveFn = Callable[[State[Any], int], FloatArray]
"""``(state, seat) -> observation``: :meth:`Encoder.observe` or its compiled twin."""

COMPILED_ABI = 1
"""The ``pakka_fast.ABI`` these encoders expect (the compiled modules read the
states' fields by name: a module built for other fields is not used)."""

PURE_PYTHON_ENV = "PAKKA_PURE_PYTHON"
"""Set to ``1`` to ignore the compiled encoders (benchmarks compare the two)."""


def compiled(module: str) -> ModuleType | None:
    """``pakka_fast.<module>`` (the compiled encoders of the ``fast`` extra), or
    ``None`` when it is not installed, was built for other state fields, or
    ``$PAKKA_PURE_PYTHON`` is set."""
    if os.environ.get(PURE_PYTHON_ENV, "") not in ("", "0"):
        return None
    try:
        package = importlib.import_module("pakka_fast")
        if getattr(package, "ABI", None) != COMPILED_ABI:
            return None
        return importlib.import_module(f"pakka_fast.{module}")
    except ImportError:
        return None


@dataclass(frozen=True)
class Segment:
    """One named part of an observation vector: ``size`` elements from ``start``."""

    name: str
    start: int
    size: int
    doc: str

    @property
    def stop(self) -> int:
        """One past the segment's last element."""
        return self.start + self.size


class Encoder(ABC):
    """Encodes one seat's view as a flat float32 vector of a fixed, documented length."""

    name: str = "encoder"
    uses_log: bool = True
    """Whether :meth:`fill` reads the view's ``"log"``; encoders that do not are
    given the cheaper ``state.view(seat, log=False)`` (see :meth:`view_of`)."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.num_players = game.num_players
        self._segments: list[Segment] = []
        self.size = 0

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its class and game, its constructor's arguments:
        the per-state caches of the fast paths and the compiled twin are made anew (an
        encoder whose constructor takes more overrides this)."""
        return (type(self), (self.game,))

    def _segment(self, name: str, size: int, doc: str) -> Segment:
        """Declare the next segment (called by subclasses in ``__init__``)."""
        seg = Segment(name, self.size, size, doc)
        self._segments.append(seg)
        self.size += size
        return seg

    def _status_segments(
        self,
        phases: Sequence[str] = (),
        over: str = "game",
        to_act: str = "seat to act, relative one-hot",
    ) -> None:
        """Declare the segments an exact encoder starts with: the seat to act (relative
        one-hot), whether the ``over`` is over, and the phase (one-hot over ``phases``;
        none when empty). :meth:`_fill_status` writes them."""
        self.phases = tuple(phases)
        self.s_to_act = self._segment("to_act", self.num_players, to_act)
        self.s_terminal = self._segment("terminal", 1, f"1 when the {over} is over")
        if self.phases:
            self.s_phase = self._segment(
                "phase", len(self.phases), "one-hot: " + ", ".join(self.phases)
            )

    def _fill_status(self, view: Mapping[str, Any], out: FloatArray) -> int:
        """Write the segments of :meth:`_status_segments`; the observer's seat (0 for
        a spectator, whose view is then seen from seat 0)."""
        me: int = view["seat"] or 0
        self._one_hot_seat(out, self.s_to_act.start, me, view.get("current_player"))
        if view.get("is_terminal"):
            out[self.s_terminal.start] = 1.0
        if self.phases:
            out[self.s_phase.start + self.phases.index(view["phase"])] = 1.0
        return me

    def _one_hot_seat(self, out: FloatArray, start: int, me: int, seat: int | None) -> None:
        """Mark ``seat`` (if any) in a relative one-hot segment from ``start``."""
        if seat is not None:
            out[start + rel_seat(me, seat, self.num_players)] = 1.0

    incremental: bool = False
    """Whether :meth:`observe` keeps each (state, seat)'s last vector and rewrites only
    what changed since (then it must equal :meth:`encode` whatever happened to the
    state in between: tested by ``tests/research/test_incremental_observations.py``)."""

    low: float = 0.0
    """The smallest value any element takes (see :meth:`bounds`)."""
    high: float = 1.0
    """The largest value any element takes."""
    signed_segments: tuple[str, ...] = ()
    """Segments whose values lie in −1..1 (match totals that can be negative)."""

    def bounds(self) -> tuple[FloatArray, FloatArray]:
        """Per-element lower and upper bounds (the observation space's ``low``/``high``):
        ``low..high`` everywhere, −1..1 in :attr:`signed_segments`."""
        low = np.full(self.size, self.low, dtype=np.float32)
        high = np.full(self.size, self.high, dtype=np.float32)
        for seg in self._segments:
            if seg.name in self.signed_segments:
                low[seg.start : seg.stop] = -1.0
        return low, high

    @property
    def shape(self) -> tuple[int]:
        """The observation shape ``(size,)``."""
        return (self.size,)

    def layout(self) -> list[Segment]:
        """The segments of the vector in order."""
        return list(self._segments)

    def describe(self) -> str:
        """The layout as a Markdown table (for docs and ``print``)."""
        rows = [
            f"| {s.name} | {s.start}..{s.stop - 1} | {s.size} | {s.doc} |" for s in self._segments
        ]
        head = f"{self.game.name}, {self.num_players} players: {self.size} floats ({self.name})\n\n"
        return (
            head + "| segment | elements | size | meaning |\n|---|---|---|---|\n" + "\n".join(rows)
        )

    def view_of(self, state: State[Any], seat: int) -> dict[str, Any]:
        """``state.view(seat)`` as this encoder needs it (without the log unless it uses it)."""
        return state.view(seat, log=self.uses_log)

    def observe(self, state: State[Any], seat: int) -> FloatArray:
        """The observation vector of ``seat`` in ``state`` (built from its view only)."""
        return self.encode(self.view_of(state, seat))

    _observer: ObserveFn | None = None

    def observer(self, *, compiled: bool = True) -> ObserveFn:
        """The fastest function equal to :meth:`observe`: its compiled twin when the
        ``fast`` extra (``pakka_fast``) has one for this encoder, else ``observe``
        itself. The adapters call this once and then the function at every step.
        ``compiled=False`` gives ``observe`` (the pure-Python path)."""
        if not compiled:
            return self.observe
        if self._observer is None:
            self._observer = self._compiled_observer() or self.observe
        return self._observer

    compiled_twin: tuple[str, str] | None = None
    """``(module, class)`` of this encoder's compiled twin in ``pakka_fast`` (``None``:
    it has none); the class is made with the encoder, :meth:`_compiled_args`'s state
    type, ``observe`` (its fallback) and :meth:`_compiled_args`'s tables."""

    def _compiled_args(self) -> tuple[type, tuple[Any, ...]]:
        """The state type the compiled twin reads and the tables it is made with."""
        raise NotImplementedError(f"{type(self).__name__} names no compiled twin")

    def _compiled_observer(self) -> ObserveFn | None:
        """The compiled twin of :meth:`observe`, or ``None`` when there is none or
        ``pakka_fast`` is not there (see :func:`compiled`)."""
        twin = self.compiled_twin
        module = None if twin is None else compiled(twin[0])
        if twin is None or module is None:
            return None
        state_type, tables = self._compiled_args()
        fn: ObserveFn = getattr(module, twin[1])(self, state_type, self.observe, *tables)
        return fn

    def encode(self, view: Mapping[str, Any]) -> FloatArray:
        """The observation vector of ``view`` (a seat's view; never the full state)."""
        out = np.zeros(self.size, dtype=np.float32)
        self.fill(view, out)
        return out

    @abstractmethod
    def fill(self, view: Mapping[str, Any], out: FloatArray) -> None:
        """Write the encoding of ``view`` into the zeroed array ``out``."""


def bits_to_floats(bits: int, size: int) -> FloatArray:
    """A new float32 vector of ``size`` elements, element ``i`` = bit ``i`` of ``bits``.

    The fast paths of the exact encoders gather every 0/1 element of an
    observation into one Python integer (a card set ``mask`` at segment
    ``start`` is ``mask << start``) and turn it into the vector with one
    ``unpackbits``: a handful of big-integer operations instead of one numpy
    write per element."""
    raw = np.frombuffer(bits.to_bytes((size + 7) >> 3, "little"), np.uint8)
    # one row of 8 floats per byte (a take is cheaper than unpackbits + astype)
    return _BYTE_BITS.take(raw, axis=0).reshape(-1)[:size]


_BYTE_BITS = np.unpackbits(
    np.arange(256, dtype=np.uint8)[:, None], axis=1, bitorder="little"
).astype(np.float32)
"""Row ``b``: the 8 bits of byte ``b`` (least significant first) as floats."""


def float_view(vector: FloatArray) -> Any:
    """A writable memoryview (format ``f``) of a float32 vector: the incremental paths
    write single elements through it (several times cheaper than numpy's item
    assignment). Typed ``Any``: typeshed types a memoryview's items as ``int``."""
    return vector.data


INCREMENTAL = 1024
"""(state, seat) vectors an incremental path keeps (then all are dropped and rebuilt)."""


def rel_seat(seat: int | None, other: int, n: int) -> int:
    """``other`` counted clockwise from ``seat`` (0 = the observer itself)."""
    return (other - (seat or 0)) % n
