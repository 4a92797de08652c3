"""Viisisataa actions and the precomputed card tables the engine runs on.

Every action is one :class:`Move` from the fixed table :data:`ACTIONS`, so its
``id`` is stable and ``legal_actions()`` allocates nothing but a list. Cards are
the standard pakka cards (``card.index``: ``suit * 13 + rank - 2``, joker 52);
hands are bitmasks over those indices.

Id layout (``NUM_ACTIONS`` = 198)::

    0..52     play a card              "AS", "10H", "JK"
    53..56    lead the joker in a no-trump hand declaring a suit  "JK:S" "JK:H" "JK:D" "JK:C"
    57..109   discard a card from the kitty exchange   "discard AS"
    110..134  bids: (tricks - 6) * 5 + bid suit (S C D H NT)   "bid 6S" .. "bid 10NT"
    135       misère "misere"        136 "pass"      137 "double"     138 "redouble"
    139..143  choose a partner by seat (5 players)   "partner 3"
    144..196  name a partner card (5 players, option partner_by_card)   "call AS"
    197       a discard hidden from this seat (appears only in sampled histories; never legal)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from pakka.core.bits import set_bits
from pakka.core.cards import CARDS, JOKER_INDEX, SUITS

# Action kinds.
PLAY: Final = 0
JOKER_LEAD: Final = 1
DISCARD: Final = 2
BID: Final = 3
MISERE: Final = 4
PASS: Final = 5
DOUBLE: Final = 6
REDOUBLE: Final = 7
PARTNER: Final = 8
CALL: Final = 9
HIDDEN: Final = 10

JOKER_LEAD_BASE: Final = 53
DISCARD_BASE: Final = 57
BID_BASE: Final = 110
MISERE_ID: Final = 135
PASS_ID: Final = 136
DOUBLE_ID: Final = 137
REDOUBLE_ID: Final = 138
PARTNER_BASE: Final = 139
CALL_BASE: Final = 144
HIDDEN_ID: Final = 197
NUM_ACTIONS: Final = 198

NO_TRUMP: Final = 4
"""Trump context of grand, misère and the no-contract grand: only the joker is trump
(R-5S-4, R-5S-15)."""

BID_SUIT_LETTERS: Final = ("S", "C", "D", "H", "NT")
"""Bid suits in rising value order (R-5S-8): spades < clubs < diamonds < hearts < grand."""
BID_SUIT_TO_CARD_SUIT: Final = (0, 3, 2, 1, NO_TRUMP)
"""Bid suit index -> card suit index (pakka cards order suits S H D C)."""
SAME_COLOUR: Final = (3, 2, 1, 0)
"""The other suit of the same colour (spades<->clubs, hearts<->diamonds): the left bower's."""
MISERE_VALUE: Final = 250


