"""Zoker Tiko, the trick game for 2-5 players (R-TI-1..5, D-TI-1..5).

Each player plays one card a trick; a card goes on top of the pile when it is
stronger (R-ZK-4) than the current top card and underneath when weaker
(D-TI-2: only the top card counts, the relation is not transitive). The seat
whose card is on top after everyone played wins the trick's cards and leads.
When the hands are empty, four new cards each are dealt while the stock can
give everyone four (D-TI-4).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from pakka.core.errors import IllegalAction, NotationError
from pakka.core.game import Game, State
from pakka.core.seam import Display
from pakka.games.zoker.common import (
    ZokerDeckMixin,
    hands_full_view,
    redeal_unseen,
    winners_by_max,
)
from pakka.games.zoker.deck import CARDS, NAMES, STRONGER, deal_order, parse_card
from pakka.games.zoker.display import TikoDisplay
from pakka.games.zoker.view import TikoView

HAND_SIZE = 4
DEALER = 0
"""D-TI-5: seat 0 deals, so seat 1 (left of the dealer) leads the first trick."""


@dataclass(frozen=True, slots=True)
class TikoPlay:
    """Play a card from hand (notation: the card, e.g. ``OM3``)."""

    id: int

    def __str__(self) -> str:
        return NAMES[self.id]


PLAYS: tuple[TikoPlay, ...] = tuple(TikoPlay(c) for c in range(64))


class Tiko(ZokerDeckMixin, Game["TikoState"]):
    """Zoker Tiko: tricks won by the card on top of the pile."""

    name = "zoker-tiko"
    view_type: ClassVar[type | None] = TikoView
    display: ClassVar[Display] = TikoDisplay()
    title: ClassVar[dict[str, str]] = {"en": "Zoker Tiko", "fi": "Zoker Tiko"}
    summary: ClassVar[dict[str, str]] = {
        "en": "Trick game with the Zoker deck: stronger cards go on top, the top card wins.",
        "fi": "Zoker-tikkipeli: vahvempi kortti pinon päälle, päällimmäinen voittaa tikin.",
    }
    min_players = 2
    max_players = 5

    @property
    def num_distinct_actions(self) -> int:
        return 64

    def action_from_id(self, action_id: int) -> TikoPlay:
        if not isinstance(action_id, int) or not 0 <= action_id < 64:
            raise IllegalAction(f"no Tiko action with id {action_id!r}; ids are 0..63")
        return PLAYS[action_id]

    def _new_state(
        self, seed: int, stacked: list[Any] | None, deck_text: list[str] | None
    ) -> TikoState:
        s = TikoState()
        s._init_base(self, seed, deck_text)
        order = deal_order(s.rng, stacked, range(64))
        # Top of the deck at the end of the list: dealing pops.
        s.stock = order[::-1]
        n = self.num_players
        s.n = n
        s.hands = [[] for _ in range(n)]
        s.won = [0] * n
        s.pile = []
        s.pile_seats = []
        s.top_seat = -1
        s.last_pile = []
        s.last_seats = []
        s.last_winner = -1
        s.played = []
        s.leader = (DEALER + 1) % n
        s.turn = s.leader
        s.over = False
        s._deal()
        return s


class TikoState(State[TikoPlay]):
    """A Tiko position: hands, the stock, the trick pile and won card counts."""

    public_history: ClassVar[bool] = True
    n: int
    hands: list[list[int]]
    stock: list[int]
    won: list[int]
    pile: list[int]
    pile_seats: list[int]
    top_seat: int
    last_pile: list[int]
    last_seats: list[int]
    last_winner: int
    played: list[int]
    leader: int
    turn: int
    over: bool

    def _deal(self) -> None:
        """Four cards each (R-TI-1, R-TI-4): stacked decks give the first four
        cards to seat 0, the next four to seat 1, and so on."""
        n = self.game.num_players
        stock = self.stock
        for p in range(n):
            hand = self.hands[p]
            for _ in range(HAND_SIZE):
                hand.append(stock.pop())
            hand.sort()
            self._say("tiko.dealt", to=p, cards=" ".join(NAMES[c] for c in hand))
        self._say("tiko.deal", stock=len(stock))

    @property
    def current_player(self) -> int | None:
        return None if self.over else self.turn

    def legal_actions(self) -> list[TikoPlay]:
        if self.over:
            return []
        return [PLAYS[c] for c in self.hands[self.turn]]

    def parse_action(self, text: str) -> TikoPlay:
        if self.over:
            raise IllegalAction("the game is over")
        try:
            card = parse_card(text)
        except NotationError as e:
            raise IllegalAction(f"{e}; play a card from your hand") from None
        action = PLAYS[card]
        self.verify(action)
        return action

    def verify(self, action: TikoPlay) -> None:
        if self.over:
            raise IllegalAction("the game is over")
        if not isinstance(action, TikoPlay):
            raise IllegalAction(f"{action!r} is not a Tiko action")
        hand = self.hands[self.turn]
        if action.id not in hand:
            raise IllegalAction(
                f"{NAMES[action.id]} is not in your hand; play one of "
                + " ".join(NAMES[c] for c in hand)
            )

    def _apply(self, action: TikoPlay) -> None:
        c = action.id
        p = self.turn
        self.hands[p].remove(c)
        self.played.append(c)
        pile = self.pile
        if not pile or STRONGER[c * 64 + pile[-1]]:
            # R-TI-2/D-TI-2: stronger than the top card (or the lead): on top.
            pile.append(c)
            self.pile_seats.append(p)
            self.top_seat = p
        else:
            pile.insert(0, c)
            self.pile_seats.insert(0, p)
        nxt = p + 1
        if nxt == self.n:
            nxt = 0
        if nxt != self.leader:
            self.turn = nxt
            return
        # R-TI-3: the top card's owner takes the trick and leads next. The log
        # records the whole trick, bottom to top (each play is in the history
        # and the pile of the trick in progress is in the view).
        w = self.top_seat
        self.won[w] += len(pile)
        self._say(
            "tiko.trick",
            seat=w,
            card=NAMES[pile[-1]],
            cards=len(pile),
            pile=" ".join(NAMES[x] for x in pile),
            seats=list(self.pile_seats),
        )
        # The trick just taken stays on view as the last trick (public: every
        # played card is public, D-TI-5).
        self.last_pile = self.pile
        self.last_seats = self.pile_seats
        self.last_winner = w
        self.pile = []
        self.pile_seats = []
        self.top_seat = -1
        self.leader = w  # D-TI-3: the trick's winner keeps the lead
        self.turn = w
        if not self.hands[w]:
            # R-TI-4/D-TI-4: deal again while everyone can get four.
            if len(self.stock) >= HAND_SIZE * self.n:
                self._deal()
            else:
                self.over = True
                self._say("tiko.end", left=len(self.stock), scores=list(self.won))

    def clone(self) -> TikoState:
        s = TikoState()
        self._copy_base(s)
        s.n = self.n
        s.hands = [h.copy() for h in self.hands]
        s.stock = self.stock.copy()
        s.won = self.won.copy()
        s.pile = self.pile.copy()
        s.pile_seats = self.pile_seats.copy()
        s.top_seat = self.top_seat
        s.last_pile = self.last_pile.copy()
        s.last_seats = self.last_seats.copy()
        s.last_winner = self.last_winner
        s.played = self.played.copy()
        s.leader = self.leader
        s.turn = self.turn
        s.over = self.over
        return s

    @property
    def scores(self) -> list[int]:
        return list(self.won)

    @property
    def winners(self) -> list[int]:
        # D-TI-5 / R-TI-5: most won cards; equal highest share the win.
        return winners_by_max(self.won) if self.over else []

    def heuristic_returns(self) -> list[float]:
        total = sum(self.won)
        n = self.game.num_players
        if total == 0:
            return [1.0 / n] * n
        return [w / total for w in self.won]

    def _view(self, player: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "hand_sizes": [len(h) for h in self.hands],
            "stock": len(self.stock),
            "pile": [NAMES[c] for c in self.pile],
            "pile_seats": list(self.pile_seats),
            "top_seat": None if self.top_seat < 0 else self.top_seat,
            "leader": self.leader,
            "won": list(self.won),
            "last_trick": [NAMES[c] for c in self.last_pile],
            "last_trick_seats": list(self.last_seats),
            "last_trick_winner": None if self.last_winner < 0 else self.last_winner,
            # D-TI-5: every played card is public.
            "played": [NAMES[c] for c in self.played],
        }
        if player is not None:
            v["hand"] = [NAMES[c] for c in sorted(self.hands[player])]
        return v

    def _full_view(self) -> dict[str, Any]:
        return hands_full_view(self.hands, self.stock)

    def sample_consistent(self, player: int, rng: random.Random) -> TikoState:
        s = self.clone()
        # Unseen: the other hands and the stock, redistributed uniformly.
        s.hands, s.stock = redeal_unseen(self.hands, self.stock, player, rng, sort=True)
        s._scrub(player, rng)
        return s


__all__ = ["CARDS", "Tiko", "TikoPlay", "TikoState"]
