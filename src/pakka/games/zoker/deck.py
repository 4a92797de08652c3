"""The 64-card Zoker deck (R-ZK-1..5): cards, likeness, straights, the 76 lines
of the cube and the non-transitive strength relation.

A card is an integer ``colour * 16 + size * 4 + shape`` (each attribute 0..3,
weakest first), so ``BS1`` is 0 and ``RXL4`` is 63 and sets of cards are 64-bit
masks. :class:`ZCard` is the same integer with Zoker notation as its text.

>>> str(parse_card("om3")), int(parse_card("BS1")), int(parse_card("RXL4"))
('OM3', 0, 63)
>>> is_compatible(parse_card("BS1"), parse_card("BS2"))
True
>>> stronger(parse_card("GS1"), parse_card("BXL4"))
True

Nothing here sorts cards by strength: the relation is not transitive (R-ZK-4),
so code asks :func:`stronger` about one pair at a time.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from pakka.core.bits import set_bits
from pakka.core.errors import NotationError
from pakka.core.rng import Rng

COLOURS: Final = "BGOR"
"""Colour letters, weakest first: blue, green, orange, red (R-ZK-1)."""
SIZES: Final = ("S", "M", "L", "XL")
"""Size codes, weakest first."""
SHAPES: Final = "1234"
"""Shape digits: the number of corners, weakest first."""
ATTRIBUTE_NAMES: Final = ("colour", "size", "shape")
"""Attributes in order of importance (R-ZK-4 rule 3: colour > size > shape)."""
COLOUR_NAMES: Final = {
    "en": ("blue", "green", "orange", "red"),
    "fi": ("sininen", "vihreä", "oranssi", "punainen"),
}

NUM_CARDS: Final = 64
FULL_MASK: Final = (1 << NUM_CARDS) - 1


def card_index(colour: int, size: int, shape: int) -> int:
    """The card with these attribute values (each 0..3, weakest first)."""
    return colour * 16 + size * 4 + shape


def colour_of(c: int) -> int:
    """Colour 0..3 (B G O R)."""
    return c >> 4


def size_of(c: int) -> int:
    """Size 0..3 (S M L XL)."""
    return (c >> 2) & 3


def shape_of(c: int) -> int:
    """Shape 0..3 (1..4 corners)."""
    return c & 3


ATTRS: Final[tuple[tuple[int, int, int], ...]] = tuple(
    (c >> 4, (c >> 2) & 3, c & 3) for c in range(NUM_CARDS)
)
"""(colour, size, shape) of every card."""

NAMES: Final[tuple[str, ...]] = tuple(COLOURS[a[0]] + SIZES[a[1]] + SHAPES[a[2]] for a in ATTRS)
"""Notation of every card (R-ZK-2, D-ZK-1)."""


class ZCard(int):
    """A Zoker card: an ``int`` 0..63 whose text is its notation (``BS1`` .. ``RXL4``)."""

    __slots__ = ()

    def __str__(self) -> str:
        return NAMES[self]

    def __repr__(self) -> str:
        return f"ZCard({NAMES[self]!r})"


CARDS: Final[tuple[ZCard, ...]] = tuple(ZCard(i) for i in range(NUM_CARDS))
"""The 64 cards in canonical order (``BS1`` first, ``RXL4`` last)."""

_CARD_RE: Final = re.compile(r"^([BGOR])(XL|S|M|L)([1-4])$")
_BY_NAME: Final = {n: CARDS[i] for i, n in enumerate(NAMES)}


def parse_card(text: str) -> ZCard:
    """Parse ``BS1``-style notation (case-insensitive; ``B-XL-4`` dashes allowed)."""
    t = text.strip().upper().replace("-", "").replace(" ", "")
    card = _BY_NAME.get(t)
    if card is None or not _CARD_RE.match(t):
        raise NotationError(
            f"{text!r} is not a Zoker card: write colour B/G/O/R, size S/M/L/XL and "
            "shape 1-4, e.g. BS1, OM3, RXL4"
        )
    return card


def name(c: int) -> str:
    """Notation of card ``c``."""
    return NAMES[c]


def names(cards: Iterable[int]) -> list[str]:
    """Notation of several cards."""
    return [NAMES[c] for c in cards]


mask_cards = set_bits
"""The cards of a 64-bit mask in canonical order."""


# -- likeness (R-ZK-3) -------------------------------------------------------------


def equal_attributes(a: int, b: int) -> int:
    """How many of the three attributes of ``a`` and ``b`` are equal."""
    x, y = ATTRS[a], ATTRS[b]
    return (x[0] == y[0]) + (x[1] == y[1]) + (x[2] == y[2])


def differing_attributes(a: int, b: int) -> list[str]:
    """Names of the attributes in which ``a`` and ``b`` differ (for explanations)."""
    x, y = ATTRS[a], ATTRS[b]
    return [ATTRIBUTE_NAMES[i] for i in range(3) if x[i] != y[i]]


COMPATIBLE: Final[tuple[int, ...]] = tuple(
    sum(1 << b for b in range(NUM_CARDS) if b != a and equal_attributes(a, b) == 2)
    for a in range(NUM_CARDS)
)
"""Mask of the 9 cards compatible with each card (exactly two attributes equal)."""

SHARES_ONE: Final[tuple[int, ...]] = tuple(
    sum(1 << b for b in range(NUM_CARDS) if b != a and equal_attributes(a, b) == 1)
    for a in range(NUM_CARDS)
)
"""Mask of the 27 cards alike in exactly one attribute."""

ALIKE_ANY: Final[tuple[int, ...]] = tuple(COMPATIBLE[a] | SHARES_ONE[a] for a in range(64))
"""Mask of the 36 cards with at least one equal attribute (Memo ``easy``, D-ME-3)."""


def is_compatible(a: int, b: int) -> bool:
    """Whether ``a`` and ``b`` form a pair: exactly two attributes equal (R-ZK-3)."""
    return bool(COMPATIBLE[a] >> b & 1)


def shares_one(a: int, b: int) -> bool:
    """Whether exactly one attribute of ``a`` and ``b`` is equal (R-ZK-3)."""
    return bool(SHARES_ONE[a] >> b & 1)


def has_pair(mask: int, partners: tuple[int, ...] = COMPATIBLE) -> bool:
    """Whether two cards of ``mask`` are partners (compatible by default)."""
    m = mask
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        if partners[c] & m:
            return True
    return False


# -- strength (R-ZK-4) ---------------------------------------------------------------


def _beats(a: int, b: int) -> bool:
    """R-ZK-4 worked out from the attributes: rules 1-3 (and D-ZK-2)."""
    x, y = ATTRS[a], ATTRS[b]
    w = sum(1 for i in range(3) if x[i] > y[i])
    lose = sum(1 for i in range(3) if x[i] < y[i])
    if w != lose:
        # Rules 1 and 2 (D-ZK-2: stronger in two, weaker in one is rule 1).
        return w > lose
    if w == 0:
        return False  # the same card
    # Rule 3: one stronger, one weaker, one equal: the most important
    # differing attribute decides (colour > size > shape).
    for i in range(3):
        if x[i] != y[i]:
            return x[i] > y[i]
    raise AssertionError("unreachable")


BEATS: Final[tuple[int, ...]] = tuple(
    sum(1 << b for b in range(NUM_CARDS) if _beats(a, b)) for a in range(NUM_CARDS)
)
"""``BEATS[a]``: mask of the cards that ``a`` is stronger than (precomputed 64x64 table)."""

STRONGER: Final[bytes] = bytes(
    1 if BEATS[a] >> b & 1 else 0 for a in range(NUM_CARDS) for b in range(NUM_CARDS)
)
"""``STRONGER[a * 64 + b]`` is 1 when ``a`` beats ``b`` (the same table, byte-indexed)."""

POWER: Final[tuple[int, ...]] = tuple(bin(m).count("1") for m in BEATS)
"""How many of the other 63 cards each card beats: a heuristic for bots, not an order."""


def stronger(a: int, b: int) -> bool:
    """Whether card ``a`` is stronger than card ``b`` (R-ZK-4; not transitive)."""
    return bool(STRONGER[a * 64 + b])


# -- the cube: straights and the 76 lines (R-ZK-3, R-KU-7) ---------------------------

STRAIGHT: Final = 0
PLANE_DIAGONAL: Final = 1
SPACE_DIAGONAL: Final = 2
LINE_KIND_NAMES: Final = ("straight", "diagonal", "zoker")


def _make_lines() -> tuple[tuple[tuple[int, int, int, int], ...], tuple[int, ...]]:
    seen: set[frozenset[int]] = set()
    lines: list[tuple[int, int, int, int]] = []
    kinds: list[int] = []
    dirs = [
        (dx, dy, dz)
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        for dz in (-1, 0, 1)
        if (dx, dy, dz) != (0, 0, 0)
    ]
    for x in range(4):
        for y in range(4):
            for z in range(4):
                for dx, dy, dz in dirs:
                    pts = [(x + k * dx, y + k * dy, z + k * dz) for k in range(4)]
                    if not all(0 <= v <= 3 for p in pts for v in p):
                        continue
                    cards = [card_index(*p) for p in pts]
                    key = frozenset(cards)
                    if key in seen:
                        continue
                    seen.add(key)
                    lines.append((cards[0], cards[1], cards[2], cards[3]))
                    kinds.append((dx != 0) + (dy != 0) + (dz != 0) - 1)
    # Canonical order: straights, then plane diagonals, then Zokers; within a
    # kind by the cards (each line written from its lowest-numbered end).
    rows = sorted(
        (k, min(ln[0], ln[3]) != ln[0], ln if ln[0] < ln[3] else ln[::-1])
        for ln, k in zip(lines, kinds, strict=True)
    )
    return tuple(r[2] for r in rows), tuple(r[0] for r in rows)


_LINES_AND_KINDS: Final = _make_lines()
LINES: Final = _LINES_AND_KINDS[0]
LINE_KINDS: Final = _LINES_AND_KINDS[1]
"""The 76 lines of the 4x4x4 cube (48 straights, 24 plane diagonals, 4 Zokers)."""
NUM_LINES: Final = len(LINES)
LINE_MASKS: Final[tuple[int, ...]] = tuple(sum(1 << c for c in ln) for ln in LINES)
LINES_THROUGH: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(i for i, ln in enumerate(LINES) if c in ln) for c in range(NUM_CARDS)
)
"""Indices of the lines through each card."""
STRAIGHT_LINES: Final[tuple[int, ...]] = tuple(i for i, k in enumerate(LINE_KINDS) if k == STRAIGHT)
"""The 48 straights (suorat): four mutually compatible cards (R-ZK-3)."""


def line_name(i: int) -> str:
    """A line in notation: its four cards joined by ``-``."""
    return "-".join(NAMES[c] for c in LINES[i])


_LINE_BY_MASK: Final = {m: i for i, m in enumerate(LINE_MASKS)}


def line_of(cards: list[int]) -> int | None:
    """The line made of exactly these four cards, or ``None``."""
    if len(cards) != 4:
        return None
    return _LINE_BY_MASK.get(sum(1 << c for c in set(cards)))


def deal_order(rng: Rng, stacked: Sequence[int] | None, pool: Sequence[int]) -> list[int]:
    """Deck order top first: the stacked cards, then the rest of ``pool`` shuffled
    by the state's generator (R-ZK-5: a uniform seeded shuffle)."""
    top = [int(c) for c in stacked or []]
    used = set(top)
    rest = [int(c) for c in pool if c not in used]
    shuffle(rng, rest)
    return top + rest


def shuffle(rng: Rng, items: list[int]) -> None:
    """Fisher-Yates with two 32-bit draws per generator step (fewer SplitMix64
    calls than ``Rng.shuffle``). Each index is ``(r * (i + 1)) >> 32`` for a
    32-bit ``r``: for at most 64 items the bias is below 2**-26."""
    i = len(items) - 1
    while i > 0:
        x = rng.next64()
        j = ((x & 0xFFFFFFFF) * (i + 1)) >> 32
        items[i], items[j] = items[j], items[i]
        i -= 1
        if i > 0:
            j = ((x >> 32) * (i + 1)) >> 32
            items[i], items[j] = items[j], items[i]
            i -= 1
