"""Solo: the state."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pakka.core.errors import IllegalAction
from pakka.core.game import State
from pakka.games.zoker.deck import COMPATIBLE, NAMES
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
            raise IllegalAction("the game is over")
        if t == "deal":
            action = DEAL
        else:
            parts = t.split("-")
            if len(parts) != 2 or not all(_is_place(p) for p in parts):
                raise IllegalAction(
                    f"{text!r} is not a Solo move: write from-to places like a1-c4 "
                    "(columns a-d, rows 1-4, bottom row 4) or 'deal'"
                )
            src, dst = (_place(p) for p in parts)
            if dst < UPPER:
                raise IllegalAction(
                    f"{place_name(dst)} is not in the bottom row; move onto a4, b4, c4 or d4"
                )
            action = MOVES[src * 4 + dst - UPPER]
        self.verify(action)
        return action

    def verify(self, action: SoloAction) -> None:
        if not isinstance(action, SoloAction):
            raise IllegalAction(f"{action!r} is not a Solo action")
        if self.current_player is None:
            raise IllegalAction("the game is over")
        assert self._legal is not None
        if action in self._legal:
            return
        if action.src < 0:
            empty = self.upper.count(-1)
            if not self.stock:
                raise IllegalAction("the stock is empty: nothing to deal")
            raise IllegalAction(
                f"dealing needs four empty places in the upper rows; {empty} are empty"
            )
        src, dst = action.src, action.dst
        top = self.piles[dst][-1] if self.piles[dst] else -1
        if src < UPPER:
            c = self.upper[src]
            if c < 0:
                raise IllegalAction(f"{place_name(src)} is empty")
            raise IllegalAction(
                f"{NAMES[c]} is not compatible with {NAMES[top]} on {place_name(UPPER + dst)}: "
                "cards must agree in exactly two attributes"
            )
        if src - UPPER == dst:
            raise IllegalAction("a pile cannot move onto itself")
        if not self.piles[src - UPPER]:
            raise IllegalAction(f"{place_name(src)} is empty")
        if top < 0:
            raise IllegalAction("a pile moves only onto another pile, not into an empty place")
        raise IllegalAction(
            f"the tops {NAMES[self.piles[src - UPPER][-1]]} and {NAMES[top]} are not compatible"
        )

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
