"""Rule scenarios for Viisisataa with stacked decks, one or more per rule id (R-5S-…, D-5S-…)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import pakka
import pakka.core.cards
from pakka.games.viisisataa.rules import deck_for
from pakka.games.viisisataa.state import ViisisataaState
from pakka.i18n import render_entry

from .helpers import HEARTS_SLAM, HEARTS_SLAM_KITTY, hand_of, new, play_hand, run

DISCARD_KITTY = ("discard 9D", "discard 8D", "discard 7D")


def _slam_state(**options: Any) -> ViisisataaState:
    return new(hands=HEARTS_SLAM, kitty=HEARTS_SLAM_KITTY, **options)


# -- decks (R-5S-1, V1) ---------------------------------------------------------------------
def test_r_5s_1_decks_by_player_count_always_have_the_joker() -> None:
    """R-5S-1: 33 cards for 2-3 players, 43 for 4, 53 for 5; the joker JK is always there."""
    sizes = {n: len(deck_for(n)) for n in (2, 3, 4, 5)}
    assert sizes == {2: 33, 3: 33, 4: 43, 5: 53}
    for n in (2, 3, 4, 5):
        assert "JK" in {str(c) for c in deck_for(n)}
    four = {str(c) for c in deck_for(4)}
    assert "4S" not in four and "4C" not in four and "4H" in four and "3H" not in four


def test_v1_full_deck_five_card_kitty_and_eighteen_aside() -> None:
    """V1: 3 players with the 53-card deck: 10 each, a kitty of 5, 18 set aside; discard 5."""
    s = new(full_deck=True, seed=5)
    v = s.full_view()
    assert [len(h) for h in v["hands"]] == [10, 10, 10]
    assert len(v["kitty_cards"]) == 5 and len(v["set_aside"]) == 18
    run(s, "bid 6S", "pass", "pass")
    assert len(hand_of(s, 1)) == 15
    for _ in range(5):
        s.apply(s.legal_actions()[0])
    assert s.view(1)["phase"] == "play" and len(hand_of(s, 1)) == 10
    with pytest.raises(pakka.RulesError):
        pakka.load("viisisataa", players=4, full_deck=True)


# -- card order (R-5S-2, R-5S-3, R-5S-4) ---------------------------------------------------
def test_r_5s_2_trump_order_joker_right_left_ace() -> None:
    """R-5S-2: JK > right bower > left bower > A of trumps; the left bower is a trump."""
    from pakka.games.viisisataa.actions import POWER, SUIT_MASK, cards_of

    hearts = 1
    p = POWER[hearts][0]  # spades led, hearts trump
    idx = {str(pakka.core.cards.CARDS[c]): c for c in range(53)}
    assert p[idx["JK"]] > p[idx["JH"]] > p[idx["JD"]] > p[idx["AH"]] > p[idx["KH"]] > p[idx["AS"]]
    trumps = {str(pakka.core.cards.CARDS[c]) for c in cards_of(SUIT_MASK[hearts][hearts])}
    deck = {str(c) for c in deck_for(3)}
    assert len(trumps & deck) == 10 and {"JD", "JK"} <= trumps
    diamonds = {str(pakka.core.cards.CARDS[c]) for c in cards_of(SUIT_MASK[hearts][2])} & deck
    assert len(diamonds) == 7 and "JD" not in diamonds


def test_r_5s_2_left_bower_must_follow_a_trump_lead() -> None:
    """R-5S-2: holding only the left bower as trump, a player must play it on a trump lead."""
    hands = {
        1: "JK JH AH KH QH 10H 9H 8H 7H AC",
        2: "JD AS KS QS JS 10S 9S 8S 7S AD",
        0: "KC QC JC 10C 9C 8C 7C KD QD 10D",
    }
    s = new(hands=hands, kitty="9D 8D 7D")
    run(s, "bid 6H", "pass", "pass", *DISCARD_KITTY, "AH")
    assert [str(a) for a in s.legal_actions()] == ["JD"]
    with pytest.raises(pakka.IllegalAction, match="follow"):
        s.apply("AS")


def test_r_5s_3_plain_suit_order_jack_between_queen_and_ten() -> None:
    """R-5S-3: in a plain suit A K Q J 10 9 8 7: the jack beats the ten."""
    from pakka.games.viisisataa.actions import POWER

    idx = {str(pakka.core.cards.CARDS[c]): c for c in range(53)}
    p = POWER[1][3]  # clubs led, hearts trump: JC is a plain card
    assert p[idx["AC"]] > p[idx["KC"]] > p[idx["QC"]] > p[idx["JC"]] > p[idx["10C"]] > p[idx["7C"]]


def test_r_5s_4_grand_has_no_trump_but_the_joker() -> None:
    """R-5S-4 / R-5S-15: in grand the jacks are plain and the joker is the only trump."""
    from pakka.games.viisisataa.actions import NO_TRUMP, POWER

    idx = {str(pakka.core.cards.CARDS[c]): c for c in range(53)}
    p = POWER[NO_TRUMP][1]
    assert p[idx["JK"]] > p[idx["AH"]] > p[idx["JH"]] and p[idx["JD"]] == 0 and p[idx["AS"]] == 0


# -- dealing (R-5S-5, R-5S-6, D-5S-5, R-5S-7) -------------------------------------------------
def test_r_5s_5_seat_zero_deals_first_and_the_deal_passes_left() -> None:
    """R-5S-5: seat 0 deals the first hand unless first_dealer says otherwise; then left."""
    s = new(seed=3)
    assert s.view(0)["dealer"] == 0 and s.current_player == 1
    run(s, "pass", "pass", "pass")  # thrown in: next hand
    assert s.view(0)["dealer"] == 1 and s.current_player == 2
    t = new(seed=3, dealer=2)
    assert t.view(0)["dealer"] == 2 and t.current_player == 0


def test_r_5s_6_d_5s_5_deal_pattern_from_the_top_of_the_deck() -> None:
    """R-5S-6 / D-5S-5: 3 each from the dealer's left, 3 to the kitty, 4 each, 3 each."""
    deck = [str(c) for c in deck_for(3)]  # canonical order as the stacked deck
    s = pakka.load("viisisataa", players=3).new_state(seed=0, deck=deck)
    v = s.full_view()
    # Dealer 0: order of receivers 1, 2, 0.
    assert v["hands"][1] == sorted_by_index(deck[0:3] + deck[12:16] + deck[24:27])
    assert v["hands"][2] == sorted_by_index(deck[3:6] + deck[16:20] + deck[27:30])
    assert v["hands"][0] == sorted_by_index(deck[6:9] + deck[20:24] + deck[30:33])
    assert v["kitty_cards"] == sorted_by_index(deck[9:12])


