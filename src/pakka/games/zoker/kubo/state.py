"""Kubo: the state."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pakka.core.errors import NotationError
from pakka.core.game import State
from pakka.games.zoker.common import (
    hands_full_view,
)
from pakka.games.zoker.deck import (
    LINE_KINDS,
    LINE_MASKS,
    LINES_THROUGH,
    NAMES,
    SPACE_DIAGONAL,
    card_index,
    deal_order,
    line_name,
    line_of,
    parse_card,
)
from pakka.games.zoker.kubo import sampling, scoring
from pakka.games.zoker.kubo.actions import (
    CLAIM,
    CLAIM_BASE,
    DRAW,
    DRAW_ID,
    END,
    END_ID,
    PASS,
    PASS_ID,
    PLACE,
    KuboAction,
)
from pakka.games.zoker.kubo.rules import (
    CLAIMS,
    HAND_SIZE,
    LAYER_ATTRS,
    MAX_DRAW_HAND,
    PLAY,
    Geometry,
)
from pakka.games.zoker.refusals import Refusal


class KuboState(State[KuboAction]):
    """A Kubo position: the board mask, hands, stock, turn phase and scores."""

    public_history: ClassVar[bool] = True
    geo: Geometry
    line_points: tuple[int, ...]
    manual: bool
    board: int
    hands: list[list[int]]
    stock: list[int]
    turn: int
    phase: int
    placed_now: int
    placed_last: list[int]
    idle_turns: int
    points: list[int]
    totals: list[int]
    round_no: int
    open_lines: list[int]
    claimers: list[int]
    over: bool

    # -- rounds and turns ----------------------------------------------------------
    def _start_round(self, stacked: list[Any] | None = None) -> None:
        """R-KU-2: corners on the table, 60 cards shuffled, four cards each.

        A stacked deck deals its first four cards to seat 0, the next four to
        seat 1, and so on; the rest is the stock, top first.
        """
        n = self.game.num_players
        geo = self.geo
        corners = set(geo.corners)
        order = deal_order(self.rng, stacked, [c for c in range(64) if c not in corners])
        self.board = sum(1 << c for c in geo.corners)
        self.stock = order[::-1]
        self.hands = []
        for _p in range(n):
            self.hands.append(sorted(self.stock.pop() for _ in range(HAND_SIZE)))
        self.points = [0] * n
        self.placed_last = [0] * n
        self.idle_turns = 0
        self.open_lines = []
        self.claimers = []
        dealer = self.round_no % n
        self._say(
            "kubo.round",
            round=self.round_no + 1,
            dealer=dealer,
            corners=" ".join(NAMES[c] for c in geo.corners),
        )
        for p in range(n):
            self._say("kubo.hand", to=p, cards=" ".join(NAMES[c] for c in self.hands[p]))
        self._start_turn((dealer + 1) % n)

    def _start_turn(self, p: int) -> None:
        self.turn = p
        self.phase = PLAY
        self.placed_now = 0
        # R-KU-6 / D-KU-2: the first card is always drawn (if the stock has any).
        if self.stock:
            self._draw()

    def _draw(self) -> None:
        p = self.turn
        c = self.stock.pop()
        self.hands[p].append(c)
        self._say("kubo.draw", seat=p, stock=len(self.stock))
        self._say("kubo.drew", to=p, card=NAMES[c])

    def _end_round(self, reason: str) -> None:
        scoring.end_round(self, reason)

    def _can_place(self, c: int) -> bool:
        """R-KU-3..5: next to a card of its layer or on the card below; never covered.

        R-KU-4: "next to a card of its layer" holds even over an empty place of the
        layer below (``neighbours`` is within the layer, whatever lies beneath)."""
        b = self.board
        g = self.geo
        return not (b & g.above[c]) and bool(b & (g.neighbours[c] | g.below[c]))

    def placeable(self) -> list[int]:
        """Every empty place where a card could go now (public: it follows from the board)."""
        return [c for c in range(64) if not self.board >> c & 1 and self._can_place(c)]

    def covered(self) -> list[int]:
        """Empty places that can never be filled any more (R-KU-5)."""
        b = self.board
        return [c for c in range(64) if not b >> c & 1 and b & self.geo.above[c]]

    # -- the contract ----------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.over:
            return None
        return self.claimers[0] if self.phase == CLAIMS else self.turn

    def _may_draw(self) -> bool:
        # D-KU-2: extra draws only after placing two or more cards last turn,
        # before placing this turn, one at a time up to a hand of five.
        p = self.turn
        return (
            self.placed_now == 0
            and self.placed_last[p] >= 2
            and len(self.hands[p]) < MAX_DRAW_HAND
            and bool(self.stock)
        )

    def legal_actions(self) -> list[KuboAction]:
        if self.over:
            return []
        if self.phase == CLAIMS:
            return [CLAIM[ln] for ln in self.open_lines] + [PASS]
        b = self.board
        g = self.geo
        above, near = g.above, g.neighbours
        below = g.below
        out = [
            PLACE[c]
            for c in self.hands[self.turn]
            if not (b & above[c]) and b & (near[c] | below[c])
        ]
        out.sort(key=_by_id)
        if self._may_draw():
            out.append(DRAW)
        if self.manual:
            out += [CLAIM[ln] for ln in self.open_lines]
        out.append(END)
        return out

    def parse_action(self, text: str) -> KuboAction:
        if self.over:
            raise Refusal("zoker.why.over")
        t = " ".join(text.strip().lower().split())
        if t in ("draw", "end", "pass"):
            action = {"draw": DRAW, "end": END, "pass": PASS}[t]
        elif t.startswith("piste"):
            rest = t[5:].strip(" !")
            parts = [p for p in rest.replace("-", " ").replace(",", " ").split() if p]
            try:
                cards = [int(parse_card(p)) for p in parts]
            except NotationError:
                raise Refusal("zoker.why.kubo_not_line_text", text=text) from None
            ln = line_of(cards)
            if ln is None:
                raise Refusal("zoker.why.kubo_not_line")
            action = CLAIM[ln]
        else:
            try:
                card = parse_card(t)
            except NotationError:
                raise Refusal("zoker.why.kubo_not_action", text=text) from None
            action = PLACE[card]
        self.verify(action)
        return action

    def verify(self, action: KuboAction) -> None:
        """Refuse ``action`` unless legal: the claim window first (D-KU-4), then the
        check of its kind (:meth:`verify_place`, :meth:`verify_draw`, :meth:`verify_pass`,
        :meth:`verify_claim`; ``end`` is always open in play), each with its reason."""
        if not isinstance(action, KuboAction):
            raise Refusal("zoker.why.not_action", action=repr(action))
        if self.over:
            raise Refusal("zoker.why.over")
        i = action.id
        if self.phase == CLAIMS:
            self.verify_in_claims_window(i)
        elif i < 64:
            self.verify_place(i)
        elif i == DRAW_ID:
            self.verify_draw()
        elif i == PASS_ID:
            self.verify_pass()
        elif i != END_ID:
            self.verify_claim(i - CLAIM_BASE)

    def verify_in_claims_window(self, i: int) -> None:
        """R-KU-8, D-KU-4: after a turn the others may only claim what was missed, or pass."""
        if i == PASS_ID or (CLAIM_BASE <= i < PASS_ID and i - CLAIM_BASE in self.open_lines):
            return
        raise Refusal("zoker.why.kubo_window")

    def verify_place(self, c: int) -> None:
        """R-KU-3..5: a card from the hand, next to a card of its layer or on top of the
        card below it, never under a placed card."""
        if c not in self.hands[self.turn]:
            raise Refusal("zoker.why.not_held", card=NAMES[c])
        if self.board & self.geo.above[c]:
            raise Refusal("zoker.why.kubo_covered", card=NAMES[c])
        if not self._can_place(c):
            raise Refusal("zoker.why.kubo_place", card=NAMES[c])

    def verify_draw(self) -> None:
        """D-KU-2: more cards only before placing, after placing two or more last turn."""
        if not self._may_draw():
            raise Refusal("zoker.why.kubo_draw")

    @staticmethod
    def verify_pass() -> None:
        """D-KU-4: ``pass`` belongs to the claim window only (handled before this)."""
        raise Refusal("zoker.why.kubo_pass")

    def verify_claim(self, ln: int) -> None:
        """R-KU-8 with ``claims=manual``: the placer claims a line completed this turn."""
        if not self.manual:
            raise Refusal("zoker.why.kubo_auto")
        if ln not in self.open_lines:
            raise Refusal("zoker.why.kubo_not_open")

    def _apply(self, action: KuboAction) -> None:
        i = action.id
        if i < 64:
            self._place(i)
        elif i == DRAW_ID:
            self._draw()
        elif i == END_ID:
            self._end_turn()
        elif i == PASS_ID:
            self._say("kubo.pass", seat=self.claimers[0])
            self.claimers.pop(0)
            if not self.claimers or not self.open_lines:
                self._close_claims()
        else:
            self._claim(i - CLAIM_BASE, self.current_player)

    def _place(self, c: int) -> None:
        p = self.turn
        self.hands[p].remove(c)
        self.board |= 1 << c
        self.placed_now += 1
        self._say("kubo.place", seat=p, card=NAMES[c])
        b = self.board
        zoker = False
        for ln in LINES_THROUGH[c]:
            if LINE_MASKS[ln] & ~b == 0:
                # R-KU-7: this card completes the line.
                if self.manual:
                    self.open_lines.append(ln)
                else:
                    self._score(ln, p)
                    zoker = zoker or LINE_KINDS[ln] == SPACE_DIAGONAL
        if self.manual:
            return
        # R-KU-9 (a), (b), (c): the round ends at once.
        if zoker:
            self._end_round("zoker")
        elif not self.hands[p]:
            self._end_round("hand")
        elif b & self.geo.top_layer == self.geo.top_layer:
            self._end_round("full")

    def _score(self, ln: int, seat: int, stolen: bool = False) -> None:
        scoring.score_line(self, ln, seat, stolen)

    def _claim(self, ln: int, seat: int | None) -> None:
        assert seat is not None
        self.open_lines.remove(ln)
        # R-KU-8 / D-KU-6: the first to claim in turn order gets it.
        self._score(ln, seat, stolen=seat != self.turn)
        if LINE_KINDS[ln] == SPACE_DIAGONAL:
            self._end_round("zoker")
            return
        if self.phase == CLAIMS and not self.open_lines:
            self._close_claims()

    def _end_turn(self) -> None:
        p = self.turn
        n = self.game.num_players
        self.placed_last[p] = self.placed_now
        self._say("kubo.end_turn", seat=p, placed=self.placed_now)
        if not self.stock and self.placed_now == 0:
            self.idle_turns += 1
        else:
            self.idle_turns = 0
        if self.manual and self.open_lines:
            # D-KU-4: one round of Piste! claims by the others, in turn order.
            self.phase = CLAIMS
            self.claimers = [(p + k) % n for k in range(1, n)]
            return
        self._after_turn()

    def _close_claims(self) -> None:
        for ln in self.open_lines:
            self._say("kubo.missed", line=line_name(ln))
        self.open_lines = []
        self.claimers = []
        self.phase = PLAY
        self._after_turn()

    def _after_turn(self) -> None:
        p = self.turn
        n = self.game.num_players
        b = self.board
        if self.manual:
            # With manual claims the placer's turn and the claim window come first.
            if not self.hands[p]:
                self._end_round("hand")
                return
            if b & self.geo.top_layer == self.geo.top_layer:
                self._end_round("full")
                return
        # D-KU-5: the stock is empty and a full round of turns passed in which
        # nobody placed a card (placing is never compulsory, so "nobody could
        # place" would let a round of passes go on for ever). When no card in any
        # hand can be placed any more, that round of passes is certain (the stock
        # is empty, nothing changes), so the round ends at once.
        if not self.stock and (
            self.idle_turns >= n or not any(self._can_place(c) for h in self.hands for c in h)
        ):
            self._end_round("blocked")
            return
        self._start_turn((p + 1) % n)

    def clone(self) -> KuboState:
        s = KuboState()
        self._copy_base(s)
        s.geo = self.geo
        s.line_points = self.line_points
        s.manual = self.manual
        s.board = self.board
        s.hands = [h.copy() for h in self.hands]
        s.stock = self.stock.copy()
        s.turn = self.turn
        s.phase = self.phase
        s.placed_now = self.placed_now
        s.placed_last = self.placed_last.copy()
        s.idle_turns = self.idle_turns
        s.points = self.points.copy()
        s.totals = self.totals.copy()
        s.round_no = self.round_no
        s.open_lines = self.open_lines.copy()
        s.claimers = self.claimers.copy()
        s.over = self.over
        return s

    @property
    def scores(self) -> list[int]:
        # Totals of finished rounds plus the points of the round in progress.
        return scoring.scores(self)

    @property
    def winners(self) -> list[int]:
        # R-KU-10 / D-KU-6: highest total; equal highest share the win.
        return scoring.winners(self)

    def heuristic_returns(self) -> list[float]:
        return scoring.heuristic_returns(self)

    def layer_grids(self) -> list[list[list[str | None]]]:
        """The board as four 4x4 grids, bottom layer first (rows: first grid attribute)."""
        g = self.geo
        out = []
        for layer in range(4):
            grid = []
            for x in range(4):
                row: list[str | None] = []
                for y in range(4):
                    v = [0, 0, 0]
                    v[g.layer_attr], v[g.grid_attrs[0]], v[g.grid_attrs[1]] = layer, x, y
                    c = card_index(v[0], v[1], v[2])
                    row.append(NAMES[c] if self.board >> c & 1 else None)
                grid.append(row)
            out.append(grid)
        return out

    def _view(self, player: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "layers": str(self.game.options["layers"]),
            "grid_attributes": [LAYER_ATTRS[a] for a in self.geo.grid_attrs],
            "board": [NAMES[c] for c in range(64) if self.board >> c & 1],
            "grids": self.layer_grids(),
            "placeable": [NAMES[c] for c in self.placeable()],
            "covered": [NAMES[c] for c in self.covered()],
            "hand_sizes": [len(h) for h in self.hands],
            "stock": len(self.stock),
            "turn": self.turn,
            "phase": "claims" if self.phase == CLAIMS else "play",
            "placed_this_turn": self.placed_now,
            "placed_last_turn": list(self.placed_last),
            "may_draw": self._may_draw() and not self.over and self.phase == PLAY,
            "round": self.round_no + (0 if self.over else 1),
            "round_points": list(self.points),
            "totals": list(self.totals),
        }
        if self.manual:
            # Which lines are open is public: everyone sees the board.
            v["open_lines"] = [line_name(ln) for ln in self.open_lines]
            v["claimers"] = list(self.claimers)
        if player is not None:
            v["hand"] = [NAMES[c] for c in sorted(self.hands[player])]
        return v

    def _full_view(self) -> dict[str, Any]:
        return hands_full_view(self.hands, self.stock)

    def sample_consistent(self, player: int, rng: random.Random) -> KuboState:
        return sampling.sample_consistent(self, player, rng)


def _by_id(a: KuboAction) -> int:
    return a.id
