"""Tiko: the actions and their notation."""

from __future__ import annotations

from dataclasses import dataclass

from pakka.games.zoker.deck import NAMES


@dataclass(frozen=True, slots=True)
class TikoPlay:
    """Play a card from hand (notation: the card, e.g. ``OM3``)."""

    id: int

    def __str__(self) -> str:
        return NAMES[self.id]


PLAYS: tuple[TikoPlay, ...] = tuple(TikoPlay(c) for c in range(64))