def test_r_5s_6_two_players_dead_hand_dealt_first() -> None:
    """R-5S-6: with 2 players the dead hand sits left of the dealer and is dealt first."""
    deck = [str(c) for c in deck_for(2)]
    s = pakka.load("viisisataa", players=2).new_state(seed=0, deck=deck)
    v = s.full_view()
    assert v["dead_hand"] == sorted_by_index(deck[0:3] + deck[12:16] + deck[24:27])
    assert v["hands"][1] == sorted_by_index(deck[3:6] + deck[16:20] + deck[27:30])
    assert v["hands"][0] == sorted_by_index(deck[6:9] + deck[20:24] + deck[30:33])
    assert s.current_player == 1  # the eldest hand bids first


def sorted_by_index(cards: list[str]) -> list[str]:
    return sorted(cards, key=lambda c: pakka.core.cards.parse_card(c).index)


def test_r_5s_7_misdeals_and_out_of_turn_play_are_impossible() -> None:
    """R-5S-7 / Penalties: bad decks are refused; out-of-turn and revoking moves are rejected."""
    game = pakka.load("viisisataa", players=3)
    with pytest.raises(pakka.RulesError):
        game.new_state(seed=0, deck="AS AS")
    with pytest.raises(pakka.RulesError):
        game.new_state(seed=0, deck="2S")  # not in the 33-card deck
    s = _slam_state()
    before = s.to_json()
    for bad in ("AH", "discard 7D", "bid 5S", "double", "partner 2"):
        with pytest.raises(pakka.IllegalAction):
            s.apply(bad)
    assert s.to_json() == before


# -- bidding (R-5S-8 .. R-5S-12) ---------------------------------------------------------------
def test_r_5s_8_bid_table() -> None:
    """R-5S-8: 6♠ = 40, suits 20 apart, +100 per trick, 10 grand = 520."""
    from pakka.games.viisisataa.actions import bid_value

    table = [[bid_value(t * 5 + s) for s in range(5)] for t in range(5)]
    assert table[0] == [40, 60, 80, 100, 120]
    assert table[2] == [240, 260, 280, 300, 320]
    assert table[4] == [440, 460, 480, 500, 520]


def test_r_5s_9_each_bids_once_higher_than_before() -> None:
    """R-5S-9: eldest first, each bids once, a bid must beat the highest; highest contracts."""
    s = _slam_state()
    assert s.current_player == 1
    run(s, "bid 7S")
    with pytest.raises(pakka.IllegalAction):
        s.apply("bid 6H")  # 100 < 140
    run(s, "bid 7C", "pass")
    v = s.view(0)
    assert v["contractor"] == 2 and v["contract"] == "bid 7C" and v["trump"] == "C"
    assert [b["bid"] for b in v["bids"]] == ["bid 7S", "bid 7C", "pass"]


def _refusal(state: object, text: str) -> tuple[str, str]:
    """The refusal of ``text`` (state unchanged) in English and, by its message key, Finnish."""
    before = state.to_json()  # type: ignore[attr-defined]
    with pytest.raises(pakka.IllegalAction) as info:
        state.apply(text)  # type: ignore[attr-defined]
    assert state.to_json() == before  # type: ignore[attr-defined]
    err = info.value
    entry = {"key": err.key, "args": err.fields}
    assert render_entry("viisisataa", entry, "en") == str(err)
    return str(err), render_entry("viisisataa", entry, "fi")


