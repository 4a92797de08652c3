"""Tiko: the score and the winners."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pakka.games.zoker.common import (
    winners_by_max,
)

if TYPE_CHECKING:
    from pakka.games.zoker.tiko.state import TikoState


def scores(state: TikoState) -> list[int]:
    return list(state.won)


def winners(state: TikoState) -> list[int]:
    # D-TI-5 / R-TI-5: most won cards; equal highest share the win.
    return winners_by_max(state.won) if state.over else []


def heuristic_returns(state: TikoState) -> list[float]:
    total = sum(state.won)
    n = state.game.num_players
    if total == 0:
        return [1.0 / n] * n
    return [w / total for w in state.won]
