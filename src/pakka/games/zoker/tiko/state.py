"""Tiko: the state."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pakka.core.errors import NotationError
from pakka.core.game import State
from pakka.games.zoker.common import (
    hands_full_view,
)
from pakka.games.zoker.deck import NAMES, STRONGER, parse_card
from pakka.games.zoker.refusals import Refusal
from pakka.games.zoker.tiko import sampling, scoring
from pakka.games.zoker.tiko.actions import PLAYS, TikoPlay
from pakka.games.zoker.tiko.rules import HAND_SIZE


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

    def legal_ids(self) -> list[int]:
        """The ids of :meth:`legal_actions`, in its order: a play's id is its card
        (``PLAYS[c].id == c``), so they are the cards in hand."""
        if self.over:
            return []
        return list(self.hands[self.turn])

    def parse_action(self, text: str) -> TikoPlay:
        if self.over:
            raise Refusal("zoker.why.over")
        try:
            card = parse_card(text)
        except NotationError:
            raise Refusal("zoker.why.tiko_not_card", text=text) from None
        action = PLAYS[card]
        self.verify(action)
        return action

    def verify(self, action: TikoPlay) -> None:
        if self.over:
            raise Refusal("zoker.why.over")
        if not isinstance(action, TikoPlay):
            raise Refusal("zoker.why.not_action", action=repr(action))
        hand = self.hands[self.turn]
        if action.id not in hand:
            raise Refusal(
                "zoker.why.tiko_not_held", card=NAMES[action.id], hand=[NAMES[c] for c in hand]
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
        return scoring.scores(self)

    @property
    def winners(self) -> list[int]:
        # D-TI-5 / R-TI-5: most won cards; equal highest share the win.
        return scoring.winners(self)

    def heuristic_returns(self) -> list[float]:
        return scoring.heuristic_returns(self)

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
        return sampling.sample_consistent(self, player, rng)
