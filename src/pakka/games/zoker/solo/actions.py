"""Solo: the actions and their notation."""

from __future__ import annotations

from dataclasses import dataclass

UPPER = 12
"""Places in the three upper rows (index ``row * 4 + column``)."""


COLS = "abcd"


def place_name(i: int) -> str:
    """Notation of a place: upper places 0..11, bottom piles 12..15."""
    return f"{COLS[i % 4]}{i // 4 + 1}"


@dataclass(frozen=True, slots=True)
class SoloAction:
    """Move a card or pile onto a bottom pile (``a1-c4``, ``b4-c4``) or ``deal``.

    ``src`` is a place 0..15 (12..15 are the bottom piles), ``dst`` a pile 0..3;
    ``src == -1`` is the deal.
    """

    id: int
    src: int
    dst: int

    def __str__(self) -> str:
        if self.src < 0:
            return "deal"
        return f"{place_name(self.src)}-{place_name(UPPER + self.dst)}"


MOVES: tuple[SoloAction, ...] = tuple(
    SoloAction(s * 4 + d, s, d) for s in range(16) for d in range(4)
)


DEAL = SoloAction(64, -1, -1)


ACTIONS: tuple[SoloAction, ...] = (*MOVES, DEAL)


def _is_place(t: str) -> bool:
    return len(t) == 2 and t[0] in COLS and t[1] in "1234"


def _place(t: str) -> int:
    return (int(t[1]) - 1) * 4 + COLS.index(t[0])
