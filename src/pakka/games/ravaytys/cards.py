"""Räväytys cards: two 52-card decks and four jokers (R-RV-2), wild cards (R-RV-3),
run positions with the ace low or high (R-RV-4, D-RV-8) and the scoring values (D-RV-7).

Cards are the shared :mod:`pakka.core.cards` indices (0..51 ordinary cards, 52 the
joker); a hand is a list of 53 counts, because the two decks' identical cards are
interchangeable (R-RV-2).
"""

from __future__ import annotations

from typing import Final

from pakka.core.cards import CARDS, JOKER_INDEX

NUM_KINDS: Final = 53
"""Distinct card values (52 ordinary cards and the joker)."""
TWO_OF_SPADES: Final = 0
TWO_OF_CLUBS: Final = 39
WILDS: Final = (JOKER_INDEX, TWO_OF_SPADES, TWO_OF_CLUBS)
"""The wild card values (R-RV-3): the joker and the black twos."""
IS_WILD: Final = tuple(i in WILDS for i in range(NUM_KINDS))
NATURALS: Final = tuple(i for i in range(52) if not IS_WILD[i])
"""Every card value that is not wild (the red twos are ordinary cards)."""


def full_deck() -> list[int]:
    """The 108 cards (R-RV-2) in canonical order: two of each ordinary card, four jokers."""
    deck = [i for i in range(52) for _ in range(2)]
    deck.extend([JOKER_INDEX] * 4)
    return deck


def rank_of(card: int) -> int:
    """Rank 2..14 of an ordinary card (A = 14)."""
    return card % 13 + 2


def suit_of(card: int) -> int:
    """Suit 0..3 (S, H, D, C) of an ordinary card."""
    return card // 13


def card_at(suit: int, pos: int) -> int:
    """The ordinary card at run position ``pos`` (1..14; 1 and 14 are both the ace)."""
    rank = 14 if pos == 1 else pos
    return suit * 13 + rank - 2


def positions_of(card: int) -> tuple[int, ...]:
    """Run positions of an ordinary card: the ace is 1 or 14 (R-RV-4)."""
    r = rank_of(card)
    return (1, 14) if r == 14 else (r,)


def name(card: int) -> str:
    """Notation of a card value, e.g. ``10H`` or ``JK``."""
    return str(CARDS[card])


def pos_name(pos: int) -> str:
    """A run position as a rank name (``A`` for 1 and 14)."""
    return {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}.get(pos, str(pos))


def rank_name(rank: int) -> str:
    """A rank 2..14 as its name."""
    return {11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank, str(rank))


def _values(kind: str) -> tuple[int, ...]:
    out = []
    for i in range(NUM_KINDS):
        if i == JOKER_INDEX:
            out.append({"default": 25, "high": 25, "flat": 15}[kind])
            continue
        r = rank_of(i)
        if i in (TWO_OF_SPADES, TWO_OF_CLUBS):
            out.append({"default": 25, "high": 50, "flat": 15}[kind])
        elif r == 14:
            out.append({"default": 15, "high": 14, "flat": 15}[kind])
        elif r >= 11:
            out.append(r if kind == "high" else 10)
        elif r == 10:
            out.append(10)
        else:
            out.append(5 if kind == "flat" else r)
    return tuple(out)


VALUES: Final = {k: _values(k) for k in ("default", "high", "flat")}
"""Minus points of a card left in hand (D-RV-7), per ``scoring`` option."""

CONTRACTS: Final = (
    (2, 0, 11),
    (3, 0, 11),
    (4, 0, 12),
    (0, 2, 11),
    (0, 3, 12),
    (1, 1, 11),
    (1, 2, 11),
    (2, 1, 11),
)
"""Per round: (sets, runs, cards dealt) — the table of the rule specification."""
