"""Stacked-deck scenarios, one or more per rule and decision of
shared/rules/ravaytys.md (ids in the test names and docstrings)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import pakka
from pakka.games.ravaytys.cards import VALUES, full_deck
from pakka.games.ravaytys.state import RavaytysState

from .helpers import hand, jump, meld_texts, new, open_round, play


# ---------------------------------------------------------------- cards, deal
def test_r_rv_1_players_rounds_and_deal_passing_left_d_rv_0() -> None:
    """R-RV-1: 3..6 players, 8 rounds, the deal passes left; D-RV-0 seat 0 deals first."""
    for bad in (2, 7):
        with pytest.raises(pakka.RulesError):
            pakka.load("ravaytys", players=bad)
    g = pakka.load("ravaytys", players=4, max_turns_per_round=1)
    s = g.new_state(seed=3)
    dealers = []
    while not s.is_terminal:
        if s.phase == 0:  # the opening discard of a round
            dealers.append(s.dealer)
        s.apply(s.legal_actions()[0])
    assert dealers == [0, 1, 2, 3, 0, 1, 2, 3]
    assert len(s.sheet) == 8


def test_r_rv_2_deck_is_two_decks_and_four_jokers() -> None:
    """R-RV-2: 108 cards, every ordinary card twice, four jokers."""
    d = full_deck()
    assert len(d) == 108 and d.count(52) == 4 and all(d.count(c) == 2 for c in range(52))
    g = pakka.load("ravaytys", players=3)
    with pytest.raises(pakka.RulesError):
        g.new_state(seed=1, deck="AS AS AS")


def test_r_rv_8_deal_sizes_dealer_extra_card_and_r_rv_9_opening_discard() -> None:
    """R-RV-8: the round's number of cards, the dealer one more; R-RV-9: the dealer
    opens the discard pile and the player left of the dealer plays first."""
    s = new(4, {0: "KD"})
    assert s.sizes == [12, 11, 11, 11]
    assert s.current_player == 0 and {str(a).split()[0] for a in s.legal_actions()} == {"discard"}
    s.apply("discard KD")
    assert s.view(1)["top"] == "KD" and s.current_player == 1
    assert [str(a) for a in s.legal_actions()] == ["take", "draw"]
    # round 3 deals 12 (and 13 to the dealer)
    s3 = jump(3, 2, {})
    assert s3.sizes == [13, 12, 12]


# ------------------------------------------------------------------- buying
def test_d_rv_3_buy_priority_penalty_card_and_r_rv_10_buyer_does_not_discard() -> None:
    """R-RV-10/D-RV-3: the seats after the player in turn are asked in order (never the
    discarder); the first buyer gets the discard and a penalty card; one buy per discard;
    then the player in turn must draw."""
    s = new(4, {0: "7H"}, stock="QS KS 3D")
    play(s, "discard 7H", "draw")
    assert s.current_player == 2 and [str(a) for a in s.legal_actions()] == ["buy", "pass"]
    play(s, "pass")
    assert s.current_player == 3
    before = s.sizes[3]
    play(s, "buy")
    assert s.sizes[3] == before + 2
    assert "7H" in hand(s, 3) and "QS" in hand(s, 3)  # the penalty card is the stock top
    assert s.view(3)["known"][3] == ["7H"]  # the bought card is public, the penalty is not
    assert s.view(0)["known"][3] == ["7H"]
    # no discard by the buyer: the player in turn has drawn and plays on
    assert s.current_player == 1 and s.phase == 3
    assert "KS" in hand(s, 1)
    assert s.buys == [0, 0, 0, 1]
    log = [e["key"] for e in s.view(0)["log"]]
    assert "rv.buy" in log and "rv.penalty_card" not in log


def test_d_rv_3_first_buyer_wins_and_discarder_never_asked() -> None:
    """D-RV-3: the first seat that buys ends the window; the discarder is never asked."""
    s = new(4, {0: "7H"})
    play(s, "discard 7H", "draw", "buy")
    assert s.buys == [0, 0, 1, 0]
    assert s.current_player == 1 and s.phase == 3
    s2 = new(3, {0: "7H"})
    play(s2, "discard 7H", "draw")
    assert s2.askers == [2]  # seat 0 discarded: only seat 2 may buy in a 3-player game


def test_d_rv_3_option_max_buys_per_round() -> None:
    """D-RV-3 option ``max_buys_per_round``: a seat at the limit is not asked."""
    s = new(3, {0: "7H 8H", 1: "9C"}, max_buys_per_round=1)
    play(s, "discard 7H", "draw", "buy", "discard 9C")
    # seat 2's turn; seat 0 may buy seat 1's discard... seat 1 is the discarder
    assert s.current_player == 2
    play(s, "draw")
    assert s.current_player == 0
    play(s, "buy")
    dis = hand(s, 2)[0]
    play(s, f"discard {dis}")
    # seat 0's turn: seat 1 is asked; it has not bought yet
    play(s, "draw")
    assert s.current_player == 1
    play(s, "pass")
    c = hand(s, 0)[0]
    play(s, f"discard {c}")
    # seat 1's turn: seat 2 (buys 1) is at the limit and is not asked
    play(s, "draw")
    assert s.current_player == 1 and s.phase == 3


def test_r_rv_11_no_buy_means_drawing_the_stock_top() -> None:
    """R-RV-11: nobody buys, so the player in turn draws the top stock card."""
    s = new(3, {0: "7H"}, stock="QS KS")
    play(s, "discard 7H", "draw", "pass")
    assert "QS" in hand(s, 1) and s.view(1)["drawn"] is None
    assert s.view(1)["top"] == "7H"


def test_r_rv_12_only_the_top_discard_is_shown() -> None:
    """R-RV-12: a view shows the top discard only (every discard is in the public log)."""
    s = new(3, {0: "7H", 1: "8C"})
    play(s, "discard 7H", "draw", "pass", "discard 8C")
    v = s.view(0)
    assert v["top"] == "8C" and v["pile_size"] == 2 and "pile" not in v
    keys = [(e["key"], e["args"].get("card")) for e in v["log"]]
    assert ("rv.discard", "7H") in keys and ("rv.discard", "8C") in keys


# ------------------------------------------------------------ groups, wilds
def test_r_rv_13_whole_contract_at_once_and_no_extra_groups() -> None:
    """R-RV-13: the contract (round 1: two sets) is laid down at once; no third group."""
    s = new(3, {1: "7H 7S 7D 8H 8S 8D 9H 9S 9D 4C"})
    open_round(
        s,
        "meld",
        "set 7",
        "add 7S",
        "add 7H",
        "add 7D",
        "close",
    )
    assert s.melds == [] and not s.down[1]  # nothing is on the table before the last group
    assert "set 9" in [str(a) for a in s.legal_actions()]
    play(s, "set 8", "add 8S", "add 8H", "add 8D", "close")
    assert s.down[1] and len(s.melds) == 2
    legal = [str(a) for a in s.legal_actions()]
    assert "meld" not in legal and not any(t.startswith("set") for t in legal)
    with pytest.raises(pakka.IllegalAction):
        s.apply("meld")


def test_r_rv_13_cancel_returns_the_cards_and_they_become_known() -> None:
    """R-RV-13: a half-built contract can be taken back (the cards were seen)."""
    s = new(3, {1: "7H 7S 7D 8H 8S 8D"})
    open_round(s, "meld", "set 7", "add 7S", "cancel")
    assert s.view(0)["known"][1] == ["7S"] and s.phase == 3


def test_r_rv_5_set_and_d_rv_9_two_sets_of_one_rank() -> None:
    """R-RV-5: a set is three or more of a rank, suits free (duplicates allowed);
    D-RV-9: two sets of the same rank in one contract."""
    s = new(3, {1: "7H 7H 7S 7D 7D 7C 4C"})
    open_round(
        s,
        "meld",
        "set 7",
        "add 7H",
        "add 7H",
        "add 7S",
        "close",
        "set 7",
        "add 7D",
        "add 7D",
        "add 7C",
        "close",
    )
    assert s.down[1] and meld_texts(s) == ["7H 7H 7S", "7D 7D 7C"]


def test_r_rv_6_run_needs_four_in_suit_and_r_rv_4_ace_low_or_high() -> None:
    """R-RV-6: runs of four or more in one suit; R-RV-4: A-2-3-4 and J-Q-K-A both work."""
    s = jump(3, 3, {1: "AH 2H 3H 4H JD QD KD AD 9C 9S"})
    open_round(
        s,
        "meld",
        "run H A",
        "add AH",
        "add 2H",
        "add 3H",
    )
    assert "close" not in [str(a) for a in s.legal_actions()]
    play(s, "add 4H", "close", "run D J", "add JD", "add QD", "add KD", "add AD", "close")
    assert meld_texts(s) == ["AH 2H 3H 4H", "JD QD KD AD"]
    assert s.view(0)["melds"][0]["from"] == "A" and s.view(0)["melds"][1]["to"] == "A"


def test_d_rv_8_no_run_around_the_corner() -> None:
    """D-RV-8: K-A-2 is not a run; nothing goes above a high ace or below a low ace."""
    s = jump(3, 3, {1: "JH QH KH AH 2H 5D 6D 7D 8D 3H 9S"})
    open_round(
        s,
        "meld",
        "run H J",
        "add JH",
        "add QH",
        "add KH",
        "add AH",
    )
    assert "add 2H" not in [str(a) for a in s.legal_actions()]
    play(s, "close", "run D 5", "add 5D", "add 6D", "add 7D", "add 8D", "close")
    assert not s.is_legal("lay 2H M1 hi") and not s.is_legal("lay 2H M1 lo")


def test_r_rv_3_wild_cards_and_red_two_is_natural_d_rv_1_natural_needed() -> None:
    """R-RV-3: jokers and black twos are wild, red twos ordinary; D-RV-1: a group
    needs a natural card."""
    s = new(3, {1: "2H 2D 2S JK 2C 5S 5C 9D"})
    open_round(s, "meld", "set 2", "add 2S", "add JK", "add 2C")
    assert "close" not in [str(a) for a in s.legal_actions()]  # only wild cards
    play(s, "add 2H", "close", "set 5", "add 5S", "add 5C")
    assert not s.is_legal("add 2D")  # a red two is an ordinary card, not a five
    play(s, "cancel")


def test_d_rv_1_run_of_wild_cards_with_one_natural_at_the_top() -> None:
    """D-RV-1: any number of wild cards; one natural card is enough, wherever it is."""
    s = jump(3, 3, {1: "JK JK JK 2S 8H 5D 6D 7D 8D 3C"})
    open_round(
        s,
        "meld",
        "run H 4",
        "add JK",
        "add JK",
        "add JK",
        "add 2S",
        "add 8H",
        "close",
        "run D 5",
        "add 5D",
        "add 6D",
        "add 7D",
        "add 8D",
        "close",
    )
    assert meld_texts(s)[0] == "JK=4H JK=5H JK=6H 2S=7H 8H"


def test_d_rv_1_option_max_wilds_per_group() -> None:
    """D-RV-1 option ``max_wilds_per_group``: a third wild card cannot join a group."""
    s = new(3, {1: "7H JK JK 2S 8S 8D 8C"}, max_wilds_per_group=1)
    open_round(s, "meld", "set 7", "add 7H", "add JK")
    legal = [str(a) for a in s.legal_actions()]
    assert "add JK" not in legal and "add 2S" not in legal


def test_d_rv_2_and_d_rv_14_wild_cards_show_what_they_represent() -> None:
    """D-RV-2: a wild card in a run stands for one exact card (shown); D-RV-14: in a set
    it stands for the set's rank."""
    s = jump(3, 5, {1: "5H JK 7H 8H 9S 9D 2C 4C"})
    open_round(
        s,
        "meld",
        "run H 5",
        "add 5H",
        "add JK",
        "add 7H",
        "add 8H",
        "close",
        "set 9",
        "add 9S",
        "add 9D",
        "add 2C",
        "close",
    )
    v = s.view(0)
    assert v["melds"][0]["cards"][1] == {"card": "JK", "as": "6H"}
    assert v["melds"][1]["cards"][2] == {"card": "2C", "as": "9"}


