"""Solo: the state."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pakka.core.game import State
from pakka.games.zoker.deck import COMPATIBLE, NAMES
from pakka.games.zoker.refusals import Refusal
from pakka.games.zoker.solo import sampling, scoring
from pakka.games.zoker.solo.actions import (
    DEAL,
    MOVES,
    UPPER,
    SoloAction,
    _is_place,
    _place,
    place_name,
)


class SoloState(State[SoloAction]):
    """A Solo position: the upper places (card or -1), the bottom piles, the stock."""

    public_history: ClassVar[bool] = True
    upper: list[int]
    piles: list[list[int]]
    stock: list[int]
    _legal: list[SoloAction] | None

    def legal_actions(self) -> list[SoloAction]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return legal.copy()

    def _generate(self) -> list[SoloAction]:
        out: list[SoloAction] = []
        piles = self.piles
        upper = self.upper
        um = 0
        for c in upper:
            if c >= 0:
                um |= 1 << c
        tops = [p[-1] if p else -1 for p in piles]
        slot = {c: i for i, c in enumerate(upper) if c >= 0}
        for d in range(4):
            t = tops[d]
            # R-SO-3 onto a compatible top; R-SO-6 into an empty bottom place.
            m = um if t < 0 else um & COMPATIBLE[t]
            while m:
                low = m & -m
                m ^= low
                out.append(MOVES[slot[low.bit_length() - 1] * 4 + d])
        for a in range(4):
            ta = tops[a]
            if ta < 0:
                continue
            comp = COMPATIBLE[ta]
            for d in range(4):
                td = tops[d]
                # R-SO-4: a whole pile onto another with a compatible top.
                if d != a and td >= 0 and comp >> td & 1:
                    out.append(MOVES[(UPPER + a) * 4 + d])
        # R-SO-5: deal when four upper places are empty (D-SO-2: what is left).
        if UPPER - um.bit_count() >= 4 and self.stock:
            out.append(DEAL)
        return out

    @property
    def current_player(self) -> int | None:
        # R-SO-7: the game ends when the player can neither deal nor move.
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return 0 if legal else None

    def parse_action(self, text: str) -> SoloAction:
        t = text.strip().lower().replace(" ", "")
        if self.current_player is None:
            raise Refusal("zoker.why.over")
        if t == "deal":
            action = DEAL
        else:
            parts = t.split("-")
            if len(parts) != 2 or not all(_is_place(p) for p in parts):
                raise Refusal("zoker.why.solo_not_move", text=text)
            src, dst = (_place(p) for p in parts)
            if dst < UPPER:
                raise Refusal("zoker.why.solo_not_bottom", place=place_name(dst))
            action = MOVES[src * 4 + dst - UPPER]
        self.verify(action)
        return action

    def verify(self, action: SoloAction) -> None:
        """Refuse ``action`` unless legal: the check of its kind (:meth:`verify_deal`,
        :meth:`verify_move`, :meth:`verify_pile`), each with its reason."""
        if not isinstance(action, SoloAction):
            raise Refusal("zoker.why.not_action", action=repr(action))
        if self.current_player is None:
            raise Refusal("zoker.why.over")
        if action.src < 0:
            self.verify_deal()
        elif action.src < UPPER:
            self.verify_move(action.src, action.dst)
        else:
            self.verify_pile(action.src - UPPER, action.dst)

    def verify_deal(self) -> None:
        """R-SO-5: deal when four upper places are empty (D-SO-2: what is left)."""
        if not self.stock:
            raise Refusal("zoker.why.solo_stock_empty")
        empty = self.upper.count(-1)
        if empty < 4:
            raise Refusal("zoker.why.solo_deal_room", empty=empty)

    def verify_move(self, src: int, dst: int) -> None:
        """R-SO-3: an upper card onto a compatible top; R-SO-6: into an empty bottom place."""
        c = self.upper[src]
        if c < 0:
            raise Refusal("zoker.why.solo_empty", place=place_name(src))
        pile = self.piles[dst]
        if pile and not COMPATIBLE[pile[-1]] >> c & 1:
            raise Refusal(
                "zoker.why.solo_incompatible",
                card=NAMES[c],
                top=NAMES[pile[-1]],
                place=place_name(UPPER + dst),
            )

    def verify_pile(self, src: int, dst: int) -> None:
        """R-SO-4: a whole pile onto another pile with a compatible top."""
        if src == dst:
            raise Refusal("zoker.why.solo_same_pile")
        if not self.piles[src]:
            raise Refusal("zoker.why.solo_empty", place=place_name(UPPER + src))
        if not self.piles[dst]:
            raise Refusal("zoker.why.solo_pile_empty")
        ta, td = self.piles[src][-1], self.piles[dst][-1]
        if not COMPATIBLE[ta] >> td & 1:
            raise Refusal("zoker.why.solo_tops", a=NAMES[ta], b=NAMES[td])

    def _apply(self, action: SoloAction) -> None:
        self._legal = None
        if action.src < 0:
            # D-SO-1: into the empty upper places in reading order.
            stock = self.stock
            k = 0
            for i in range(UPPER):
                if self.upper[i] < 0 and stock and k < 4:
                    self.upper[i] = stock.pop()
                    k += 1
            self._say("solo.dealt", cards=k, stock=len(stock))
            return
        src, dst = action.src, action.dst
        if src < UPPER:
            c = self.upper[src]
            self.upper[src] = -1
            self.piles[dst].append(c)
            self._say("solo.move", card=NAMES[c], pile=place_name(UPPER + dst))
        else:
            pile = self.piles[src - UPPER]
            self.piles[src - UPPER] = []
            # R-SO-4: the whole pile moves; its top stays on top.
            self.piles[dst].extend(pile)
            self._say(
                "solo.pile",
                card=NAMES[pile[-1]],
                source=place_name(src),
                pile=place_name(UPPER + dst),
                height=len(self.piles[dst]),
            )

    def clone(self) -> SoloState:
        s = SoloState()
        self._copy_base(s)
        s.upper = self.upper.copy()
        s.piles = [p.copy() for p in self.piles]
        s.stock = self.stock.copy()
        s._legal = self._legal
        return s

    @property
    def score(self) -> int:
        return scoring.score(self)

    @property
    def scores(self) -> list[int]:
        return scoring.scores(self)

    @property
    def winners(self) -> list[int]:
        return scoring.winners(self)

    def returns(self) -> list[float]:
        return scoring.returns(self)

    def heuristic_returns(self) -> list[float]:
        return scoring.heuristic_returns(self)

    def _view(self, player: int | None) -> dict[str, Any]:
        return {
            "upper": [None if c < 0 else NAMES[c] for c in self.upper],
            "piles": [[NAMES[c] for c in p] for p in self.piles],
            "stock": len(self.stock),
            "score": self.score,
        }

    def _full_view(self) -> dict[str, Any]:
        return {"stock_order": [NAMES[c] for c in reversed(self.stock)]}

    def sample_consistent(self, player: int, rng: random.Random) -> SoloState:
        return sampling.sample_consistent(self, player, rng)

    def hint(self) -> SoloAction | None:
        """A good next move for a player who does not know the stock (D-SO-3)."""
        return policy_action(self)


def policy_action(state: SoloState) -> SoloAction | None:
    """The stock-blind policy behind the hint and the ``policy`` bot.

    Merge piles first (the taller the result the better), then put an upper
    card onto the tallest pile it fits, then deal, and only then start a new
    pile in an empty bottom place (which uses up a place for merging).
    """
    legal = state.legal_actions()
    if not legal:
        return None
    piles = state.piles
    best: SoloAction | None = None
    best_key: tuple[int, int, int] = (-1, 0, 0)
    for a in legal:
        if a.src < 0:
            key = (1, 0, 0)
        elif a.src >= UPPER:
            key = (3, len(piles[a.src - UPPER]) + len(piles[a.dst]), -a.id)
        elif piles[a.dst]:
            key = (2, len(piles[a.dst]), -a.id)
        else:
            key = (0, 0, -a.id)
        if key > best_key:
            best_key, best = key, a
    return best
