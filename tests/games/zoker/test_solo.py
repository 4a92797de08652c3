"""Zoker Solo with stacked decks: R-SO-1..7, D-SO-1..3."""

from __future__ import annotations

import pytest

import pakka
from pakka.games.zoker.solo.state import SoloState

from .test_memo import NO_PAIRS


def new(deck: str, seed: int = 0) -> SoloState:
    s = pakka.load("zoker-solo").new_state(seed=seed, deck=deck)
    assert isinstance(s, SoloState)
    return s


# a1..d1, a2..d2, a3..d3 are the upper rows; a4..d4 the bottom row.
DECK = "BS2 RXL1 RXL2 RXL3 GM4 GL4 OS3 OM3 OL3 OXL3 RS4 RM4 BS1 BS3 GXL1 GXL2"


def test_r_so_1_deal_sixteen() -> None:
    """R-SO-1: 16 cards face up in a 4x4 square; the rest is the stock."""
    s = new(DECK)
    v = s.view(0)
    assert v["upper"][:4] == ["BS2", "RXL1", "RXL2", "RXL3"]
    assert v["piles"] == [["BS1"], ["BS3"], ["GXL1"], ["GXL2"]]
    assert v["stock"] == 48 and "stock_order" not in v


def test_r_so_2_r_so_3_move_onto_compatible_bottom_pile() -> None:
    """R-SO-2 / R-SO-3: an upper card goes onto a bottom pile with a compatible top."""
    s = new(DECK)
    s.apply("a1-a4")  # BS2 onto BS1
    assert s.view(0)["piles"][0] == ["BS1", "BS2"] and s.score == 2
    with pytest.raises(pakka.IllegalAction, match="not compatible"):
        s.apply("b1-a4")  # RXL1 onto BS2


def test_r_so_4_pile_onto_pile() -> None:
    """R-SO-4: a whole pile moves onto a pile with a compatible top; its top stays on top."""
    s = new(DECK)
    s.apply("a1-a4")  # a4: BS1 BS2
    s.apply("a4-b4")  # BS2 is compatible with BS3
    assert s.view(0)["piles"][:2] == [[], ["BS3", "BS1", "BS2"]]
    assert s.score == 3
    with pytest.raises(pakka.IllegalAction):
        s.apply("c4-b4")  # GXL1 vs BS2: not compatible


def test_r_so_5_d_so_1_deal_needs_four_empty_places_reading_order() -> None:
    """R-SO-5 / D-SO-1: deal four into the empty upper places in reading order."""
    s = new(DECK + " BM1 BM2 BM3 BM4 BL1")
    with pytest.raises(pakka.IllegalAction, match="four empty"):
        s.apply("deal")
    s.apply("a1-a4")  # BS2
    s.apply("b1-c4")  # RXL1 onto GXL1
    s.apply("c1-d4")  # RXL2 onto GXL2
    with pytest.raises(pakka.IllegalAction, match="3 are empty"):
        s.apply("deal")
    s.apply("d1-d4")  # RXL3 onto RXL2
    s.apply("deal")
    assert s.view(0)["upper"][:4] == ["BM1", "BM2", "BM3", "BM4"]
    assert s.view(0)["stock"] == 44


def test_d_so_2_deal_what_is_left() -> None:
    """D-SO-2: fewer than four cards in the stock: deal what is left."""
    s = new(DECK)
    for a in ("a1-a4", "b1-c4", "c1-d4", "d1-d4"):
        s.apply(a)
    s.stock = s.stock[-2:]  # pretend the stock is nearly used up
    s._legal = None
    s.apply("deal")
    assert s.view(0)["stock"] == 0
    assert [x is not None for x in s.view(0)["upper"][:4]] == [True, True, False, False]


def test_r_so_6_new_pile_in_empty_bottom_place() -> None:
    """R-SO-6: an upper card may start a pile in an empty bottom place."""
    s = new(DECK)
    s.apply("a1-a4")
    s.apply("a4-b4")  # a4 is now empty
    s.apply("b1-a4")  # RXL1 starts a new pile
    assert s.view(0)["piles"][0] == ["RXL1"]


