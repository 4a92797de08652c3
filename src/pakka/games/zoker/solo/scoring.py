"""Solo: the score and the winners."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pakka.games.zoker.solo.state import SoloState


def score(state: SoloState) -> int:
    """R-SO-2, R-SO-7: the goal is one tall pile; the score is the height of the
    tallest bottom-row pile."""
    return max(len(p) for p in state.piles)


def scores(state: SoloState) -> list[int]:
    return [state.score]


def winners(state: SoloState) -> list[int]:
    return [0] if state.current_player is None else []


def returns(state: SoloState) -> list[float]:
    """A solitaire has no opponent: the return is the score as a share of 64."""
    return [state.score / 64]


def heuristic_returns(state: SoloState) -> list[float]:
    return [state.score / 64]