def test_r_rv_7_adjacent_runs_forbidden_overlap_and_gap_allowed_d_rv_10() -> None:
    """R-RV-7: with two decks, S5-8 and S9-Q are one run, not two; C5-8 with C8-J
    (overlap) and H3-6 with H8-J (gap) are allowed; D-RV-10: later extensions may
    make runs touch."""
    s = jump(3, 3, {1: "5S 6S 7S 8S 9S 10S JS QS 4D"})
    open_round(
        s,
        "meld",
        "run S 5",
        "add 5S",
        "add 6S",
        "add 7S",
        "add 8S",
        "close",
        "run S 9",
        "add 9S",
        "add 10S",
        "add JS",
        "add QS",
    )
    assert not s.is_legal("close")
    with pytest.raises(pakka.IllegalAction, match="may not continue each other"):
        s.apply("close")
    s2 = jump(3, 3, {1: "5C 6C 7C 8C 8C 9C 10C JC 4D"})
    play(
        s2,
        "discard " + hand(s2, 0)[0],
        "draw",
        "pass",
        "meld",
        "run C 5",
        "add 5C",
        "add 6C",
        "add 7C",
        "add 8C",
        "close",
        "run C 8",
        "add 8C",
        "add 9C",
        "add 10C",
        "add JC",
        "close",
    )
    assert s2.down[1]
    s3 = jump(3, 3, {1: "3H 4H 5H 6H 8H 9H 10H JH 7H 4D"})
    play(
        s3,
        "discard " + hand(s3, 0)[0],
        "draw",
        "pass",
        "meld",
        "run H 3",
        "add 3H",
        "add 4H",
        "add 5H",
        "add 6H",
        "close",
        "run H 8",
        "add 8H",
        "add 9H",
        "add 10H",
        "add JH",
        "close",
    )
    assert s3.down[1]
    play(s3, "lay 7H M1 hi")  # D-RV-10: now the runs touch, which is allowed
    assert meld_texts(s3)[0] == "3H 4H 5H 6H 7H"


