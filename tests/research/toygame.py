"""A tiny test-only game ("high card"): exercises the research adapters without a real game.

Each of 1..3 players gets one card from J Q K A of spades; in turn each says
``pass`` or ``bet`` once; the highest card among the bettors wins (the highest
card overall if nobody bet). Scores: +1 for the winner, -1 for a losing bettor.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from pakka.core.cards import Card, card, parse_card
from pakka.core.errors import IllegalAction
from pakka.core.game import Game, State


@dataclass(frozen=True, slots=True)
class Say:
    """``pass`` (id 0) or ``bet`` (id 1)."""

    id: int

    def __str__(self) -> str:
        return ("pass", "bet")[self.id]


ACTIONS = (Say(0), Say(1))


class HighCard(Game["HighCardState"]):
    """The toy game."""

    name = "toy_highcard"
    title: ClassVar[dict[str, str]] = {"en": "High card", "fi": "Hai"}
    min_players = 1
    max_players = 3

    @property
    def num_distinct_actions(self) -> int:
        return 2

    def action_from_id(self, action_id: int) -> Say:
        if action_id not in (0, 1):
            raise IllegalAction(f"no action {action_id}")
        return ACTIONS[action_id]

    def full_deck(self) -> list[Card]:
        return [card(r, 0) for r in (11, 12, 13, 14)]

    def parse_card(self, text: str) -> Card:
        return parse_card(text)

    def _new_state(
        self, seed: int, stacked: list[Any] | None, deck_text: list[str] | None
    ) -> HighCardState:
        s = HighCardState()
        s._init_base(self, seed, deck_text)
        rest = [c for c in self.full_deck() if c not in (stacked or [])]
        s.rng.shuffle(rest)
        deck = (stacked or []) + rest
        s.hands = deck[: self.num_players]
        s.said = []
        return s


class HighCardState(State[Say]):
    """A position of the toy game."""

    hands: list[Card]
    said: list[int]

    @property
    def current_player(self) -> int | None:
        n = self.game.num_players
        return None if len(self.said) >= n else len(self.said)

    def legal_actions(self) -> list[Say]:
        return [] if self.is_terminal else list(ACTIONS)

    def parse_action(self, text: str) -> Say:
        if self.is_terminal:
            raise IllegalAction("the game is over")
        t = text.strip().lower()
        if t not in ("pass", "bet"):
            raise IllegalAction(f"{text!r}: say pass or bet")
        return ACTIONS[t == "bet"]

    def verify(self, action: Say) -> None:
        if self.is_terminal:
            raise IllegalAction("the game is over")
        if action not in ACTIONS:
            raise IllegalAction(f"{action} is not an action")

    def _apply(self, action: Say) -> None:
        self._say("toy.said", seat=len(self.said), bet=bool(action.id))
        self.said.append(action.id)

    def clone(self) -> HighCardState:
        s = HighCardState()
        self._copy_base(s)
        s.hands = self.hands.copy()
        s.said = self.said.copy()
        return s

    def _winner(self) -> int:
        bettors = [p for p, b in enumerate(self.said) if b] or list(range(len(self.said)))
        return max(bettors, key=lambda p: self.hands[p].index)

    @property
    def scores(self) -> list[int]:
        n = self.game.num_players
        if not self.is_terminal:
            return [0] * n
        w = self._winner()
        return [1 if p == w else (-1 if self.said[p] else 0) for p in range(n)]

    @property
    def winners(self) -> list[int]:
        return [self._winner()] if self.is_terminal else []

    def _view(self, player: int | None) -> dict[str, Any]:
        return {
            "hand": [] if player is None else [str(self.hands[player])],
            "said": ["pass" if b == 0 else "bet" for b in self.said],
            "shown": [str(c) for c in self.hands] if self.is_terminal else [],
        }

    def _full_view(self) -> dict[str, Any]:
        return {"hands": [str(c) for c in self.hands]}

    def sample_consistent(self, player: int, rng: random.Random) -> HighCardState:
        s = self.clone()
        if not self.is_terminal:
            others = [c for c in self.game.full_deck() if c != self.hands[player]]
            rng.shuffle(others)
            for p in range(self.game.num_players):
                if p != player:
                    s.hands[p] = others.pop()
        s._scrub(player, rng)
        return s
