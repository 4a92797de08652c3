"""The pairs trainer (R-ZK-6)."""

from __future__ import annotations

from typing import Any

import pytest

import pakka
from pakka.games.zoker.deck import parse_card
from pakka.games.zoker.pairs.actions import PAIR_ID, PairsAction
from pakka.games.zoker.pairs.state import PairsState

from .test_memo import NO_PAIRS

CARD_GM3 = int(parse_card("GM3"))


def new(deck: str, **opts: Any) -> PairsState:
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


def test_r_zk_6_wrong_pick_cannot_be_repeated() -> None:
    """R-ZK-6: a pick already explained as wrong is illegal (as a refuted guess in
    Koodinmurtaja, D-KM-7), in either card order, so the round always ends."""
    s = new("BS1 BS2 GM3")
    s.apply("BS1+GM3")
    assert s.view(0)["refuted"] == ["BS1+GM3"]
    legal = [str(a) for a in s.legal_actions()]
    assert "BS1+GM3" not in legal and "BS1+BS2" in legal
    before = s.to_json()
    for text in ("BS1+GM3", "gm3 bs1"):
        with pytest.raises(pakka.IllegalAction, match="already explained as not a pair"):
            s.apply(text)
    refuted = pakka.load("zoker-pairs").action_from_id(PAIR_ID[0][CARD_GM3])
    assert isinstance(refuted, PairsAction)
    assert not s.is_legal(refuted)
    with pytest.raises(pakka.IllegalAction, match="differ in colour, size and shape"):
        s.apply(refuted)
    assert s.to_json() == before and s.mistakes == 1


def test_r_zk_6_every_round_terminates() -> None:
    """R-ZK-6: picking wrong pairs only, the round still ends (each wrong pick
    rules one pair out; then only right picks and stop remain)."""
    import random

    from pakka.games.zoker.deck import COMPATIBLE

    for seed in range(5):
        s = pakka.load("zoker-pairs").new_state(seed=seed)
        rnd = random.Random(seed)
        steps = 0
        while not s.is_terminal:
            legal = s.legal_actions()
            wrong = [
                a
                for a in legal
                if len(a.cards) == 2 and not COMPATIBLE[a.cards[0]] >> a.cards[1] & 1
            ]
            right = [a for a in legal if a.cards and a not in wrong]
            s.apply_legal(rnd.choice(wrong or right or legal))
            steps += 1
        assert steps <= 20 * 19 // 2 + 1