def test_r_5s_9_a_bid_that_does_not_beat_the_highest_says_what_to_beat() -> None:
    """R-5S-9: a bid must be higher in value than the highest so far: ``bid 7C`` (160)
    after ``bid 7D`` (180) is refused saying it must beat 7D, 180 (English and Finnish;
    bids in words, issue 15)."""
    s = _slam_state()
    run(s, "bid 7D")
    en, fi = _refusal(s, "bid 7C")
    assert en == (
        "seven clubs, 160 points does not beat the highest bid seven diamonds, 180 points: "
        "a bid must be worth more than 180 points; bid seven hearts, 200 points or more, "
        "or pass."
    )
    assert fi == (
        "seitsemän ristiä, 160 pistettä ei ylitä korkeinta tarjousta seitsemän ruutua, "
        "180 pistettä: tarjouksen arvon on oltava yli 180 pistettä; tarjoa vähintään "
        "seitsemän herttaa, 200 pistettä tai passaa."
    )
    assert _refusal(s, "160")[0].startswith("seven clubs, 160 points does not beat")
    run(s, "bid 10NT")
    en, fi = _refusal(s, "bid 7H")
    assert en == (
        "seven hearts, 200 points does not beat the highest bid ten no trumps, 520 points, "
        "and no bid does: pass."
    )
    assert fi == (
        "seitsemän herttaa, 200 pistettä ei ylitä korkeinta tarjousta kymmenen sangia, "
        "520 pistettä, eikä mikään tarjous ylitä: passaa."
    )


def test_r_5s_9_the_minimum_bid_is_six_tricks() -> None:
    """R-5S-9: ``bid 5S`` is refused because the minimum bid is six tricks (not because 5S
    is not a card of the deck), in English and Finnish; ten tricks is the most (R-5S-8).
    The texts players read carry no rule ids (issue 15)."""
    for n in (3, 5):  # 5S is a card of the 5-player deck only
        s = new(n=n, seed=1)
        en, fi = _refusal(s, "bid 5S")
        assert en == (
            "'5S' is not a bid: the minimum bid is six tricks; bids go from six spades "
            "(40 points) to ten no trumps (520 points)."
        )
        assert fi == (
            "'5S' ei ole tarjous: pienin tarjous on kuusi tikkiä; tarjoukset ovat "
            "kuusi pataa (40 pistettä) – kymmenen sangia (520 pistettä)."
        )
        # what the player typed is quoted as typed, never rewritten as notation (issue 15)
        assert _refusal(s, "5 spades")[0].startswith("'5 spades' is not a bid: the minimum bid")
        assert _refusal(s, "5 pata")[1].startswith("'5 pata' ei ole tarjous: pienin tarjous")
    en, fi = _refusal(s, "bid 11H")
    assert en.startswith("'11H' is not a bid: the most is ten tricks")
    assert fi.startswith("'11H' ei ole tarjous: enintään kymmenen tikkiä")
    en, fi = _refusal(s, "misere")
    assert en == "misère is not allowed: the option misere is off."
    assert fi == "misääri ei ole sallittu: asetus misere ei ole käytössä."


def test_r_5s_9_australian_auction_goes_round() -> None:
    """R-5S-9 option auction=australian: round and round until all but one have passed."""
    s = _slam_state(auction="australian")
    run(s, "bid 6S", "bid 6C", "bid 6D", "bid 7S")  # seat 1 bids again
    assert s.current_player == 2
    run(s, "pass", "pass")  # seat 2 and seat 0 pass: seat 1 wins
    assert s.view(1)["contractor"] == 1 and s.view(1)["contract"] == "bid 7S"
    t = _slam_state(auction="australian")
    run(t, "pass", "bid 6S", "pass")
    assert t.view(0)["contractor"] == 2
    u = _slam_state(auction="australian")
    run(u, "pass", "bid 6S", "bid 6C")
    assert u.current_player == 2  # seat 1 passed: a pass is final, its turn is skipped


def test_r_5s_10_points_or_tricks_and_suit_are_the_same_bid() -> None:
    """R-5S-10: "240", "8 spades", "8S" and "bid 8S" are one bid."""
    s = _slam_state()
    ids = {s.parse_action(t).id for t in ("240", "8 spades", "8S", "bid 8S", "8 pata", "8♠")}
    assert len(ids) == 1
    assert str(s.parse_action("520")) == "bid 10NT"


def test_r_5s_11_misere_ranks_between_8s_and_8c() -> None:
    """R-5S-11: misère is worth 250: above 8♠ (240), below 8♣ (260); only with the option."""
    s = _slam_state()
    with pytest.raises(pakka.IllegalAction):
        s.apply("misere")
    m = _slam_state(misere=True)
    run(m, "bid 8S", "misere")
    with pytest.raises(pakka.IllegalAction):
        m.apply("bid 8S")
    run(m, "bid 8C")
    assert m.view(0)["contractor"] == 0
    m2 = _slam_state(misere=True)
    assert m2.parse_action("250") == m2.parse_action("misere")


def test_r_5s_12_all_pass_redeal_nobody_scores() -> None:
    """R-5S-12: all pass -> thrown in, nobody scores, the next dealer deals."""
    s = _slam_state()
    run(s, "pass", "pass", "pass")
    v = s.view(0)
    assert v["hand_no"] == 2 and v["dealer"] == 1 and v["scores"] == [0, 0, 0]
    assert v["sheet"][0]["contract"] is None


def test_r_5s_12_r_5s_21_all_pass_grand_without_contract() -> None:
    """R-5S-12 / R-5S-21: option grand_no_contract: dealer leads, no kitty, 10 per trick each."""
    s = _slam_state(all_pass="grand_no_contract")
    run(s, "pass", "pass", "pass")
    v = s.view(0)
    assert v["phase"] == "play" and s.current_player == 0 and v["trump"] == "none"
    assert v["kitty_size"] == 3  # the kitty is not used
    play_hand(s)
    row = s.view(0)["sheet"][0]
    tricks = row["deltas"]
    assert sum(tricks) == 100 and all(d % 10 == 0 and d >= 0 for d in tricks)


