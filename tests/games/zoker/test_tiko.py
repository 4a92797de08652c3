"""Zoker Tiko with stacked decks: R-TI-1..5, D-TI-1..5."""

from __future__ import annotations

import random

import pytest

import pakka
from pakka.games.zoker.tiko.state import TikoState


def new(players: int, deck: str, seed: int = 0) -> TikoState:
    s = pakka.load("zoker-tiko", players=players).new_state(seed=seed, deck=deck)
    assert isinstance(s, TikoState)
    return s


def test_d_ti_1_two_to_five_players() -> None:
    """D-TI-1: 2-5 players."""
    for n in (2, 5):
        assert pakka.load("zoker-tiko", players=n).num_players == n
    for n in (1, 6):
        with pytest.raises(pakka.RulesError):
            pakka.load("zoker-tiko", players=n)


def test_r_ti_1_four_cards_each_left_of_dealer_starts() -> None:
    """R-TI-1 / D-TI-5: four cards each; seat 0 deals so seat 1 starts."""
    s = new(3, "BS1 BS2 BS3 BS4 GS1 GS2 GS3 GS4 OS1 OS2 OS3 OS4")
    assert s.view(0)["hand"] == ["BS1", "BS2", "BS3", "BS4"]
    assert s.view(1)["hand"] == ["GS1", "GS2", "GS3", "GS4"]
    assert s.current_player == 1
    assert s.view(0)["stock"] == 64 - 12
    assert "hand" not in s.view(None) and "GS1" not in str(s.view(0))


def test_r_ti_2_d_ti_2_top_card_comparison_not_transitive() -> None:
    """R-TI-2 / D-TI-2: only the comparison with the current top card counts.

    GS1 leads; BL1 is weaker than GS1 and goes under; BM2 beats GS1 and goes on
    top, and wins although BL1 (under the pile) would beat BM2.
    """
    s = new(3, "BM2 RS1 RS2 RS3 GS1 OS1 OS2 OS3 BL1 GM1 GM2 GM3")
    s.apply("GS1")  # seat 1 leads
    s.apply("BL1")  # seat 2: weaker than GS1 -> underneath
    assert s.view(0)["pile"] == ["BL1", "GS1"]
    s.apply("BM2")  # seat 0: stronger than the top card GS1 -> on top
    assert s.won == [3, 0, 0]
    assert s.current_player == 0  # R-TI-3: the winner leads
    trick = next(e.args for e in s.log if e.key == "tiko.trick")
    assert trick["pile"] == "BL1 GS1 BM2" and trick["seats"] == [2, 1, 0]


def test_r_ti_3_winner_takes_the_trick_and_leads() -> None:
    """R-TI-3: the seat whose card is on top takes all cards of the trick."""
    s = new(2, "RXL4 BS1 BS2 BS3 GS1 GS2 GS3 GS4")
    s.apply("GS1")
    s.apply("RXL4")
    assert s.won == [2, 0] and s.current_player == 0
    s.apply("BS1")
    s.apply("GS2")  # stronger than BS1: on top
    assert s.won == [2, 2] and s.current_player == 1


def test_r_ti_4_d_ti_3_d_ti_4_redeal_and_end() -> None:
    """R-TI-4 / D-TI-3 / D-TI-4: four new cards each after four tricks; the trick
    winner keeps the lead; the game ends when the stock cannot give everyone four."""
    s = new(3, "")
    rng = random.Random(1)
    deals = 0
    while not s.is_terminal:
        before = len(s.stock)
        leader_before = s.leader
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        if len(s.stock) < before:
            deals += 1
            assert s.current_player == s.leader != -1
            assert all(len(h) == 4 for h in s.hands)
            del leader_before
    # 64 = 5 deals x 12 + 4: five deals, four cards never dealt.
    assert deals == 4 and len(s.stock) == 4
    assert sum(s.won) == 60


def test_d_ti_5_played_cards_are_public() -> None:
    """D-TI-5: every played card is visible to all seats and spectators."""
    s = new(2, "RXL4 BS1 BS2 BS3 GS1 GS2 GS3 GS4")
    s.apply("GS1")
    for p in (None, 0, 1):
        assert s.view(p)["played"] == ["GS1"]


def test_r_ti_5_most_won_cards_wins() -> None:
    """R-TI-5 / D-TI-5: most won cards wins; equal highest share."""
    s = new(2, "")
    rng = random.Random(3)
    while not s.is_terminal:
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    best = max(s.won)
    assert s.winners == [p for p in range(2) if s.won[p] == best]
    assert s.scores == s.won


def test_tiko_illegal_card_explains() -> None:
    """A card not in hand is refused with the hand listed."""
    s = new(2, "RXL4 BS1 BS2 BS3 GS1 GS2 GS3 GS4")
    with pytest.raises(pakka.IllegalAction, match="play one of: small green one, ") as e:
        s.apply("RXL4")
    assert e.value.fields == {"card": "RXL4", "hand": ["GS1", "GS2", "GS3", "GS4"]}


def test_r_ti_3_last_trick_in_the_view() -> None:
    """R-TI-3 / D-TI-5: the trick just taken stays in every view (its cards are
    public) with who played each card and who took it, until the next is taken."""
    s = new(2, "RXL4 BS1 BS2 BS3 GS1 GS2 GS3 GS4")
    v = s.view(None)
    assert v["last_trick"] == [] and v["last_trick_seats"] == []
    assert v["last_trick_winner"] is None
    s.apply("GS1")  # seat 1 leads
    s.apply("RXL4")  # seat 0 on top, takes it
    for seat in (None, 0, 1):
        v = s.view(seat)
        assert v["last_trick"] == ["GS1", "RXL4"] and v["last_trick_seats"] == [1, 0]
        assert v["last_trick_winner"] == 0 and v["pile"] == []
    s.apply("BS1")
    assert s.view(1)["last_trick"] == ["GS1", "RXL4"]  # until the next trick is taken
    s.apply("GS2")
    v = s.view(1)
    assert v["last_trick"] == ["BS1", "GS2"] and v["last_trick_winner"] == 1
    c = s.clone()
    assert c.view(0) == s.view(0)
