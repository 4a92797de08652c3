"""The Räväytys meld solver: can a hand lay down the round's contract, and which
arrangement leaves the lowest-scoring cards in hand; which lay-offs and wild swaps
the melds on the table allow.

It serves hints, meld proposals and the bots, and the engine's legality of ``meld``
(:func:`can_lay_down`: ``meld`` is offered only when the contract can be made); the
steps of a lay-down the engine checks on its own.

Method (:func:`best_contract`): choose the runs from candidate intervals (each end
a natural card of the hand, or the run exactly four long), give their positions
natural cards where the hand has them and wild cards elsewhere, then choose the
set ranks; every free natural card of a chosen rank joins its set and the wild
cards that are left over are added to a set (or to run ends). Branch and bound
over the run choices with an upper bound on the value that can still be laid
down; the search stops early once every card is used. Rules: R-RV-5..7, D-RV-1,
D-RV-2, D-RV-4 (``keep`` cards stay in hand to discard), D-RV-8, D-RV-9.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pakka.games.ravaytys.cards import (
    IS_WILD,
    NUM_KINDS,
    WILDS,
    card_at,
    positions_of,
    rank_of,
)
from pakka.games.ravaytys.melds import Meld, runs_adjacent


@dataclass
class Group:
    """One group of a proposed lay-down: a set of ``key`` = rank or a run of
    ``key`` = suit from position ``lo``; ``cards`` in laying order."""

    is_run: bool
    key: int
    lo: int
    cards: list[int] = field(default_factory=list)

    @property
    def hi(self) -> int:
        """Highest position of a run."""
        return self.lo + len(self.cards) - 1


@dataclass
class Arrangement:
    """A lay-down of the whole contract and what stays in hand."""

    groups: list[Group]
    remainder: list[int]
    """Counts per card value of the cards left in hand."""
    value: int
    """Minus points of the remainder."""


_RANK_NATURALS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for s in range(4) for c in [s * 13 + r - 2] if not IS_WILD[c]) for r in range(2, 15)
)
"""The natural card values of each rank 2..14 (the black twos are wild, R-RV-3)."""


@dataclass
class _Cand:
    suit: int
    lo: int
    hi: int
    value: int
    cards: tuple[int, ...]  # the natural card value at each position
    holes: int  # positions the whole hand cannot fill with a natural card


_RUN_CARDS: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(tuple(card_at(s, p) for p in range(lo, hi + 1)) for hi in range(15))
        for lo in range(15)
    )
    for s in range(4)
)
"""_RUN_CARDS[suit][lo][hi]: the natural card at each position lo..hi of a run."""
_SUIT_POSITIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(card_at(s, p) for p in range(15)) for s in range(4)
)
"""_SUIT_POSITIONS[suit][pos]: the card at run position 1..14 (index 0 unused)."""


def _candidates(hand: Sequence[int], wilds: int, vals: Sequence[int]) -> list[_Cand]:
    """Every run the hand could lay down (R-RV-6, D-RV-1/8): each end a natural card
    of the hand or the run exactly four long, the gaps fillable by wild cards."""
    out: list[_Cand] = []
    for s in range(4):
        cards = _SUIT_POSITIONS[s]
        have = [False] * 15
        cnt = [0] * 15  # prefix counts of positions held
        val = [0] * 15  # prefix values of the cards held
        n = 0
        v = 0
        for p in range(1, 15):
            c = cards[p]
            if not IS_WILD[c] and hand[c]:
                have[p] = True
                n += 1
                v += vals[c]
            cnt[p] = n
            val[p] = v
        if not n:
            continue
        runs = _RUN_CARDS[s]
        held = [p for p in range(1, 15) if have[p]]
        for lo in range(1, 12):
            base_n = cnt[lo - 1]
            top = 13 if lo == 1 else 14  # no corner (D-RV-8)
            his = [lo + 3]
            if have[lo]:  # a run longer than four ends in natural cards at both ends
                his.extend(p for p in held if lo + 3 < p <= top)
            for hi in his:
                nat = cnt[hi] - base_n
                if (hi - lo + 1) - nat > wilds:
                    break  # the holes only grow with a longer run
                if nat == 0:
                    continue
                out.append(_Cand(s, lo, hi, val[hi] - val[lo - 1], runs[lo][hi], hi - lo + 1 - nat))
    out.sort(key=lambda c: -c.value)
    return out


class _Search:
    def __init__(
        self, hand: Sequence[int], sets: int, runs: int, vals: Sequence[int], max_wilds: int
    ) -> None:
        self.hand = hand
        self.sets = sets
        self.runs = runs
        self.vals = vals
        self.cap = max_wilds
        self.wild_cards = sorted((w for w in WILDS for _ in range(hand[w])), key=lambda w: -vals[w])
        self.W = len(self.wild_cards)
        self.nat_total = sum(vals[c] * hand[c] for c in range(52) if not IS_WILD[c])
        self.best_used = -1
        self.best: tuple[list[tuple[_Cand, list[bool]]], list[tuple[int, int]], int] | None = None
        self.perfect = self.nat_total

    def run(self) -> None:
        cands = _candidates(self.hand, self.W, self.vals) if self.runs else []
        self.cands = cands
        self._dfs(0, [], list(self.hand), 0, 0)

    def _dfs(
        self,
        start: int,
        chosen: list[tuple[_Cand, list[bool]]],
        free: list[int],
        used: int,
        holes: int,
    ) -> None:
        if self.best_used >= self.perfect:
            return
        if len(chosen) == self.runs:
            self._sets(chosen, free, used, holes)
            return
        left = self.runs - len(chosen)
        bound = used + self._set_bound(free)  # ``free`` is restored after each try
        for i in range(start, len(self.cands)):
            cand = self.cands[i]
            if bound + left * cand.value <= self.best_used:
                break
            if holes + cand.holes > self.W:
                continue  # not enough wild cards left for its gaps
            ok = True
            for oc, _ in chosen:
                if oc.suit == cand.suit and runs_adjacent(oc.lo, oc.hi, cand.lo, cand.hi):
                    ok = False
                    break
            if not ok:
                continue
            nat = []
            h = 0
            v = 0
            for c in cand.cards:
                if not IS_WILD[c] and free[c]:
                    free[c] -= 1
                    nat.append(True)
                    v += self.vals[c]
                else:
                    nat.append(False)
                    h += 1
            if h < len(cand.cards) and holes + h <= self.W and (self.cap == 0 or h <= self.cap):
                chosen.append((cand, nat))
                self._dfs(i, chosen, free, used + v, holes + h)
                chosen.pop()
            for c, n in zip(cand.cards, nat, strict=True):
                if n:
                    free[c] += 1
            if self.best_used >= self.perfect:
                return

    def _rank_free(self, free: Sequence[int]) -> list[tuple[int, int]]:
        """(count, value) of the free natural cards of each rank 2..14."""
        out = []
        vals = self.vals
        for cards in _RANK_NATURALS:
            n = 0
            v = 0
            for c in cards:
                k = free[c]
                if k:
                    n += k
                    v += k * vals[c]
            out.append((n, v))
        return out

    def _set_bound(self, free: Sequence[int]) -> int:
        if not self.sets:
            return 0
        vs = sorted((v for _, v in self._rank_free(free)), reverse=True)
        return sum(vs[: self.sets])

    def _sets(
        self, chosen: list[tuple[_Cand, list[bool]]], free: list[int], used: int, holes: int
    ) -> None:
        if not self.sets:
            if used > self.best_used:
                self.best_used = used
                self.best = ([(c, n.copy()) for c, n in chosen], [], holes)
            return
        rf = self._rank_free(free)
        inrun = [0] * 15
        for cand, nat in chosen:
            # a natural may move from a run to a set if the run keeps a natural
            # and has room for the wild card that takes its place (D-RV-1)
            nn = sum(nat)
            if nn < 2 or (self.cap and len(nat) - nn >= self.cap):
                continue
            for c, n in zip(cand.cards, nat, strict=True):
                if n:
                    inrun[rank_of(c)] += 1
        ranks = [r for r in range(2, 15) if rf[r - 2][0] + inrun[r] > 0]
        cap = self.cap
        budget = self.W - holes
        if budget < 0:
            return
        # Ranks are independent: a knapsack over (sets chosen, wild cards needed)
        # keeps the most natural value laid down. dp[j][w] = (value, choices).
        neg = -1
        dp: list[list[tuple[int, tuple[tuple[int, int], ...]]]] = [
            [(neg, ()) for _ in range(budget + 1)] for _ in range(self.sets + 1)
        ]
        dp[0][0] = (0, ())
        for r in ranks:
            nf, val = rf[r - 2]
            opts = []
            for k in range(1, self.sets + 1):
                pull = max(0, k - nf)
                # with a wild-card cap a set may need more naturals (taken from runs)
                while cap and 3 - (nf + pull) // k > cap:
                    pull += 1
                if pull > inrun[r]:
                    break
                need = pull + max(0, 3 * k - (nf + pull))
                if need <= budget:
                    opts.append((k, need))
            if not opts:
                continue
            new = [row.copy() for row in dp]
            for j in range(self.sets):
                for w in range(budget + 1):
                    v0, ch = dp[j][w]
                    if v0 < 0:
                        continue
                    for k, need in opts:
                        if j + k > self.sets or w + need > budget:
                            continue
                        tot = v0 + val
                        if tot > new[j + k][w + need][0]:
                            new[j + k][w + need] = (tot, (*ch, (r, k)))
            dp = new
        best_v, best_ch = max(dp[self.sets], key=lambda t: t[0])
        if best_v < 0:
            return
        v = used + best_v
        if v > self.best_used:
            self.best_used = v
            self.best = ([(c, nt.copy()) for c, nt in chosen], list(best_ch), holes)


def _solve0(
    hand: Sequence[int], sets: int, runs: int, vals: Sequence[int], max_wilds: int
) -> Arrangement | None:
    srch = _Search(hand, sets, runs, vals, max_wilds)
    srch.run()
    if srch.best is None:
        return None
    chosen, set_ranks, _ = srch.best
    rem = list(hand)
    wilds = list(srch.wild_cards)  # most valuable first: they are laid down first
    groups: list[Group] = []
    for cand, nat in chosen:
        g = Group(True, cand.suit, cand.lo)
        for c, n in zip(cand.cards, nat, strict=True):
            if n:
                rem[c] -= 1
                g.cards.append(c)
            else:
                w = wilds.pop(0)
                rem[w] -= 1
                g.cards.append(w)
        groups.append(g)
    set_groups: list[Group] = []
    for r, k in set_ranks:
        nats = [
            c for s in range(4) for c in [s * 13 + r - 2] if not IS_WILD[c] for _ in range(rem[c])
        ]
        mine = [Group(False, r, 0) for _ in range(k)]
        # every set needs a natural card; take one from a run if the hand has too few
        while len(nats) < k or (max_wilds and 3 - len(nats) // k > max_wilds):
            for g in groups:
                if not g.is_run:
                    continue
                idx = next(
                    (i for i, c in enumerate(g.cards) if not IS_WILD[c] and rank_of(c) == r),
                    -1,
                )
                nat_n = sum(1 for c in g.cards if not IS_WILD[c])
                if idx >= 0 and nat_n > 1 and (not max_wilds or len(g.cards) - nat_n < max_wilds):
                    c = g.cards[idx]
                    w = wilds.pop(0)
                    rem[w] -= 1
                    g.cards[idx] = w
                    rem[c] += 1
                    nats.append(c)
                    break
            else:
                return None
        for i, c in enumerate(nats):
            mine[i % k].cards.append(c)
            rem[c] -= 1
        for g in mine:
            while len(g.cards) < 3:
                w = wilds.pop(0)
                rem[w] -= 1
                g.cards.append(w)
        set_groups.extend(mine)
    groups.extend(set_groups)
    # leftover wild cards: into the sets, else onto run ends (R-RV-14)
    for w in list(wilds):
        placed = False
        for g in set_groups:
            if max_wilds == 0 or sum(1 for c in g.cards if IS_WILD[c]) < max_wilds:
                g.cards.append(w)
                placed = True
                break
        if not placed:
            for g in groups:
                if not g.is_run or (
                    max_wilds and sum(1 for c in g.cards if IS_WILD[c]) >= max_wilds
                ):
                    continue
                for end in (1, 0):
                    lo, hi = (g.lo, g.hi + 1) if end else (g.lo - 1, g.hi)
                    if lo < 1 or hi > 14 or (lo == 1 and hi == 14):
                        continue
                    if any(
                        o is not g
                        and o.is_run
                        and o.key == g.key
                        and runs_adjacent(o.lo, o.hi, lo, hi)
                        for o in groups
                    ):
                        continue
                    if end:
                        g.cards.append(w)
                    else:
                        g.cards.insert(0, w)
                        g.lo -= 1
                    placed = True
                    break
                if placed:
                    break
        if placed:
            rem[w] -= 1
    value = sum(vals[c] * k for c, k in enumerate(rem) if k)
    return Arrangement(groups, rem, value)


def best_contract(
    hand: Sequence[int],
    sets: int,
    runs: int,
    vals: Sequence[int],
    keep: int = 1,
    max_wilds: int = 0,
) -> Arrangement | None:
    """The lay-down of ``sets`` sets and ``runs`` runs from ``hand`` (53 counts) that
    leaves the lowest-scoring remainder of at least ``keep`` cards, or ``None`` if
    the contract cannot be laid down (D-RV-4: by default a card must stay to discard)."""
    best = _solve0(hand, sets, runs, vals, max_wilds)
    if best is None:
        return None
    if sum(best.remainder) >= keep:
        return best
    # Every card fits: hold back the card that costs least (try cheap cards first).
    result: Arrangement | None = None
    h = list(hand)
    for c in sorted((c for c in range(NUM_KINDS) if hand[c]), key=lambda c: vals[c]):
        if result is not None and vals[c] >= result.value:
            break
        h[c] -= 1
        sub = _solve0(h, sets, runs, vals, max_wilds)
        h[c] += 1
        if sub is None:
            continue
        sub.remainder[c] += 1
        sub.value += vals[c]
        if result is None or sub.value < result.value:
            result = sub
    return result


def _greedy(hand: Sequence[int], sets: int, runs: int, keep: int, max_wilds: int) -> bool:
    """A quick sufficient test: lay the smallest groups down greedily (runs of four
    with the fewest wild cards, then sets of three from the ranks with the most
    natural cards). True means a valid lay-down exists; False decides nothing."""
    free = list(hand)
    wilds = [w for w in WILDS for _ in range(hand[w])]
    chosen: list[tuple[int, int]] = []
    for _ in range(runs):
        best: tuple[int, int, int] | None = None
        for s in range(4):
            for lo in range(1, 12):
                if any(cs == s and runs_adjacent(clo, clo + 3, lo, lo + 3) for cs, clo in chosen):
                    continue
                nat = sum(
                    1 for p in range(lo, lo + 4) if free[c := card_at(s, p)] and not IS_WILD[c]
                )
                holes = 4 - nat
                fits = nat and holes <= len(wilds) and (max_wilds == 0 or holes <= max_wilds)
                if fits and (best is None or holes < best[0]):
                    best = (holes, s, lo)
        if best is None:
            return False
        holes, s, lo = best
        for p in range(lo, lo + 4):
            c = card_at(s, p)
            if free[c] and not IS_WILD[c]:
                free[c] -= 1
        for w in wilds[:holes]:
            free[w] -= 1
        del wilds[:holes]
        chosen.append((s, lo))
    for _ in range(sets):
        counts = [(sum(free[c] for c in cards), i) for i, cards in enumerate(_RANK_NATURALS)]
        n, i = max(counts)
        holes = max(0, 3 - n)
        if n == 0 or holes > len(wilds) or (max_wilds and holes > max_wilds):
            return False
        left = 3 - holes
        for c in _RANK_NATURALS[i]:
            while left and free[c]:
                free[c] -= 1
                left -= 1
        for w in wilds[:holes]:
            free[w] -= 1
        del wilds[:holes]
    return sum(hand) - 4 * runs - 3 * sets >= keep


# ------------------------------------------------------------ feasibility only

_RANK_QUADS: tuple[tuple[int, int, int, int], ...] = tuple(
    (r - 2, 13 + r - 2, 26 + r - 2, 39 + r - 2) for r in range(3, 15)
)
"""The four natural cards of each rank 3..14 (rank 2 has only the two red twos)."""


def _set_steps(free: Sequence[int], sets: int, least: int) -> list[tuple[int, int]]:
    """The cost steps (wild cards, rank index) of one more set of each rank, for
    :func:`_set_wilds`: with ``n`` naturals of a rank, ``k`` sets of it need
    ``max(0, 3k - n)`` wild cards and are possible while ``least * k <= n``."""
    steps: list[tuple[int, int]] = []
    for i, cards in enumerate(_RANK_NATURALS):
        n = free[cards[0]]
        for c in cards[1:]:
            n += free[c]
        if not n:
            continue
        prev = 0
        for k in range(1, min(sets, n // least) + 1):
            cost = 3 * k - n
            if cost < 0:
                cost = 0
            steps.append((cost - prev, i))
            prev = cost
    steps.sort()
    return steps


def _set_wilds(free: Sequence[int], sets: int, least: int) -> int:
    """The fewest wild cards that ``sets`` sets of three need from the natural cards
    ``free`` (R-RV-5, D-RV-1/9; ``least`` naturals per set), or a large number. The
    cost per rank is convex in its number of sets, so the ``sets`` cheapest steps of
    :func:`_set_steps` over all ranks are an optimal choice: per rank ``n // 3``
    free steps, then one step of ``3 - n % 3``, then steps of 3 (counted here
    without building the list)."""
    zeros = 0
    ones = 0
    twos = 0
    threes = 0
    counts = [free[a] + free[b] + free[c] + free[d] for a, b, c, d in _RANK_QUADS]
    counts.append(free[13] + free[26])  # rank 2: the red twos only
    for n in counts:
        if not n:
            continue
        kmax = n // least
        if kmax > sets:
            kmax = sets
        z = n // 3
        if z >= kmax:
            zeros += kmax
            continue
        zeros += z
        kmax -= z
        r = n % 3
        if r:
            if r == 2:
                ones += 1
            else:
                twos += 1
            kmax -= 1
        threes += kmax
    need = sets - zeros
    if need <= 0:
        return 0
    if ones + twos + threes < need:
        return 1 << 20
    if need <= ones:
        return need
    if need <= ones + twos:
        return ones + 2 * (need - ones)
    return ones + 2 * twos + 3 * (need - ones - twos)


def _set_naturals(free: Sequence[int], sets: int, least: int) -> list[int]:
    """The natural cards of an optimal choice of :func:`_set_wilds` (one per card)."""
    per_rank = [0] * 13
    for _, i in _set_steps(free, sets, least)[:sets]:
        per_rank[i] += 1
    out: list[int] = []
    for i, k in enumerate(per_rank):
        need = 3 * k
        for c in _RANK_NATURALS[i]:
            take = min(need, free[c])
            out.extend([c] * take)
            need -= take
    return out


_WINDOWS: tuple[tuple[int, int, tuple[int, ...]], ...] = tuple(
    (s, lo, tuple(c for p in range(lo, lo + 4) for c in [card_at(s, p)] if not IS_WILD[c]))
    for s in range(4)
    for lo in range(1, 12)
)
"""Every run of exactly four (R-RV-6, D-RV-8): (suit, lo, the natural cards of its
positions; a black two's position can only hold a wild card, R-RV-3)."""
_SUIT_NATURALS: tuple[tuple[int, ...], ...] = tuple(
    tuple(-1 if IS_WILD[c] else c for p in range(1, 15) for c in [card_at(s, p)]) for s in range(4)
)
"""The natural card at each run position 1..14 of each suit, -1 for a black two."""
_MASKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(range(1, 1 << n), key=lambda m: -m.bit_count())) for n in range(5)
)
"""Non-empty subsets of ``n`` items as bit masks, the largest first."""
_MASKS_FULL: tuple[tuple[int, ...], ...] = tuple(((1 << n) - 1,) if n else () for n in range(5))
"""Only the whole set of ``n`` items."""


