"""Memo: the score and the winners."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pakka.games.zoker.common import winners_by_max

if TYPE_CHECKING:
    from pakka.games.zoker.memo.state import MemoState


def scores(state: MemoState) -> list[int]:
    return list(state.taken)


def winners(state: MemoState) -> list[int]:
    # R-ME-4, D-ME-5: most cards; equal highest share the win.
    return winners_by_max(state.taken) if state.over else []


def heuristic_returns(state: MemoState) -> list[float]:
    total = sum(state.taken)
    n = state.game.num_players
    return [t / total for t in state.taken] if total else [1.0 / n] * n
