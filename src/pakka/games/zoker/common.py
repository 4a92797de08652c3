"""What the five Zoker games share: the 64-card deck as a game's deck and notation."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pakka.core.errors import RulesError
from pakka.core.game import Game
from pakka.core.gametype import DeckKind
from pakka.games.zoker.deck import CARDS, NAMES, ZCard, parse_card


class ZokerDeckMixin:
    """``full_deck``/``parse_card`` of a game played with the Zoker deck (R-ZK-1, R-ZK-2)."""

    deck_kind: ClassVar[DeckKind] = DeckKind.ZOKER

    def full_deck(self) -> list[Any]:
        """The 64 cards in canonical order, ``BS1`` .. ``RXL4``."""
        return list(CARDS)

    def parse_card(self, text: str) -> ZCard:
        """Zoker card notation (``BS1``, ``OM3``, ``RXL4``); not the standard one."""
        return parse_card(text)


def check_not_stacked(game: Game[Any], stacked: list[Any] | None, fixed: set[int]) -> None:
    """Refuse a stacked deck that contains cards the setup puts on the table."""
    for c in stacked or []:
        if int(c) in fixed:
            raise RulesError(f"deck: {c} is placed on the table at the start of {game.name}")


def winners_by_max(scores: list[int]) -> list[int]:
    """Every seat with the highest score (equal highest share the win)."""
    best = max(scores)
    return [i for i, s in enumerate(scores) if s == best]


def hands_full_view(hands: list[list[int]], stock: list[int]) -> dict[str, Any]:
    """The hidden part of a hands-and-stock game for the full view (Tiko, Kubo):
    every hand and the stock in dealing order."""
    return {
        "hands": [[NAMES[c] for c in sorted(h)] for h in hands],
        "stock_order": [NAMES[c] for c in reversed(stock)],
    }


def redeal_unseen(
    hands: list[list[int]],
    stock: list[int],
    player: int,
    rng: random.Random,
    sort: bool = False,
) -> tuple[list[list[int]], list[int]]:
    """For ``sample_consistent`` (Tiko, Kubo): the cards ``player`` cannot see
    (the other hands and the stock) shuffled uniformly and dealt back in the
    same sizes; ``player``'s own hand is kept. ``sort`` sorts each dealt hand."""
    unknown = [c for p, h in enumerate(hands) if p != player for c in h]
    unknown += stock
    # Sorted before the shuffle: the draw then depends only on what ``player`` knows
    # (the set of unseen cards), not on where they really are, so two states the
    # player cannot tell apart give the same samples (a review's judgement relies on it).
    unknown.sort()
    rng.shuffle(unknown)
    out: list[list[int]] = []
    k = 0
    for p, h in enumerate(hands):
        if p == player:
            out.append(h.copy())
            continue
        dealt = unknown[k : k + len(h)]
        out.append(sorted(dealt) if sort else dealt)
        k += len(h)
    return out, unknown[k:]
