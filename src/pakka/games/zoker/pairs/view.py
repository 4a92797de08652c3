"""Pairs: the typed view (``State.view``), the only exit of hidden information."""

from __future__ import annotations

from pakka.core.seam import BaseView


class PairsView(BaseView):
    """The pairs trainer (R-ZK-6): every card face up, and the tallies."""

    table: list[str | None]
    """The dealt cards in dealing order: a card still on the table, or ``None`` once
    picked."""
    pairs: int
    """Right pair picks (R-ZK-3: exactly two equal attributes)."""
    straights: int
    """Straights picked (R-ZK-3: one axis-parallel line of the cube)."""
    mistakes: int
    """Wrong pair picks."""
    refuted: list[str]
    """Pair picks already explained as wrong (in notation ``BS1+GM2``): they cannot be
    picked again."""
    score: int
    """A pair 1 point, a straight 3."""