def test_r_so_7_end_and_score() -> None:
    """R-SO-7: no move and no deal ends the game; the score is the tallest pile."""
    s = new(" ".join(NO_PAIRS))
    assert s.is_terminal and s.legal_actions() == [] and s.scores == [1]
    assert s.winners == [0]


def test_d_so_3_hint_undo_and_solver() -> None:
    """D-SO-3: a hint is a legal move; undo is replaying the history minus the last
    action; the solver's optimum is at least what any play reaches."""
    from pakka.games.zoker.solo.solver import solve

    s = new(DECK)
    hint = s.hint()
    assert hint is not None and hint in s.legal_actions()
    before = s.to_json()
    s.apply(hint)
    undone = pakka.load("zoker-solo").new_state(seed=0, deck=DECK)
    for text in s.history[:-1]:
        undone.apply(text)
    assert undone.to_json() == before
    best = solve(new(DECK), playouts=40, max_nodes=200)
    play = new(DECK)
    while not play.is_terminal:
        a = play.hint()
        assert a is not None
        play.apply(a)
    assert best.score >= play.score and best.score <= best.bound
    # A position near the end is solved exactly (the search finishes).
    small = new(DECK)
    small.stock = small.stock[-4:]
    small.upper = [-1] * 4 + small.upper[4:8] + [-1] * 4
    small._legal = None
    exact = solve(small, max_nodes=200_000)
    assert exact.exact and exact.bound == exact.score
    # The solver's line replays to its score.
    replay = new(DECK)
    for text in best.line:
        replay.apply(text)
    assert replay.score == best.score


def _brute_force(state: SoloState) -> int:
    """The best score by plain exhaustive search over the real game: every legal
    action, deals included at any time, memoised on (upper cards, piles, stock)."""
    seen: dict[tuple[frozenset[int], tuple[tuple[int, int], ...], int], int] = {}

    def best(s: SoloState) -> int:
        key = (
            frozenset(c for c in s.upper if c >= 0),
            tuple(sorted((p[-1], len(p)) for p in s.piles if p)),
            len(s.stock),
        )
        if key in seen:
            return seen[key]
        r = s.score
        for a in s.legal_actions():
            t = s.clone()
            t.apply_legal(a)
            r = max(r, best(t))
        seen[key] = r
        return r

    return best(state)


@pytest.mark.parametrize("seed", range(16))
def test_d_so_3_solver_matches_exhaustive_search(seed: int) -> None:
    """D-SO-3: the solver (deal-at-once rule, connectivity bound) agrees with a
    plain exhaustive search on small positions (a random mid-game position cut
    to four upper cards and four stock cards), and its line reaches its score."""
    import random

    from pakka.games.zoker.solo.solver import solve

    s = pakka.load("zoker-solo").new_state(seed=seed)
    assert isinstance(s, SoloState)
    rnd = random.Random(seed)
    while len(s.stock) > 20 and not s.is_terminal:
        s.apply_legal(rnd.choice(s.legal_actions()))
    for i in [i for i, c in enumerate(s.upper) if c >= 0][4:]:
        s.upper[i] = -1
    s.stock = s.stock[-4:]
    s._legal = None
    sol = solve(s)
    optimum = _brute_force(s)
    assert sol.exact and sol.bound == sol.score == optimum
    # Cut short, the search still brackets the optimum between proven figures.
    cut = solve(s, max_nodes=1, playouts=5)
    assert cut.score <= optimum <= cut.bound
    replay = s.clone()
    for text in sol.line:
        replay.apply(text)
    assert replay.score == sol.score


def test_d_so_3_solver_proves_the_optimum_of_whole_deals() -> None:
    """D-SO-3: on whole seeded deals the solver proves its score optimal."""
    from pakka.games.zoker.solo.solver import solve

    for seed in range(5):
        s = pakka.load("zoker-solo").new_state(seed=seed)
        assert isinstance(s, SoloState)
        sol = solve(s)
        assert sol.exact and sol.score == sol.bound