# ------------------------------------------------------ lay-offs and swaps
def _two_sets_down(extra: str = "", **options: Any) -> RavaytysState:
    s = new(3, {1: "7H 7S 7D 8H 8S 8D " + extra, 2: "5C 5D 5H 6C 6D 6H 4S 8C"}, **options)
    open_round(
        s,
        "meld",
        "set 7",
        "add 7H",
        "add 7S",
        "add 7D",
        "close",
        "set 8",
        "add 8H",
        "add 8S",
        "add 8D",
        "close",
    )
    return s


def test_r_rv_14_extend_own_groups_and_r_rv_16_lay_off_on_others() -> None:
    """R-RV-14: own groups may be extended; R-RV-16: after one's own contract also
    other players' melds, from that same turn on, never before."""
    s = _two_sets_down("7C")
    play(s, "lay 7C M1")
    assert meld_texts(s)[0] == "7H 7S 7D 7C"
    dis = next(iter(hand(s, 1)))
    play(s, f"discard {dis}", "draw", "pass")
    # seat 2 holds 8C but has not laid down: no lay-off on seat 1's melds
    assert not any(str(a).startswith("lay") for a in s.legal_actions())
    assert not s.is_legal("lay 8C M2")


def test_r_rv_16_lay_off_on_an_opponent_meld_same_turn() -> None:
    """R-RV-16: seat 2 lays down, then lays its 8C on seat 1's eights at once."""
    s = _two_sets_down()
    assert "8C" in hand(s, 2)
    play(
        s,
        "discard " + hand(s, 1)[0],
        "draw",
        "pass",
        "meld",
        "set 5",
        "add 5C",
        "add 5D",
        "add 5H",
        "close",
        "set 6",
        "add 6C",
        "add 6D",
        "add 6H",
        "close",
        "lay 8C M2",
    )
    assert meld_texts(s)[1] == "8H 8S 8D 8C"


