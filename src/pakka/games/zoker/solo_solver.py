"""The omniscient Zoker Solo solver (D-SO-3): the best score reachable when the
stock order is known.

Pile heights never shrink, so the best final score is the tallest pile of any
reachable position. The search runs depth first over abstract positions
(the set of upper cards, the multiset of piles as (top, height), the number of
stock cards dealt), memoising every position it has expanded: card places in
the upper rows do not matter for play (D-SO-1), and neither does the order of
the bottom piles. Within the node budget the result is exact; beyond it the
best line found is a proven lower bound and ``bound`` a proven upper bound.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pakka.games.zoker.deck import COMPATIBLE
from pakka.games.zoker.solo import UPPER, SoloState

Piles = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class SoloSolution:
    """The best score found, whether it is proven optimal, and a line reaching it."""

    score: int
    exact: bool
    bound: int
    nodes: int
    line: list[str]


class _Budget(Exception):
    pass


def solve(
    state: SoloState, max_nodes: int = 1_000, playouts: int = 500, seed: int = 0
) -> SoloSolution:
    """Search ``state`` knowing the stock order; ``line`` is a list of Solo actions.

    Randomised greedy playouts come first (they often reach the maximum, 64,
    which proves optimality at once); then the memoised exhaustive search runs
    until it finishes (exact) or spends ``max_nodes``.
    """
    order = state.stock[::-1]  # top first
    upper = 0
    for c in state.upper:
        if c >= 0:
            upper |= 1 << c
    piles: Piles = tuple(sorted((p[-1], len(p)) for p in state.piles if p))
    seen: set[tuple[int, Piles, int]] = set()
    best = [max((h for _, h in piles), default=0)]
    best_path: list[list[tuple[str, int, int]]] = [[]]
    path: list[tuple[str, int, int]] = []
    nodes = [0]
    total_cards = 64
    comp = COMPATIBLE

    def dfs(upper: int, piles: Piles, k: int) -> None:
        key = (upper, piles, k)
        if key in seen:
            return
        seen.add(key)
        nodes[0] += 1
        if nodes[0] > max_nodes:
            raise _Budget
        h_max = 0
        for _, h in piles:
            if h > h_max:
                h_max = h
        if h_max > best[0]:
            best[0] = h_max
            best_path[0] = path.copy()
            if h_max == total_cards:
                raise _Budget  # cannot do better
        # Pile onto pile (R-SO-4), first: merges make tall piles.
        n = len(piles)
        for i in range(n):
            ti, hi = piles[i]
            ci = comp[ti]
            for j in range(n):
                if i != j and ci >> piles[j][0] & 1:
                    tj, hj = piles[j]
                    rest = [piles[x] for x in range(n) if x != i and x != j]
                    rest.append((ti, hi + hj))
                    path.append(("pile", ti, tj))
                    dfs(upper, tuple(sorted(rest)), k)
                    path.pop()
        # Upper card onto a pile (R-SO-3) or into an empty bottom place (R-SO-6).
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
                    np_ = list(piles)
                    np_[j] = (c, hj + 1)
                    path.append(("card", c, tj))
                    dfs(nu, tuple(sorted(np_)), k)
                    path.pop()
            if n < 4:
                path.append(("card", c, -1))
                dfs(nu, tuple(sorted((*piles, (c, 1)))), k)
                path.pop()
        # Deal (R-SO-5, D-SO-2).
        if k < len(order) and UPPER - upper.bit_count() >= 4:
            nu = upper
            for c in order[k : k + 4]:
                nu |= 1 << c
            path.append(("deal", 0, 0))
            dfs(nu, piles, min(k + 4, len(order)))
            path.pop()

    exact = True
    rnd = random.Random(seed)
    for _ in range(playouts):
        if best[0] == total_cards:
            break
        score, steps = _playout(order, upper, piles, rnd)
        if score > best[0]:
            best[0] = score
            best_path[0] = steps
    try:
        if best[0] < total_cards:
            dfs(upper, piles, 0)
    except _Budget:
        exact = best[0] == total_cards
    except RecursionError:
        exact = False
    line = _realise(state, best_path[0])
    return SoloSolution(
        score=best[0],
        exact=exact,
        bound=best[0] if exact else total_cards,
        nodes=nodes[0],
        line=line,
    )


def _playout(
    order: list[int], upper: int, piles: Piles, rnd: random.Random
) -> tuple[int, list[tuple[str, int, int]]]:
    """One randomised greedy game on the abstract position (merges first, then
    cards onto the tallest compatible pile, then deal, then new piles)."""
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
