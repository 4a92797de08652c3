"""Kubo: the actions and their notation."""

from __future__ import annotations

from dataclasses import dataclass

from pakka.games.zoker.deck import (
    NAMES,
    NUM_LINES,
    line_name,
)


@dataclass(frozen=True, slots=True)
class KuboAction:
    """``GS1`` (place), ``draw``, ``end``, ``piste BS1-GS1-OS1-RS1`` (claim) or ``pass``."""

    id: int

    def __str__(self) -> str:
        i = self.id
        if i < 64:
            return NAMES[i]
        if i == DRAW_ID:
            return "draw"
        if i == END_ID:
            return "end"
        if i == PASS_ID:
            return "pass"
        return "piste " + line_name(i - CLAIM_BASE)


DRAW_ID = 64


END_ID = 65


CLAIM_BASE = 66


PASS_ID = CLAIM_BASE + NUM_LINES


ACTIONS: tuple[KuboAction, ...] = tuple(KuboAction(i) for i in range(PASS_ID + 1))


PLACE = ACTIONS[:64]


DRAW = ACTIONS[DRAW_ID]


END = ACTIONS[END_ID]


CLAIM = ACTIONS[CLAIM_BASE:PASS_ID]


PASS = ACTIONS[PASS_ID]
