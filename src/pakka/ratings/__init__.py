"""Ratings on one scale for people and bots (issue 17, docs/ratings.md).

:mod:`pakka.ratings.core` turns a finished game into openskill teams and ranks and
updates ratings; :mod:`pakka.ratings.eligibility` says which tables are rated;
:mod:`pakka.ratings.bots` reads the bot ladder fitted by ``benchmarks/rate_bots.py``.
Pure: no I/O except reading the packaged ``bots.json``.
"""

from __future__ import annotations

from pakka.ratings.core import (
    BASE,
    MODEL,
    MU,
    SCALE,
    SIGMA,
    Outcome,
    Rating,
    outcome,
    rate,
    shown,
    state_outcome,
    teams_for,
)
from pakka.ratings.eligibility import SeatFacts, eligible, nonstandard_options, refusals

__all__ = [
    "BASE",
    "MODEL",
    "MU",
    "SCALE",
    "SIGMA",
    "Outcome",
    "Rating",
    "SeatFacts",
    "eligible",
    "nonstandard_options",
    "outcome",
    "rate",
    "refusals",
    "shown",
    "state_outcome",
    "teams_for",
]