# -- kitty and play (R-5S-13 .. R-5S-16) ----------------------------------------------------------
def test_r_5s_13_kitty_taken_and_discarded_one_by_one_hidden() -> None:
    """R-5S-13: the contractor takes the kitty and discards as many, one at a time, unseen."""
    s = _slam_state()
    run(s, "bid 6H", "pass", "pass")
    assert s.view(1)["kitty"] == ["9D", "8D", "7D"][::-1] or set(s.view(1)["kitty"]) == {
        "9D",
        "8D",
        "7D",
    }
    assert s.view(2)["kitty"] is None and s.view(1)["discards_left"] == 3
    run(s, "discard 9D")
    assert s.view(1)["discards"] == ["9D"] and s.view(0)["discards"] is None
    assert s.current_player == 1 and s.view(1)["discards_left"] == 2
    run(s, "8D", "discard 7D")  # a bare card means a discard in this phase
    assert s.view(1)["phase"] == "play" and len(hand_of(s, 1)) == 10
    assert all("9D" not in str(e) for e in s.view(2)["log"])


def test_r_5s_14_contractor_leads_must_follow_no_duty_to_trump() -> None:
    """R-5S-14: contractor leads; follow suit if able; no duty to trump; winner leads."""
    hands = {
        1: "JK JH AH KH QH 10H 9H 8H 7H 7C",
        2: "AS KS QS JS 10S 9S 8S 7S AD KD",
        0: "AC KC QC JC 10C 9C 8C QD 10D JD",
    }
    s = new(hands=hands, kitty="9D 8D 7D")
    run(s, "bid 6H", "pass", "pass", *DISCARD_KITTY)
    assert s.current_player == 1
    run(s, "7C")
    assert s.current_player == 2
    assert len(s.legal_actions()) == 10  # void in clubs: anything, no duty to trump
    run(s, "AS")
    follow = "you must follow clubs; play one of 8 of clubs, 9 of clubs"
    with pytest.raises(pakka.IllegalAction, match=follow):
        s.apply("QD")
    run(s, "AC")
    assert s.view(0)["last_trick"]["winner"] == 0 and s.current_player == 0


def test_r_5s_15_d_5s_1_grand_joker_lead_declares_suit_and_wins() -> None:
    """R-5S-15 / D-5S-1: in grand the joker led names a suit the others must follow; it wins.
    Holding the joker, a player who can follow may not play it."""
    hands = {
        1: "JK AH KH QH 10H 9H 8H 7H AC KC",
        2: "AS KS QS JS 10S 9S 8S JH AD KD",
        0: "QC JC 10C 9C 8C 7C QD 10D JD 7S",
    }
    s = new(hands=hands, kitty="9D 8D 7D")
    run(s, "bid 6NT", "pass", "pass", *DISCARD_KITTY)
    legal = [str(a) for a in s.legal_actions()]
    assert "JK" not in legal and {"JK:S", "JK:H", "JK:D", "JK:C"} <= set(legal)
    with pytest.raises(pakka.IllegalAction, match="needs a suit"):
        s.apply("JK")
    run(s, "JK:S")
    assert [str(a) for a in s.legal_actions()] == [
        "8S", "9S", "10S", "JS", "QS", "KS", "AS"]  # fmt: skip
    run(s, "AS", "7S")
    assert s.view(0)["last_trick"]["winner"] == 1
    # Now seat 1 leads hearts; later a player holding the joker could not play it on a lead
    # it can follow (D-5S-1): checked with seat 1 holding JK and hearts below.
    t = new(hands=hands, kitty="9D 8D 7D")
    run(t, "bid 6NT", "pass", "pass", *DISCARD_KITTY, "AC", "AS")
    # seat 2 had no clubs: it showed out; seat 0 must follow clubs
    assert "JK" not in [str(a) for a in t.legal_actions()]


def test_r_5s_15_d_5s_1_joker_only_when_void() -> None:
    """D-5S-1: in grand the joker may be played to a trick only by a player who cannot follow."""
    hands = {
        1: "AH KH QH 10H 9H 8H 7H AC KC QC",
        2: "JK AS KS QS JS 10S 9S 8S JH AD",
        0: "JC 10C 9C 8C 7C QD 10D JD 7S KD",
    }
    s = new(hands=hands, kitty="9D 8D 7D")
    run(s, "bid 6NT", "pass", "pass", *DISCARD_KITTY, "AH")
    assert [str(a) for a in s.legal_actions()] == ["JH"]  # seat 2 must follow with JH
    run(s, "JH", "7S", "KH")
    assert "JK" in [str(a) for a in s.legal_actions()]  # void in hearts now: joker allowed
    run(s, "JK", "KD")
    assert s.view(0)["last_trick"]["winner"] == 2  # the joker wins the trick


def test_r_5s_15_joker_suit_unled_only_option() -> None:
    """R-5S-15 option joker_suit_unled_only: the declared suit must not have been led yet."""
    hands = {
        1: "JK AH KH QH 10H 9H 8H 7H AC KC",
        2: "AS KS QS JS 10S 9S 8S JH AD KD",
        0: "QC JC 10C 9C 8C 7C QD 10D JD 7S",
    }
    s = new(hands=hands, kitty="9D 8D 7D", joker_suit_unled_only=True)
    run(s, "bid 6NT", "pass", "pass", *DISCARD_KITTY, "AH", "JH", "7S")
    legal = [str(a) for a in s.legal_actions()]
    assert "JK:H" not in legal and {"JK:S", "JK:D", "JK:C"} <= set(legal)