def bid_value(bid: int) -> int:
    """Points of bid index ``bid`` (0..24): 40 + 100 per trick above six + 20 per suit step."""
    return 40 + 100 * (bid // 5) + 20 * (bid % 5)


def bid_tricks(bid: int) -> int:
    """Tricks a bid index promises (6..10)."""
    return 6 + bid // 5


@dataclass(frozen=True, slots=True)
class Move:
    """One Viisisataa action: its stable ``id``, ``kind``, argument and canonical text."""

    id: int
    kind: int
    arg: int
    text: str

    def __str__(self) -> str:
        return self.text


def _build() -> tuple[Move, ...]:
    acts: list[Move] = []
    for c in range(53):
        acts.append(Move(c, PLAY, c, str(CARDS[c])))
    for s in range(4):
        acts.append(Move(JOKER_LEAD_BASE + s, JOKER_LEAD, s, "JK:" + SUITS[s]))
    for c in range(53):
        acts.append(Move(DISCARD_BASE + c, DISCARD, c, "discard " + str(CARDS[c])))
    for b in range(25):
        acts.append(Move(BID_BASE + b, BID, b, f"bid {bid_tricks(b)}{BID_SUIT_LETTERS[b % 5]}"))
    acts.append(Move(MISERE_ID, MISERE, 0, "misere"))
    acts.append(Move(PASS_ID, PASS, 0, "pass"))
    acts.append(Move(DOUBLE_ID, DOUBLE, 0, "double"))
    acts.append(Move(REDOUBLE_ID, REDOUBLE, 0, "redouble"))
    for p in range(5):
        acts.append(Move(PARTNER_BASE + p, PARTNER, p, f"partner {p}"))
    for c in range(53):
        acts.append(Move(CALL_BASE + c, CALL, c, "call " + str(CARDS[c])))
    acts.append(Move(HIDDEN_ID, HIDDEN, 0, "discard ??"))
    assert [a.id for a in acts] == list(range(NUM_ACTIONS))
    return tuple(acts)


ACTIONS: Final[tuple[Move, ...]] = _build()
PLAYS: Final = ACTIONS[0:53]
JOKER_LEADS: Final = ACTIONS[JOKER_LEAD_BASE : JOKER_LEAD_BASE + 4]
DISCARDS: Final = ACTIONS[DISCARD_BASE : DISCARD_BASE + 53]
BIDS: Final = ACTIONS[BID_BASE : BID_BASE + 25]
CALLS: Final = ACTIONS[CALL_BASE : CALL_BASE + 53]
JOKER_BIT: Final = 1 << JOKER_INDEX


def _suit_tables(base: tuple[Move, ...]) -> tuple[tuple[tuple[Move, ...], ...], ...]:
    """For each suit, all 8192 rank subsets -> the actions of those cards (bit order)."""
    out = []
    for s in range(4):
        table = []
        for bits in range(1 << 13):
            table.append(tuple(base[s * 13 + r] for r in range(13) if bits >> r & 1))
        out.append(tuple(table))
    return tuple(out)


PLAY_TABLE: Final = _suit_tables(PLAYS)
DISCARD_TABLE: Final = _suit_tables(DISCARDS)


def mask_actions(
    mask: int, table: tuple[tuple[tuple[Move, ...], ...], ...], joker: Move
) -> list[Move]:
    """The actions of every card in ``mask`` (card-index order), from a suit table."""
    out = [
        *table[0][mask & 0x1FFF],
        *table[1][(mask >> 13) & 0x1FFF],
        *table[2][(mask >> 26) & 0x1FFF],
        *table[3][(mask >> 39) & 0x1FFF],
    ]
    if mask & JOKER_BIT:
        out.append(joker)
    return out


cards_of = set_bits
"""Card indices in a mask, ascending."""


def mask_of(cards: list[int]) -> int:
    """The bitmask of card indices."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _effective_suits() -> tuple[tuple[int, ...], ...]:
    """EFFECTIVE[t][card]: the suit a card belongs to under trump context ``t`` (R-5S-2).

    Under a trump suit the joker and both bowers belong to trumps; with no trump
    (t = 4) the joker belongs to no suit (4).
    """
    out = []
    for t in range(5):
        row = []
        for c in range(53):
            if c == JOKER_INDEX:
                row.append(t)
                continue
            s, rank = c // 13, c % 13 + 2
            if t < 4 and rank == 11 and s in (t, SAME_COLOUR[t]):
                row.append(t)
            else:
                row.append(s)
        out.append(tuple(row))
    return tuple(out)


EFFECTIVE: Final = _effective_suits()
SUIT_MASK: Final = tuple(
    tuple(mask_of([c for c in range(53) if EFFECTIVE[t][c] == s]) for s in range(5))
    for t in range(5)
)
"""SUIT_MASK[t][s]: every card whose effective suit is ``s`` under trump context ``t``."""


def trump_rank(t: int, c: int) -> int:
    """Order within trumps (higher wins): joker, right bower, left bower, A K Q 10 … (R-5S-2)."""
    if c == JOKER_INDEX:
        return 50
    s, rank = c // 13, c % 13 + 2
    if rank == 11:
        return 49 if s == t else 48
    return rank + 30


def _power() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """POWER[t][led][card]: trick-taking strength; 0 for a card that cannot win (R-5S-14, -15)."""
    out = []
    for t in range(5):
        by_led = []
        for led in range(5):
            row = []
            for c in range(53):
                e = EFFECTIVE[t][c]
                if c == JOKER_INDEX and t == NO_TRUMP:
                    row.append(200)  # the only trump in grand and misère
                elif t < 4 and e == t:
                    row.append(100 + trump_rank(t, c))
                elif e == led:
                    row.append(c % 13 + 2)  # R-5S-3: plain suits A K Q J 10 9 8 7 (…)
                else:
                    row.append(0)
            by_led.append(tuple(row))
        out.append(tuple(by_led))
    return tuple(out)


POWER: Final = _power()
