"""Kubo: the typed view (``State.view``), the only exit of hidden information."""

from __future__ import annotations

from typing import NotRequired

from pakka.core.seam import BaseView


class KuboView(BaseView):
    """Zoker Kubo (R-KU-1..11, D-KU-1..6): the cube on the table and the turn."""

    layers: str
    """The attribute whose values are the layers: ``colour``, ``size`` or ``shape``
    (R-KU-1, R-KU-11)."""
    grid_attributes: list[str]
    """The two other attributes: the rows and the columns of every layer's grid."""
    board: list[str]
    """Every placed card, canonical order."""
    grids: list[list[list[str | None]]]
    """The board as four 4x4 grids, bottom layer first: ``grids[layer][row][column]``
    with rows and columns the values (weakest first) of ``grid_attributes``; a
    card or ``None`` (R-KU-1)."""
    placeable: list[str]
    """The empty places (named by the card that belongs there) where a card may go
    now (R-KU-3, R-KU-4): public, it follows from the board."""
    covered: list[str]
    """Empty places that can never be filled any more: a higher layer is placed
    there (R-KU-5)."""
    hand_sizes: list[int]
    """Cards in hand per seat."""
    stock: int
    """Cards left in the stock."""
    turn: int
    """The seat whose turn it is (during the claim window, the placer)."""
    phase: str
    """A :class:`~pakka.games.zoker.kubo.Phase` value: ``play`` or ``claims`` (the
    Piste! window of manual claims, D-KU-4)."""
    placed_this_turn: int
    """Cards the player in turn has placed this turn."""
    placed_last_turn: list[int]
    """Cards each seat placed on its previous turn (two or more allow extra draws,
    R-KU-6, D-KU-2)."""
    may_draw: bool
    """Whether the player in turn may draw another card now (D-KU-2)."""
    round: int
    """The round in progress (1-based), or the number of rounds played at the end."""
    round_points: list[int]
    """Points scored per seat in the round in progress (R-KU-7)."""
    totals: list[int]
    """Totals per seat of the finished rounds (R-KU-10)."""
    open_lines: NotRequired[list[str]]
    """Manual claims only (R-KU-8, D-KU-4): lines completed this turn and not yet
    claimed, each as its four cards joined by ``-``."""
    claimers: NotRequired[list[int]]
    """Manual claims only: the seats still to call Piste! or pass, in turn order
    (D-KU-6)."""
    hand: NotRequired[list[str]]
    """The seat's own hand in canonical order (left out of a spectator's view)."""
