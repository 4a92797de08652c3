"""Kubo: the score and the winners."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pakka.games.zoker.common import winners_by_max
from pakka.games.zoker.deck import (
    LINE_KINDS,
    line_name,
)

if TYPE_CHECKING:
    from pakka.games.zoker.kubo.state import KuboState


def end_round(state: KuboState, reason: str) -> None:
    """R-KU-10: -1 per card in hand; totals; next round or the end."""
    penalties = [len(h) for h in state.hands]
    for p in range(len(state.totals)):
        state.totals[p] += state.points[p] - penalties[p]
    state.round_no += 1
    state._say(
        "kubo.round_end",
        reason=reason,
        points=list(state.points),
        penalties=penalties,
        totals=list(state.totals),
    )
    state.points = [0] * len(state.totals)
    target = state.game.int_option("target")
    if state.round_no >= state.game.int_option("rounds") or (
        target > 0 and max(state.totals) >= target
    ):
        state.over = True
        state.open_lines = []
        state.claimers = []
        state._say("kubo.end", totals=list(state.totals))
        return
    state._start_round()


def score_line(state: KuboState, ln: int, seat: int, stolen: bool = False) -> None:
    """R-KU-7: the line's points go to ``seat`` (``stolen``: another player's
    "Piste!" for a line the placer missed, R-KU-8)."""
    pts = state.line_points[ln]
    state.points[seat] += pts
    state._say(
        "kubo.score",
        seat=seat,
        line=line_name(ln),
        kind=("straight", "diagonal", "zoker")[LINE_KINDS[ln]],
        points=pts,
        stolen=stolen,
    )


def scores(state: KuboState) -> list[int]:
    # Totals of finished rounds plus the points of the round in progress.
    return [t + p for t, p in zip(state.totals, state.points, strict=True)]


def winners(state: KuboState) -> list[int]:
    # R-KU-10 / D-KU-6: highest total; equal highest share the win.
    return winners_by_max(state.totals) if state.over else []


def heuristic_returns(state: KuboState) -> list[float]:
    vals = [s - len(h) for s, h in zip(state.scores, state.hands, strict=True)]
    best = max(vals)
    lead = [1.0 if v == best else 0.0 for v in vals]
    k = sum(lead)
    return [x / k for x in lead]
