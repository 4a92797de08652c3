"""The typed shape of Räväytys views (built by ``RavaytysState._view``).

One type serves every phase of a round: fields that mean nothing in a phase are
``None`` or empty there (documented per field). Its JSON Schema is generated from
these types (``Ravaytys.view_schema()``) and served to the browser; the conformance
suite checks every seat's and a spectator's view against it. Rule ids refer to
``shared/rules/ravaytys.md``.
"""

from __future__ import annotations

from typing import Literal, NotRequired

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict

from pakka.core.seam import BaseView

# ``as`` is a Python keyword, so this type uses the functional form.
MeldCard = TypedDict("MeldCard", {"card": str, "as": NotRequired[str]})
"""One card of a group on the table, in the group's order (a run from its low end):
``card`` is the card itself (``"7H"``, ``"JK"``, ``"2S"``); ``as`` is present only on a
wild card (R-RV-3) and says what it stands for (D-RV-2, D-RV-14): the exact card in
a run (``"5H"``), the rank in a set (``"7"``)."""
MeldCard.__pydantic_config__ = ConfigDict(extra="forbid")  # type: ignore[attr-defined]


# ``from`` is a Python keyword, so this type uses the functional form too.
MeldView = TypedDict(
    "MeldView",
    {
        "owner": int,
        "kind": Literal["set", "run"],
        "cards": list[MeldCard],
        "id": NotRequired[str],
        "suit": NotRequired[str],
        "from": NotRequired[str],
        "to": NotRequired[str],
        "rank": NotRequired[str],
    },
)
"""One group: a set (R-RV-5) or a run (R-RV-6), on the table or being laid down.

* ``owner``: the seat that laid the group down (lay-offs by others do not change
  it, R-RV-16);
* ``kind``: ``"set"`` or ``"run"``;
* ``cards``: the group's cards (:data:`MeldCard`); a run lists them from its lowest
  position upwards;
* ``id``: the meld's name in notation (``"M1"``, in table order); only on the table
  (``melds``), not on the groups of a lay-down in progress (``pending``);
* ``suit``, ``from``, ``to`` (runs only): the suit letter (``S H D C``) and the lowest
  and highest rank (``"A"`` for the ace at either end, R-RV-4, D-RV-8);
* ``rank`` (sets only): the set's rank (``"2"``..``"10"``, ``"J"``, ``"Q"``, ``"K"``,
  ``"A"``).
"""
MeldView.__pydantic_config__ = ConfigDict(extra="forbid")  # type: ignore[attr-defined]


@with_config(ConfigDict(extra="forbid"))
class Contract(TypedDict):
    """The round's contract and deal (the table after R-RV-4)."""

    sets: int
    """Sets the contract requires (R-RV-5, R-RV-13)."""
    runs: int
    """Runs the contract requires (R-RV-6, R-RV-13)."""
    cards: int
    """Cards dealt to each player this round (the dealer gets one more, R-RV-8)."""


class RavaytysView(BaseView):
    """What one seat (or a spectator) knows of a Räväytys game (the rule spec's
    *Information* section): every public fact, and the seat's own hand."""

    round: int
    """The round, 1..8 (R-RV-1); stays 8 once the game is over."""
    contract: Contract
    dealer: int
    """The seat that dealt this round (seat 0 deals round 1, D-RV-0; then it passes left)."""
    turn_player: int
    """The seat whose turn it is (in the buy window: whose discard decision opened it)."""
    phase: Literal["open", "start", "buy", "play", "build", "place", "over"]
    """A :class:`~pakka.games.ravaytys.game.Phase` value: ``open`` the dealer's first
    discard (R-RV-9); ``start`` take the discard or leave it (R-RV-10); ``buy`` the buy
    window (D-RV-3); ``play`` melding, lay-offs, swaps and the discard (R-RV-12..17);
    ``build`` a lay-down in progress (R-RV-13); ``place`` a wild card freed by a swap
    awaits its new place (R-RV-17); ``over`` the game has ended."""
    stage: int
    """The stock's stage this round: 0 the first stock; 1 after the reshuffle (a card
    drawn may not be discarded in the same turn, R-RV-19, D-RV-15); 2 exhausted (a
    turn is only a discard, R-RV-20, D-RV-12)."""
    hand_sizes: list[int]
    """Cards in hand per seat."""
    known: list[list[str]]
    """Per seat, the cards publicly known to be in its hand (taken or bought
    discards, cards of a lay-down taken back), sorted."""
    down: list[bool]
    """Per seat: whether its contract is on the table (R-RV-13; it may then lay off
    and swap, R-RV-16/17)."""
    melds: list[MeldView]
    """Every group on the table, in table order (``M1`` first)."""
    pending: list[MeldView]
    """The groups of the lay-down in progress (phase ``build``), last one possibly
    still open; empty otherwise."""
    pending_open: bool
    """Whether the last pending group is still open (cards can be added to it)."""
    in_transit: str | None
    """The wild card freed by a swap that awaits its new place (phase ``place``,
    R-RV-17); ``None`` otherwise."""
    top: str | None
    """The top card of the discard pile, the only one visible (R-RV-12); ``None`` when
    the pile is empty."""
    pile_size: int
    """Cards in the discard pile."""
    stock_size: int
    """Cards in the stock."""
    buys: list[int]
    """Buys per seat this round (R-RV-10; limited by ``max_buys_per_round``, D-RV-3)."""
    asked: int | None
    """In the buy window: the seat being asked now (D-RV-3); ``None`` in other phases."""
    turns: int
    """Turns played this round (a round ends at ``max_turns_per_round``, D-RV-6)."""
    sheet: list[list[int]]
    """The score sheet: per finished round, the minus points of each seat (R-RV-21,
    D-RV-7)."""
    hand: NotRequired[list[str]]
    """The viewer's own hand, sorted in card order; absent from a spectator's view."""
    drawn: NotRequired[str | None]
    """The card the viewer drew this turn after the reshuffle, which may not be
    discarded this turn (R-RV-19); ``None`` when there is none or it is not the
    viewer's turn; absent from a spectator's view."""
