"""The Zoker deck: R-ZK-1..5, D-ZK-1, D-ZK-2 (property tests over every pair)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pakka
from pakka.games.zoker.deck import (
    BEATS,
    CARDS,
    COMPATIBLE,
    LINE_KINDS,
    LINES,
    NAMES,
    SHARES_ONE,
    STRAIGHT_LINES,
    differing_attributes,
    is_compatible,
    parse_card,
    shares_one,
    stronger,
)


def c(text: str) -> int:
    return int(parse_card(text))


def test_r_zk_1_sixty_four_distinct_cards() -> None:
    """R-ZK-1: every (colour, size, shape) combination exactly once."""
    assert len(CARDS) == 64 == len(set(NAMES))
    assert {(n[0], n[1:-1], n[-1]) for n in NAMES} == set(
        itertools.product("BGOR", ("S", "M", "L", "XL"), "1234")
    )


def test_r_zk_2_d_zk_1_notation() -> None:
    """R-ZK-2 / D-ZK-1: BS1 is the weakest card, RXL4 the strongest, OM3 in between."""
    assert str(CARDS[0]) == "BS1" and str(CARDS[63]) == "RXL4"
    assert str(parse_card("om3")) == "OM3" and str(parse_card(" b-xl-4 ")) == "BXL4"
    assert BEATS[c("RXL4")].bit_count() == 63 and BEATS[c("BS1")] == 0
    for bad in ("", "BS5", "XS1", "BXXL1", "B S", "AS"):
        with pytest.raises(pakka.NotationError):
            parse_card(bad)


@given(st.integers(0, 63))
def test_r_zk_2_notation_round_trip(i: int) -> None:
    """R-ZK-2: notation parses back to the same card."""
    assert parse_card(str(CARDS[i])) == i
    assert parse_card(str(CARDS[i]).lower()) == i


def test_r_zk_3_likeness() -> None:
    """R-ZK-3: compatible = exactly two equal attributes (9 partners); alike in one = 27."""
    assert all(m.bit_count() == 9 for m in COMPATIBLE)
    assert all(m.bit_count() == 27 for m in SHARES_ONE)
    assert is_compatible(c("BS1"), c("BS2")) and is_compatible(c("BS1"), c("RS1"))
    assert not is_compatible(c("BS1"), c("GM1")) and shares_one(c("BS1"), c("GM1"))
    assert not shares_one(c("BS1"), c("GM2"))
    assert differing_attributes(c("BS1"), c("GM1")) == ["colour", "size"]


def test_r_zk_3_straights_are_axis_lines() -> None:
    """R-ZK-3: a straight is four mutually compatible cards; the cube has 48."""
    assert len(STRAIGHT_LINES) == 48
    for ln in STRAIGHT_LINES:
        assert all(is_compatible(a, b) for a, b in itertools.combinations(LINES[ln], 2))
    # Every set of four mutually compatible cards is one of them.
    cliques = 0
    for a in range(64):
        for b, x, y in itertools.combinations(
            [k for k in range(a + 1, 64) if is_compatible(a, k)], 3
        ):
            if is_compatible(b, x) and is_compatible(b, y) and is_compatible(x, y):
                cliques += 1
    assert cliques == 48
    assert [LINE_KINDS.count(k) for k in range(3)] == [48, 24, 4]


def test_r_zk_4_exactly_one_of_two_distinct_cards_is_stronger() -> None:
    """R-ZK-4: over all 64x63 ordered pairs, exactly one of the two is stronger."""
    for a in range(64):
        assert not stronger(a, a)
        for b in range(64):
            if a != b:
                assert stronger(a, b) != stronger(b, a), (NAMES[a], NAMES[b])


def test_r_zk_4_not_transitive_cycle() -> None:
    """R-ZK-4: a rock-paper-scissors cycle: BM2 > GS1 > BL1 > BM2."""
    bm2, gs1, bl1 = c("BM2"), c("GS1"), c("BL1")
    assert stronger(bm2, gs1)  # stronger in size and shape, weaker in colour (D-ZK-2)
    assert stronger(gs1, bl1)  # colour beats size (rule 3)
    assert stronger(bl1, bm2)  # size beats shape (rule 3)
    cycles = sum(
        1
        for a, b, x in itertools.combinations(range(64), 3)
        if (stronger(a, b) and stronger(b, x) and stronger(x, a))
        or (stronger(b, a) and stronger(x, b) and stronger(a, x))
    )
    assert cycles > 0


def test_r_zk_4_booklet_examples() -> None:
    """R-ZK-4 rules 1-3 as the booklet illustrates them."""
    # Rule 1: stronger in two attributes (colour and size; size and shape; colour and shape).
    assert stronger(c("GM1"), c("BS1"))
    assert stronger(c("BM2"), c("BS1"))
    assert stronger(c("GS2"), c("BS1"))
    # Rule 1: stronger in one, equal in two (colour; size; shape).
    assert stronger(c("OL3"), c("GL3"))
    assert stronger(c("OXL3"), c("OL3"))
    assert stronger(c("OL4"), c("OL3"))
    # Rule 3: one stronger, one weaker, one equal: colour > size > shape.
    assert stronger(c("RS1"), c("BXL1"))  # colour stronger, size weaker
    assert stronger(c("RS1"), c("BS4"))  # colour stronger, shape weaker
    assert stronger(c("BXL1"), c("BS4"))  # size stronger, shape weaker


def test_d_zk_2_two_against_one() -> None:
    """D-ZK-2: stronger in two and weaker in one is rule 1: the two win."""
    # BXL4 is weaker only in colour, yet stronger than GS1 in size and shape.
    assert stronger(c("BXL4"), c("GS1"))
    assert stronger(c("GM2"), c("RS1"))


def test_r_zk_5_seeded_uniform_shuffle_and_stacking() -> None:
    """R-ZK-5: the software shuffles with the seeded generator; stacked decks go on top."""
    g = pakka.load("zoker-solo")
    a, b = g.new_state(seed=5), g.new_state(seed=5)
    assert a.full_view() == b.full_view()
    assert g.new_state(seed=6).full_view() != a.full_view()
    s = g.new_state(seed=1, deck="RXL4 BS1")
    assert s.view(0)["upper"][:2] == ["RXL4", "BS1"]
    with pytest.raises(pakka.RulesError):
        g.new_state(deck="BS1 BS1")
