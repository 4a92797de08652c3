"""Tiko: the typed view (``State.view``), the only exit of hidden information."""

from __future__ import annotations

from typing import NotRequired

from pakka.core.seam import BaseView


class TikoView(BaseView):
    """Zoker Tiko (R-TI-1..5, D-TI-1..5): the trick in progress and the counts."""

    hand_sizes: list[int]
    """Cards in hand per seat."""
    stock: int
    """Cards left in the stock (R-TI-4, D-TI-4)."""
    pile: list[str]
    """The trick pile, bottom card first, top (winning) card last (R-TI-2)."""
    pile_seats: list[int]
    """Who played each card of ``pile``, in the same order."""
    top_seat: int | None
    """The seat whose card is on top (winning the trick so far), ``None`` before the
    lead (R-TI-3)."""
    leader: int
    """The seat that leads (led) the current trick (R-TI-3)."""
    won: list[int]
    """Cards won per seat: the score (R-TI-5)."""
    played: list[str]
    """Every card played so far, in play order (D-TI-5: all played cards are public)."""
    hand: NotRequired[list[str]]
    """The seat's own hand in canonical order (left out of a spectator's view)."""