def test_r_5s_16_d_5s_2_misere_four_players_partner_sits_out() -> None:
    """R-5S-16 / D-5S-2: misère with 4 players: the partner sits out; tricks have 3 cards."""
    s = new(n=4, seed=11, misere=True)
    run(s, "misere", "pass", "pass", "pass")  # seat 1 bids misère; seat 3 sits out
    v = s.view(1)
    assert v["contractor"] == 1 and v["sitting_out"] == 3 and v["trump"] == "none"
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    seats = []
    while len(s.view(0)["trick_winners"]) == 0:
        seats.append(s.current_player)
        s.apply(s.legal_actions()[0])
    assert seats == [1, 2, 0] and len(s.view(0)["last_trick"]["cards"]) == 3


# -- scoring (R-5S-17 .. R-5S-21) -------------------------------------------------------------
def test_r_5s_17_r_5s_19_failed_contract_and_opponents_per_trick() -> None:
    """R-5S-17 / R-5S-19: opponents score 10 per trick each; a failed contract loses its value."""
    s = _slam_state()
    run(s, "pass", "bid 10NT", "pass")  # seat 2 (spades and two diamonds) bids 520
    play_hand(s)
    row = s.view(0)["sheet"][0]
    assert row["made"] is False and row["deltas"][2] == -520
    assert row["deltas"][0] % 10 == 0 and row["deltas"][1] % 10 == 0
    assert row["deltas"][0] + row["deltas"][1] == 10 * (10 - row["tricks"])


def test_r_5s_18_slam_under_250_scores_250() -> None:
    """R-5S-18: a bid worth less than 250 that takes all ten tricks scores 250."""
    s = _slam_state()
    run(s, "bid 6H", "pass", "pass", *DISCARD_KITTY)
    play_hand(s)
    row = s.view(0)["sheet"][0]
    assert row["tricks"] == 10 and row["made"] and row["deltas"] == [0, 250, 0]


def test_r_5s_18_made_contract_scores_its_value_only() -> None:
    """R-5S-18: contract made scores the bid value; a bid of 250+ making slam scores its value."""
    s = _slam_state()
    run(s, "bid 8H", "pass", "pass", *DISCARD_KITTY)
    play_hand(s)
    assert s.view(0)["sheet"][0]["deltas"] == [0, 300, 0]


def test_r_5s_20_d_5s_3_misere_scoring() -> None:
    """R-5S-20 / D-5S-3: misère made +250; failed -250 and each opponent 10 per trick the
    contractor took, nothing for their own."""
    s = _slam_state(misere=True)
    run(s, "misere", "pass", "pass", *DISCARD_KITTY)  # seat 1 with ten hearts cannot duck
    play_hand(s)
    row = s.view(0)["sheet"][0]
    ct = row["tricks"]
    assert row["made"] is False and ct > 0
    assert row["deltas"] == [10 * ct, -250, 10 * ct]
    # Seat 0 bids misère and keeps only low cards: it leads 7D, seat 1's JD (a plain
    # diamond with no trump) wins, and seat 0 never wins a trick again.
    hands = {
        1: "AH KH QH 10H 9H 8H 7H JH JD JK",
        2: "AS KS QS JS 10S 9S 8S 7S AD KD",
        0: "7C 8C 9C 10C JC QC KC AC QD 10D",
    }
    t = new(hands=hands, kitty="9D 8D 7D", misere=True)
    run(t, "pass", "pass", "misere", "discard AC", "discard KC", "discard QC")
    play_hand(t)
    r2 = t.view(0)["sheet"][0]
    assert r2["made"] is True and r2["deltas"] == [250, 0, 0]


def test_r_5s_21_grand_no_contract_each_scores_tricks() -> None:
    """R-5S-21: in the no-contract grand each player scores 10 per trick taken."""
    s = _slam_state(all_pass="grand_no_contract")
    run(s, "pass", "pass", "pass")
    play_hand(s)
    row = s.view(0)["sheet"][0]
    counts = [0, 0, 0]
    for line in s.log:
        if line.key == "game.trick":
            counts[line.args["seat"]] += 1
    assert row["deltas"] == [10 * c for c in counts]


# -- winning (R-5S-22, R-5S-23, D-5S-6, V2, V3) -----------------------------------------------
def test_r_5s_22_first_to_500_wins_after_the_hand() -> None:
    """R-5S-22: reaching 500 wins, decided after the whole hand is played and scored."""
    s = _slam_state()
    s.points = [0, 300, 0]
    run(s, "bid 8H", "pass", "pass", *DISCARD_KITTY)
    play_hand(s)
    assert s.is_terminal and s.winners == [1] and s.scores == [0, 600, 0]


def test_r_5s_22_a_default_match_has_no_hand_cap() -> None:
    """R-5S-22: a match has no limit on the number of hands by default: 30 hands of three
    passes (90 passes, nobody scores) do not end it, and nobody wins without 500."""
    s = new(hands=HEARTS_SLAM, kitty=HEARTS_SLAM_KITTY)
    assert s.game.options["max_hands"] == 0
    for _ in range(90):
        s.apply("pass")
    assert not s.is_terminal and s.current_player is not None
    assert s.winners == [] and s.scores == [0, 0, 0] and s.hand_no == 31
    assert s.view(0)["phase"] == "bidding"


