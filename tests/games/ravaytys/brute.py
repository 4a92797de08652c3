"""A brute-force contract solver for tests: tries every split of the hand into groups."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from pakka.games.ravaytys.cards import IS_WILD, card_at, positions_of, rank_of, suit_of
from pakka.games.ravaytys.melds import runs_adjacent


def _set_ok(cards: Sequence[int], cap: int) -> bool:
    nat = [c for c in cards if not IS_WILD[c]]
    w = len(cards) - len(nat)
    return (
        len(cards) >= 3
        and bool(nat)
        and len({rank_of(c) for c in nat}) == 1
        and (cap == 0 or w <= cap)
    )


def _run_intervals(cards: Sequence[int], cap: int) -> list[tuple[int, int, int]]:
    """(suit, lo, hi) of every way the cards form a run."""
    nat = [c for c in cards if not IS_WILD[c]]
    w = len(cards) - len(nat)
    if len(cards) < 4 or not nat or (cap and w > cap):
        return []
    if len({suit_of(c) for c in nat}) != 1:
        return []
    s = suit_of(nat[0])
    out = []
    n = len(cards)
    for lo in range(1, 15 - n + 1):
        hi = lo + n - 1
        if lo == 1 and hi == 14:
            continue
        need = [card_at(s, p) for p in range(lo, hi + 1)]
        rest = list(nat)
        ok = True
        for c in rest:
            if c not in need:
                ok = False
                break
            need.remove(c)
        if ok:
            out.append((s, lo, hi))
    return out


def _subsets(items: list[int], min_size: int) -> list[tuple[list[int], list[int]]]:
    """Distinct sub-multisets (chosen, rest) of ``items`` (a sorted list)."""
    distinct = sorted(set(items))
    counts = [items.count(c) for c in distinct]
    out = []
    for pick in product(*[range(k + 1) for k in counts]):
        if sum(pick) < min_size:
            continue
        chosen = [c for c, k in zip(distinct, pick, strict=True) for _ in range(k)]
        rest = [c for c, k, t in zip(distinct, pick, counts, strict=True) for _ in range(t - k)]
        out.append((chosen, rest))
    return out


def brute_best(
    hand: Sequence[int], sets: int, runs: int, vals: Sequence[int], keep: int = 1, cap: int = 0
) -> int | None:
    """The lowest remainder value over every valid lay-down, or None."""
    items = [c for c in range(53) for _ in range(hand[c])]
    best: list[int | None] = [None]

    def rec(rest: list[int], s: int, r: int, runs_so_far: list[list[tuple[int, int, int]]]) -> None:
        if s == 0 and r == 0:
            # R-RV-7: some choice of intervals keeps same-suit runs apart
            if runs_so_far:
                okk = False
                for choice in product(*runs_so_far):
                    if all(
                        not (a[0] == b[0] and runs_adjacent(a[1], a[2], b[1], b[2]))
                        for i, a in enumerate(choice)
                        for b in choice[i + 1 :]
                    ):
                        okk = True
                        break
                if not okk:
                    return
            if len(rest) >= keep:
                v = sum(vals[c] for c in rest)
                if best[0] is None or v < best[0]:
                    best[0] = v
            return
        for chosen, rem in _subsets(rest, 3):
            if s > 0 and _set_ok(chosen, cap):
                rec(rem, s - 1, r, runs_so_far)
            if s == 0 and r > 0:
                iv = _run_intervals(chosen, cap)
                if iv:
                    rec(rem, s, r - 1, [*runs_so_far, iv])

    rec(items, sets, runs, [])
    return best[0]


__all__ = ["brute_best", "positions_of"]
