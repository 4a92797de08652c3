"""Undo policy for one-player tables: which actions may be taken back.

An action that showed the player hidden cards (a deal from a hidden stock) is never
taken back: dealing again would reveal the order of the stock. This is the only
game-knowledge the server adds on top of the engine; it is kept here, apart from
the live tables, so that it can later move into the core behind a game descriptor.
"""

from __future__ import annotations

import random
from typing import Any

from pakka.core.game import State
from pakka.core.record import undone


def reveals_hidden(before: State[Any], action: str, seat: int, samples: int = 4) -> bool:
    """Whether playing ``action`` at ``before`` showed ``seat`` something it could not
    know (e.g. a deal from a hidden stock).

    Played in positions that ``seat`` cannot tell from ``before``
    (``sample_consistent``), an action that reveals nothing leads to the same view;
    one that turns up hidden cards almost surely does not. Undo stops at such
    actions: taking back a deal and dealing again would show the stock order.
    """
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


def undo_refusal(state: State[Any], count: int, seat: int) -> str | None:
    """Why the last ``count`` actions of a one-player game cannot be taken back
    (``None`` if they can)."""
    if count > len(state.history):
        return (
            f"there are only {len(state.history)} moves to take back"
            if state.history
            else "there is nothing to take back yet"
        )
    walk = undone(state, count)
    for text in state.history[len(state.history) - count :]:
        if reveals_hidden(walk, text, seat):
            return (
                f"'{text}' showed hidden cards; it cannot be taken back "
                "(dealing again would reveal the order of the stock)"
            )
        walk.apply(text)
    return None