def test_r_5s_22_a_hand_cap_is_an_explicit_option_only() -> None:
    """R-5S-22: a cap (max_hands=N, set explicitly for bots, arenas and research) ends the
    match after N hands, the highest total winning (ties share)."""
    s = new(hands=HEARTS_SLAM, kitty=HEARTS_SLAM_KITTY, max_hands=2)
    for _ in range(6):
        s.apply("pass")
    assert s.is_terminal and s.winners == [0, 1, 2] and s.hand_no == 2


def test_r_5s_23_contractor_counts_first() -> None:
    """R-5S-23: when the contractor and an opponent both reach 500, the contractor wins."""
    hands = {
        1: "JK JH JD AH KH QH 10H 9H 8H 7C",
        2: "AS KS QS JS 10S 9S 8S 7S AD KD",
        0: "AC KC QC JC 10C 9C 8C 7H QD 10D",
    }
    s = new(hands=hands, kitty="9D 8D 7D")
    s.points = [490, 100, 0]
    run(s, "bid 9H", "pass", "pass", *DISCARD_KITTY)
    play_hand(s)  # seat 1 loses only its 7C: 9 tricks; seat 0 takes one
    assert s.sheet[0]["tricks"] == 9 and s.scores == [500, 500, 0]
    assert s.winners == [1]


def test_r_5s_23_among_opponents_the_first_deciding_trick_wins() -> None:
    """R-5S-23: among opponents the one who first took the deciding trick wins."""
    hands = {
        0: "10S AS KH 10D JD QD KD 8C 10C KC",
        1: "8S JS 7H 8H 9H 10H QH 9D JC JK",
        2: "9S QS JH AH 7D 8D 7C 9C QC AC",
    }
    s = new(hands=hands, kitty="7S KS AD")
    s.points = [490, 0, 490]
    run(s, "bid 6S", "pass", "pass", "discard 7S", "discard 8S", "discard JS")
    play_hand(s)
    tricks = [e.args["seat"] for e in s.log if e.key == "game.trick"]
    assert tricks == [1, 0, 1, 2, 0, 1, 1, 1, 1, 1]
    # Both opponents end at 500 or more; seat 0 took its deciding trick first.
    assert s.scores == [510, 40, 500] and s.winners == [0]


def test_d_5s_6_five_players_both_partners_win() -> None:
    """D-5S-6: with 5 players both partners reaching 500 on one hand both win."""
    s = new(n=5, seed=8, partner_scoring="full")
    s.points = [400, 400, 0, 0, 0]
    run(s, "bid 6S", "pass", "pass", "pass", "pass", "partner 0")
    play_hand(s)
    assert s.sheet[0]["made"] and s.scores[:2] == [440, 440]  # not yet: 500 not reached
    t = new(n=5, seed=8, partner_scoring="full")
    t.points = [460, 460, 0, 0, 0]
    run(t, "bid 6S", "pass", "pass", "pass", "pass", "partner 0")
    play_hand(t)
    assert t.is_terminal and t.winners == [0, 1]


def test_v2_lose_at_minus_500_most_points_win() -> None:
    """V2: the game also ends when someone reaches -500; the most points win."""
    s = _slam_state(lose_at_minus_500=True)
    s.points = [100, 0, -400]
    run(s, "pass", "bid 10NT", "pass")
    play_hand(s)
    assert s.is_terminal and s.scores[2] <= -500
    assert s.winners == [max(range(3), key=lambda i: s.scores[i])]


def test_v3_winner_bonus() -> None:
    """V3: the winner gets an extra 250."""
    s = _slam_state(winner_bonus=True)
    s.points = [0, 300, 0]
    run(s, "bid 8H", "pass", "pass", *DISCARD_KITTY)
    play_hand(s)
    assert s.winners == [1] and s.scores == [0, 850, 0]


def test_v5_d_5s_7_doubling_order_and_multiplier() -> None:
    """V5 / D-5S-7: after the bidding opponents from the contractor's left may double (once),
    then the contractor may redouble; the contract result is x2 / x4, trick points are not."""
    s = _slam_state(doubling=True)
    run(s, "bid 6H", "pass", "pass")
    assert s.view(0)["phase"] == "doubling" and s.current_player == 2
    run(s, "pass")
    assert s.current_player == 0
    run(s, "double")
    assert s.view(0)["phase"] == "redoubling" and s.current_player == 1
    run(s, "redouble")
    assert s.view(0)["multiplier"] == 4 and s.view(0)["phase"] == "discard"
    run(s, *DISCARD_KITTY)
    play_hand(s)
    assert s.view(0)["sheet"][0]["deltas"] == [0, 1000, 0]


def test_r_5s_8_r_5s_11_v5_the_view_carries_the_contract_value_and_what_is_at_stake() -> None:
    """R-5S-8 / R-5S-11 / V5: every seat's view gives the contract's value and that value
    times the multiplier (front ends compute neither); none before a contract exists."""
    s = _slam_state(doubling=True)
    assert s.view(0)["contract_value"] is None and s.view(0)["contract_points"] is None
    run(s, "bid 6H", "pass", "pass")
    for seat in (0, 1, 2, None):
        v = s.view(seat)
        assert (v["contract_value"], v["contract_points"]) == (100, 100)
    run(s, "pass", "double")
    assert (s.view(2)["contract_value"], s.view(2)["contract_points"]) == (100, 200)
    run(s, "redouble")
    assert (s.view(None)["contract_value"], s.view(None)["contract_points"]) == (100, 400)
    m = _slam_state(misere=True)
    run(m, "misere", "pass", "pass")
    assert (m.view(1)["contract_value"], m.view(1)["contract_points"]) == (250, 250)
    g = _slam_state(all_pass="grand_no_contract")
    run(g, "pass", "pass", "pass")
    assert g.view(0)["contract"] == "6NT*" and g.view(0)["contract_value"] is None