def _feasible(
    hand: Sequence[int], sets: int, runs: int, max_wilds: int, greedy_runs: bool
) -> tuple[list[int], int] | None:
    """A lay-down of the contract from minimal groups (sets of three, runs of four):
    (the natural cards it uses, the wild cards it needs), or ``None``.

    A lay-down stays valid when each group is cut to its minimum (a set to three
    cards, a run to four positions, keeping a natural card and never more wild cards;
    the cards cut stay in hand), so the search is over minimal groups only: runs by
    depth-first search over the four-card windows, then the sets exactly by
    :func:`_set_wilds`. With ``greedy_runs`` a run takes every natural card of its
    positions that is still free (as :func:`best_contract` lays runs); otherwise
    every choice of its natural cards is tried."""
    wilds = hand[WILDS[0]] + hand[WILDS[1]] + hand[WILDS[2]]
    cap = max_wilds
    run_least = max(1, 4 - cap) if cap else 1
    set_least = max(1, 3 - cap) if cap else 1
    free = list(hand)
    set_lb = _set_wilds(free, sets, set_least) if sets else 0
    if set_lb > wilds:
        return None
    if not runs:
        return _set_naturals(free, sets, set_least), set_lb
    # windows the whole hand could fill at all, fewest wild cards first
    wins = []
    limit = wilds - set_lb
    for suit, cards in enumerate(_SUIT_NATURALS):
        pres = [1 if c >= 0 and free[c] else 0 for c in cards]
        have = pres[0] + pres[1] + pres[2]
        for lo in range(11):  # the window at lo + 1 .. lo + 4
            have += pres[lo + 3]
            if have >= run_least and 4 - have <= limit:
                wins.append((4 - have, suit * 11 + lo))
            have -= pres[lo]
    if not wins or runs * min(wins)[0] + set_lb > wilds:
        return None
    wins.sort()
    order = [_WINDOWS[i] for _, i in wins]
    floor = [h for h, _ in wins]  # a window's wild cards never fall as cards are used
    chosen: list[tuple[int, int]] = []
    taken: list[int] = []
    masks = _MASKS_FULL if greedy_runs else _MASKS
    found: list[tuple[list[int], int]] = []

    def dfs(left: int, start: int, budget: int) -> bool:
        if not left:
            if not sets:
                found.append((list(taken), wilds - budget))
                return True
            need = _set_wilds(free, sets, set_least)
            if need > budget:
                return False
            found.append((taken + _set_naturals(free, sets, set_least), wilds - budget + need))
            return True
        for j in range(start, len(order)):
            if left * floor[j] + set_lb > budget:
                break  # sorted by ``floor``; the sets need ``set_lb`` at least
            s, lo, nats = order[j]
            if chosen and any(cs == s and (clo + 4 == lo or lo + 4 == clo) for cs, clo in chosen):
                continue  # R-RV-7: no run continuing another
            avail = [c for c in nats if free[c]]
            na = len(avail)
            if na < run_least or 4 - na > budget:
                continue
            chosen.append((s, lo))
            for mask in masks[na]:
                used = [avail[b] for b in range(na) if mask >> b & 1]
                holes = 4 - len(used)
                if len(used) < run_least or holes > budget:
                    continue
                for c in used:
                    free[c] -= 1
                taken.extend(used)
                ok = dfs(left - 1, j, budget - holes)
                del taken[len(taken) - len(used) :]
                for c in used:
                    free[c] += 1
                if ok:
                    chosen.pop()
                    return True
            chosen.pop()
        return False

    dfs(runs, 0, wilds)
    return found[0] if found else None