def test_r_rv_17_worked_wild_swap_example() -> None:
    """R-RV-17 (the example of the original): the opponent has H3 H4 JK H6; the player
    has S7-8-9-10 down and H5, S5 in hand. H5 replaces the joker, the joker goes to
    the player's run as S6, then S5 is laid off."""
    s = jump(
        3,
        3,
        {1: "7S 8S 9S 10S 9D 10D JD QD 5H 5S KC", 2: "3H 4H JK 6H 9C 10C JC QC"},
        stock="4S 4S 3C 3D",
    )
    open_round(
        s,
        "meld",
        "run S 7",
        "add 7S",
        "add 8S",
        "add 9S",
        "add 10S",
        "close",
        "run D 9",
        "add 9D",
        "add 10D",
        "add JD",
        "add QD",
        "close",
        "discard KC",
    )
    play(
        s,
        "draw",
        "pass",
        "meld",
        "run H 3",
        "add 3H",
        "add 4H",
        "add JK",
        "add 6H",
        "close",
        "run C 9",
        "add 9C",
        "add 10C",
        "add JC",
        "add QC",
        "close",
    )
    assert s.view(1)["melds"][2]["cards"][2] == {"card": "JK", "as": "5H"}
    play(s, "discard " + hand(s, 2)[0], "draw", "pass", "discard " + hand(s, 0)[0])
    play(s, "draw", "pass")
    assert s.is_legal("swap 5H M3 JK")
    play(s, "swap 5H M3 JK")
    assert s.phase == 5 and s.view(2)["in_transit"] == "JK"
    assert s.legal_actions() and all(str(a).startswith("place") for a in s.legal_actions())
    play(s, "place M1 lo")
    play(s, "lay 5S M1 lo")
    assert meld_texts(s)[0] == "5S JK=6S 7S 8S 9S 10S"
    assert meld_texts(s)[2] == "3H 4H 5H 6H"


def test_r_rv_17_swap_needs_own_contract_and_wild_never_to_hand() -> None:
    """R-RV-17: no swap before one's own contract; the freed wild only goes to the table."""
    s = jump(3, 3, {1: "3H 4H JK 6H 9C 10C JC QC 5D", 2: "5H 7S 8S 9S 10S"})
    open_round(
        s,
        "meld",
        "run H 3",
        "add 3H",
        "add 4H",
        "add JK",
        "add 6H",
        "close",
        "run C 9",
        "add 9C",
        "add 10C",
        "add JC",
        "add QC",
        "close",
        "discard 5D",
        "draw",
        "pass",
    )
    assert not s.is_legal("swap 5H M1 JK")
    with pytest.raises(pakka.IllegalAction, match="after laying down your own contract"):
        s.apply("swap 5H M1 JK")


