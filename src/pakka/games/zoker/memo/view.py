"""Memo: the typed view (``State.view``), the only exit of hidden information."""

from __future__ import annotations

from pakka.core.seam import BaseView


class MemoView(BaseView):
    """Zoker Memo (R-ME-1..5, D-ME-1..5): the face-down table as everyone knows it."""

    table: list[str | None]
    """Every place, place 1 first: ``None`` empty, ``"?"`` face down and never seen,
    else the card (once face up, a card is known to everyone: perfect recall).
    Places beyond the first layout are extra places of D-ME-4."""
    columns: int
    """How many places a row of the table has (the square's side for the layout)."""
    face_up: list[int]
    """The place (1-based) of the card turned face up this turn, if any (R-ME-2)."""
    stock: int
    """Cards left in the stock (R-ME-3)."""
    taken: list[int]
    """Cards taken per seat: the score (R-ME-4)."""
