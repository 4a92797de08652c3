"""Zoker Memo, the memory game for 2-5 players (R-ME-1..5, D-ME-1..5).

Cards lie face down; a turn turns two cards, one action each, so the second
choice is made after seeing the first. A compatible pair (R-ZK-3; with
``easy``, any shared attribute, D-ME-3) is taken and the player goes again.
Every card that was ever face up is public from then on (perfect recall).
When no pair remains on the table the empty places are refilled from the
stock (D-ME-2), or with no empty place, extra places are dealt one at a time
(D-ME-4); the game ends when the stock is empty and no pair remains (R-ME-4).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, ClassVar

from pakka.core.errors import IllegalAction
from pakka.core.game import Game, State
from pakka.core.options import Option
from pakka.core.seam import Display
from pakka.games.zoker.common import ZokerDeckMixin, opt_int, winners_by_max
from pakka.games.zoker.deck import ALIKE_ANY, COMPATIBLE, NAMES, deal_order, has_pair
from pakka.games.zoker.display import MemoDisplay
from pakka.games.zoker.view import MemoView

DEALER = 0
"""D-ME-5: seat 0 deals; seat 1 turns first."""


@dataclass(frozen=True, slots=True)
class MemoTurn:
    """Turn the card at a place face up (notation: the place number, from 1)."""

    id: int

    def __str__(self) -> str:
        return str(self.id + 1)


TURNS: tuple[MemoTurn, ...] = tuple(MemoTurn(i) for i in range(64))


class Memo(ZokerDeckMixin, Game["MemoState"]):
    """Zoker Memo: find compatible pairs among face-down cards."""

    name = "zoker-memo"
    view_type: ClassVar[type | None] = MemoView
    display: ClassVar[Display] = MemoDisplay()
    title: ClassVar[dict[str, str]] = {"en": "Zoker Memo", "fi": "Zoker Memo"}
    summary: ClassVar[dict[str, str]] = {
        "en": "Memory game: turn two cards, keep them if they are a compatible pair.",
        "fi": "Muistipeli: käännä kaksi korttia ja pidä ne, jos ne ovat pari.",
    }
    min_players = 2
    max_players = 5
    option_specs = (
        Option(
            "layout",
            "int",
            16,
            {
                "en": "How many cards are dealt face down at the start (16 = a 4x4 square).",
                "fi": "Montako korttia jaetaan alussa kuvapuoli alaspäin (16 = 4x4-neliö).",
            },
            minimum=2,
            maximum=64,
            rule="R-ME-1",
        ),
        Option(
            "easy",
            "bool",
            False,
            {
                "en": "Easy game: cards with at least one equal attribute are a pair.",
                "fi": "Helpotettu peli: kortit, joilla on yksikin yhteinen ominaisuus, ovat pari.",
            },
            rule="R-ME-5",
        ),
    )

    @property
    def num_distinct_actions(self) -> int:
        return 64

    def action_from_id(self, action_id: int) -> MemoTurn:
        if not isinstance(action_id, int) or not 0 <= action_id < 64:
            raise IllegalAction(f"no Memo action with id {action_id!r}; ids are 0..63")
        return TURNS[action_id]

    def _new_state(
        self, seed: int, stacked: list[Any] | None, deck_text: list[str] | None
    ) -> MemoState:
        s = MemoState()
        s._init_base(self, seed, deck_text)
        order = deal_order(s.rng, stacked, range(64))
        layout = opt_int(self, "layout")
        # R-ME-1: the first ``layout`` cards of the deck, place 1 first.
        s.places = order[:layout]
        s.stock = order[layout:][::-1]
        s.table = sum(1 << c for c in s.places)
        s.seen = 0
        s.taken = [0] * self.num_players
        s.first = -1
        s.turn = (DEALER + 1) % self.num_players
        s.over = False
        s.partners = ALIKE_ANY if self.options["easy"] else COMPATIBLE
        s.columns = math.isqrt(layout - 1) + 1
        s._occupied = None
        s.no_pair_events = []
        s._say("memo.deal", cards=layout, stock=len(s.stock))
        s._settle()
        return s


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
    no_pair_events: list[tuple[tuple[int, int], ...]]

    def _settle(self) -> None:
        """R-ME-3, D-ME-2, D-ME-4, R-ME-4: act when no pair remains on the table
        (refill the empty places from the stock, the player in turn continues).

        Only the fact "no pair remains" becomes public (the log says so); the
        identities of face-down cards are not revealed.
        """
        while not has_pair(self.table, self.partners):
            self._occupied = None
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

    def parse_action(self, text: str) -> MemoTurn:
        if self.over:
            raise IllegalAction("the game is over")
        t = text.strip()
        if not t.isdigit() or len(t) > 2:
            raise IllegalAction(
                f"{text!r} is not a place; write the number of a face-down card, "
                f"1..{len(self.places)}"
            )
        i = int(t) - 1
        if not 0 <= i < 64:
            raise IllegalAction(f"there is no place {t}; places are 1..{len(self.places)}")
        action = TURNS[i]
        self.verify(action)
        return action

    def verify(self, action: MemoTurn) -> None:
        if self.over:
            raise IllegalAction("the game is over")
        if not isinstance(action, MemoTurn):
            raise IllegalAction(f"{action!r} is not a Memo action")
        i = action.id
        if i >= len(self.places):
            raise IllegalAction(f"there is no place {i + 1}; places are 1..{len(self.places)}")
        if self.places[i] < 0:
            raise IllegalAction(f"place {i + 1} is empty; turn a card that is on the table")
        if i == self.first:
            raise IllegalAction(f"the card at place {i + 1} is already face up; turn another")

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
            self._occupied = None
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
        s.no_pair_events = self.no_pair_events  # never mutated: replaced on append
        return s

    @property
    def scores(self) -> list[int]:
        return list(self.taken)

    @property
    def winners(self) -> list[int]:
        # R-ME-4, D-ME-5: most cards; equal highest share the win.
        return winners_by_max(self.taken) if self.over else []

    def heuristic_returns(self) -> list[float]:
        total = sum(self.taken)
        n = self.game.num_players
        return [t / total for t in self.taken] if total else [1.0 / n] * n

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
        """Redistribute the never-seen cards (face-down places and the stock) so
        that everything public still holds: the table has a pair now (else it
        would have been refilled) and at every recorded "no pair remains"
        moment (D-ME-2, D-ME-4) it had none.

        A few fresh shuffles are tried first; if none fits, a chain of random
        swaps that keeps the constraints (uniform stationary distribution)
        starts from the real arrangement.
        """
        s = self.clone()
        seen = self.seen
        hidden = [i for i, c in enumerate(self.places) if c >= 0 and not seen >> c & 1]
        slot_of_place = {p: k for k, p in enumerate(hidden)}
        truth = [self.places[i] for i in hidden] + self.stock
        known_table = self.table & seen
        partners = self.partners
        # Each past event as (fixed mask of cards seen since, hidden slots).
        events: list[tuple[int, list[int]]] = []
        for ev in self.no_pair_events:
            fixed = 0
            slots = []
            for place, card in ev:
                if seen >> card & 1:
                    fixed |= 1 << card
                else:
                    slots.append(slot_of_place[place])
            events.append((fixed, slots))
        nh = len(hidden)

        def fits(assign: list[int]) -> bool:
            table = known_table
            for k in range(nh):
                table |= 1 << assign[k]
            if not self.over and not has_pair(table, partners):
                return False
            for fixed, slots in events:
                m = fixed
                for k in slots:
                    m |= 1 << assign[k]
                if has_pair(m, partners):
                    return False
            return True

        assign = truth.copy()
        for _ in range(8):
            rng.shuffle(assign)
            if fits(assign):
                break
        else:
            assign = truth.copy()
            n = len(assign)
            if n > 1:
                for _ in range(20 * n):
                    i, j = rng.randrange(n), rng.randrange(n)
                    assign[i], assign[j] = assign[j], assign[i]
                    if not fits(assign):
                        assign[i], assign[j] = assign[j], assign[i]
        table = known_table
        for k, i in enumerate(hidden):
            s.places[i] = assign[k]
            table |= 1 << assign[k]
        s.table = table
        s.stock = assign[nh:]
        s._scrub(player, rng)
        return s
