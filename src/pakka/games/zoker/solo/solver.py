"""The omniscient Zoker Solo solver (D-SO-3): the best score reachable when the
stock order is known, with a proof.

Pile heights never shrink, so the best final score is the tallest pile of any
reachable position. The solver is a depth-first branch and bound over abstract
positions: the set of upper cards (places do not matter for play, D-SO-1), the
piles as a sorted tuple of (top, height) (their order does not matter either)
and the number of stock cards dealt. Three facts make it exact in milliseconds:

* **Deal at once.** A deal (R-SO-5) commutes with every card and pile move (a
  move needs only its card and the pile tops, never an empty upper place), so
  any line that deals later reaches the same position as the line that deals
  first. When a deal is legal it is therefore the only move searched.
* **Transposition table.** Every position is expanded once; its entry is a
  proven upper bound on the best score reachable from it.
* **An admissible bound by connectivity.** A card is buried for good once
  another card covers it, and only compatible cards ever cover each other
  (R-SO-3 puts a card on a compatible top; R-SO-4 puts a pile whose top is
  compatible on top of the other pile's top). So the cards that are still
  live (upper, stock, pile tops) and end in the final pile form a connected set
  in the compatibility graph of the live cards, and the score is at most the
  largest such component, counting a pile top as its whole pile. Compatible
  cards are exactly the cards on a common axis line of the cube (R-ZK-3), so a
  component grows by bit operations along the three axes.

Move order puts pile merges and moves onto the tallest piles first, so the first
line found is usually the maximum 64 (which ends the search). Within the node
budget the result is exact; beyond it ``bound`` is the largest bound of any
position left unexpanded, a proven upper bound.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass

from pakka.games.zoker.deck import COMPATIBLE
from pakka.games.zoker.solo.actions import UPPER
from pakka.games.zoker.solo.state import SoloState

Piles = tuple[tuple[int, int], ...]
Step = tuple[str, int, int]

_SHAPE_LINES = 0x1111111111111111
"""Bit 0 of each shape line (four consecutive bits: one colour and size)."""
_SIZE_LINES = 0x000F000F000F000F
"""Bits 0..3 of each colour block: the first card of each size line."""
_COLOUR_LINES = 0xFFFF
"""The blue layer: the first card of each colour line."""


def _spread(m: int) -> int:
    """Every card on an axis line (R-ZK-3 straight) through a card of ``m``."""
    a = ((m | m >> 1 | m >> 2 | m >> 3) & _SHAPE_LINES) * 0xF
    b = ((m | m >> 4 | m >> 8 | m >> 12) & _SIZE_LINES) * 0x1111
    c = ((m | m >> 16 | m >> 32 | m >> 48) & _COLOUR_LINES) * 0x0001000100010001
    return a | b | c


def connectivity_bound(live: int, piles: Piles, total: int) -> int:
    """The weight of the largest connected set of ``live`` cards, a pile top
    weighing its pile's height and any other live card one; ``total`` is the
    weight of all live cards (for an early stop)."""
    best = 0
    rest = live
    left = total
    while rest and left > best:
        comp = rest & -rest
        while True:
            grown = _spread(comp) & live
            if grown == comp:
                break
            comp = grown
        w = comp.bit_count()
        for t, h in piles:
            if comp >> t & 1:
                w += h - 1
        if w > best:
            best = w
        left -= w
        rest &= ~comp
    return best


@dataclass(frozen=True)
class SoloSolution:
    """The best score found, whether it is proven optimal, a proven upper bound
    on the optimum, the positions expanded, and a line of Solo actions reaching
    the score."""

    score: int
    exact: bool
    bound: int
    nodes: int
    line: list[str]


def solve(
    state: SoloState,
    max_nodes: int = 200_000,
    playouts: int = 200,
    seed: int = 0,
    line: bool = True,
) -> SoloSolution:
    """Search ``state`` knowing the stock order; ``line`` is a list of Solo actions.

    The branch and bound expands at most ``max_nodes`` positions. If it stops
    short of a proof, ``playouts`` randomised greedy games may still improve the
    best line found (never the bound). With ``line=False`` the line is not turned
    into Solo actions (it comes back empty; the score is the same): a caller that
    needs only the score, such as the post-game review, saves that replay.
    """
    order = state.stock[::-1]  # top first
    n_stock = len(order)
    stock_after = [0] * (n_stock + 1)
    for k in range(n_stock - 1, -1, -1):
        stock_after[k] = stock_after[k + 1] | 1 << order[k]
    upper0 = 0
    for c in state.upper:
        if c >= 0:
            upper0 |= 1 << c
    piles0: Piles = tuple(sorted((p[-1], len(p)) for p in state.piles if p))
    total = upper0.bit_count() + n_stock + sum(h for _, h in piles0)
    table: dict[tuple[int, Piles, int], int] = {}
    best = [max((h for _, h in piles0), default=0)]
    best_path: list[list[Step]] = [[]]
    path: list[Step] = []
    nodes = [0]
    comp = COMPATIBLE

    def dfs(upper: int, piles: Piles, k: int) -> int:
        """A proven upper bound on the best score reachable from the position
        (exact when the search below it finished)."""
        key = (upper, piles, k)
        known = table.get(key)
        if known is not None:
            return known
        h_max = 0
        for _, h in piles:
            if h > h_max:
                h_max = h
        if h_max > best[0]:
            best[0] = h_max
            best_path[0] = path.copy()
        if k < n_stock and UPPER - upper.bit_count() >= 4:
            # R-SO-5/D-SO-2: dealing at once loses nothing (see the module doc).
            nu = upper
            for c in order[k : k + 4]:
                nu |= 1 << c
            path.append(("deal", 0, 0))
            r = dfs(nu, piles, min(k + 4, n_stock))
            path.pop()
            table[key] = r
            return r
        tops = 0
        for t, _ in piles:
            tops |= 1 << t
        ub = connectivity_bound(upper | tops | stock_after[k], piles, total)
        if ub < h_max:
            ub = h_max
        if ub <= best[0] or nodes[0] >= max_nodes:
            table[key] = ub
            return ub
        nodes[0] += 1
        children: list[tuple[int, int, Piles, Step]] = []
        n = len(piles)
        # R-SO-4: a pile onto another with a compatible top (merges first).
        for i in range(n):
            ti, hi = piles[i]
            ci = comp[ti]
            for j in range(n):
                if i != j and ci >> piles[j][0] & 1:
                    tj, hj = piles[j]
                    rest = [piles[x] for x in range(n) if x != i and x != j]
                    rest.append((ti, hi + hj))
                    children.append((3000 + hi + hj, upper, tuple(sorted(rest)), ("pile", ti, tj)))
        # R-SO-3 an upper card onto a compatible top; R-SO-6 into an empty place.
        m = upper
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            cc = comp[c]
            nu = upper ^ low
            for j in range(n):
                tj, hj = piles[j]
                if cc >> tj & 1:
                    grown = list(piles)
                    grown[j] = (c, hj + 1)
                    children.append((2000 + hj, nu, tuple(sorted(grown)), ("card", c, tj)))
            if n < 4:
                children.append((0, nu, tuple(sorted((*piles, (c, 1)))), ("card", c, -1)))
        children.sort(key=lambda x: -x[0])
        r = h_max
        for _, u2, p2, step in children:
            path.append(step)
            b = dfs(u2, p2, k)
            path.pop()
            if b > r:
                r = b
            if best[0] >= ub:
                r = ub  # nothing below can beat the bound already reached
                break
        table[key] = r
        return r

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 4 * total + 200))
    try:
        bound = dfs(upper0, piles0, 0)
    finally:
        sys.setrecursionlimit(limit)
    exact = bound <= best[0]
    if not exact:
        rnd = random.Random(seed)
        for _ in range(playouts):
            score, steps = playout(order, upper0, piles0, rnd)
            if score > best[0]:
                best[0] = score
                best_path[0] = steps
        exact = bound <= best[0]
    return SoloSolution(
        score=best[0],
        exact=exact,
        bound=max(bound, best[0]),
        nodes=nodes[0],
        line=_realise(state, best_path[0]) if line else [],
    )


def playout(
    order: list[int], upper: int, piles: Piles, rnd: random.Random
) -> tuple[int, list[tuple[str, int, int]]]:
    """One randomised greedy game on the abstract position (merges first, then
    cards onto the tallest compatible pile, then deal, then new piles).

    Public for bots (the Solo ``mc`` bot plays it on sampled stock orders):
    ``order`` is the stock top first, ``upper`` a mask of the upper cards and
    ``piles`` ``(top card, height)`` per bottom pile; returns the final score
    and the abstract steps."""
    comp = COMPATIBLE
    pl = [list(p) for p in piles]
    k = 0
    steps: list[tuple[str, int, int]] = []
    best = max((p[1] for p in pl), default=0)
    while True:
        moves: list[tuple[float, tuple[str, int, int]]] = []
        for i, (ti, hi) in enumerate(pl):
            for j, (tj, hj) in enumerate(pl):
                if i != j and comp[ti] >> tj & 1:
                    moves.append((3000 + hi + hj + rnd.random() * 20, ("pile", i, j)))
        m = upper
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            for j, (tj, hj) in enumerate(pl):
                if comp[c] >> tj & 1:
                    moves.append((2000 + hj + rnd.random() * 30, ("card", c, j)))
            if len(pl) < 4:
                moves.append((rnd.random() * 1500, ("card", c, -1)))
        if k < len(order) and UPPER - upper.bit_count() >= 4:
            moves.append((1000 + rnd.random() * 1500, ("deal", 0, 0)))
        if not moves:
            return best, steps
        _, (kind, a, b) = max(moves)
        if kind == "pile":
            ti, hi = pl[a]
            tj, hj = pl[b]
            steps.append(("pile", ti, tj))
            pl[b] = [ti, hi + hj]
            del pl[a]
        elif kind == "card":
            upper &= ~(1 << a)
            if b < 0:
                steps.append(("card", a, -1))
                pl.append([a, 1])
            else:
                steps.append(("card", a, pl[b][0]))
                pl[b] = [a, pl[b][1] + 1]
        else:
            steps.append(("deal", 0, 0))
            for c in order[k : k + 4]:
                upper |= 1 << c
            k = min(k + 4, len(order))
        best = max(best, max(p[1] for p in pl))


def _realise(state: SoloState, steps: list[tuple[str, int, int]]) -> list[str]:
    """Turn abstract steps into concrete Solo actions, replayed on a clone."""
    s = state.clone()
    out: list[str] = []
    for kind, a, b in steps:
        if kind == "deal":
            text = "deal"
        else:
            tops = [p[-1] if p else -1 for p in s.piles]
            if kind == "pile":
                src = UPPER + tops.index(a)
                dst = tops.index(b)
            else:
                src = s.upper.index(a)
                dst = tops.index(b)
            text = f"{'abcd'[src % 4]}{src // 4 + 1}-{'abcd'[dst]}4"
        s.apply(text)
        out.append(text)
    return out


_playout = playout
"""The former private name (kept for compatibility)."""
