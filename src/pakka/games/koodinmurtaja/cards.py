"""Koodinmurtaja's card order (R-KM-3) as dense integers.

A card's *strength* ``k`` in 0..51 is its place in the total order of R-KM-3:
rank first (2 < … < A), then suit ♣ < ♦ < ♥ < ♠. So sorting codes is sorting
integers, and ``k // 4 + 2`` is the rank.

>>> strength(parse_card("6H")) < strength(parse_card("7H")) < strength(parse_card("7S"))
True
"""

from __future__ import annotations

from typing import Final

from pakka.core.cards import CARDS, Card, parse_card

__all__ = ["FULL_DECK", "HALF_DECK", "card_of", "parse_card", "rank_of", "strength", "text_of"]

# Suit index of pakka.core.cards is S=0, H=1, D=2, C=3; strength within a rank
# is the reverse (R-KM-3: ♠ > ♥ > ♦ > ♣).


def strength(card: Card) -> int:
    """The R-KM-3 strength 0..51 of an ordinary card."""
    return (card.rank - 2) * 4 + (3 - card.suit)


def card_of(k: int) -> Card:
    """The card of strength ``k``."""
    return CARDS[(3 - k % 4) * 13 + k // 4]


def rank_of(k: int) -> int:
    """Rank 2..14 of the card of strength ``k``."""
    return k // 4 + 2


_TEXT: Final = tuple(str(card_of(k)) for k in range(52))


def text_of(k: int) -> str:
    """Notation (e.g. ``7S``) of the card of strength ``k``."""
    return _TEXT[k]


FULL_DECK: Final = tuple(range(52))
"""All 52 cards by strength."""
HALF_DECK: Final = tuple(k for k in range(52) if k % 4 >= 2)
"""R-KM-2: spades and hearts only (26 cards)."""