_WITNESSES: dict[tuple[int, int, int], list[tuple[tuple[tuple[int, int], ...], int]]] = {}
"""Recent lay-downs found per (sets, runs, max wilds): (natural card, count) pairs and
the wild cards needed. A hand holding one of them can lay the contract down (the
other cards stay in hand), so most hands of a turn are decided without a search."""
_WITNESS_SLOTS = 12


def can_lay_down(
    hand: Sequence[int], sets: int, runs: int, keep: int = 1, max_wilds: int = 0
) -> bool:
    """Whether the contract can be laid down from ``hand`` at all, leaving ``keep``
    cards: the same answer as ``best_contract(...) is not None``, from a search that
    only decides feasibility (:func:`_feasible`), without a wild-card limit; with
    ``max_wilds`` the search only answers "no" and best_contract decides a "yes"
    (best_contract misses some lay-downs under a limit: e.g. 2 sets + 1 run, at most
    one wild per group, from 7H 8H 8H 9H 10H 10H JH QH KH AH AH 2C 2C JK JK, which
    9H-10H-JH-QH, 8H 8H JK and AH AH JK lay down).

    A minimal lay-down uses ``3 * sets + 4 * runs`` cards, so ``keep`` is a count.
    The search over every choice of minimal groups is exact for the rules, so its
    "no" is final. Its "yes" is final when every run takes all the free natural
    cards of its positions, the way :func:`best_contract` lays runs; only a lay-down
    that needs a run to leave a natural card for another run (rare: overlapping runs
    short of a card's second copy, under a wild-card limit) is handed to
    :func:`best_contract`, whose answer the engine has always followed."""
    if sum(hand) < 3 * sets + 4 * runs + keep:
        return False
    if max_wilds:
        # With a wild-card limit best_contract misses some lay-downs (see above), so
        # only the exact "no" is used here and a "yes" is still best_contract's.
        if _feasible(hand, sets, runs, max_wilds, False) is None:
            return False
        return _best_is_found(hand, sets, runs, keep, max_wilds)
    key = (sets, runs, max_wilds)
    recent = _WITNESSES.get(key)
    if recent is None:
        recent = _WITNESSES[key] = []
    wilds = hand[WILDS[0]] + hand[WILDS[1]] + hand[WILDS[2]]
    for i, (cards, need) in enumerate(recent):
        if need > wilds:
            continue
        for c, k in cards:
            if hand[c] < k:
                break
        else:
            if i:
                recent.insert(0, recent.pop(i))
            return True
    hit = _feasible(hand, sets, runs, max_wilds, True)
    if hit is not None:
        counts: dict[int, int] = {}
        for c in hit[0]:
            counts[c] = counts.get(c, 0) + 1
        recent.insert(0, (tuple(counts.items()), hit[1]))
        del recent[_WITNESS_SLOTS:]
        return True
    if not runs or _feasible(hand, sets, runs, max_wilds, False) is None:
        return False
    return _best_is_found(hand, sets, runs, keep, max_wilds)