def test_r_5s_8_each_legal_bid_carries_its_value() -> None:
    """R-5S-8 / R-5S-11: the structured legal bids carry their tricks, suit and value."""
    s = _slam_state(misere=True)
    run(s, "bid 7D")
    legal = s.game.display.legal(s)
    bids = {a["text"]: a["target"] for a in legal if a["kind"] == "bid"}
    assert bids["bid 7H"] == {"tricks": 7, "suit": "H", "value": 200}
    assert bids["misere"] == {"suit": "misere", "value": 250}
    assert "bid 7C" not in bids and all(t and t["value"] > 180 for t in bids.values())


# -- partnerships (R-5S-24, R-5S-25, D-5S-4) --------------------------------------------------
def test_r_5s_24_four_players_fixed_partnerships_team_scores() -> None:
    """R-5S-24: with 4 players seats 0&2 and 1&3 are partners and score as teams."""
    s = new(n=4, seed=8)
    run(s, "bid 6S", "pass", "pass", "pass")
    v = s.view(1)
    assert v["contractor"] == 1 and v["partner"] == 3
    play_hand(s)
    sc = s.scores
    assert sc[0] == sc[2] and sc[1] == sc[3]
    row = s.sheet[0]
    assert row["deltas"][1] in (40, -40)


def test_r_5s_25_d_5s_4_five_players_partner_choice_half_scores() -> None:
    """R-5S-25 / D-5S-4: the contractor chooses a partner; each gets half the result."""
    s = new(n=5, seed=9)
    run(s, "bid 7H", "pass", "pass", "pass", "pass")
    assert s.view(0)["phase"] == "partner" and s.current_player == 1
    with pytest.raises(pakka.IllegalAction):
        s.apply("partner 1")  # not oneself
    run(s, "partner 4")
    assert s.view(2)["partner"] == 4 and s.view(1)["phase"] == "discard"
    play_hand(s)
    row = s.sheet[0]
    assert row["deltas"][1] == row["deltas"][4] == (100 if row["made"] else -100)
    for o in (0, 2, 3):
        assert row["deltas"][o] % 10 == 0 and row["deltas"][o] >= 0


def test_d_5s_4_partner_scoring_full() -> None:
    """D-5S-4 option partner_scoring=full: both partners get the whole result."""
    s = new(n=5, seed=9, partner_scoring="full")
    run(s, "bid 7H", "pass", "pass", "pass", "pass", "partner 4")
    play_hand(s)
    row = s.sheet[0]
    assert row["deltas"][1] == row["deltas"][4] == (200 if row["made"] else -200)


def test_r_5s_25_partner_by_card_secret_until_played() -> None:
    """R-5S-25 variant partner_by_card: the named card's holder is a secret partner."""
    s = new(n=5, seed=12, partner_by_card=True)
    run(s, "bid 6S", "pass", "pass", "pass", "pass")
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    assert s.view(1)["phase"] == "call"
    mine = hand_of(s, 1)
    with pytest.raises(pakka.IllegalAction):
        s.apply("call " + sorted(mine)[0])
    target = "AH" if "AH" not in mine else "KH"
    run(s, "call " + target)
    holder = next(q for q in range(5) if target in hand_of(s, q))
    assert s.view(holder)["partner"] == holder
    others = [q for q in range(5) if q != holder]
    assert all(s.view(q)["partner"] is None for q in others)
    while target not in s.view(0)["played"]:
        s.apply(s.legal_actions()[0])
    assert all(s.view(q)["partner"] == holder for q in range(5))


# A 5-player deal (dealer 0: seat 1 is eldest). Seat 1 is strong in spades; seat 2 holds QH.
FIVE = {
    1: "JK JS JC AS KS QS 10S 9S AH KH",
    2: "8S 7S 6S 5S 4S 3S 2S QH JH 10H",
    3: "AC KC QC 10C 9C 8C 7C 6C 5C 4C",
    4: "AD KD QD JD 10D 9D 8D 7D 6D 5D",
    0: "3C 2C 4D 3D 2D 9H 8H 7H 6H 5H",
}
FIVE_KITTY = "4H 3H 2H"
FIVE_DISCARDS = ("discard 4H", "discard 3H", "discard 2H")


def _five(**options: Any) -> ViisisataaState:
    return new(n=5, hands=FIVE, kitty=FIVE_KITTY, **options)


def test_d_5s_7_partner_by_seat_is_chosen_before_doubling_and_never_asked() -> None:
    """D-5S-7: with 5 players a partner chosen by seat is chosen right after the bidding,
    before any doubling, and is never asked to double (so nobody doubles a contract they
    then share: ``bid 6S``, four passes, ``double`` is refused, the partner comes first)."""
    s = _five(doubling=True)
    run(s, "bid 6S", "pass", "pass", "pass", "pass")
    assert s.view(0)["phase"] == "partner" and s.current_player == 1
    before = s.to_json()
    with pytest.raises(pakka.IllegalAction, match="partner choice phase"):
        s.apply("double")
    assert s.to_json() == before
    run(s, "partner 2")
    asked = []
    while s.view(0)["phase"] == "doubling":
        asked.append(s.current_player)
        assert s.legal_actions() == [s.parse_action("pass"), s.parse_action("double")]
        run(s, "pass")
    assert asked == [3, 4, 0]  # from the contractor's left, the partner (2) skipped
    assert s.view(0)["phase"] == "discard" and s.view(0)["partner"] == 2
    t = _five(doubling=True)
    run(t, "bid 6S", "pass", "pass", "pass", "pass", "partner 3", "pass", "double")
    assert t.view(0)["phase"] == "redoubling" and t.current_player == 1
    run(t, "redouble")
    assert t.view(0)["multiplier"] == 4 and t.view(0)["phase"] == "discard"
    assert [d["seat"] for d in t.view(0)["doublings"]] == [2, 4, 1]  # never seat 3


