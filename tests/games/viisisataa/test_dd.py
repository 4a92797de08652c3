"""The double-dummy solver (games/viisisataa/dd.py) agrees with plain brute force on
random endings of every contract kind and player count, and gets the trump, bower and
joker rules of the spec right on stacked positions (R-5S-2, R-5S-14, R-5S-15, D-5S-1)."""

from __future__ import annotations

import pytest

from pakka.core.cards import parse_card
from pakka.games.viisisataa.actions import JOKER_LEADS, NO_TRUMP, PLAYS
from pakka.games.viisisataa.dd import Position, Solver, position_of, side_of
from pakka.games.viisisataa.state import ViisisataaState

from .dd_helpers import BIDS, brute_force, random_ending

KINDS = [*BIDS, "no contract"]
SIZES = {2: (2, 3, 4), 3: (2, 3, 4), 4: (2, 3), 5: (2, 3)}


def _ending(n: int, kind: str, cards: int, seed: int) -> ViisisataaState:
    options: dict[str, object] = {"joker_suit_unled_only": seed % 2 == 0}
    if kind == "misere":
        options["misere"] = True
    if kind == "no contract":
        options["all_pass"] = "grand_no_contract"
    return random_ending(n, BIDS.get(kind), cards, seed, **options)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("kind", KINDS)
def test_agrees_with_engine_brute_force(n: int, kind: str) -> None:
    """Against minimax over the real engine (its own legality and trick winner): the
    rules the solver models are the engine's, every contract kind (trump suits, grand
    with the joker and its declared suits, misère with the partner sitting out, the
    grand without contract), both settings of ``joker_suit_unled_only``."""
    checked = 0
    for cards in SIZES[n]:
        for seed in range(4 if n < 5 else 3):
            s = _ending(n, kind, cards, seed * 31 + cards)
            assert s.turn is not None
            side = side_of(s, s.turn)
            seats = [q for q in range(n) if side >> q & 1]
            expected = brute_force(s, seats)
            got = Solver().tricks(position_of(s, side))
            assert got == expected, (n, kind, cards, seed)
            checked += 1
    assert checked >= 6


def _plain_minimax(pos: Position) -> int:
    """The side's tricks by trying every legal move of the position (no table, no
    pruning, no equivalences)."""
    if not pos.hands[pos.turn]:
        return 0
    maxing = pos.side >> pos.turn & 1
    values = [pos.won_by_side(m) + _plain_minimax(pos.after(m)) for m in pos.legal()]
    return max(values) if maxing else min(values)


@pytest.mark.parametrize("n", [3, 4, 5, 2])
def test_thousands_of_endings_against_plain_minimax(n: int) -> None:
    """The search's table, bounds, equivalent-card pruning and move ordering change
    nothing: 500 random endings per player count (2000 in all) solved exactly as plain
    minimax over the same moves, from both sides, and every move's value too."""
    count = 0
    sizes = {2: (2, 3, 3), 3: (2, 3, 3), 4: (2, 3), 5: (2, 2, 2, 3)}[n]
    for i in range(500):
        kind = KINDS[i % len(KINDS)]
        cards = sizes[i % len(sizes)]
        s = _ending(n, kind, cards, 1000 + i)
        assert s.turn is not None
        side = side_of(s, s.turn)
        if i % 3 == 0:
            other = sum(1 << q for q in range(n) if not side >> q & 1 and s.hands[q] > 0)
            side = other or side
        pos = position_of(s, side)
        solver = Solver()
        want = _plain_minimax(pos)
        assert solver.tricks(pos) == want, (n, kind, cards, i)
        if i % 4 == 0:
            for m, v in solver.move_values(pos):
                assert v == pos.won_by_side(m) + _plain_minimax(pos.after(m)), (i, m)
        count += 1
    assert count == 500


def _pos(
    hands: dict[int, str], tc: int, turn: int, side: int, n: int = 3, **kw: object
) -> Position:
    masks = [0] * n
    for q, text in hands.items():
        for c in text.split():
            masks[q] |= 1 << parse_card(c).index
    nxt = tuple((q + 1) % n for q in range(n))
    return Position(tuple(masks), nxt, turn, (), -1, tc, side, **kw)  # type: ignore[arg-type]


HEARTS = 1  # card suit index of hearts (S H D C)
SPADES = 0


def test_left_bower_is_a_trump_and_beats_the_ace() -> None:
    """R-5S-2: with hearts trumps the jack of diamonds is the left bower: it follows a
    heart lead (the seat may not keep it back) and beats the ace of trumps; the right
    bower beats the left."""
    pos = _pos({0: "AH", 1: "JD", 2: "7S"}, HEARTS, 0, 0b010)
    assert [str(m) for m in pos.after(PLAYS[parse_card("AH").index]).legal()] == ["JD"]
    assert Solver().tricks(pos) == 1
    # The right bower draws the left; then 7C wins (nobody follows clubs or trumps).
    pos = _pos({0: "JH 7C", 1: "JD AD", 2: "7S 8S"}, HEARTS, 0, 0b001)
    assert Solver().tricks(pos) == 2


def test_joker_is_the_highest_trump_in_a_suit_contract() -> None:
    """R-5S-2 / R-5S-15: in a suit contract the joker is the top trump and belongs to
    the trump suit (it must follow a trump lead)."""
    pos = _pos({0: "JH", 1: "JK", 2: "7H"}, HEARTS, 0, 0b010)
    assert Solver().tricks(pos) == 1
    pos = _pos({0: "AS", 1: "JK 7S", 2: "8S 9S"}, HEARTS, 0, 0b010)
    # seat 1 must follow spades with 7S, keeping the joker (it is a heart, not a spade)
    assert [str(m) for m in pos.after(PLAYS[parse_card("AS").index]).legal()] == ["7S"]


def test_joker_in_no_trump_only_when_void_and_led_with_a_suit() -> None:
    """D-5S-1: in grand the joker may be played only when void in the suit led;
    R-5S-15: led, it names a suit the others must follow, and wins."""
    pos = _pos({0: "AS", 1: "JK 7S", 2: "8S 9S"}, NO_TRUMP, 0, 0b010)
    assert [str(m) for m in pos.after(PLAYS[parse_card("AS").index]).legal()] == ["7S"]
    pos = _pos({0: "AH", 1: "JK 7S", 2: "8H 9S"}, NO_TRUMP, 0, 0b010)
    assert {str(m) for m in pos.after(PLAYS[parse_card("AH").index]).legal()} == {"7S", "JK"}
    # Seat 0 leads the joker: naming spades forces the AS out and the 7S wins next.
    pos = _pos({0: "JK 7S", 1: "AS 8H", 2: "KS 9H"}, NO_TRUMP, 0, 0b001)
    values = {str(m): v for m, v in Solver().move_values(pos)}
    assert values["JK:S"] == 2
    assert values["JK:H"] == 1
    assert Solver().tricks(pos) == 2


def test_joker_suit_unled_only() -> None:
    """R-5S-15 option ``joker_suit_unled_only``: once spades have been led the joker may
    not name them, so the best line of the test above is gone."""
    pos = _pos({0: "JK 7S", 1: "AS 8H", 2: "KS 9H"}, NO_TRUMP, 0, 0b001,
               joker_unled_only=True, led_suits=1 << SPADES)  # fmt: skip
    legal = [m for m in pos.legal() if m.kind == JOKER_LEADS[0].kind]
    assert sorted(str(m) for m in legal) == ["JK:C", "JK:D", "JK:H"]
    assert Solver().tricks(pos) == 1
