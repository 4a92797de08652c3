"""The vectorised exact posterior (:mod:`pakka.games.koodinmurtaja.posterior`) at 2-8
players against brute force, against the dictionary programme, and the ``deduce``
bot's decisions with it against an exact reference.

- Small cases (2-4 players, at most 3,000 consistent deals): the vectorised
  programme is forced and compared with exhaustive enumeration.
- Large cases (5-8 players, sampled positions from seeded games, marked so in the
  names): compared with the independent dictionary programme of
  :class:`~pakka.games.koodinmurtaja.deduction.Knowledge` (a different code path:
  Python dictionaries over reachable states, exact integers), which is slow there.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator

import pytest

import pakka
from pakka.bots.base import SeatHandle
from pakka.bots.koodinmurtaja import DeduceBot
from pakka.games.koodinmurtaja import KMState, deduction
from pakka.games.koodinmurtaja.actions import Guess
from pakka.games.koodinmurtaja.deduction import Knowledge, Slot, knowledge_from_view
from pakka.games.koodinmurtaja.posterior import PRIMES, FillDP

from .test_deduction import _brute, _chi2_critical, _positions


def _fill_places(know: Knowledge) -> tuple[int, dict[int, dict[int, int]]]:
    """Count and per-handle card counts straight from the vectorised programme."""
    dp = FillDP(len(know.unknown), know.sizes, know.allowed, know.pool_size)
    places = dp.place_counts()
    out = {
        slot.handle: {know.unknown[i]: c for i, c in places[j][f].items()}
        for j, q in enumerate(know.seats)
        for f, slot in enumerate(know.slots[q])
    }
    return dp.count(), out


def _dict_counts(
    know: Knowledge, monkeypatch: pytest.MonkeyPatch
) -> tuple[int, dict[int, dict[int, int]]]:
    """The same figures from the dictionary programme (the independent counter)."""
    with monkeypatch.context() as m:
        m.setattr(deduction, "DP_STATE_LIMIT", 10**12)
        m.setattr(deduction, "COUNT_DICT_LIMIT", 10**12)
        ref = Knowledge(know.unknown, know.slots)
        assert not ref.counts_vectorised()
        return ref.marginal_counts()


def test_primes_are_prime_and_below_2_32() -> None:
    for p in PRIMES:
        assert p < 2**32
        # Miller-Rabin with the deterministic bases for 32-bit integers.
        d, r = p - 1, 0
        while d % 2 == 0:
            d //= 2
            r += 1
        for a in (2, 7, 61):
            x = pow(a, d, p)
            if x in (1, p - 1):
                continue
            for _ in range(r - 1):
                x = x * x % p
                if x == p - 1:
                    break
            else:
                raise AssertionError(p)


def test_vectorised_programme_equals_brute_force_enumeration_2_to_4_players() -> None:
    cases = (
        _positions(2, range(40), 3000)
        + _positions(3, range(40, 60), 3000)
        + _positions(4, range(60, 90), 3000)
    )
    assert len(cases) >= 30
    for state, p in cases:
        know = knowledge_from_view(state.view(p))
        total, expect = _enumerated(know)
        assert _fill_places(know) == (total, expect)


def test_knowledge_through_the_vectorised_programme_equals_brute_force(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the size limit at 0 every Knowledge method takes the vectorised path."""
    monkeypatch.setattr(deduction, "DP_STATE_LIMIT", 0)
    for state, p in _positions(2, range(10), 3000)[:5] + _positions(4, range(200, 230), 3000)[:5]:
        know = knowledge_from_view(state.view(p))
        assert know.is_large()
        total, tallies = _brute(know)
        assert know.count() == total
        marg = know.marginals()
        for h, counter in tallies.items():
            assert set(marg[h]) == set(counter)
            for k, c in counter.items():
                assert marg[h][k] == c / total  # one correctly rounded division
        q = know.seats[0]
        for rank in range(2, 15):
            without = know.without_rank(q, rank)
            assert without.is_large()
            assert know.prob_holds_rank(q, rank) == (total - _brute(without)[0]) / total