# ------------------------------------------------------------- going out
def test_d_rv_4_out_by_final_discard_and_r_rv_18_round_ends() -> None:
    """D-RV-4: a player goes out by discarding the last card; R-RV-18 the round ends."""
    s = new(3, {1: "7H 7S 7D 7C 8H 8S 8D 8C 9H 9S 4D"}, stock="9D")
    open_round(
        s,
        "meld",
        "set 7",
        "add 7H",
        "add 7S",
        "add 7D",
        "add 7C",
        "close",
        "set 8",
        "add 8H",
        "add 8S",
        "add 8D",
        "add 8C",
    )
    play(s, "close")
    assert sorted(hand(s, 1)) == ["4D", "9D", "9H", "9S"]
    play(s, "discard 4D")
    assert s.round == 0 and s.went_out == []


def test_d_rv_4_out_by_discard_ends_round_with_zero() -> None:
    """D-RV-4/R-RV-18: down to one card, the player lays off the drawn card on a later
    turn and goes out by discarding the last card; the round ends and is scored
    (R-RV-21): zero for the player who went out."""
    s = new(3, {0: "KD", 1: "7H 7S 7D 7C 8H 8S 8D 8C 7H 8H 4C"}, stock="5S 6D 6C 7D")
    play(
        s,
        "discard KD",
        "draw",
        "pass",
        "meld",
        "set 7",
        "add 7H",
        "add 7H",
        "add 7S",
        "add 7D",
        "add 7C",
        "close",
        "set 8",
        "add 8H",
        "add 8H",
        "add 8S",
        "add 8D",
        "add 8C",
        "close",
        "discard 5S",
    )
    assert hand(s, 1) == ["4C"]
    play(s, "draw", "pass", "discard " + hand(s, 2)[0], "draw", "pass")
    open_round(s, "lay 7D M1")
    left = [list(h) for h in s.hands]
    play(s, "discard 4C")
    assert s.went_out == [1] and s.round == 1
    vals = VALUES["default"]
    pts = [sum(vals[c] * k for c, k in enumerate(h)) for h in left]
    assert s.sheet[0] == [pts[0], 0, pts[2]]


_SEVENS_AND_EIGHTS = (
    "meld",
    *("set 7", "add 7H", "add 7H", "add 7S", "add 7D", "add 7D", "add 7C", "close"),
    *("set 8", "add 8H", "add 8H", "add 8S", "add 8D", "add 8C"),
)
"""Seat 1's steps laying down two sets (7s and 8s) with every card but the joker."""


def test_d_rv_4_last_card_cannot_be_melded_but_option_allows_going_out() -> None:
    """D-RV-4: a lay-down that leaves no card is refused; with option
    ``go_out_by_melding`` it ends the round at once (räväytys, R-RV-15)."""
    s1 = new(3, {1: "7H 7S 7D 8H 8S 8D 8C 7C 7H 7D JK"}, stock="8H")
    play(s1, "discard " + hand(s1, 0)[0], "draw", "pass", *_SEVENS_AND_EIGHTS)
    assert "add JK" not in [str(a) for a in s1.legal_actions()]  # JK must stay to discard
    play(s1, "close", "discard JK")
    assert s1.went_out == [1] and s1.sheet[0][1] == 0 and s1.round == 1
    s2 = new(3, {1: "7H 7S 7D 8H 8S 8D 8C 7C 7H 7D JK"}, stock="8H", go_out_by_melding=True)
    play(s2, "discard " + hand(s2, 0)[0], "draw", "pass", *_SEVENS_AND_EIGHTS, "add JK", "close")
    assert s2.went_out == [1] and s2.sheet[0][1] == 0


def test_r_rv_15_going_out_all_at_once() -> None:
    """R-RV-15: lay down the contract, lay off and discard the last card in one turn."""
    s = jump(3, 5, {1: "5H 6H 7H 8H 9S 9D 9C 9H 4H 3H 9S"}, stock="KS")
    open_round(
        s,
        "meld",
        "run H 5",
        "add 5H",
        "add 6H",
        "add 7H",
        "add 8H",
        "close",
        "set 9",
        "add 9S",
        "add 9D",
        "add 9C",
        "close",
        "lay 9H M2",
        "lay 4H M1 lo",
        "lay 3H M1 lo",
        "lay 9S M2",
    )
    assert hand(s, 1) == ["KS"]
    play(s, "discard KS")
    assert s.went_out == [1] and s.sheet[-1][1] == 0 and s.round == 6


# ---------------------------------------------------------- stock running out
def _cycle_until(s: RavaytysState, stop: str) -> None:
    """Draw, let nobody buy and throw away a legal card until a log key appears."""
    start = len(s.log)
    for _ in range(3000):
        if any(e.key == stop for e in s.log[start:]):
            return
        if s.phase == 1:
            s.apply("draw")
        elif s.phase == 2:
            s.apply("pass")
        else:
            legal = [a for a in s.legal_actions() if str(a).startswith("discard")]
            s.apply(legal[-1])
    raise AssertionError(f"{stop} never happened")


