"""The typed shape of the Zoker games' views (built by each state's ``_view``).

One ``TypedDict`` per game; their JSON Schemas are generated from these types
(``Game.view_schema()``) and the conformance suite checks every view against
them. Cards are in Zoker notation (R-ZK-2, D-ZK-1: ``BS1`` .. ``RXL4``). A key
that only some views carry (a seat's own hand, the manual-claims fields of
Kubo) is ``NotRequired``: it is left out, never ``None``.
"""

from __future__ import annotations

from typing import NotRequired

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
    last_trick: list[str]
    """The trick taken last, bottom card first (empty before the first is taken)."""
    last_trick_seats: list[int]
    """Who played each card of ``last_trick``, in the same order."""
    last_trick_winner: int | None
    """The seat that took the last trick (R-TI-3), ``None`` before the first."""
    played: list[str]
    """Every card played so far, in play order (D-TI-5: all played cards are public)."""
    hand: NotRequired[list[str]]
    """The seat's own hand in canonical order (left out of a spectator's view)."""


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