def test_vectorised_sampler_is_uniform_chi_square(monkeypatch: pytest.MonkeyPatch) -> None:
    """The exact sampler of the vectorised programme (rejection switched off) passes the
    same chi-square test as the dictionary sampler."""
    monkeypatch.setattr(deduction, "DP_STATE_LIMIT", 0)
    monkeypatch.setattr(Knowledge, "REJECTION_TRIES", 0)
    cases = _positions(2, range(300, 500), 24)
    cases = [(s, p) for s, p in cases if s.knowledge(p).count() >= 3][:3]
    assert cases
    for state, p in cases:
        know = knowledge_from_view(state.view(p))
        n_worlds = know.count()
        rng = random.Random(5)
        draws = 80 * n_worlds
        tally: Counter[tuple[tuple[int, int], ...]] = Counter()
        for _ in range(draws):
            assign, pool = know.sample(rng)
            assert len(pool) == know.pool_size
            tally[tuple(sorted(assign.items()))] += 1
        assert len(tally) == n_worlds
        expected = draws / n_worlds
        chi2 = sum((c - expected) ** 2 / expected for c in tally.values())
        assert chi2 < _chi2_critical(n_worlds - 1), (chi2, n_worlds)


def _random_positions(players: int, seed: int) -> Iterator[tuple[KMState, int]]:
    """Every decision of one seeded game of uniformly random legal moves."""
    game = pakka.load("koodinmurtaja", players=players)
    state = game.new_state(seed=seed)
    assert isinstance(state, KMState)
    rng = random.Random(seed)
    while not state.is_terminal:
        p = state.current_player
        assert p is not None
        yield state, p
        la = state.legal_actions()
        state.apply(la[rng.randrange(len(la))])


def _sampled_large(
    players: int, seeds: range, min_table: int, max_table: int
) -> list[tuple[KMState, int]]:
    """One sampled position per seeded random game: the first whose fill table (the
    product of the opponents' hidden counts plus one) lies in ``(min_table,
    max_table]``, where the dictionary reference stays affordable."""
    out: list[tuple[KMState, int]] = []
    for seed in seeds:
        for state, p in _random_positions(players, seed):
            know = knowledge_from_view(state.view(p))
            if min_table < know.num_states <= max_table:
                out.append((state.clone(), p))
                break
    return out


