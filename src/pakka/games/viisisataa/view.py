"""The typed shape of Viisisataa's views (built by ``ViisisataaState._view``).

One type serves every phase of a hand (D-5S-7): fields that have no value in a
phase are ``None`` (or empty) there, as each field's docstring says. Cards are
in canonical notation (``AS``, ``10H``, ``JK``); bids and contracts are the
notation of their actions (``bid 7H``, ``misere``). The JSON Schema is generated
from these types (``Viisisataa.view_schema()``); the conformance suite checks
every view against it.
"""

from __future__ import annotations

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict

from pakka.core.seam import BaseView


@with_config(ConfigDict(extra="forbid"))
class BidEntry(TypedDict):
    """One bid of the auction, in the order made (R-5S-9)."""

    seat: int
    bid: str
    """The action's notation: ``bid 7H``, ``misere`` or ``pass``."""


@with_config(ConfigDict(extra="forbid"))
class DoublingEntry(TypedDict):
    """One answer in the doubling (V5, D-5S-7)."""

    seat: int
    call: str
    """``double``, ``redouble`` or ``pass`` (no double / no redouble)."""


@with_config(ConfigDict(extra="forbid"))
class TrickCard(TypedDict):
    """One card played to a trick, and by whom."""

    seat: int
    card: str
    """The card (a joker led in no trump is shown as ``JK``; its declared suit is
    the trick's ``led_suit``, R-5S-15)."""


@with_config(ConfigDict(extra="forbid"))
class LastTrick(TypedDict):
    """The trick completed last (R-5S-14)."""

    leader: int
    """The seat that led it."""
    cards: list[TrickCard]
    """Its cards in playing order."""
    winner: int | None
    """The seat that won it."""


@with_config(ConfigDict(extra="forbid"))
class SheetRow(TypedDict):
    """One scored hand of the score sheet (R-5S-17..23)."""

    hand: int
    """1-based hand number."""
    dealer: int
    contractor: int | None
    """``None`` when nobody bid (R-5S-12)."""
    contract: str | None
    """The contract's notation (``bid 7H``, ``misere``), ``6NT*`` for a grand without
    contract (R-5S-21), ``None`` for a hand thrown in (R-5S-12)."""
    multiplier: int
    """1, 2 (doubled) or 4 (redoubled) (V5)."""
    tricks: int | None
    """Tricks the contractor's side took (with a partner: both, R-5S-25); ``None``
    without a contractor."""
    made: bool | None
    """Whether the contract was made (R-5S-18..20); ``None`` without a contractor."""
    deltas: list[int]
    """Points each seat scored on this hand."""
    totals: list[int]
    """Each seat's match total after this hand."""


class ViisisataaView(BaseView):
    """What one seat (or a spectator, ``seat`` = ``None``) knows of a Viisisataa match
    (R-5S "Information"): its own hand, the auction, the contract, the cards played,
    the tricks taken and the scores; the kitty and discards only as contractor."""

    hand_no: int
    """1-based number of the hand within the match."""
    dealer: int
    """The seat that dealt this hand (R-5S-5: the deal passes left)."""
    phase: str
    """A :class:`~pakka.games.viisisataa.game.Phase` value (D-5S-7): ``bidding``,
    ``partner``, ``doubling``, ``redoubling``, ``discard``, ``call``, ``play`` or ``over``."""
    hand: list[str] | None
    """The viewer's cards in canonical order; ``None`` for a spectator."""
    hand_sizes: list[int]
    """Cards in each seat's hand."""
    bids: list[BidEntry]
    """The auction so far (R-5S-9)."""
    high_bid: str | None
    """The highest bid so far (notation), if anyone has bid."""
    high_bidder: int | None
    """Who made the highest bid."""
    contractor: int | None
    """The seat that won the bidding (``None`` before, or when all passed)."""
    contract: str | None
    """The contract's notation (``bid 8S``, ``misere``); ``6NT*`` for the grand without
    contract (R-5S-12 option, R-5S-21); ``None`` before the bidding ends."""
    contract_value: int | None
    """The contract's value in points (R-5S-8; misère 250, R-5S-11), before any
    doubling: what the contractor's side scores if it makes the contract and loses if
    it fails (R-5S-18/19); ``None`` before the bidding ends and when nobody bid (the
    grand without contract scores per trick, R-5S-21)."""
    contract_points: int | None
    """The contract's value times the multiplier (V5: doubled ×2, redoubled ×4): what
    is at stake for the contractor's side; ``None`` when ``contract_value`` is."""
    trump: str | None
    """The trump suit letter (``S H D C``), ``none`` in grand, misère and the grand
    without contract (R-5S-4, R-5S-16); ``None`` while it is not known (bidding)."""
    multiplier: int
    """1, or 2 when doubled and 4 when redoubled (V5)."""
    doublings: list[DoublingEntry]
    """The answers of the doubling so far (V5, D-5S-7)."""
    partner: int | None
    """The contractor's partner as far as the viewer knows: opposite with 4 players
    (R-5S-24), chosen with 5 (R-5S-25); a secret partner by card only to itself until
    the card is played."""
    partner_card: str | None
    """The card the contractor named (5 players, option ``partner_by_card``)."""
    sitting_out: int | None
    """The misère contractor's partner, who sits out (4 players, R-5S-16, D-5S-2)."""
    kitty_size: int
    """Cards still in the kitty (3, or 5 with V1; 0 once taken)."""
    kitty: list[str] | None
    """The kitty cards the contractor took (R-5S-13): only in the contractor's view."""
    discards: list[str] | None
    """The contractor's discards in the order made: only in the contractor's view."""
    discards_left: int
    """Discards still to make in the kitty exchange (0 outside it; R-5S-13)."""
    leader: int | None
    """The seat that led (or is to lead) the current trick, during play."""
    trick: list[TrickCard]
    """The cards of the trick in progress."""
    led_suit: str | None
    """The suit to follow in the current trick (the declared suit of a led joker in no
    trump, R-5S-15); ``None`` before the lead."""
    last_trick: LastTrick | None
    """The trick completed last in this hand."""
    tricks: list[int]
    """Tricks taken per seat in this hand."""
    trick_winners: list[int]
    """The winner of each completed trick, in order (R-5S-23 counts them in order)."""
    played: list[str]
    """Every card played to a trick in this hand."""
    dead_hand_size: int | None
    """Cards in the dead hand with 2 players (never played); ``None`` otherwise."""
    set_aside_size: int
    """Cards set aside unseen (V1: 18; 0 otherwise)."""
    sheet: list[SheetRow]
    """The score sheet: one row per scored hand."""
    target: int
    """The points that win the match (500, R-5S-22)."""
