"""The turn (R-RV-8..12, R-RV-19/20, D-RV-3, D-RV-11/12): dealing a round, the
first discard, taking or leaving the discard, the buy window, drawing from the stock
and its refills, and passing the turn on."""

from __future__ import annotations

from pakka.games.ravaytys.base import _Base
from pakka.games.ravaytys.cards import (
    CONTRACTS,
    NUM_KINDS,
    full_deck,
    name,
)
from pakka.games.ravaytys.rules import BUY, OPEN, PLAY, START


class _Turn(_Base):
    """The turn section of :class:`~pakka.games.ravaytys.state.RavaytysState`."""

    __slots__ = ()

    def _start_round(self) -> None:
        n = self.n
        sets, runs, k = CONTRACTS[self.round]
        self.need_sets, self.need_runs = sets, runs
        deck = full_deck()
        top: list[int] = []
        if self.round < len(self._stacks):
            top = self._stacks[self.round]
            for c in top:
                deck.remove(c)
        self.rng.shuffle(deck)
        order = top + deck
        self.hands = [[0] * NUM_KINDS for _ in range(n)]
        self.sizes = [0] * n
        pos = 0
        # R-RV-8: k cards each, the dealer one more; the stacked deck deals in blocks
        # beginning with the player left of the dealer.
        for i in range(1, n + 1):
            seat = (self.dealer + i) % n
            cnt = k + (1 if seat == self.dealer else 0)
            h = self.hands[seat]
            for c in order[pos : pos + cnt]:
                h[c] += 1
            self.sizes[seat] = cnt
            pos += cnt
        self.stock = order[pos:][::-1]  # top of the stock is the end of the list
        self.pile = []
        self.melds = []
        self.down = [False] * n
        self.known = [{} for _ in range(n)]
        self.buys = [0] * n
        self.stage = 0
        self.reshuffles_done = 0
        self.pool = None
        self.drawn = -1
        self.turns = 0
        self.pending = []
        self.pending_open = False
        self.cancelled = False
        """Whether the player in turn took a lay-down back this turn (D-RV-6)."""
        self.transit = -1
        self.transit_from = -1
        self.askers = []
        self.turn_player = self.dealer
        self.phase = OPEN
        self._say("rv.round", round=self.round + 1, dealer=self.dealer, sets=sets, runs=runs)
        for seat in range(n):
            self._say("rv.hand", to=seat, cards=self._hand_text(seat))

    def _can_refill(self) -> bool:
        return len(self.pile) > 1 and (self.unlimited_reshuffles or self.reshuffles_done == 0)

    def _refill(self) -> None:
        """R-RV-19/D-RV-5: the discard pile but its top card becomes the new stock."""
        top = self.pile.pop()
        cards = self.pile
        self.pile = [top]
        self.rng.shuffle(cards)
        self.stock = cards
        self.reshuffles_done += 1
        self.stage = 1
        pool = [0] * NUM_KINDS
        for c in cards:
            pool[c] += 1
        self.pool = pool
        self._say("rv.reshuffle", cards=len(cards))

    def _stock_card(self) -> int:
        """The top stock card, refilling first (D-RV-11); -1 once exhausted (R-RV-20)."""
        if not self.stock:
            if self._can_refill():
                self._refill()
            else:
                if self.stage != 2:
                    self.stage = 2
                    self._say("rv.exhausted")
                return -1
        return self.stock.pop()

    def _begin_turn(self) -> None:
        self.turns += 1
        self.drawn = -1
        self.cancelled = False
        if self.stage != 2 and not self.stock and not self._can_refill():
            self.stage = 2
            self._say("rv.exhausted")
        if self.stage == 2:
            # R-RV-20/D-RV-12: no drawing and no taking; the others may still buy.
            self._open_window()
        else:
            self.phase = START

    def _open_window(self) -> None:
        """D-RV-3: the seats after the player in turn, in order, never the discarder."""
        n = self.n
        tp = self.turn_player
        discarder = (tp - 1) % n
        self.askers = []
        if self.pile:
            for i in range(1, n):
                seat = (tp + i) % n
                if seat == discarder:
                    break
                if self.max_buys == 0 or self.buys[seat] < self.max_buys:
                    self.askers.append(seat)
        if self.askers:
            self.phase = BUY
        else:
            self._after_window()

    def _after_window(self) -> None:
        self.askers = []
        self.phase = PLAY
        if self.stage != 2:
            tp = self.turn_player
            # R-RV-11: the discard was left and not bought; the player in turn draws
            c = self._stock_card()
            if c >= 0:
                self.hands[tp][c] += 1
                self.sizes[tp] += 1
                if self.stage == 1:
                    self.drawn = c  # R-RV-19: may not be discarded this turn
                self._say("rv.draw", player=tp)
                self._say("rv.drew", to=tp, card=name(c))

    def _end_turn(self) -> None:
        if self.turns >= self.max_turns:
            self._say("rv.turn_cap", turns=self.turns)  # D-RV-6
            self._end_round("cap")
            return
        self.turn_player = (self.turn_player + 1) % self.n
        self._begin_turn()