@pytest.mark.parametrize("players", [5, 6, 7, 8])
def test_sampled_large_positions_equal_the_dictionary_counter(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sampled positions (one per seeded game) with large tables; five players never
    pass the dictionary limit (4 opponents), so theirs are the larger ones below it."""
    low = 500 if players == 5 else deduction.DP_STATE_LIMIT
    cases = _sampled_large(players, range(players * 100, players * 100 + 5), low, 8_000)
    assert len(cases) >= 4
    for state, p in cases:
        know = knowledge_from_view(state.view(p))
        assert _fill_places(know) == _dict_counts(know, monkeypatch)


def test_eight_player_opening_equals_the_closed_form() -> None:
    """Before any guess (the full 5^7 table) each opponent's code is a uniform 4-subset
    of the 47 unseen cards (52 less the seat's 4 and its drawn card): card number
    ``i`` (0-based, ascending) is in place ``f`` in C(i, f) C(46 - i, 3 - f) of the
    C(47, 4) codes, times the deals of the other 43 cards (6 codes and 19 free)."""
    game = pakka.load("koodinmurtaja", players=8)
    state = game.new_state(seed=5)
    p = state.current_player
    assert p is not None
    know = knowledge_from_view(state.view(p))
    assert know.num_states == 5**7 and know.is_large()
    m = len(know.unknown)
    assert m == 47 and know.pool_size == 19
    others = math.factorial(m - 4) // (math.factorial(19) * math.factorial(4) ** 6)
    assert know.count() == math.comb(m, 4) * others
    total, counts = know.marginal_counts()
    assert total == know.count()
    for q in know.seats:
        for f, slot in enumerate(know.slots[q]):
            expect = {
                know.unknown[i]: math.comb(i, f) * math.comb(m - 1 - i, 3 - f) * others
                for i in range(m)
                if math.comb(i, f) * math.comb(m - 1 - i, 3 - f)
            }
            assert counts[slot.handle] == expect


def _reference_scores(
    state: KMState, p: int, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[float, str]]:
    """``deduce``'s scores computed with the dictionary programme (the exact reference)."""
    with monkeypatch.context() as m:
        m.setattr(deduction, "DP_STATE_LIMIT", 10**12)
        m.setattr(deduction, "COUNT_DICT_LIMIT", 10**12)
        bot = DeduceBot(state.game, seed=0)
        return [(q, str(a)) for q, a in bot.evaluate(SeatHandle(state, p, random.Random(0)))]


@pytest.mark.slow
def test_deduce_decides_as_the_exact_reference_on_50_eight_player_positions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """50 sampled 8-player positions (one per seeded game) where the vectorised path is
    used and the dictionary reference is affordable: every guess's
    probability is the same float as the dictionary reference's (both exact up to one
    final division), so the best guesses and the stop decisions are the same."""
    cases = _sampled_large(8, range(8000, 8200), deduction.DP_STATE_LIMIT, 8_000)[:50]
    assert len(cases) == 50
    for state, p in cases:
        bot = DeduceBot(state.game, seed=0)
        handle = SeatHandle(state, p, random.Random(0))
        got = [(q, str(a)) for q, a in bot.evaluate(handle)]
        ref = _reference_scores(state, p, monkeypatch)
        assert sorted(got, key=lambda qa: qa[1]) == sorted(ref, key=lambda qa: qa[1])
        best = max(q for q, _ in got)
        assert {a for q, a in got if q == best} == {a for q, a in ref if q == best}
        assert any(isinstance(a, Guess) for a in state.legal_actions())


def _small_draws(seed: int) -> Iterator[tuple[random.Random, list[int], list[int]]]:
    """Small seeded positions without end: the generator (to draw the places with),
    the unseen cards (7-10) and the opponents' code sizes (2-4 opponents, 1-3 places
    each, no more places than cards)."""
    rng = random.Random(seed)
    while True:
        opponents = rng.randint(2, 4)
        m = rng.randint(7, 10)
        unknown = sorted(rng.sample(range(52), m))
        sizes = [rng.randint(1, 3) for _ in range(opponents)]
        if sum(sizes) <= m:
            yield rng, unknown, sizes


def _slots(places: list[list[tuple[int, int, int]]]) -> dict[int, list[Slot]]:
    """The hidden places of opponents 1, 2, ... from each place's ``(lo, hi,
    forbidden)`` (``places[q - 1]``, an opponent's code in order), handles counted up."""
    slots: dict[int, list[Slot]] = {}
    handle = 0
    for q, code in enumerate(places, 1):
        slots[q] = [Slot(q, f, handle + f, *bounds) for f, bounds in enumerate(code)]
        handle += len(code)
    return slots


def _enumerated(know: Knowledge) -> tuple[int, dict[int, dict[int, int]]]:
    """The count and the place counts of ``know`` by exhaustive enumeration."""
    total, tallies = _brute(know)
    return total, {h: dict(c) for h, c in tallies.items()}


def _assert_place_counts(know: Knowledge, total: int, expect: dict[int, dict[int, int]]) -> None:
    """Knowledge's count and place counts equal the enumerated ``total`` and
    ``expect``, of every seat together and seat by seat."""
    assert know.marginal_counts() == (total, expect)
    for q in know.seats:
        assert know.marginal_counts([q]) == (
            total,
            {s.handle: expect[s.handle] for s in know.slots[q]},
        )


def _merge_place(rng: random.Random, free: bool, low: list[int]) -> tuple[int, int, int]:
    """A place of a free opponent (any unseen card), or one bounded below by a revealed
    neighbour from ``low`` or marked with three refuted ranks, as ``(lo, hi, forbidden)``."""
    if free:
        return -1, 52, 0
    if rng.random() < 0.5:
        return rng.choice(low), 52, 0
    return -1, 52, sum(1 << r for r in rng.sample(range(13), 3))


def _merge_cases() -> list[Knowledge]:
    """Seeded small positions at 3-5 players (2-4 opponents) where some opponents are
    free (no revealed card, no refutation: every place may hold every unseen card) and
    the others are not: a revealed neighbour bounds a place, or a refuted rank is
    marked on it. Small enough for exhaustive enumeration."""
    out: list[Knowledge] = []
    for rng, unknown, sizes in _small_draws(18):
        opponents, m = len(sizes), len(unknown)
        free = set(rng.sample(range(opponents), rng.randint(1, opponents - 1)))
        if len(out) % 3 == 0 and opponents >= 3:
            # Two free opponents of one size (counted once, copied to the other).
            free = {0, 1}
            sizes[1] = sizes[0]
        low = unknown[: max(1, m // 2)]
        slots = _slots(
            [[_merge_place(rng, q in free, low) for _ in range(sizes[q])] for q in range(opponents)]
        )
        know = Knowledge(unknown, slots)
        if sorted(know.free) == sorted(free) and _brute(know)[0] > 0:
            out.append(know)
            if len(out) == 24:
                return out
    raise AssertionError("unreachable: the draws never end")


@pytest.mark.parametrize("limit", [0, 10**12])
def test_merging_free_opponents_equals_brute_force_enumeration(
    limit: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Free opponents merged into the pool (the count scaled by the multinomial of the
    split) give the enumerated counts of every place, through the vectorised
    programme (limit 0) and the dictionary one; and the programme without merging
    agrees."""
    monkeypatch.setattr(deduction, "DP_STATE_LIMIT", limit)
    monkeypatch.setattr(deduction, "COUNT_DICT_LIMIT", limit)
    cases = _merge_cases()
    assert all(k.counts_vectorised() == (limit == 0) for k in cases)
    assert sum(1 for k in cases if len(k.free) >= 2) >= 5
    for know in cases:
        sub, factor = know._merged(frozenset()) or (know, 1)
        assert len(sub.seats) == len(know.seats) - len(know.free) and factor > 1
        total, expect = _enumerated(know)
        assert know.count() == total
        assert sub.count() * factor == total
        _assert_place_counts(know, total, expect)
        plain = Knowledge(know.unknown, know.slots, merge=False)
        assert not plain.free
        assert plain.marginal_counts() == (total, expect)
        for q in know.seats:
            for rank in (2, 7, 14):
                assert know.prob_holds_rank(q, rank) == plain.prob_holds_rank(q, rank)


def test_eight_player_opening_merges_every_opponent() -> None:
    """At an 8-player opening every opponent is free: the count needs no table at all."""
    game = pakka.load("koodinmurtaja", players=8)
    state = game.new_state(seed=5)
    p = state.current_player
    assert p is not None
    know = knowledge_from_view(state.view(p))
    assert len(know.free) == 7
    merged = know._merged(frozenset())
    assert merged is not None and merged[0].seats == []
    assert merged[0].count() == 1


def _start_code(rng: random.Random, size: int, unknown: list[int]) -> list[tuple[int, int, int]]:
    """The ``size`` places of one opponent's code of a kind drawn at random, as ``(lo,
    hi, forbidden)``: refuted low, high or middle ranks, bounded by a revealed
    neighbour, free, or split by a revealed card."""
    kind = rng.choice(["low", "high", "middle", "bound", "free", "revealed"])
    # "revealed": a seen card ``cut`` among the code's hidden places, which
    # splits the code into two segments (below and above it).
    cut = rng.choice([k for k in range(4, 48) if k not in unknown])
    split = rng.randint(1, size - 1) if size > 1 else 0
    places: list[tuple[int, int, int]] = []
    for f in range(size):
        lo, hi, forbidden = -1, 52, 0
        if kind == "revealed":
            lo, hi = (-1, cut) if f < split else (cut, 52)
            if rng.random() < 0.4:
                forbidden = 1 << rng.choice([0, 12, 6])
        elif kind == "bound":
            lo = rng.choice(unknown[: max(1, len(unknown) // 2)])
        elif kind != "free" and rng.random() < 0.7:
            ranks = {
                "low": [0, 1],  # 2s and 3s refuted
                "high": [11, 12],  # kings and aces refuted
                "middle": [5, 6, 7],
            }[kind]
            forbidden = 1 << rng.choice(ranks)
        places.append((lo, hi, forbidden))
    return places


def _start_cases() -> list[Knowledge]:
    """Seeded small positions at 3-5 players (2-4 opponents) whose opponents are free
    below or above some card: places with refuted ranks only (a refuted 2 leaves a
    code free above the 2s, a refuted ace free below the aces), mixed with places
    bounded by a revealed neighbour and with free opponents. Small enough for
    exhaustive enumeration."""
    out: list[Knowledge] = []
    for rng, unknown, sizes in _small_draws(1818):
        m = len(unknown)
        if math.prod(math.comb(m, h) for h in sizes) > 200_000:
            continue
        slots = _slots([_start_code(rng, h, unknown) for h in sizes])
        know = Knowledge(unknown, slots, merge=False)
        if _brute(know)[0] > 0:
            out.append(know)
            if len(out) == 40:
                return out
    raise AssertionError("unreachable: the draws never end")


def test_seats_started_after_their_free_prefix_equal_brute_force_in_both_directions() -> None:
    """Each opponent started where its free prefix ends (its cards below chosen at
    that layer, C(u, f) ways) and the same over descending cards: the count and the
    place counts of every kept seat equal exhaustive enumeration, in both directions,
    and Knowledge (which splits codes at revealed cards into segments and picks the
    direction with fewer states) agrees."""
    from pakka.games.koodinmurtaja.deduction import _free_prefix, _reverse_bits

    cases = _start_cases()
    started = {False: 0, True: 0}
    for know in cases:
        total, expect = _enumerated(know)
        m = len(know.unknown)
        for mirrored in (False, True):
            allowed = know.allowed
            if mirrored:
                allowed = [[_reverse_bits(a, m) for a in reversed(al)] for al in allowed]
            for keep in [None, *range(len(know.seats))]:
                starts = [0 if j == keep else _free_prefix(al, m) for j, al in enumerate(allowed)]
                started[mirrored] += sum(1 for a in starts if 0 < a < m)
                dp = FillDP(m, know.sizes, allowed, know.pool_size, starts)
                assert dp.count() == total
                if keep is None:
                    continue
                places = dp.place_counts([keep])
                q = know.seats[keep]
                h = know.sizes[keep]
                for f, slot in enumerate(know.slots[q]):
                    if mirrored:
                        got = {
                            know.unknown[m - 1 - i]: c for i, c in places[keep][h - 1 - f].items()
                        }
                    else:
                        got = {know.unknown[i]: c for i, c in places[keep][f].items()}
                    assert got == expect[slot.handle]
        _assert_place_counts(know, total, expect)
    # Both directions start seats late (not only at the first or the last card), and
    # codes split into segments at a revealed card.
    assert started[False] >= 10 and started[True] >= 10
    assert sum(1 for k in cases if len(k.segments) > len(k.seats)) >= 5


def test_a_seat_cannot_start_inside_a_constrained_prefix() -> None:
    """A start past a card that one of the seat's places refuses is refused (the
    programme would count deals that put that card there)."""
    with pytest.raises(ValueError, match="prefix is not free"):
        FillDP(4, [2], [[0b1110, 0b1111]], 2, [2])
    with pytest.raises(ValueError, match="tracked from card 0"):
        FillDP(4, [2], [[0b1111, 0b1111]], 2, [2]).place_counts([0])


def test_segments_and_late_starts_shrink_the_eight_player_tables() -> None:
    """On large 8-player positions (seeded random games, no free opponent, every
    opponent asked about in turn) the programme Knowledge builds never holds more
    states than the plain one over whole codes, and far fewer in total (about 4.8x
    over seeds 800-805 when this was written): the work the late starts save."""
    plain_total = chosen_total = 0
    for seed in (800, 801):
        for state, p in _random_positions(8, seed):
            know = knowledge_from_view(state.view(p))
            if know.num_states <= 20_000 or know.free:
                continue
            plain = FillDP(len(know.unknown), know.sizes, know.allowed, know.pool_size).states()
            for j in range(len(know.seats)):
                chosen = know.counting_dp(frozenset([j]))[0].states()
                assert chosen <= plain
                plain_total += plain
                chosen_total += chosen
    assert chosen_total > 0
    assert plain_total >= 3 * chosen_total
