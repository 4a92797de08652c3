"""Memo: the state."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pakka.core.game import State
from pakka.games.zoker.deck import NAMES, has_pair
from pakka.games.zoker.memo import sampling, scoring
from pakka.games.zoker.memo.actions import TURNS, MemoTurn
from pakka.games.zoker.refusals import Refusal


class MemoState(State[MemoTurn]):
    """A Memo position: places (card or -1), the stock, seen cards and taken counts."""

    public_history: ClassVar[bool] = True
    places: list[int]
    stock: list[int]
    table: int
    seen: int
    taken: list[int]
    first: int
    turn: int
    over: bool
    partners: tuple[int, ...]
    columns: int
    _occupied: list[MemoTurn] | None
    """The turns of the occupied places (None until asked for after a change)."""
    _occupied_ids: list[int] | None = None
    """The occupied places' indices for :meth:`legal_ids` (None with ``_occupied``, made
    on its own: the ids do not need the turns)."""
    no_pair_events: list[tuple[tuple[int, int], ...]]

    def _settle(self) -> None:
        """R-ME-3, D-ME-2, D-ME-4, R-ME-4: act when no pair remains on the table
        (refill the empty places from the stock, the player in turn continues).

        Only the fact "no pair remains" becomes public (the log says so); the
        identities of face-down cards are not revealed.
        """
        while not has_pair(self.table, self.partners):
            self._occupied = self._occupied_ids = None
            stock = self.stock
            # Public from now on: this table had no pair (samples respect it).
            self.no_pair_events = [
                *self.no_pair_events,
                tuple((i, c) for i, c in enumerate(self.places) if c >= 0),
            ]
            if not stock:
                self.over = True
                self._say("memo.end", left=self.table.bit_count(), scores=list(self.taken))
                return
            places = self.places
            empty = [i for i, c in enumerate(places) if c < 0]
            if empty:
                # D-ME-2: refill every empty place (in place order) from the stock.
                k = 0
                for i in empty:
                    if not stock:
                        break
                    c = stock.pop()
                    places[i] = c
                    self.table |= 1 << c
                    k += 1
                self._say("memo.refill", cards=k, stock=len(stock))
            else:
                # D-ME-4: deadlock, one extra place at a time.
                c = stock.pop()
                places.append(c)
                self.table |= 1 << c
                self._say("memo.extra", place=len(places), stock=len(stock))

    @property
    def current_player(self) -> int | None:
        return None if self.over else self.turn

    def legal_actions(self) -> list[MemoTurn]:
        if self.over:
            return []
        occ = self._occupied
        if occ is None:
            occ = self._occupied = [TURNS[i] for i, c in enumerate(self.places) if c >= 0]
        f = self.first
        if f < 0:
            return occ.copy()
        # Places are in order: the face-up one is found by counting the
        # occupied places before it.
        k = f - self.places[:f].count(-1)
        return occ[:k] + occ[k + 1 :]

    def legal_ids(self) -> list[int]:
        """The ids of :meth:`legal_actions`, in its order: a turn's id is its place
        index, so they are the occupied places but the face-up one (R-ME-2)."""
        if self.over:
            return []
        ids = self._occupied_ids
        if ids is None:
            # dropped with _occupied whenever a place empties or fills
            ids = self._occupied_ids = [i for i, c in enumerate(self.places) if c >= 0]
        f = self.first
        if f < 0:
            return ids.copy()
        k = f - self.places[:f].count(-1)
        return ids[:k] + ids[k + 1 :]

    def parse_action(self, text: str) -> MemoTurn:
        if self.over:
            raise Refusal("zoker.why.over")
        t = text.strip()
        if not t.isdigit() or len(t) > 2:
            raise Refusal("zoker.why.memo_not_place", text=text, n=len(self.places))
        i = int(t) - 1
        if not 0 <= i < 64:
            raise Refusal("zoker.why.memo_no_place", place=t, n=len(self.places))
        action = TURNS[i]
        self.verify(action)
        return action

    def verify(self, action: MemoTurn) -> None:
        if self.over:
            raise Refusal("zoker.why.over")
        if not isinstance(action, MemoTurn):
            raise Refusal("zoker.why.not_action", action=repr(action))
        i = action.id
        if i >= len(self.places):
            raise Refusal("zoker.why.memo_no_place", place=i + 1, n=len(self.places))
        if self.places[i] < 0:
            raise Refusal("zoker.why.memo_empty", place=i + 1)
        if i == self.first:
            raise Refusal("zoker.why.memo_face_up", place=i + 1)

    def _apply(self, action: MemoTurn) -> None:
        i = action.id
        c = self.places[i]
        self.seen |= 1 << c
        f = self.first
        if f < 0:
            # The first card stays face up; the view shows it (no log entry).
            self.first = i
            return
        p = self.turn
        a = self.places[f]
        self.first = -1
        if self.partners[a] >> c & 1:
            # R-ME-2: a pair: take both and play again.
            self.places[f] = -1
            self.places[i] = -1
            self._occupied = self._occupied_ids = None
            self.table &= ~((1 << a) | (1 << c))
            self.taken[p] += 2
            self._say("memo.pair", seat=p, places=[f + 1, i + 1], cards=f"{NAMES[a]} {NAMES[c]}")
            self._settle()
        else:
            self._say("memo.miss", seat=p, places=[f + 1, i + 1], cards=f"{NAMES[a]} {NAMES[c]}")
            n = self.game.num_players
            self.turn = p + 1 if p + 1 < n else 0

    def clone(self) -> MemoState:
        s = MemoState()
        self._copy_base(s)
        s.places = self.places.copy()
        s.stock = self.stock.copy()
        s.table = self.table
        s.seen = self.seen
        s.taken = self.taken.copy()
        s.first = self.first
        s.turn = self.turn
        s.over = self.over
        s.partners = self.partners
        s.columns = self.columns
        s._occupied = self._occupied
        s._occupied_ids = self._occupied_ids
        s.no_pair_events = self.no_pair_events  # never mutated: replaced on append
        return s

    @property
    def scores(self) -> list[int]:
        return scoring.scores(self)

    @property
    def winners(self) -> list[int]:
        # R-ME-4, D-ME-5: most cards; equal highest share the win.
        return scoring.winners(self)

    def heuristic_returns(self) -> list[float]:
        return scoring.heuristic_returns(self)

    def _view(self, player: int | None) -> dict[str, Any]:
        seen = self.seen
        table: list[str | None] = []
        for c in self.places:
            if c < 0:
                table.append(None)
            elif seen >> c & 1:
                # Perfect recall: a card once face up stays known to everyone.
                table.append(NAMES[c])
            else:
                table.append("?")
        return {
            "table": table,
            "columns": self.columns,
            "face_up": [] if self.first < 0 else [self.first + 1],
            "stock": len(self.stock),
            "taken": list(self.taken),
        }

    def _full_view(self) -> dict[str, Any]:
        return {
            "cards": [None if c < 0 else NAMES[c] for c in self.places],
            "stock_order": [NAMES[c] for c in reversed(self.stock)],
        }

    def sample_consistent(self, player: int, rng: random.Random) -> MemoState:
        return sampling.sample_consistent(self, player, rng)
