"""Post-game review: every decision of a finished game judged from the information the
player had, marked good, inaccuracy, mistake or blunder, and summed up per player.

Pure (no I/O): :func:`review_record` replays a :class:`~pakka.core.record.Record`
through the engine and asks the game's judge (:mod:`pakka.review.judges`) about each
decision of the reviewed seats; :func:`summary_messages` gives the summary as
catalogue messages (``review.*`` in :mod:`pakka.core.messages`) for any front end.
Thresholds and their reasoning: ``docs/review.md``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pakka.core.errors import IllegalAction, RecordError
from pakka.core.record import Record
from pakka.core.seam import Message
from pakka.review.judges import JUDGES, Judge, judge_for, view_seed
from pakka.review.model import (
    CLEAR,
    MARKS,
    Alternative,
    Judgement,
    Review,
    Scale,
    SeatSummary,
    summarise,
)


def reviewable(game: str) -> bool:
    """Whether ``game`` has a judge."""
    return game in JUDGES


def review_record(
    record: Record, seats: Iterable[int] | None = None, judge: Judge | None = None
) -> Review:
    """The review of a finished ``record`` for ``seats`` (all by default).

    Raises :class:`~pakka.core.errors.RecordError` for a record that does not replay,
    a game that is not over, a seat out of range or a game without a judge."""
    if judge is None:
        if not reviewable(record.game):
            raise RecordError(f"{record.game} has no review")
        judge = judge_for(record.game)
    chosen = sorted(set(range(record.players) if seats is None else seats))
    for q in chosen:
        if not 0 <= q < record.players:
            raise RecordError(f"no seat {q}; seats are 0..{record.players - 1}")
    state = record.new_state()
    judgements: list[Judgement] = []
    for i, text in enumerate(record.actions):
        seat = state.current_player
        try:
            action = state.parse_action(text)
        except IllegalAction as e:
            raise RecordError(f"action {i + 1} ({text!r}) does not replay: {e}") from None
        if seat is not None and seat in chosen and judge.judged(state, seat):
            judgements.append(judge.judge(state, seat, action, i))
        state.apply(action)
    if not state.is_terminal:
        raise RecordError("the game is not over: a review exists only for a finished game")
    return Review(
        game=record.game,
        players=record.players,
        judge=judge.name,
        scale=judge.scale,
        judgements=judgements,
        summaries=summarise(judgements, chosen, record.names),
    )


def _cost_text(cost: float, unit: str) -> str:
    """A cost as its unit shows it: win probability in percentage points, the rest
    with at most one decimal."""
    if unit == "win":
        cost *= 100
    return f"{cost:.0f}" if abs(cost - round(cost)) < 0.05 else f"{cost:.1f}"


def summary_messages(review: Review) -> list[Message]:
    """One ``review.summary.<unit>`` message per reviewed seat."""
    out = []
    for s in review.summaries:
        out.append(
            Message(
                key=f"review.summary.{review.scale.unit}",
                args={
                    "seat": s.seat,
                    "name": s.name or str(s.seat),
                    "decisions": s.decisions,
                    "inaccuracies": s.counts["inaccuracy"],
                    "mistakes": s.counts["mistake"],
                    "blunders": s.counts["blunder"],
                    "cost": _cost_text(s.cost, review.scale.unit),
                },
            )
        )
    return out


def judgement_message(review: Review, j: Judgement) -> Message:
    """A ``review.mark.<mark>`` message for one judged decision (``good``: no better
    choice named)."""
    args: dict[str, Any] = {
        "move": j.index + 1,
        "seat": j.seat,
        "played": j.played,
        "best": j.best,
        "cost": _cost_text(j.cost, review.scale.unit),
        "se": _cost_text(j.se, review.scale.unit),
        "unit": review.scale.unit,
    }
    key = f"review.mark.{j.mark}" if j.mark != "good" else "review.mark.good"
    return Message(key=key, args=args)


__all__ = [
    "CLEAR",
    "JUDGES",
    "MARKS",
    "Alternative",
    "Judge",
    "Judgement",
    "Review",
    "Scale",
    "SeatSummary",
    "judge_for",
    "judgement_message",
    "review_record",
    "reviewable",
    "summary_messages",
    "view_seed",
]
