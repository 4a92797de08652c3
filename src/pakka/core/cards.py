"""Standard playing cards and their notation: ``AS KH 10D 2C`` and the joker ``JK``.

A card is a small frozen value with a dense integer index (``card.index``):
``suit * 13 + rank - 2`` for the 52 ordinary cards (suits in the order
S, H, D, C) and 52 for the joker, so engines can keep hands as bitmasks and
tables indexed by card. There is exactly one :class:`Card` object per index
(``CARDS[i]``); cards compare by identity and by value alike.

>>> parse_card("10d")
Card('10D')
>>> str(parse_card("♠A")), parse_card("jk").is_joker
('AS', True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from pakka.core.errors import NotationError

SUITS: Final = "SHDC"
"""Suit letters: spades, hearts, diamonds, clubs (index order)."""
SUIT_SYMBOLS: Final = "♠♥♦♣"
RANK_NAMES: Final = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
_RANK_BY_NAME: Final = {v: k for k, v in RANK_NAMES.items()} | {"T": 10, "1": 14}
_SUIT_BY_NAME: Final = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3}
JOKER_INDEX: Final = 52


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card: ``rank`` 2..14 (A = 14) and ``suit`` 0..3, or the joker."""

    index: int

    @property
    def is_joker(self) -> bool:
        """Whether this is the joker (it has no rank or suit)."""
        return self.index == JOKER_INDEX

    @property
    def rank(self) -> int:
        """Rank 2..14 (jack 11, queen 12, king 13, ace 14); 0 for the joker."""
        return 0 if self.index == JOKER_INDEX else self.index % 13 + 2

    @property
    def suit(self) -> int:
        """Suit index 0..3 (S, H, D, C); -1 for the joker."""
        return -1 if self.index == JOKER_INDEX else self.index // 13

    @property
    def suit_letter(self) -> str:
        """``S``, ``H``, ``D`` or ``C`` (empty for the joker)."""
        return "" if self.index == JOKER_INDEX else SUITS[self.index // 13]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self.suit in (1, 2)

    def __str__(self) -> str:
        if self.index == JOKER_INDEX:
            return "JK"
        return RANK_NAMES[self.rank] + SUITS[self.suit]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def symbol(self) -> str:
        """A display form with a suit symbol, e.g. ``♠A``; ``🃏`` is not used (fonts vary)."""
        if self.index == JOKER_INDEX:
            return "JK"
        return SUIT_SYMBOLS[self.suit] + RANK_NAMES[self.rank]


CARDS: Final[tuple[Card, ...]] = tuple(Card(i) for i in range(53))
"""The 53 card values by index (52 ordinary cards and the joker)."""
JOKER: Final = CARDS[JOKER_INDEX]


def card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (2..14) and ``suit`` (0..3)."""
    if not (2 <= rank <= 14 and 0 <= suit <= 3):
        raise NotationError(f"no card with rank {rank} and suit {suit}")
    return CARDS[suit * 13 + rank - 2]


def parse_card(text: str) -> Card:
    """Parse one card in pakka notation (case-insensitive; ``T`` and suit symbols accepted)."""
    t = text.strip().upper()
    if t in ("JK", "JOKER", "*"):
        return JOKER
    if len(t) < 2:
        raise NotationError(f"{text!r} is not a card: write rank then suit, e.g. AS, 10D, JK")
    # The suit may come last (AS) or, as printed on cards, first (♠A).
    if t[-1] in _SUIT_BY_NAME and t[:-1] in _RANK_BY_NAME:
        return card(_RANK_BY_NAME[t[:-1]], _SUIT_BY_NAME[t[-1]])
    if t[0] in _SUIT_BY_NAME and t[1:] in _RANK_BY_NAME:
        return card(_RANK_BY_NAME[t[1:]], _SUIT_BY_NAME[t[0]])
    raise NotationError(
        f"{text!r} is not a card: ranks are 2-10 J Q K A, suits S H D C, the joker is JK"
    )


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse a space-separated string (or a sequence of strings) of cards."""
    parts = text.split() if isinstance(text, str) else list(text)
    return [parse_card(p) for p in parts]


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in notation, separated by spaces."""
    return " ".join(str(c) for c in cards)


def rank_from_text(text: str) -> int:
    """Parse a rank name (``2``..``10``, ``J``, ``Q``, ``K``, ``A``; ``11``..``14`` too)."""
    t = text.strip().upper()
    if t in _RANK_BY_NAME and t != "1":
        return _RANK_BY_NAME[t]
    if t.isdigit() and 2 <= int(t) <= 14:
        return int(t)
    raise NotationError(f"{text!r} is not a rank: use 2-10, J, Q, K, A (or 11-14)")


def standard_deck(
    suits: Sequence[int] = (0, 1, 2, 3), ranks: Iterable[int] = range(2, 15), jokers: int = 0
) -> list[Card]:
    """An ordered deck of the given suits and ranks, plus ``jokers`` jokers."""
    rank_list = list(ranks)
    deck = [card(r, s) for s in suits for r in rank_list]
    deck.extend([JOKER] * jokers)
    return deck
