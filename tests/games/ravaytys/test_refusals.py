"""Refusals that say why, in English and Finnish (R-RV-13/14/16/17): each test
asserts the reason of one kind of mistake, and that the state is unchanged."""

from __future__ import annotations

import pytest

from pakka.games.ravaytys.refusals import Refusal
from pakka.games.ravaytys.state import RavaytysState

from .helpers import jump, new, open_round, runs_on_table


def _refused(s: RavaytysState, text: str) -> Refusal:
    before = (s.view(None), s.full_view(), list(s.history))
    with pytest.raises(Refusal) as e:
        s.apply(text)
    assert (s.view(None), s.full_view(), list(s.history)) == before
    assert str(e.value) == e.value.text("en")
    return e.value


def _says(r: Refusal, en: str, fi: str) -> None:
    assert en in r.text("en"), r.text("en")
    assert fi in r.text("fi"), r.text("fi")


def test_r_rv_13_opening_a_group_while_one_is_open_says_close_it_first() -> None:
    """R-RV-13: ``set 8`` while the set of sevens is open: close (or cancel) it first."""
    s = new(3, {1: "7H 7S 7D 8H 8S 8D"})
    open_round(s, "meld", "set 7", "add 7H")
    r = _refused(s, "set 8")
    _says(r, "close the open group first", "sulje ensin avoin ryhmä")
    r = _refused(s, "run H 5")
    _says(r, "close the open group first", "sulje ensin avoin ryhmä")


def test_r_rv_13_a_card_not_held_says_so() -> None:
    """R-RV-13/14/17 and R-RV-12: a discard, add, lay-off or swap of a card that is not
    in the hand says that the card is not held."""
    s = runs_on_table()
    for text in ("discard 2H", "lay 4H M1 lo", "swap 4S M2 JK"):
        _says(_refused(s, text), "you do not hold", "sinulla ei ole")
    r = _refused(s, "lay 4H M1 lo")
    _says(r, "you do not hold 4 of hearts", "sinulla ei ole korttia hertta-4")
    b = new(3, {1: "7H 7S 7D 8H 8S 8D"})
    open_round(b, "meld", "set 7")
    _says(_refused(b, "add 7C"), "you do not hold 7 of clubs", "sinulla ei ole korttia risti-7")


def test_r_rv_14_a_lay_off_that_does_not_fit_says_what_fits() -> None:
    """R-RV-14: 10C on the heart run, 9H at the low end, 9H on a set: each says the
    card does not fit and what the meld takes."""
    s = runs_on_table()
    _says(
        _refused(s, "lay 10C M1 hi"),
        "10 of clubs does not fit on M1",
        "risti-10 ei sovi pöytäykseen M1",
    )
    r = _refused(s, "lay 9H M1 lo")
    _says(r, "does not fit", "ei sovi")
    _says(
        r,
        "4 of hearts at the low end, 9 of hearts at the high end or a wild card",
        "hertta-4 alapäähän, hertta-9 yläpäähän tai villi kortti",
    )


def test_r_rv_14_lay_off_on_a_set_says_the_rank() -> None:
    """R-RV-14: a lay-off on a set of sevens takes a seven or a wild card."""
    s = new(3, {1: "7H 7S 7D 8H 8S 8D 9C 10C"})
    open_round(
        s,
        "meld",
        *("set 7", "add 7H", "add 7S", "add 7D", "close"),
        *("set 8", "add 8H", "add 8S", "add 8D", "close"),
    )
    r = _refused(s, "lay 9C M1")
    _says(r, "9 of clubs does not fit on M1", "risti-9 ei sovi pöytäykseen M1")
    _says(r, "a 7 or a wild card", "arvo 7 tai villi kortti")


def test_r_rv_17_a_swap_with_the_wrong_natural_says_what_the_wild_stands_for() -> None:
    """R-RV-17: the joker in M3 stands for 4D; 3C cannot take its place."""
    s = runs_on_table()
    r = _refused(s, "swap 3C M3 JK")
    _says(r, "joker in M3 stands for 4 of diamonds", "jokeri pöytäyksessä M3 on ruutu-4")
    _says(r, "not 3 of clubs", "ei risti-3")
    _says(_refused(s, "swap 9H M1 JK"), "there is no joker in M1", "pöytäyksessä M1 ei ole")


def test_r_rv_13_a_wrong_card_while_building_says_what_comes_next() -> None:
    """R-RV-13: building a heart run from 5 after 5H the next card is 6H (or a wild);
    building a set of sevens takes sevens (or wilds)."""
    s = jump(3, 3, {1: "5H 6H 7H 8H 9D 10D JD QD 3C"})
    open_round(s, "meld", "run H 5", "add 5H")
    r = _refused(s, "add 7H")
    _says(r, "the next card of the run is 6 of hearts", "värisuoran seuraava kortti on hertta-6")
    b = new(3, {1: "7H 7S 7D 8H 8S 8D"})
    open_round(b, "meld", "set 7", "add 7H")
    _says(_refused(b, "add 8H"), "a set of 7s takes a 7 or a wild card", "kolmosiin (arvo 7)")


def test_r_rv_13_a_refusal_has_both_languages() -> None:
    """R-RV-13: ``meld`` after the contract is down is refused in either language."""
    s = runs_on_table()
    r = _refused(s, "meld")
    _says(r, "already on the table", "jo pöydässä")