def test_r_rv_19_reshuffle_once_and_drawn_card_not_discarded_d_rv_5_d_rv_15() -> None:
    """R-RV-19/D-RV-5: the pile but its top becomes the new stock (once by default);
    after that the card drawn from the stock may not be discarded that turn (D-RV-15:
    unless it is the only card)."""
    s = new(3, {})
    _cycle_until(s, "rv.reshuffle")
    assert s.stage == 1 and s.reshuffles_done == 1
    assert len(s.pile) == 1
    tp = s.turn_player
    drawn = s.drawn
    assert drawn >= 0 and s.phase == 3
    if s.hands[tp][drawn] == 1:
        assert f"discard {s.view(tp)['drawn']}" not in [str(a) for a in s.legal_actions()]
        with pytest.raises(pakka.IllegalAction, match="may not be discarded this turn"):
            s.apply(f"discard {s.view(tp)['drawn']}")


def test_r_rv_20_exhausted_stock_discard_only_turns_d_rv_12_buying_without_penalty() -> None:
    """R-RV-20/D-RV-12: once the stock runs out a second time, a turn is only a
    discard (no drawing, no taking); the others may still buy, with no penalty card."""
    s = new(3, {})
    _cycle_until(s, "rv.exhausted")
    assert s.stage == 2
    # a new turn starts with the buy window, then the player just discards
    while s.phase != 2:
        legal = [a for a in s.legal_actions() if str(a).startswith("discard")]
        s.apply(legal[-1])
    buyer = s.current_player
    assert buyer is not None
    before = s.sizes[buyer]
    tp = s.turn_player
    tp_before = s.sizes[tp]
    s.apply("buy")
    assert s.sizes[buyer] == before + 1  # D-RV-11/R-RV-20: no penalty card
    assert s.phase == 3 and s.sizes[tp] == tp_before  # no draw
    assert "take" not in [str(a) for a in s.legal_actions()]


def test_d_rv_5_option_unlimited_reshuffles() -> None:
    """D-RV-5 option ``reshuffles = unlimited``: the pile is reshuffled again."""
    s = new(3, {}, reshuffles="unlimited")
    _cycle_until(s, "rv.reshuffle")
    _cycle_until(s, "rv.reshuffle")
    assert s.reshuffles_done == 2 and s.stage == 1


def test_d_rv_11_penalty_card_refills_stock_first() -> None:
    """D-RV-11: a penalty card wanted from an empty stock reshuffles the pile first."""
    s = new(3, {})
    while s.stock or s.phase != 1:
        if s.phase == 1:
            s.apply("draw")
        elif s.phase == 2:
            s.apply("pass")
        else:
            s.apply([a for a in s.legal_actions() if str(a).startswith("discard")][-1])
    assert s.reshuffles_done == 0 and len(s.pile) > 2
    buyer = 2 if s.turn_player == 1 else (s.turn_player + 1) % 3
    s.apply("draw")
    assert s.current_player == buyer
    before = s.sizes[buyer]
    s.apply("buy")
    keys = [e.key for e in s.log]
    assert keys.index("rv.reshuffle") < keys.index("rv.penalty")
    assert s.sizes[buyer] == before + 2 and s.reshuffles_done == 1


def test_d_rv_6_turn_cap_ends_the_round_and_scores_every_hand() -> None:
    """D-RV-6: a round that reaches ``max_turns_per_round`` turns ends; every hand scores."""
    s = new(3, {0: "KD"}, max_turns_per_round=2)
    play(s, "discard KD", "draw", "pass", "discard " + hand(s, 1)[0], "draw", "pass")
    hands_before = [list(h) for h in s.hands]
    dis = hand(s, 2)[0]
    play(s, f"discard {dis}")
    assert s.round == 1 and s.dealer == 1
    vals = VALUES["default"]
    hands_before[2][s.game.parse_card(dis).index] -= 1
    expected = [sum(vals[c] * k for c, k in enumerate(h)) for h in hands_before]
    assert s.sheet[0] == expected and s.totals == expected
    assert any(e.key == "rv.turn_cap" for e in s.log)


def test_d_rv_6_random_players_always_finish() -> None:
    """D-RV-6: whatever the players do, every round ends."""
    g = pakka.load("ravaytys", players=6, max_turns_per_round=60)
    s = g.new_state(seed=11)
    rng = random.Random(1)
    n = 0
    while not s.is_terminal:
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        n += 1
    assert len(s.sheet) == 8 and n < 20000


