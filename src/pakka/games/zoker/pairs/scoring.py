"""Pairs: the score and the winners."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pakka.games.zoker.pairs.rules import PAIR_POINTS, STRAIGHT_POINTS

if TYPE_CHECKING:
    from pakka.games.zoker.pairs.state import PairsState


def score(state: PairsState) -> int:
    """Pairs found (1 point each) and straights found (3 points each)."""
    return state.pairs * PAIR_POINTS + state.straights * STRAIGHT_POINTS


def scores(state: PairsState) -> list[int]:
    return [state.score]


def winners(state: PairsState) -> list[int]:
    return [0] if state.over else []
