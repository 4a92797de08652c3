"""The pairs trainer (R-ZK-6)."""

from __future__ import annotations

import pytest

import pakka
from pakka.games.zoker.pairs import PairsState

from .test_memo import NO_PAIRS


def new(deck: str, **opts: object) -> PairsState:
    s = pakka.load("zoker-pairs", **opts).new_state(seed=0, deck=deck)
    assert isinstance(s, PairsState)
    return s


def test_r_zk_6_twenty_face_up_cards() -> None:
    """R-ZK-6: 20 cards are dealt face up."""
    s = new("BS1 BS2")
    assert len(s.view(0)["table"]) == 20 and None not in s.view(0)["table"]


def test_r_zk_6_right_and_wrong_pairs() -> None:
    """R-ZK-6: a right pair leaves the table and scores; a wrong pick is explained."""
    s = new("BS1 BS2 GM3")
    s.apply("BS1+GM3")
    last = s.log[-1]
    assert last.key == "pairs.wrong" and last.args["differ"] == ["colour", "size", "shape"]
    assert s.mistakes == 1 and s.score == 0
    s.apply("bs2 bs1")
    assert s.pairs == 1 and s.score == 1 and s.view(0)["table"][:2] == [None, None]
    with pytest.raises(pakka.IllegalAction, match="not on the table"):
        s.apply("BS1+BS3")


def test_r_zk_6_straight_and_stop() -> None:
    """R-ZK-6: four cards of a line are a straight; the player may stop at any time."""
    s = new("OS2 OM2 OL2 OXL2 BS1")
    with pytest.raises(pakka.IllegalAction, match="not a straight"):
        s.apply("OS2+OM2+OL2+BS1")
    s.apply("OXL2+OS2+OL2+OM2")
    assert s.straights == 1 and s.score == 3
    s.apply("stop")
    assert s.is_terminal and s.scores == [3]


def test_r_zk_6_ends_when_no_pair_remains() -> None:
    """R-ZK-6: the round ends by itself when no pair is left."""
    s = new(" ".join(NO_PAIRS[:4]), cards=4)
    assert s.is_terminal