# ---------------------------------------------------------------- scoring
def test_r_rv_21_d_rv_7_scoring_values() -> None:
    """R-RV-21/D-RV-7: card values of the three scoring options."""
    from pakka.core.cards import parse_card as pc

    def v(kind: str, t: str) -> int:
        return VALUES[kind][pc(t).index]

    assert [v("default", t) for t in ("2H", "9S", "10D", "KC", "AS", "2S", "JK")] == [
        2,
        9,
        10,
        10,
        15,
        25,
        25,
    ]
    assert [v("high", t) for t in ("2H", "JD", "QD", "KC", "AS", "2C", "JK")] == [
        2,
        11,
        12,
        13,
        14,
        50,
        25,
    ]
    assert [v("flat", t) for t in ("2H", "9S", "10D", "KC", "AS", "2S", "JK")] == [
        5,
        5,
        10,
        10,
        15,
        15,
        15,
    ]
    s = new(3, {0: "KD", 1: "JK 2S KH AH 9C"}, max_turns_per_round=1, scoring="high")
    play(s, "discard KD", "draw", "pass")
    before = [list(h) for h in s.hands]
    play(s, "discard 9C")  # the turn cap (D-RV-6) ends the round: every hand scores
    before[1][s.game.parse_card("9C").index] -= 1
    high = VALUES["high"]
    expected = [sum(high[c] * k for c, k in enumerate(h)) for h in before]
    assert s.sheet[0] == expected
    assert expected[1] >= 25 + 50 + 13 + 14  # the joker, 2S, KH and AH at "high" values


def test_r_rv_22_d_rv_13_lowest_total_wins_ties_share() -> None:
    """R-RV-22: after 8 rounds the lowest total wins; D-RV-13: equal lowest share."""
    g = pakka.load("ravaytys", players=3, max_turns_per_round=1)
    s = g.new_state(seed=2)
    while not s.is_terminal:
        s.apply(s.legal_actions()[0])
    low = min(s.totals)
    assert s.winners == [p for p in range(3) if s.totals[p] == low]
    assert s.totals == [sum(r[p] for r in s.sheet) for p in range(3)]
    s.totals = [50, 40, 40]
    assert s.winners == [1, 2] and s.returns() == [0.0, 0.5, 0.5]


# ------------------------------------------------------- hidden information
def test_sample_consistent_keeps_taken_and_bought_discards() -> None:
    """Discards taken or bought are known to be in that hand; samples keep them there."""
    s = new(4, {0: "7H", 1: "9C"})
    play(s, "discard 7H", "take", "discard 9C", "draw", "buy")
    idx = s.game.parse_card
    assert s.known[1] == {idx("7H").index: 1} and s.known[3] == {idx("9C").index: 1}
    for k in range(20):
        smp = s.sample_consistent(0, random.Random(k))
        assert isinstance(smp, RavaytysState)
        assert smp.view(0) == s.view(0)
        assert smp.hands[3][s.game.parse_card("9C").index] >= 1
        assert smp._stacks == [] and smp.deck is None
    s2 = new(4, {0: "7H"})
    play(s2, "discard 7H", "take")
    for k in range(20):
        smp = s2.sample_consistent(2, random.Random(k))
        assert smp.hands[1][s2.game.parse_card("7H").index] >= 1


def test_sample_consistent_after_reshuffle_draws_stock_from_the_pool() -> None:
    """After a reshuffle the stock can only hold cards of the reshuffled pile."""
    s = new(3, {})
    _cycle_until(s, "rv.reshuffle")
    pool = s.pool
    assert pool is not None
    for k in range(5):
        smp = s.sample_consistent(0, random.Random(k))
        assert smp.view(0) == s.view(0)
        cnt = [0] * 53
        for c in smp.stock:
            cnt[c] += 1
        assert all(cnt[c] <= pool[c] for c in range(53))


