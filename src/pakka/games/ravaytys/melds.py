"""Groups on the table: sets (R-RV-5) and runs (R-RV-6) with the card every wild
card represents (D-RV-2, D-RV-14).

A :class:`Meld` is mutable (lay-offs extend it, swaps exchange cards) and copied
by the state's ``clone``. A run lists its cards from its lowest position ``lo``
upwards; positions are 1..14 with the ace at 1 or 14 and never both (a run may not
turn the corner, D-RV-8).
"""

from __future__ import annotations

from pakka.games.ravaytys.cards import IS_WILD, card_at, name, pos_name, rank_name


class Meld:
    """One group: a set of ``key`` = rank, or a run of ``key`` = suit from position ``lo``."""

    __slots__ = ("cards", "is_run", "key", "lo", "owner")

    def __init__(self, owner: int, is_run: bool, key: int, lo: int = 0) -> None:
        self.owner = owner
        self.is_run = is_run
        self.key = key
        self.lo = lo
        self.cards: list[int] = []

    def copy(self) -> Meld:
        """An independent copy."""
        m = Meld(self.owner, self.is_run, self.key, self.lo)
        m.cards = self.cards.copy()
        return m

    @property
    def hi(self) -> int:
        """The highest position of a run."""
        return self.lo + len(self.cards) - 1

    def wild_count(self) -> int:
        """How many wild cards the group holds."""
        return sum(1 for c in self.cards if IS_WILD[c])

    def natural_count(self) -> int:
        """How many natural cards the group holds."""
        return sum(1 for c in self.cards if not IS_WILD[c])

    def next_pos(self) -> int:
        """The position the next card added to an open run (at the top) would take."""
        return self.lo + len(self.cards)

    def can_grow_low(self) -> bool:
        """Whether a card may go below a run (not below the low ace, no corner)."""
        return self.lo > 1 and not (self.lo == 2 and self.hi == 14)

    def can_grow_high(self) -> bool:
        """Whether a card may go above a run (not above the high ace, no corner)."""
        return self.hi < 14 and not (self.lo == 1 and self.hi == 13)

    def is_complete(self) -> bool:
        """Whether the group is big enough and has a natural card (R-RV-5/6, D-RV-1)."""
        need = 4 if self.is_run else 3
        return len(self.cards) >= need and self.natural_count() >= 1

    def to_json(self, mid: int | None) -> dict[str, object]:
        """The group as shown in every view: cards and what each wild card stands for."""
        cards = []
        for i, c in enumerate(self.cards):
            entry: dict[str, str] = {"card": name(c)}
            if IS_WILD[c]:
                entry["as"] = (
                    name(card_at(self.key, self.lo + i)) if self.is_run else rank_name(self.key)
                )
            cards.append(entry)
        d: dict[str, object] = {
            "owner": self.owner,
            "kind": "run" if self.is_run else "set",
            "cards": cards,
        }
        if mid is not None:
            d["id"] = f"M{mid + 1}"
        if self.is_run:
            d["suit"] = "SHDC"[self.key]
            d["from"] = pos_name(self.lo)
            d["to"] = pos_name(self.hi)
        else:
            d["rank"] = rank_name(self.key)
        return d

    def describe(self) -> str:
        """Short text: ``7 7H JK(7) 7S`` style, wild cards with what they stand for."""
        parts = []
        for i, c in enumerate(self.cards):
            if IS_WILD[c]:
                rep = name(card_at(self.key, self.lo + i)) if self.is_run else rank_name(self.key)
                parts.append(f"{name(c)}={rep}")
            else:
                parts.append(name(c))
        return " ".join(parts)


def runs_adjacent(lo1: int, hi1: int, lo2: int, hi2: int) -> bool:
    """Whether two runs of one suit continue each other (forbidden in a contract, R-RV-7)."""
    return hi1 + 1 == lo2 or hi2 + 1 == lo1