def _best_is_found(hand: Sequence[int], sets: int, runs: int, keep: int, max_wilds: int) -> bool:
    from pakka.games.ravaytys.cards import VALUES

    return best_contract(hand, sets, runs, VALUES["default"], keep, max_wilds) is not None


def build_steps(arr: Arrangement) -> list[str]:
    """The action texts that lay ``arr`` down through the engine's stepwise melding."""
    from pakka.games.ravaytys.cards import name, pos_name, rank_name

    steps = ["meld"]
    for g in arr.groups:
        if g.is_run:
            steps.append(f"run {'SHDC'[g.key]} {pos_name(g.lo)}")
        else:
            steps.append(f"set {rank_name(g.key)}")
        steps.extend(f"add {name(c)}" for c in g.cards)
        steps.append("close")
    return steps


# ------------------------------------------------------------ lay-offs and swaps
def _room(m: Meld, max_wilds: int) -> bool:
    return max_wilds == 0 or m.wild_count() < max_wilds


def layoffs(
    hand: Sequence[int], melds: Sequence[Meld], max_wilds: int = 0
) -> list[tuple[int, int, int]]:
    """Every single lay-off ``(card, meld index, end)`` the hand allows (R-RV-14/16);
    end is 0 for a set, 1 low, 2 high for a run."""
    out = []
    for c in range(NUM_KINDS):
        if not hand[c]:
            continue
        for i, m in enumerate(melds):
            if not m.is_run:
                if (IS_WILD[c] and _room(m, max_wilds)) or (not IS_WILD[c] and rank_of(c) == m.key):
                    out.append((c, i, 0))
                continue
            if m.can_grow_low() and (
                (IS_WILD[c] and _room(m, max_wilds)) or c == card_at(m.key, m.lo - 1)
            ):
                out.append((c, i, 1))
            if m.can_grow_high() and (
                (IS_WILD[c] and _room(m, max_wilds)) or c == card_at(m.key, m.hi + 1)
            ):
                out.append((c, i, 2))
    return out


def swaps(hand: Sequence[int], melds: Sequence[Meld]) -> list[tuple[int, int, int]]:
    """Every wild swap ``(natural, meld index, wild)`` the hand allows (R-RV-17)."""
    out = []
    for i, m in enumerate(melds):
        for w in WILDS:
            if w not in m.cards:
                continue
            if m.is_run:
                for j, c in enumerate(m.cards):
                    if c == w:
                        nat = card_at(m.key, m.lo + j)
                        if hand[nat] and not IS_WILD[nat]:
                            out.append((nat, i, w))
            else:
                for s in range(4):
                    nat = s * 13 + m.key - 2
                    if hand[nat] and not IS_WILD[nat]:
                        out.append((nat, i, w))
    return sorted(set(out))


__all__ = [
    "Arrangement",
    "Group",
    "best_contract",
    "build_steps",
    "can_lay_down",
    "layoffs",
    "positions_of",
    "swaps",
]
