"""Pairs: the actions and their notation."""

from __future__ import annotations

from dataclasses import dataclass

from pakka.games.zoker.deck import (
    LINES,
    NAMES,
    STRAIGHT_LINES,
)


@dataclass(frozen=True, slots=True)
class PairsAction:
    """Pick two cards (``BS1+BS2``), a straight (``BS1+BS2+BS3+BS4``) or ``stop``."""

    id: int
    cards: tuple[int, ...]

    def __str__(self) -> str:
        return "+".join(NAMES[c] for c in self.cards) if self.cards else "stop"


_PAIR_ACTIONS: list[PairsAction] = []


PAIR_ID: list[list[int]] = [[-1] * 64 for _ in range(64)]


for _a in range(64):
    for _b in range(_a + 1, 64):
        PAIR_ID[_a][_b] = PAIR_ID[_b][_a] = len(_PAIR_ACTIONS)
        _PAIR_ACTIONS.append(PairsAction(len(_PAIR_ACTIONS), (_a, _b)))


STRAIGHT_BASE = len(_PAIR_ACTIONS)


STRAIGHT_ACTION: dict[int, PairsAction] = {}


for _k, _ln in enumerate(STRAIGHT_LINES):
    STRAIGHT_ACTION[_ln] = PairsAction(STRAIGHT_BASE + _k, tuple(LINES[_ln]))


STOP = PairsAction(STRAIGHT_BASE + len(STRAIGHT_LINES), ())


ACTIONS: tuple[PairsAction, ...] = (*_PAIR_ACTIONS, *STRAIGHT_ACTION.values(), STOP)
