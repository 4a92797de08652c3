"""A tiny hidden-card game used only by the server tests ("toy").

Each player is dealt ``hand`` cards face down from twelve (A1..A6, B1..B6); in
turn, starting left of the dealer, a player plays one hand card face up. When
every hand is empty, the highest total of played numbers wins. The deal is
private to each seat (log entries with ``to=seat``), so the server's leak test
has something real to catch. The integer option ``dealer`` lets the tests check
that "play again" passes the deal left.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from pakka.core.errors import IllegalAction, NotationError, RulesError
from pakka.core.game import Game, State
from pakka.core.options import Option

CARDS = [f"{s}{n}" for s in "AB" for n in range(1, 7)]


@dataclass(frozen=True, slots=True)
class Play:
    """Play one card face up."""

    id: int

    def __str__(self) -> str:
        return f"play {CARDS[self.id]}"


PLAYS = [Play(i) for i in range(len(CARDS))]


class Toy(Game["ToyState"]):
    """The toy game's rules."""

    name = "toy"
    title: ClassVar[dict[str, str]] = {"en": "Toy", "fi": "Lelu"}
    summary: ClassVar[dict[str, str]] = {"en": "Test game.", "fi": "Testipeli."}
    min_players = 2
    max_players = 3
    option_specs = (
        Option("hand", "int", 2, {"en": "cards per hand", "fi": "kortteja"}, minimum=1, maximum=3),
        Option("dealer", "int", 0, {"en": "dealer seat", "fi": "jakaja"}, minimum=0, maximum=7),
    )

    def _check_options(self) -> None:
        if int(self.options["dealer"]) >= self.num_players:  # type: ignore[arg-type]
            raise RulesError("dealer must be a seat")

    @property
    def num_distinct_actions(self) -> int:
        return len(PLAYS)

    def action_from_id(self, action_id: int) -> Play:
        if not 0 <= action_id < len(PLAYS):
            raise IllegalAction(f"no action {action_id}")
        return PLAYS[action_id]

    def full_deck(self) -> list[str]:
        return list(CARDS)

    def parse_card(self, text: str) -> str:
        if text not in CARDS:
            raise NotationError(f"no card {text!r}")
        return text

    def _new_state(
        self, seed: int, stacked: list[Any] | None, deck_text: list[str] | None
    ) -> ToyState:
        s = ToyState()
        s._init_base(self, seed, deck_text)
        rest = [c for c in range(len(CARDS)) if CARDS[c] not in (stacked or [])]
        s.rng.shuffle(rest)
        order = [CARDS.index(c) for c in stacked or []] + rest
        n, h = self.num_players, int(self.options["hand"])  # type: ignore[arg-type]
        s.hands = [order[p * h : (p + 1) * h] for p in range(n)]
        s.stock = order[n * h :]
        s.played = []
        s.turn = (int(self.options["dealer"]) + 1) % n  # type: ignore[arg-type]
        for p in range(n):
            s._say("toy.dealt", to=p, cards=[CARDS[c] for c in s.hands[p]])
        return s


class ToyState(State[Play]):
    """A toy position."""

    hands: list[list[int]]
    stock: list[int]
    played: list[tuple[int, int]]
    turn: int

    @property
    def current_player(self) -> int | None:
        return None if all(not h for h in self.hands) else self.turn

    def legal_actions(self) -> list[Play]:
        if self.current_player is None:
            return []
        return [PLAYS[c] for c in sorted(self.hands[self.turn])]

    def parse_action(self, text: str) -> Play:
        if self.current_player is None:
            raise IllegalAction("the game is over")
        word, _, card = text.strip().partition(" ")
        if word != "play" or card.strip() not in CARDS:
            raise IllegalAction(f"{text!r}: write 'play <card>' with a card of your hand")
        c = CARDS.index(card.strip())
        if c not in self.hands[self.turn]:
            raise IllegalAction(f"{card} is not in your hand; play one of your cards")
        return PLAYS[c]

    def verify(self, action: Play) -> None:
        if self.current_player is None or action.id not in self.hands[self.turn]:
            raise IllegalAction(f"{action} is not legal now")

    def _apply(self, action: Play) -> None:
        self.hands[self.turn].remove(action.id)
        self.played.append((self.turn, action.id))
        self._say("toy.played", player=self.turn, card=CARDS[action.id])
        self.turn = (self.turn + 1) % self.game.num_players

    def clone(self) -> ToyState:
        s = ToyState()
        self._copy_base(s)
        s.hands = [h.copy() for h in self.hands]
        s.stock = self.stock.copy()
        s.played = self.played.copy()
        s.turn = self.turn
        return s

    @property
    def scores(self) -> list[int]:
        t = [0] * self.game.num_players
        for p, c in self.played:
            t[p] += int(CARDS[c][1])
        return t

    @property
    def winners(self) -> list[int]:
        if self.current_player is not None:
            return []
        s = self.scores
        return [p for p in range(len(s)) if s[p] == max(s)]

    def _view(self, player: int | None) -> dict[str, Any]:
        return {
            "hand": None if player is None else [CARDS[c] for c in sorted(self.hands[player])],
            "hand_sizes": [len(h) for h in self.hands],
            "stock_size": len(self.stock),
            "played": [[p, CARDS[c]] for p, c in self.played],
        }

    def _full_view(self) -> dict[str, Any]:
        return {
            "hands": [[CARDS[c] for c in sorted(h)] for h in self.hands],
            "stock": [CARDS[c] for c in self.stock],
        }

    def sample_consistent(self, player: int, rng: random.Random) -> ToyState:
        s = self.clone()
        unseen = [c for p, h in enumerate(self.hands) if p != player for c in h] + self.stock
        rng.shuffle(unseen)
        for p in range(self.game.num_players):
            if p != player:
                k = len(s.hands[p])
                s.hands[p], unseen = unseen[:k], unseen[k:]
        s.stock = unseen
        s._scrub(player, rng)
        return s


def register() -> None:
    """Add the toy game to pakka's registry (tests only)."""
    from pakka.bots import GAME_BOT_MODULES
    from pakka.core import registry

    registry.register("toy", "server.toygame:Toy")
    GAME_BOT_MODULES.setdefault("toy", "server.toybots")


def unregister() -> None:
    """Remove the toy game again, so that no other test suite ever sees it."""
    from pakka.bots import GAME_BOT_MODULES
    from pakka.core import registry

    registry.unregister("toy")
    GAME_BOT_MODULES.pop("toy", None)
