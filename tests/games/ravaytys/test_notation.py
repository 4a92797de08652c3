"""Action notation of Räväytys (docs/games/ravaytys.md): the short forms of
``lay`` and ``place`` without ``lo``/``hi`` on runs, and ``meld`` offered only when
the contract can be laid down (R-RV-13)."""

from __future__ import annotations

import pytest

import pakka
from pakka.games.ravaytys.refusals import Refusal

from .helpers import hand, meld_texts, new, open_round, play, runs_on_table


def test_r_rv_14_lay_without_end_on_a_run_when_only_one_end_fits() -> None:
    """R-RV-14 notation: ``lay 9H M1`` on 5H-8H means the high end (only it fits)."""
    s = runs_on_table()
    assert s.parse_action("lay 9H M1") is s.parse_action("lay 9H M1 hi")
    play(s, "lay 9H M1")
    assert meld_texts(s)[0] == "5H 6H 7H 8H 9H"


def test_r_rv_17_place_without_end_on_a_run_when_only_one_end_fits() -> None:
    """R-RV-17 notation: ``place M2`` on JS-AS means the low end (nothing goes above
    the high ace, R-RV-4)."""
    s = runs_on_table()
    play(s, "swap 4D M3 JK")
    play(s, "place M2")
    assert meld_texts(s)[1] == "JK=10S JS QS KS AS"
    assert meld_texts(s)[2] == "3D 4D 5D 6D"


def test_r_rv_17_place_without_end_where_both_ends_fit_says_lo_or_hi() -> None:
    """R-RV-17 notation: on 5H-8H both ends take the wild card: the short form is
    refused, saying to add ``lo`` or ``hi``; the state is unchanged."""
    s = runs_on_table()
    play(s, "swap 4D M3 JK")
    before = s.view(1)
    with pytest.raises(Refusal) as e:
        s.apply("place M1")
    assert "the wild card fits both ends of M1" in str(e.value)
    assert "add lo or hi to the move" in e.value.text("en")
    assert "kumpaankin päähän" in e.value.text("fi") and "lo tai hi" in e.value.text("fi")
    assert s.view(1) == before


def test_r_rv_14_lay_without_end_where_neither_end_fits() -> None:
    """R-RV-14 notation: 4D fits neither end of 5H-8H: a clear refusal (not a set form)."""
    s = runs_on_table()
    with pytest.raises(Refusal) as e:
        s.apply("lay 4D M1")
    en, fi = e.value.text("en"), e.value.text("fi")
    assert "does not fit" in en and "4 of hearts at the low end" in en
    assert "ei sovi" in fi and "hertta-4 alapäähän" in fi


def test_r_rv_13_meld_not_offered_when_the_contract_cannot_be_made() -> None:
    """R-RV-13: ``meld`` is offered only when the hand can lay the contract down (the
    engine decides, with the meld solver); asked anyway, it is refused and says why."""
    s = new(3, {1: "7H 7S 8D 8C 9H"}, stock="KD")
    open_round(s)
    assert s.phase == 3 and len(hand(s, 1)) == 12
    assert "meld" not in [str(a) for a in s.legal_actions()]
    with pytest.raises(Refusal) as e:
        s.apply("meld")
    assert "cannot be laid down" in e.value.text("en")
    assert "ei vielä onnistu" in e.value.text("fi")
    assert s.phase == 3


def test_r_rv_13_meld_offered_when_the_contract_can_be_made() -> None:
    """R-RV-13: with two sets in hand ``meld`` is offered."""
    s = new(3, {1: "7H 7S 7D 8H 8S 8D"})
    open_round(s)
    assert "meld" in [str(a) for a in s.legal_actions()]


def test_r_rv_13_meld_refused_is_an_illegal_action() -> None:
    """R-RV-13: the refusal is an :class:`pakka.IllegalAction` like every refusal."""
    s = new(3, {1: "7H 7S 8D 8C 9H"}, stock="KD")
    open_round(s)
    with pytest.raises(pakka.IllegalAction):
        s.apply("meld")