def test_per_action_check_agrees_with_legal_actions() -> None:
    """One source of legality: verify() accepts exactly the listed legal actions
    (games mixing the rules bot and random moves, so lay-offs and swaps occur)."""
    from pakka.bots.ravaytys import rules_policy
    from pakka.games.ravaytys.actions import ACTIONS

    g = pakka.load("ravaytys", players=4)
    kinds: set[str] = set()
    for seed in range(2):
        s = g.new_state(seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not s.is_terminal and steps < 2500:
            legal = set(s.legal_actions())
            sample = ACTIONS if steps % 250 == 0 else rng.sample(ACTIONS, 40)
            for a in [*sample, *legal]:
                assert s.is_legal(a) == (a in legal), (str(a), s.phase)
            if rng.random() < 0.8:
                a = rules_policy(s, rng)
            else:
                a = rng.choice(sorted(legal, key=lambda x: x.id))
            kinds.add(str(a).split()[0])
            s.apply(a)
            steps += 1
    assert {"lay", "meld", "buy", "take"} <= kinds


# ------------------------------------------------------ issue 13 (D-RV-6, R-RV-4)
def test_d_rv_6_a_cancelled_lay_down_is_not_started_again_in_the_same_turn() -> None:
    """D-RV-6: after ``meld`` … ``cancel`` the lay-down may not be started again in
    that turn (no endless meld/cancel); it is offered again on the next turn."""
    s = new(3, {1: "7H 7S 7D 8H 8S 8D 4C", 0: "KD QD"}, stock="KS 3D 9C")
    open_round(s, "meld", "set 7", "add 7H", "cancel")
    assert s.phase == 3 and "meld" not in [str(a) for a in s.legal_actions()]
    assert not s.is_legal("meld")
    before = s.view(None)
    with pytest.raises(pakka.IllegalAction, match="took your lay-down back this turn"):
        s.apply("meld")
    assert s.view(None) == before
    # every remaining action of this turn is a discard: the turn must end
    assert {str(a).split()[0] for a in s.legal_actions()} == {"discard"}
    play(s, "discard 4C", "draw", "pass", "discard " + hand(s, 2)[0], "draw", "pass")
    play(s, "discard " + hand(s, 0)[0], "draw", "pass")
    assert s.current_player == 1 and "meld" in [str(a) for a in s.legal_actions()]


def test_d_rv_6_one_turn_is_bounded_under_any_play() -> None:
    """D-RV-6: random play never stays in one turn for long (each turn's actions are
    bounded: the lay-down may be started once and cancelled once)."""
    g = pakka.load("ravaytys", players=3)
    for seed in range(3):
        s = g.new_state(seed=seed)
        rng = random.Random(seed)
        turn, actions, cancels, longest = (0, 0), 0, 0, 0
        while not s.is_terminal and s.round < 2:
            legal = s.legal_actions()
            a = legal[rng.randrange(len(legal))]
            s.apply(a)
            if (s.round, s.turns) != turn:
                turn, actions, cancels = (s.round, s.turns), 0, 0
            else:
                actions += 1
                cancels += str(a) == "cancel"
            assert cancels <= 1  # one lay-down per turn, so at most one cancel
            longest = max(longest, actions)
        assert longest < 60


def _ace_hand() -> RavaytysState:
    """Round 4 (two runs): seat 1 collects both aces of hearts, 2H-KH and 5D-8D by
    buying seat 2's discards JH QH KH 5D (the penalty cards are 6D 7D 8D 9C)."""
    s = jump(
        3,
        3,
        {1: "AH AH 2H 3H 4H 5H 6H 7H 8H 9H 10H", 2: "JH QH KH 5D"},
        stock="KC KS 6D QS KC JS 7D 10S QC 9S 8D 8S QC 7S 9C 6S JC",
    )
    open_round(s)
    for card in ("JH", "QH", "KH", "5D"):
        play(s, "discard " + _junk(s))
        play(s, "draw", "pass", f"discard {card}", "draw", "buy")
        play(s, "discard " + hand(s, 0)[0], "draw", "pass")
    assert s.current_player == 1 and s.phase == 3
    return s


def _junk(s: RavaytysState) -> str:
    return next(c for c in hand(s, 1) if c[-1] in "SC")


def test_r_rv_4_ace_at_one_end_only_run_laid_down_a_to_k() -> None:
    """R-RV-4: a run from the low ace ends at K: building A-2-...-K the second AH
    cannot be added, and once on the table it cannot be laid off at either end."""
    s = _ace_hand()
    play(s, "meld", "run H A", *(f"add {r}H" for r in (*"A23456789", "10", "J", "Q", "K")))
    assert "add AH" not in [str(a) for a in s.legal_actions()]
    with pytest.raises(pakka.IllegalAction):
        s.apply("add AH")
    play(s, "close", "run D 5", "add 5D", "add 6D", "add 7D", "add 8D", "close")
    assert s.down[1] and meld_texts(s)[0].startswith("AH 2H") and "AH" in hand(s, 1)
    for t in ("lay AH M1 hi", "lay AH M1 lo", "lay AH M1"):
        assert not s.is_legal(t)
        with pytest.raises(pakka.IllegalAction):
            s.apply(t)
    assert not any(str(a).startswith("lay AH M1") for a in s.legal_actions())


def test_r_rv_4_ace_at_one_end_only_run_extended_to_a_to_k() -> None:
    """R-RV-4: 2H-KH extended by AH at the low end becomes A-K; the other AH does not
    go on at the high end (A-2-...-K-A is not a run)."""
    s = _ace_hand()
    play(s, "meld", "run H 2", *(f"add {r}H" for r in (*"23456789", "10", "J", "Q", "K")))
    assert "add AH" in [str(a) for a in s.legal_actions()]  # 2..K may still end in A
    play(s, "close", "run D 5", "add 5D", "add 6D", "add 7D", "add 8D", "close")
    assert s.is_legal("lay AH M1 hi") and s.is_legal("lay AH M1 lo")
    play(s, "lay AH M1 lo")
    assert s.view(1)["melds"][0]["from"] == "A" and s.view(1)["melds"][0]["to"] == "K"
    assert "AH" in hand(s, 1)
    for t in ("lay AH M1 hi", "lay AH M1 lo", "lay AH M1"):
        assert not s.is_legal(t)
        with pytest.raises(pakka.IllegalAction):
            s.apply(t)
