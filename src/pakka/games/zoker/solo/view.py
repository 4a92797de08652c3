"""Solo: the typed view (``State.view``), the only exit of hidden information."""

from __future__ import annotations

from pakka.core.seam import BaseView


class SoloView(BaseView):
    """Zoker Solo (R-SO-1..7): the 4x4 square and the stock, all public but the
    stock's order."""

    upper: list[str | None]
    """The three upper rows in reading order (12 places, ``a1`` .. ``d3``): a card,
    or ``None`` for an empty place (R-SO-1, R-SO-5)."""
    piles: list[list[str]]
    """The four bottom-row piles ``a4`` .. ``d4``, each bottom card first (its top
    card last); an empty list is an empty bottom place (R-SO-3, R-SO-4, R-SO-6)."""
    stock: int
    """Cards left in the stock (R-SO-5)."""
    score: int
    """The height of the tallest bottom-row pile (R-SO-7)."""