def test_d_5s_7_partner_by_card_called_after_discards_then_doubling() -> None:
    """D-5S-7: with partner_by_card the card is called after the discards and the doubling
    follows the call; the holder of the called card is asked like the other opponents but
    may only pass."""
    s = _five(doubling=True, partner_by_card=True)
    run(s, "bid 6S", "pass", "pass", "pass", "pass")
    assert s.view(0)["phase"] == "discard" and s.current_player == 1  # no doubling yet
    run(s, *FIVE_DISCARDS)
    assert s.view(0)["phase"] == "call"
    run(s, "call QH")  # seat 2 holds it
    assert s.view(0)["phase"] == "doubling" and s.current_player == 2
    assert s.legal_actions() == [s.parse_action("pass")]
    before = s.to_json()
    with pytest.raises(pakka.IllegalAction, match=r"called card queen of hearts .* only pass"):
        s.apply("double")
    assert s.to_json() == before
    run(s, "pass")
    assert s.current_player == 3
    assert s.legal_actions() == [s.parse_action("pass"), s.parse_action("double")]
    run(s, "double", "pass")  # seat 3 doubles, the contractor does not redouble
    v = s.view(0)
    assert v["phase"] == "play" and s.current_player == 1 and v["multiplier"] == 2
    assert [d["seat"] for d in v["doublings"]] == [2, 3, 1]


def test_d_5s_7_doubling_does_not_reveal_the_holder_of_the_called_card() -> None:
    """D-5S-7: the holder's legal actions differ (only pass), but no other seat can tell:
    their views hold no legal actions and no partner, and their samples (which keep their
    view exactly) put the called card with different seats, each asked the same way. A seat
    that doubled is known not to hold it."""
    s = _five(doubling=True, partner_by_card=True)
    run(s, "bid 6S", "pass", "pass", "pass", "pass", *FIVE_DISCARDS, "call QH")
    assert s.current_player == 2 and s.legal_actions() == [s.parse_action("pass")]
    for q in (0, 1, 3, 4):
        view = s.view(q)
        assert "legal" not in view and view["partner"] is None
        assert not any(e["key"] == "game.you_are_partner" for e in view["log"])
        holders = set()
        for k in range(30):
            sample = s.sample_consistent(q, random.Random(k))
            assert sample.view(q) == view
            holder = next(p for p in range(5) if "QH" in sample.full_view()["hands"][p])
            assert sample.partner == holder and holder not in (1, q)
            holders.add(holder)
            # In every sample the seat asked gets what its role allows.
            only_pass = holder == sample.current_player
            assert (len(sample.legal_actions()) == 1) == only_pass
        assert 2 in holders and len(holders) > 1
    assert s.view(2)["partner"] == 2
    run(s, "pass", "double")  # seat 3 doubles: so seat 3 is not the partner
    assert s.current_player == 1
    for k in range(30):
        sample = s.sample_consistent(4, random.Random(k))
        assert "QH" not in sample.full_view()["hands"][3]


def test_d_5s_7_order_of_a_hand_five_players() -> None:
    """D-5S-7: bidding -> partner by seat -> doubling -> kitty -> play; with partner_by_card
    bidding -> kitty -> call -> doubling -> play; misère (no partner): doubling first."""

    def phases(**options: Any) -> list[str]:
        s = _five(doubling=True, **options)
        out: list[str] = []
        while s.hand_no == 1:
            ph = s.view(0)["phase"]
            if not out or out[-1] != ph:
                out.append(ph)
            if ph == "bidding" and not s.view(0)["bids"]:
                s.apply("misere" if options.get("misere") else "bid 6S")
            elif ph in ("bidding", "doubling", "redoubling"):
                s.apply("pass")
            else:
                s.apply(s.legal_actions()[0])
        return out

    assert phases() == ["bidding", "partner", "doubling", "discard", "play"]
    assert phases(partner_by_card=True) == ["bidding", "discard", "call", "doubling", "play"]
    assert phases(misere=True) == ["bidding", "doubling", "discard", "play"]
    assert phases(misere=True, partner_by_card=True) == [
        "bidding",
        "doubling",
        "discard",
        "play",
    ]


def test_random_play_rules_invariants() -> None:
    """Random play keeps the invariants: 10 tricks per hand; opponents' points are tricks."""
    for n in (2, 3, 4, 5):
        rng = random.Random(n)
        s = pakka.load("viisisataa", players=n).new_state(seed=n)
        for _ in range(5):
            if s.is_terminal:
                break
            play_hand(s, rng)
        for row in s.sheet:
            if row["contract"] and row["contract"] != "6NT*":
                assert row["tricks"] is not None and 0 <= row["tricks"] <= 10
