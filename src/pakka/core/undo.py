"""Undo policy: which moves a front end may take back (solitaire, hot-seat slips).

Undo is never an action: the position before the last moves is rebuilt by
replaying the record (:func:`pakka.core.record.undone`), so randomness after
them is dealt again identically. That is only fair while the moves taken back
showed nothing hidden: taking back a draw from a hidden stock and drawing
again would reveal the stock's order. The game's descriptor
(:meth:`pakka.core.game.Game.game_type`) says whether a move can reveal
anything at all; only then is each move checked by sampling.
"""

from __future__ import annotations

import random
from typing import Any

from pakka.core.game import State
from pakka.core.record import undone

SAMPLES = 4
"""Positions sampled per move: a revealing move shows another view in almost all of them."""


def reveals_hidden(before: State[Any], action: str, seat: int, samples: int = SAMPLES) -> bool:
    """Whether playing ``action`` at ``before`` showed ``seat`` something it could not
    know (e.g. a deal from a hidden stock).

    Played in positions that ``seat`` cannot tell from ``before``
    (``sample_consistent``), an action that reveals nothing leads to the same view;
    one that turns up hidden cards almost surely does not. A game whose descriptor
    says no move reveals anything is not sampled at all.
    """
    if not before.game.game_type().move_reveals:
        return False
    after = before.clone()
    after.apply(action)
    want = after.view(seat)
    rng = random.Random(0x5EED)
    for _ in range(samples):
        other = before.sample_consistent(seat, rng)
        other.apply(action)
        if other.view(seat) != want:
            return True
    return False


def undo_blocker(state: State[Any], count: int, seat: int) -> tuple[str, dict[str, Any]] | None:
    """Why the last ``count`` actions of a one-player game cannot be taken back, as a
    message key and its arguments for the front end's catalogue (``None`` if they can):
    ``undo.nothing``, ``undo.too_many`` (``moves``) or ``undo.reveals`` (``action``)."""
    if count > len(state.history):
        if not state.history:
            return "undo.nothing", {}
        return "undo.too_many", {"moves": len(state.history)}
    walk = undone(state, count)
    for text in state.history[len(state.history) - count :]:
        if reveals_hidden(walk, text, seat):
            return "undo.reveals", {"action": text}
        walk.apply(text)
    return None


def undo_refusal(state: State[Any], count: int, seat: int) -> str | None:
    """:func:`undo_blocker` as an English sentence (``None`` if undo is allowed)."""
    why = undo_blocker(state, count, seat)
    return None if why is None else blocker_sentence(*why)


def blocker_sentence(key: str, args: dict[str, Any]) -> str:
    """An :func:`undo_blocker` reason as an English sentence (for logs and developers)."""
    if key == "undo.nothing":
        return "there is nothing to take back yet"
    if key == "undo.too_many":
        return f"there are only {args['moves']} moves to take back"
    return (
        f"'{args['action']}' showed hidden cards; it cannot be taken back "
        "(dealing again would reveal the order of the stock)"
    )
