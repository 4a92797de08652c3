"""Property tests of the meld solver: every arrangement it returns is a valid
lay-down of the contract (R-RV-5..7, D-RV-1/2/4/8), and on small hands it finds
the same lowest remainder as a brute-force search."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pakka.games.ravaytys.cards import IS_WILD, VALUES, card_at
from pakka.games.ravaytys.melds import Meld, runs_adjacent
from pakka.games.ravaytys.solver import Arrangement, best_contract, build_steps, layoffs, swaps

from .brute import brute_best

VALS = VALUES["default"]
CONTRACTS = [(1, 0), (2, 0), (0, 1), (1, 1), (0, 2)]


@st.composite
def hands(draw: st.DrawFn, max_size: int = 9) -> tuple[list[int], tuple[int, int], int, int]:
    """Meld-rich small hands: two suits, five ranks (two decks) and some wild cards."""
    suits = draw(st.lists(st.integers(0, 3), min_size=2, max_size=2, unique=True))
    ranks = draw(st.lists(st.integers(2, 14), min_size=5, max_size=5, unique=True))
    pool = [s * 13 + r - 2 for s in suits for r in ranks] * 2 + [52, 52, 0, 39]
    idx = draw(st.lists(st.integers(0, len(pool) - 1), min_size=4, max_size=max_size, unique=True))
    hand = [0] * 53
    for i in idx:
        hand[pool[i]] += 1
    contract = draw(st.sampled_from(CONTRACTS))
    keep = draw(st.sampled_from([0, 1]))
    cap = draw(st.sampled_from([0, 0, 1, 2]))
    return hand, contract, keep, cap


def check_valid(
    arr: Arrangement, hand: list[int], sets: int, runs: int, keep: int, cap: int
) -> None:
    """Assert that ``arr`` is a legal lay-down of the contract from ``hand``."""
    used = [0] * 53
    kinds = [g.is_run for g in arr.groups]
    assert kinds.count(False) == sets and kinds.count(True) == runs  # R-RV-13
    for g in arr.groups:
        nat = [c for c in g.cards if not IS_WILD[c]]
        wild = len(g.cards) - len(nat)
        assert nat, "D-RV-1: a natural card in every group"
        assert cap == 0 or wild <= cap
        for c in g.cards:
            used[c] += 1
        if g.is_run:
            assert len(g.cards) >= 4  # R-RV-6
            assert g.lo >= 1 and g.hi <= 14 and not (g.lo == 1 and g.hi == 14)  # D-RV-8
            for i, c in enumerate(g.cards):
                if not IS_WILD[c]:
                    assert c == card_at(g.key, g.lo + i)  # D-RV-2: one exact card each
        else:
            assert len(g.cards) >= 3 and all(c % 13 + 2 == g.key for c in nat)  # R-RV-5
    runs_ = [g for g in arr.groups if g.is_run]
    for i, a in enumerate(runs_):
        for b in runs_[i + 1 :]:
            assert not (a.key == b.key and runs_adjacent(a.lo, a.hi, b.lo, b.hi))  # R-RV-7
    assert [used[c] + arr.remainder[c] for c in range(53)] == hand
    assert sum(arr.remainder) >= keep  # D-RV-4
    assert arr.value == sum(VALS[c] * k for c, k in enumerate(arr.remainder))


@settings(max_examples=150, deadline=None)
@given(hands())
def test_solver_arrangements_are_valid_and_agree_with_brute_force(
    case: tuple[list[int], tuple[int, int], int, int],
) -> None:
    """R-RV-5..7/D-RV-1/D-RV-4: valid arrangement; same optimum as brute force."""
    hand, (sets, runs), keep, cap = case
    arr = best_contract(hand, sets, runs, VALS, keep, cap)
    expected = brute_best(hand, sets, runs, VALS, keep, cap)
    if arr is None:
        assert expected is None
        return
    check_valid(arr, hand, sets, runs, keep, cap)
    assert arr.value == expected


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 52), min_size=11, max_size=16), st.integers(0, 7))
def test_solver_on_full_size_hands_returns_valid_arrangements(
    cards: list[int], round_index: int
) -> None:
    """Whole hands of any round: whatever the solver returns is valid."""
    from pakka.games.ravaytys.cards import CONTRACTS as ROUNDS

    hand = [0] * 53
    for c in cards:
        hand[c] = min(hand[c] + 1, 4 if c == 52 else 2)
    sets, runs, _ = ROUNDS[round_index]
    arr = best_contract(hand, sets, runs, VALS, 1, 0)
    if arr is not None:
        check_valid(arr, hand, sets, runs, 1, 0)
        assert build_steps(arr)[0] == "meld"


def test_solver_finds_the_r_rv_17_swap_and_lay_offs() -> None:
    """R-RV-17 example: H5 can replace the joker; S6 would fit below S7..10."""
    from pakka.core.cards import parse_card

    def meld(run_suit: int, lo: int, texts: str) -> Meld:
        m = Meld(0, True, run_suit, lo)
        m.cards = [parse_card(t).index for t in texts.split()]
        return m

    table = [meld(1, 3, "3H 4H JK 6H"), meld(0, 7, "7S 8S 9S 10S")]
    hand = [0] * 53
    for t in ("5H", "5S", "JS"):
        hand[parse_card(t).index] += 1
    assert swaps(hand, table) == [(parse_card("5H").index, 0, 52)]
    lo = layoffs(hand, table)
    assert (parse_card("JS").index, 1, 2) in lo and (parse_card("5S").index, 1, 1) not in lo
