"""The values a review is made of: one judgement per decision, the marks and their
thresholds, and the summary per seat.

A judgement compares the action a seat chose with the best action the judge found,
*from the seat's information at that moment* (its view and consistent samples of
what it could not see). ``cost`` is how much worse the chosen action is, in the
game's unit (:class:`Scale`); ``se`` is the standard error of that estimate (0 for
an exact judge). A decision is marked only when the cost is clear: above the
inaccuracy threshold *and* more than :data:`CLEAR` standard errors.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

MARKS = ("good", "inaccuracy", "mistake", "blunder")
"""The marks, from no loss to the worst."""

CLEAR = 2.0
"""A sampled cost counts only beyond this many standard errors (about 95 % one-sided)."""


@dataclass(frozen=True)
class Scale:
    """A game's unit of cost and its three thresholds (reasoning: ``docs/review.md``).

    ``unit`` is a catalogue word key (``points``, ``win``, ``cards``); a cost of at
    least ``inaccuracy`` (``mistake``, ``blunder``) gets that mark."""

    unit: str
    inaccuracy: float
    mistake: float
    blunder: float

    def mark(self, cost: float, se: float = 0.0) -> str:
        """The mark of a decision that cost ``cost`` (standard error ``se``)."""
        if cost < self.inaccuracy or cost <= CLEAR * se:
            return "good"
        if cost >= self.blunder:
            return "blunder"
        if cost >= self.mistake:
            return "mistake"
        return "inaccuracy"


@dataclass(frozen=True)
class Alternative:
    """One candidate of a decision with its estimated value (higher is better)."""

    action: str
    value: float


@dataclass(frozen=True)
class Judgement:
    """One decision of the reviewed seat.

    ``index`` is the action's position in the record (0-based), ``played`` and
    ``best`` are action notations, ``cost`` ≥ 0 is the value of ``best`` minus the
    value of ``played`` with standard error ``se``, ``samples`` the number of
    consistent deals it was estimated from (0: exact), ``alternatives`` the
    candidates best first. ``known_cost`` is the separate "with all cards known"
    line (the cost against the real hidden cards), or ``None`` when the judge has
    none; it is never part of the mark."""

    index: int
    seat: int
    played: str
    best: str
    cost: float
    se: float
    mark: str
    samples: int
    alternatives: list[Alternative] = field(default_factory=list)
    known_cost: float | None = None


@dataclass(frozen=True)
class SeatSummary:
    """A seat's decisions counted by mark and their summed cost (in the game's unit)."""

    seat: int
    name: str
    decisions: int
    counts: dict[str, int]
    cost: float


@dataclass(frozen=True)
class Review:
    """The review of one finished record: the judge used, its scale, every judged
    decision of the reviewed seats, and the summary per seat."""

    game: str
    players: int
    judge: str
    scale: Scale
    judgements: list[Judgement]
    summaries: list[SeatSummary]

    def to_dict(self) -> dict[str, Any]:
        """The review as JSON-ready data (the server's response and cache)."""
        return asdict(self)

    def to_json(self) -> str:
        """The review as JSON text."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    def marks(self) -> list[tuple[int, str]]:
        """``(record index, mark)`` of every judged decision (what tests compare)."""
        return [(j.index, j.mark) for j in self.judgements]


def summarise(judgements: list[Judgement], seats: list[int], names: list[str]) -> list[SeatSummary]:
    """One :class:`SeatSummary` per seat in ``seats``."""
    out = []
    for q in seats:
        mine = [j for j in judgements if j.seat == q]
        counts = {m: sum(1 for j in mine if j.mark == m) for m in MARKS}
        cost = sum(j.cost for j in mine if j.mark != "good")
        name = names[q] if q < len(names) and names[q] else ""
        out.append(SeatSummary(q, name, len(mine), counts, round(cost, 3)))
    return out
