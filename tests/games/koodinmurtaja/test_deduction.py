"""The deduction engine against brute force, and ``sample_consistent`` against exact
enumeration (a chi-square test of its distribution)."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import pakka
from pakka.bots.base import SeatHandle
from pakka.bots.koodinmurtaja import DeduceBot, hint, rank_table
from pakka.games.koodinmurtaja import KMState
from pakka.games.koodinmurtaja.cards import rank_of
from pakka.games.koodinmurtaja.deduction import Knowledge, knowledge_from_view


def _brute(know: Knowledge) -> tuple[int, dict[int, Counter[int]]]:
    """Enumerate every assignment of unseen cards to hidden places (small cases)."""
    tallies: dict[int, Counter[int]] = {
        s.handle: Counter() for q in know.seats for s in know.slots[q]
    }
    total = 0

    def rec(i: int, left: list[int], chosen: dict[int, int]) -> None:
        nonlocal total
        if i == len(know.seats):
            total += 1
            for h, k in chosen.items():
                tallies[h][k] += 1
            return
        q = know.seats[i]
        slots = know.slots[q]
        for combo in itertools.combinations(left, len(slots)):
            if all(s.allows(k) for s, k in zip(slots, combo, strict=True)):
                rest = [k for k in left if k not in combo]
                rec(i + 1, rest, chosen | {s.handle: k for s, k in zip(slots, combo, strict=True)})

    rec(0, list(know.unknown), {})
    return total, tallies


def _positions(players: int, seeds: range, max_count: int) -> list[tuple[KMState, int]]:
    """Random-play positions whose information set is small enough to enumerate."""
    game = pakka.load("koodinmurtaja", players=players)
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        s = game.new_state(seed=seed)
        while not s.is_terminal:
            p = s.current_player
            assert p is not None
            know = s.knowledge(p)
            if 2 <= know.count() <= max_count:
                found.append((s.clone(), p))
                break
            la = s.legal_actions()
            s.apply(la[rng.randrange(len(la))])
    return found


def test_marginals_match_brute_force_enumeration() -> None:
    cases = _positions(2, range(40), 3000) + _positions(3, range(40, 60), 3000)
    assert len(cases) >= 20
    for state, p in cases:
        know = knowledge_from_view(state.view(p))
        total, tallies = _brute(know)
        assert know.count() == total
        marg = know.marginals()
        for h, counter in tallies.items():
            for k, c in counter.items():
                assert math.isclose(marg[h][k], c / total, rel_tol=1e-9)
            assert set(marg[h]) == set(counter)


def test_prob_holds_rank_matches_brute_force() -> None:
    for state, p in _positions(2, range(10), 3000)[:5]:
        know = knowledge_from_view(state.view(p))
        total, _ = _brute(know)
        q = know.seats[0]
        for rank in range(2, 15):
            hits = 0
            # Count assignments where q holds rank among its hidden cards.
            slots = know.slots[q]
            for combo in itertools.combinations(know.unknown, len(slots)):
                if all(s.allows(k) for s, k in zip(slots, combo, strict=True)) and any(
                    rank_of(k) == rank for k in combo
                ):
                    hits += 1
            assert math.isclose(know.prob_holds_rank(q, rank), hits / total, abs_tol=1e-12)


def _chi2_critical(df: int, z: float = 3.09) -> float:
    """Upper 0.1% point of chi-square (Wilson-Hilferty approximation)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_sample_consistent_is_uniform_chi_square() -> None:
    cases = _positions(2, range(200), 24)
    cases = [(s, p) for s, p in cases if s.knowledge(p).count() >= 3][:4]
    assert cases, "no small positions found"
    for state, p in cases:
        know = state.knowledge(p)
        n_worlds = know.count()
        rng = random.Random(42)
        draws = 80 * n_worlds
        tally: Counter[tuple[tuple[int, int], ...]] = Counter()
        for _ in range(draws):
            sample = state.sample_consistent(p, rng)
            hidden = tuple(
                (sample.handle_of[k], k)
                for q in range(sample.n)
                if q != p
                for k in sample.code[q]
                if not (sample.revealed >> k) & 1
            )
            tally[hidden] += 1
        assert len(tally) == n_worlds  # every consistent world occurs
        assert state.sample_consistent(p, rng).view(p) == state.view(p)
        expected = draws / n_worlds
        chi2 = sum((c - expected) ** 2 / expected for c in tally.values())
        assert chi2 < _chi2_critical(n_worlds - 1), (chi2, n_worlds)


def test_sample_consistent_varies_only_hidden_cards_and_forgets_the_seed() -> None:
    game = pakka.load("koodinmurtaja", players=4)
    s = game.new_state(seed=9)
    s.apply(s.legal_actions()[0])
    worlds = set()
    for k in range(30):
        sample = s.sample_consistent(2, random.Random(k))
        assert sample.view(2) == s.view(2)
        assert sample.seed != s.seed and sample.deck is None
        # No private entry of another seat survives in the sample's log.
        assert all(e.to in (None, 2) for e in sample.log)
        worlds.add(str(sample.full_view()["codes"]))
    assert len(worlds) > 20


def test_deduce_probabilities_are_a_distribution_and_exact() -> None:
    (state, p), *_ = _positions(2, range(5), 3000)
    table = rank_table(state.view(p))
    know = knowledge_from_view(state.view(p))
    total, tallies = _brute(know)
    for h, ranks in table.items():
        assert math.isclose(sum(ranks.values()), 1.0)
        exact: dict[int, Fraction] = {}
        for k, c in tallies[h].items():
            exact[rank_of(k)] = exact.get(rank_of(k), Fraction(0)) + Fraction(c, total)
        for r, pr in ranks.items():
            assert math.isclose(pr, float(exact[r]))


def test_deduce_guesses_a_certain_card() -> None:
    # Seat 1 sees its own 3H 6S 10H AS. If seat 0's hidden card 2 must lie between the
    # revealed 2S and 3S... build: seat 0 = 2S 2H 3S KH with 2S, 3S, KH revealed ->
    # card 2 lies strictly between 2S and 3S: only 3H (held by seat 1) or 2H... so 2H.
    from .conftest import new

    s = new([["2S", "2H", "3S", "KH"], ["3H", "6S", "10H", "AS"]], stock=["QS", "4H", "5H"])
    s.apply("0/1=2")
    s.apply("0/3=3")
    s.apply("0/4=K")
    bot = DeduceBot(s.game, seed=0)
    h = SeatHandle(s, 1)
    scored = bot.evaluate(h)
    assert scored[0][0] == 1.0 and str(scored[0][1]) == "0/2=2"
    assert str(bot.choose(h)) == "0/2=2"
    info = hint(s.game, h, "en")
    assert info["best"] == "0/2=2" and info["probabilities"]["0"]["2"] == {"2": 1.0}


def test_deduce_is_quick_with_eight_players() -> None:
    import time

    game = pakka.load("koodinmurtaja", players=8)
    bot = DeduceBot(game, seed=1)
    rng = random.Random(3)
    state = game.new_state(seed=3)
    worst = 0.0
    for _ in range(60):
        if state.is_terminal:
            break
        h = SeatHandle(state, state.current_player or 0, rng)
        t0 = time.process_time()
        a = bot.choose(h)
        worst = max(worst, time.process_time() - t0)
        state.apply(a)
    assert worst < 20.0  # generous: a hang guard, not a benchmark
