"""Bots for the pairs trainer: ``finder`` picks straights, then pairs (a demonstrator)."""

from __future__ import annotations

from typing import Any

from pakka.bots.base import SeatHandle
from pakka.core.game import Action, Game
from pakka.games.zoker.deck import COMPATIBLE


class FinderBot:
    """Takes a straight if one is on the table, else a right pair, else stops."""

    name = "finder"

    def __init__(self, game: Game[Any], seed: int = 0) -> None:
        self.game = game

    def choose(self, handle: SeatHandle) -> Action:
        """The first straight, else the first compatible pair."""
        legal = handle.legal_actions()
        cards_of: list[tuple[int, ...]] = [getattr(a, "cards", ()) for a in legal]
        for a, cards in zip(legal, cards_of, strict=True):
            if len(cards) == 4:
                return a
        for a, cards in zip(legal, cards_of, strict=True):
            if len(cards) == 2 and COMPATIBLE[cards[0]] >> cards[1] & 1:
                return a
        return legal[-1]


BOTS: dict[str, Any] = {"finder": FinderBot}
LEVELS: dict[str, str] = {"easy": "random", "medium": "finder", "hard": "finder"}
