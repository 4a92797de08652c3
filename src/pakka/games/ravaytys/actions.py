"""Räväytys actions: small frozen values with a stable id and canonical text.

Notation (see docs/games/ravaytys.md):

* ``take`` — take the top discard; ``draw`` — leave it (the buy window opens,
  then you draw from the stock);
* ``buy`` / ``pass`` — a seat asked in the buy window (D-RV-3);
* ``discard 7H`` — end the turn (also the dealer's opening discard, R-RV-9);
* ``meld`` — start laying down the contract; then ``set 7`` or ``run H 5``
  (open a group: a set of sevens, a heart run from 5 upwards), ``add 7H`` (the
  next card of the open group; a wild card stands for the next position),
  ``close`` (finish the group; the last group lays the contract down) and
  ``cancel`` (take everything back);
* ``lay 7H M2`` (to a set), ``lay 10S M3 hi`` / ``lay JK M3 lo`` (to a run end);
* ``swap 5H M1 JK`` — your 5H replaces the joker in meld M1 (R-RV-17), then
  ``place M4 lo`` / ``place M2`` puts that wild card in its new place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from pakka.games.ravaytys.cards import IS_WILD, NUM_KINDS, WILDS, name, pos_name, rank_name

MAX_MELDS: Final = 24
"""At most 6 players x 4 groups lie on the table (the largest contract has 4 groups)."""

TAKE, DRAW, BUY, PASS, DISCARD, MELD, SET, RUN, ADD, CLOSE, CANCEL, LAY, SWAP, PLACE = range(14)
NO_END, LOW, HIGH = 0, 1, 2
END_NAMES: Final = ("", " lo", " hi")


@dataclass(frozen=True, slots=True)
class RvAction:
    """One Räväytys action; ``kind`` is one of the module constants."""

    id: int
    kind: int
    card: int = -1
    meld: int = -1
    arg: int = -1
    text: str = field(default="", compare=False, repr=False)

    def __str__(self) -> str:
        return self.text


ACTIONS: list[RvAction] = []


def _add(kind: int, text: str, card: int = -1, meld: int = -1, arg: int = -1) -> RvAction:
    a = RvAction(len(ACTIONS), kind, card, meld, arg, text)
    ACTIONS.append(a)
    return a


A_TAKE: Final = _add(TAKE, "take")
A_DRAW: Final = _add(DRAW, "draw")
A_BUY: Final = _add(BUY, "buy")
A_PASS: Final = _add(PASS, "pass")
A_MELD: Final = _add(MELD, "meld")
A_CLOSE: Final = _add(CLOSE, "close")
A_CANCEL: Final = _add(CANCEL, "cancel")
A_DISCARD: Final = tuple(_add(DISCARD, f"discard {name(c)}", card=c) for c in range(NUM_KINDS))
A_ADD: Final = tuple(_add(ADD, f"add {name(c)}", card=c) for c in range(NUM_KINDS))
A_SET: Final = {r: _add(SET, f"set {rank_name(r)}", arg=r) for r in range(2, 15)}
"""Open a set of rank r (2..14)."""
A_RUN: Final = tuple(
    tuple(_add(RUN, f"run {'SHDC'[s]} {pos_name(p)}", arg=s * 16 + p) for p in range(1, 12))
    for s in range(4)
)
"""A_RUN[suit][start - 1]: open a run of ``suit`` whose lowest position is ``start`` (1..11)."""
A_LAY: Final = tuple(
    tuple(
        tuple(
            _add(LAY, f"lay {name(c)} M{m + 1}{END_NAMES[e]}", card=c, meld=m, arg=e)
            for e in range(3)
        )
        for m in range(MAX_MELDS)
    )
    for c in range(NUM_KINDS)
)
"""A_LAY[card][meld][end]: lay a card off (end NO_END for sets, LOW/HIGH for runs)."""
_WILD_SLOT: Final = {w: i for i, w in enumerate(WILDS)}
A_SWAP: Final = {
    (c, m, w): _add(SWAP, f"swap {name(c)} M{m + 1} {name(w)}", card=c, meld=m, arg=w)
    for c in range(52)
    if not IS_WILD[c]
    for m in range(MAX_MELDS)
    for w in WILDS
}
"""A_SWAP[(natural, meld, wild)]: the natural replaces that wild card (R-RV-17)."""
A_PLACE: Final = tuple(
    tuple(_add(PLACE, f"place M{m + 1}{END_NAMES[e]}", meld=m, arg=e) for e in range(3))
    for m in range(MAX_MELDS)
)
"""A_PLACE[meld][end]: where the wild card freed by a swap goes."""

BY_TEXT: Final = {a.text: a for a in ACTIONS}
NUM_ACTIONS: Final = len(ACTIONS)
