"""A tiny hidden-information game used only to test the generic front ends.

Each player is dealt ``hand`` cards from the spades 2..9 (hidden); in turn they
play one card face up; each round's highest card scores a point for its
player; when every hand is empty the most points win (ties share). Notation: the card, e.g. ``7S``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from pakka.core.cards import CARDS, Card, card, parse_card, standard_deck
from pakka.core.errors import IllegalAction, NotationError
from pakka.core.game import Game, State
from pakka.core.options import Option


class Play:
    """Play one card from the hand."""

    __slots__ = ("card", "id")

    def __init__(self, c: Card) -> None:
        self.card = c
        self.id = c.index

    def __str__(self) -> str:
        return str(self.card)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and other.id == self.id

    def __hash__(self) -> int:
        return self.id


PLAYS = [Play(c) for c in CARDS]


class ToyGame(Game["ToyState"]):
    name = "clitoy"
    title: ClassVar[Mapping[str, str]] = {"en": "Toy", "fi": "Lelu"}
    summary: ClassVar[Mapping[str, str]] = {
        "en": "Play your highest cards.",
        "fi": "Pelaa korkeimmat korttisi.",
    }
    min_players = 2
    max_players = 3
    option_specs = (
        Option(
            "hand",
            "int",
            2,
            {"en": "cards per player", "fi": "kortteja pelaajalle"},
            minimum=1,
            maximum=2,
            rule="R-TOY-1",
        ),
    )

    @property
    def num_distinct_actions(self) -> int:
        return 53

    def action_from_id(self, action_id: int) -> Play:
        if not 0 <= action_id < 53:
            raise IllegalAction(f"no action {action_id}")
        return PLAYS[action_id]

    def full_deck(self) -> list[Card]:
        return standard_deck(suits=(0,), ranks=range(2, 10))

    def parse_card(self, text: str) -> Card:
        return parse_card(text)

    def _new_state(
        self, seed: int, stacked: list[Any] | None, deck_text: list[str] | None
    ) -> ToyState:
        s = ToyState()
        s._init_base(self, seed, deck_text)
        deck = self.full_deck()
        rest = [c for c in deck if c not in (stacked or [])]
        s.rng.shuffle(rest)
        deck = list(stacked or []) + rest
        h = int(self.options["hand"])  # type: ignore[arg-type]
        s.hands = [
            sorted(deck[i * h : (i + 1) * h], key=lambda c: c.index)
            for i in range(self.num_players)
        ]
        s.stock = deck[self.num_players * h :]
        s.played = [[] for _ in range(self.num_players)]
        s.turn = 0
        for p in range(self.num_players):
            s._say("toy.dealt", to=p, cards=" ".join(str(c) for c in s.hands[p]))
        return s


class ToyState(State[Play]):
    hands: list[list[Card]]
    stock: list[Card]
    played: list[list[Card]]
    turn: int

    @property
    def current_player(self) -> int | None:
        if all(not h for h in self.hands):
            return None
        return self.turn

    def legal_actions(self) -> list[Play]:
        if self.current_player is None:
            return []
        return [PLAYS[c.index] for c in self.hands[self.turn]]

    def parse_action(self, text: str) -> Play:
        if self.current_player is None:
            raise IllegalAction("the game is over")
        try:
            c = parse_card(text)
        except NotationError as e:
            raise IllegalAction(str(e)) from None
        if c not in self.hands[self.turn]:
            raise IllegalAction(
                f"{c} is not in your hand; play one of "
                + ", ".join(str(x) for x in self.hands[self.turn])
            )
        return PLAYS[c.index]

    def _apply(self, action: Play) -> None:
        p = self.turn
        self.hands[p].remove(action.card)
        self.played[p].append(action.card)
        self._say("toy.play", player=p, card=str(action.card))
        self.turn = (p + 1) % self.game.num_players
        if self.current_player is None:
            self._say("toy.over", scores=" ".join(map(str, self.scores)))

    def clone(self) -> ToyState:
        s = ToyState()
        self._copy_base(s)
        s.hands = [h.copy() for h in self.hands]
        s.stock = self.stock.copy()
        s.played = [p.copy() for p in self.played]
        s.turn = self.turn
        return s

    @property
    def scores(self) -> list[int]:
        pts = [0] * self.game.num_players
        for r in range(min(len(p) for p in self.played)):
            best = max(range(len(pts)), key=lambda p: self.played[p][r].rank)
            pts[best] += 1
        return pts

    @property
    def winners(self) -> list[int]:
        if self.current_player is not None:
            return []
        best = max(self.scores)
        return [p for p, s in enumerate(self.scores) if s == best]

    def _view(self, player: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "hand_sizes": [len(h) for h in self.hands],
            "played": [[str(c) for c in p] for p in self.played],
        }
        if player is not None:
            v["hand"] = [str(c) for c in self.hands[player]]
        return v

    def _full_view(self) -> dict[str, Any]:
        return {
            "hands": [[str(c) for c in h] for h in self.hands],
            "stock": [str(c) for c in self.stock],
        }

    def sample_consistent(self, player: int, rng: random.Random) -> ToyState:
        s = self.clone()
        pool = [c for p, h in enumerate(s.hands) if p != player for c in h] + s.stock
        rng.shuffle(pool)
        for p, h in enumerate(s.hands):
            if p != player:
                n = len(h)
                s.hands[p] = sorted(pool[:n], key=lambda c: c.index)
                pool = pool[n:]
        s.stock = pool
        s._scrub(player, rng)
        return s


__all__ = ["ToyGame", "card"]
