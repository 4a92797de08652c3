"""Memo: the actions and their notation."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class MemoTurn:
    """Turn the card at a place face up (notation: the place number, from 1)."""

    id: int

    def __str__(self) -> str:
        return str(self.id + 1)


TURNS: tuple[MemoTurn, ...] = tuple(MemoTurn(i) for i in range(64))
