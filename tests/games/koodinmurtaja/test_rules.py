"""Koodinmurtaja rule scenarios with stacked decks; each test cites its rule id
from ``shared/rules/koodinmurtaja.md``."""

from __future__ import annotations

import random

import pytest

import pakka
from pakka.games.koodinmurtaja import KMState

from .conftest import code_of, keys, new, stack, true_code

# Two players, half deck: seat 1 starts (D-KM-8), seat 0 is its first target.
P0 = ["2S", "5H", "9S", "KH"]
P1 = ["3H", "6S", "10H", "AS"]


def test_r_km_1_player_counts() -> None:
    for n in range(2, 9):
        assert pakka.load("koodinmurtaja", players=n).num_players == n
    for n in (0, 1, 9):
        with pytest.raises(pakka.RulesError, match=r"2\.\.8"):
            pakka.load("koodinmurtaja", players=n)


def test_r_km_2_deck_defaults_and_d_km_0_half_deck_limit() -> None:
    for n in (2, 3, 4):
        g = pakka.load("koodinmurtaja", players=n)
        assert g.options["deck"] == "half" and len(g.full_deck()) == 26
        assert {c.suit_letter for c in g.full_deck()} == {"S", "H"}
    for n in (5, 6, 7, 8):
        g = pakka.load("koodinmurtaja", players=n)
        assert g.options["deck"] == "full" and len(g.full_deck()) == 52
    # D-KM-0: half is allowed up to 6 players, rejected with 7-8 with a clear error.
    assert (
        pakka.load("koodinmurtaja", players=6, deck="half").new_state(seed=0).view(0)["stock"] == 1
    )
    for n in (7, 8):
        with pytest.raises(pakka.RulesError, match=r"'deck'.*D-KM-0"):
            pakka.load("koodinmurtaja", players=n, deck="half")
    with pytest.raises(pakka.RulesError, match=r"'deck'.*'half', 'full'"):
        pakka.load("koodinmurtaja", players=3, deck="double")


def test_r_km_3_rank_then_suit_order() -> None:
    # The original's example: ♠7, ♥8, ♥6, ♥7 sort as ♥6 < ♥7 < ♠7 < ♥8.
    s = new([["7S", "8H", "6H", "7H"], P1])
    assert true_code(s, 0) == ["6H", "7H", "7S", "8H"]
    s2 = new([P0, P1], deck="full", stock=[])
    assert true_code(s2, 0) == P0
    full = pakka.load("koodinmurtaja", players=2, deck="full").new_state(
        seed=0, deck=stack([["7C", "7D", "7H", "7S"], ["2C", "2D", "AS", "AC"]])
    )
    assert true_code(full, 0) == ["7C", "7D", "7H", "7S"]  # ♣ < ♦ < ♥ < ♠
    assert true_code(full, 1) == ["2C", "2D", "AC", "AS"]


def test_r_km_4_four_cards_each_sorted_and_hidden() -> None:
    s = new([["KH", "2S", "9S", "5H"], ["AS", "3H", "10H", "6S"]])
    assert true_code(s, 0) == P0 and true_code(s, 1) == P1
    v0 = s.view(0)
    assert [e["card"] for e in v0["codes"][0]] == P0  # a player sees their own code
    assert [e["card"] for e in v0["codes"][1]] == [None] * 4  # but not the others'
    assert all(not e["revealed"] for e in v0["codes"][1])


def test_r_km_5_and_d_km_1_stock_sizes() -> None:
    for n, size in ((2, 18), (4, 10), (6, 2)):
        s = pakka.load("koodinmurtaja", players=n, deck="half").new_state(seed=0)
        assert s.view(None)["stock"] == size - 1  # the starting player has drawn one
    s8 = pakka.load("koodinmurtaja", players=8).new_state(seed=0)
    assert s8.view(None)["stock"] == 20 - 1


def test_r_km_6_and_d_km_8_left_of_dealer_starts_and_deal_passes_left() -> None:
    g = pakka.load("koodinmurtaja", players=3, games=3)
    s = g.new_state(seed=5)
    assert s.view(None)["dealer"] == 0 and s.current_player == 1
    rng = random.Random(0)
    while s.view(None)["game_number"] == 1:
        la = s.legal_actions()
        s.apply(la[rng.randrange(len(la))])
    v = s.view(None)
    assert v["dealer"] == 1 and v["game_number"] == 2 and s.current_player == 2


def test_r_km_7_draw_is_private() -> None:
    s = new([P0, P1], stock=["QS", "4H"])
    # Seat 1 starts and has drawn the top card QS; only seat 1 sees it.
    assert s.view(1)["drawn"]["card"] == "QS"
    assert s.view(0)["drawn"]["card"] is None
    assert s.view(None)["drawn"]["card"] is None
    assert s.view(0)["drawn"]["handle"] == s.view(1)["drawn"]["handle"]
    assert "koodinmurtaja.draw_private" in keys(s, 1)
    assert "koodinmurtaja.draw_private" not in keys(s, 0)
    assert "QS" not in str(s.view(0)) and "QS" not in str(s.view(None))
    assert s.view(None)["stock"] == 26 - 8 - 1


def test_r_km_8_and_d_km_2_positional_guess_and_must_guess() -> None:
    s = new([P0, P1], stock=["QS"])
    legal = s.legal_actions()
    # Only guesses at hidden cards of the target (seat 0), positions 1-4, ranks 2..A.
    assert len(legal) == 4 * 13
    assert all(str(a).startswith("0/") for a in legal)
    with pytest.raises(pakka.IllegalAction, match="stop only after a correct guess"):
        s.apply("stop")
    # Suit is never named: the guess "card 3 of seat 0 is a 9" is right (it is 9S).
    s.apply("0/3=9")
    assert code_of(s, 0) == [None, None, "9S", None]


def test_d_km_2_rank_only_variant_reveals_lowest_card_of_rank() -> None:
    s = new([["5S", "5H", "9S", "KH"], P1], stock=["QS"], guess="rank-only")
    assert {str(a) for a in s.legal_actions()} == {
        f"0={r}" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    }
    s.apply("0=5")
    assert code_of(s, 0) == ["5H", None, None, None]  # ♥5 < ♠5: the lowest is revealed


def test_r_km_9_first_target_skips_players_who_are_out() -> None:
    s = new(
        [["2S", "3S", "4S", "5S"], ["6S", "7S", "8S", "9S"], ["10S", "JS", "QS", "KS"]],
        stock=["AS", "2H", "3H"],
    )
    # Seat 1 starts; its first target is seat 2 (the next to the left).
    assert s.view(None)["target"] == 2
    for i, r in enumerate(["10", "J", "Q", "K"]):
        s.apply(f"2/{i + 1}={r}")
    assert s.view(None)["out"] == [False, False, True]
    # Seat 2 is out; it is skipped as a target and as a player (D-KM-6).
    s.apply("0/1=2")
    s.apply("stop")
    assert s.current_player == 0 and s.view(None)["target"] == 1


def test_r_km_10_correct_guess_choices_same_next_stop() -> None:
    s = new(
        [["2S", "3S", "4S", "5S"], ["6S", "7S", "8S", "9S"], ["10S", "JS", "QS", "KS"]],
        stock=["AS"],
    )
    assert s.current_player == 1 and s.view(None)["target"] == 2
    s.apply("2/1=10")
    assert code_of(s, 2)[0] == "10S"  # R-KM-10: turned face up for everyone
    targets = {str(a).split("/")[0] for a in s.legal_actions() if str(a) != "stop"}
    assert targets == {"2", "0"}  # same target, or the next one after it
    assert "stop" in [str(a) for a in s.legal_actions()]
    s.apply("0/1=2")  # option 2: the next player; now the chain may not wrap to seat 1
    assert s.view(None)["next_target"] is None
    targets = {str(a).split("/")[0] for a in s.legal_actions() if str(a) != "stop"}
    assert targets == {"0"}
    s.apply("stop")  # option 3: the drawn card goes hidden into the code
    assert true_code(s, 1) == ["6S", "7S", "8S", "9S", "AS"]
    assert code_of(s, 1) == [None] * 5
    assert s.current_player == 2


def test_r_km_10_two_players_never_wrap() -> None:
    s = new([P0, P1], stock=["QS"])
    s.apply("0/1=2")
    assert s.view(None)["next_target"] is None
    assert {str(a).split("/")[0] for a in s.legal_actions() if "/" in str(a)} == {"0"}


def test_r_km_11_wrong_guess_puts_drawn_card_face_up() -> None:
    s = new([P0, P1], stock=["QS", "4H"])
    s.apply("0/1=3")
    assert code_of(s, 1) == [None, None, None, "QS", None]  # at its sorted place, face up
    assert s.current_player == 0
    assert "koodinmurtaja.wrong_open" in keys(s, None)


def test_r_km_12_no_skipping_ahead() -> None:
    s = new(
        [["2S", "3S", "4S", "5S"], ["6S", "7S", "8S", "9S"], ["10S", "JS", "QS", "KS"]],
        stock=["AS"],
    )
    # The refusal names seats as the screens do, from 1: engine seat 2 is "seat 3".
    with pytest.raises(pakka.IllegalAction, match="at seat 3 now, not seat 1"):
        s.apply("0/1=2")  # seat 0 comes after seat 2: only after a correct guess
    before = s.to_json()
    with pytest.raises(pakka.IllegalAction):
        s.apply("stop")
    assert s.to_json() == before


def test_d_km_3_broken_target_moves_the_chain() -> None:
    s = new(
        [["2S", "3S", "4S", "5S"], ["6S", "7S", "8S", "9S"], ["10S", "JS", "QS", "KS"]],
        stock=["AS"],
    )
    for i, r in enumerate(["10", "J", "Q"]):
        s.apply(f"2/{i + 1}={r}")
    assert s.view(None)["same_target"] is True
    s.apply("2/4=K")
    v = s.view(None)
    assert v["same_target"] is False and v["next_target"] == 0
    assert {str(a).split("/")[0] for a in s.legal_actions() if "/" in str(a)} == {"0"}


def test_r_km_13_and_d_km_4_empty_stock_guessing_only() -> None:
    g = pakka.load("koodinmurtaja", players=2)
    # 2 players: 18 cards in the stock; play wrong guesses until it is empty.
    s = g.new_state(seed=2, deck=stack([P0, P1]))
    while s.view(None)["stock"] > 0 or s.view(None)["drawn"] is not None:
        wrong = next(a for a in s.legal_actions() if not _is_right(s, a))
        s.apply(wrong)
    assert s.view(None)["drawn"] is None and "koodinmurtaja.no_draw" in keys(s)
    p = s.current_player
    before = [true_code(s, q) for q in (0, 1)]
    hidden_before = s.view(None)["hidden"]
    wrong = next(a for a in s.legal_actions() if not _is_right(s, a))
    s.apply(wrong)
    # D-KM-4: nothing else happens; the turn passes.
    assert [true_code(s, q) for q in (0, 1)] == before
    assert s.view(None)["hidden"] == hidden_before
    assert s.current_player == 1 - p
    right = next(a for a in s.legal_actions() if _is_right(s, a))
    s.apply(right)
    # After a correct guess without a drawn card the guesser may continue or stop.
    assert "stop" in [str(a) for a in s.legal_actions()]
    s.apply("stop")
    assert s.current_player == p


def _is_right(s: KMState, a: object) -> bool:
    text = str(a)
    if "/" not in text:
        return False
    t, rest = text.split("/")
    pos, rank = rest.split("=")
    card = true_code(s, int(t))[int(pos) - 1]
    return card[:-1] == rank


def test_d_km_7_refuted_guess_is_illegal_and_follows_the_card() -> None:
    s = new([P0, P1], stock=["QS", "4H", "8S"])
    s.apply("0/2=6")  # wrong: card 2 of seat 0 (5H) is not a 6; QS goes face up
    s.apply("1/1=2")  # seat 0 guesses wrong at seat 1; 4H goes face up in seat 0's code
    # Seat 0's code is now 2S 4H 5H 9S KH: the refuted card (5H) moved to position 3.
    assert code_of(s, 0) == [None, "4H", None, None, None]
    assert s.view(None)["codes"][0][2]["not"] == ["6"]
    with pytest.raises(pakka.IllegalAction, match="already known not to be 6"):
        s.apply("0/3=6")


def test_d_km_7_guess_at_revealed_card_is_illegal() -> None:
    s = new([P0, P1], stock=["QS", "4H", "8S"])
    s.apply("0/2=6")
    s.apply("1/1=2")
    with pytest.raises(pakka.IllegalAction, match="not a hidden card"):
        s.apply("0/2=4")


def test_d_km_7_rank_only_refutation_lifted_by_new_hidden_card() -> None:
    s = new(
        [["5S", "5H", "9S", "KH"], ["3H", "6S", "10H", "AS"]],
        stock=["QS", "4H", "8S"],
        guess="rank-only",
    )
    s.apply("0=7")  # wrong: seat 0 holds no hidden 7
    assert s.view(None)["rank_refuted"][0] == ["7"]
    s.apply("1=3")  # seat 0 guesses right (3H)
    s.apply("stop")  # seat 0 hides the drawn 4H: its refutations no longer hold
    assert s.view(None)["rank_refuted"][0] == []
    assert "0=7" in [str(a) for a in s.legal_actions()]


def test_d_km_7_option_empty_stock_penalty() -> None:
    g = pakka.load("koodinmurtaja", players=2, empty_stock_penalty=True)
    s = g.new_state(seed=2, deck=stack([P0, P1]))
    while s.view(None)["stock"] > 0 or s.view(None)["drawn"] is not None:
        s.apply(next(a for a in s.legal_actions() if not _is_right(s, a)))
    p = s.current_player
    assert p is not None
    s.apply(next(a for a in s.legal_actions() if not _is_right(s, a)))
    assert s.current_player == p and s.view(None)["phase"] == "reveal"
    assert all(str(a).startswith("reveal ") for a in s.legal_actions())
    hidden = s.view(None)["hidden"][p]
    with pytest.raises(pakka.IllegalAction, match="reveal"):
        s.apply("stop")
    s.apply(s.legal_actions()[0])
    assert s.view(None)["hidden"][p] == hidden - 1


def test_r_km_14_last_hidden_code_wins() -> None:
    s = new([P0, P1], stock=["QS"])
    for i, r in enumerate(["2", "5", "9"]):
        s.apply(f"0/{i + 1}={r}")
    assert not s.is_terminal
    s.apply("0/4=K")
    assert s.is_terminal and s.current_player is None
    assert s.winners == [1] and s.scores == [0, 1]
    assert s.legal_actions() == []
    # At the end every code is shown.
    assert code_of(s, 1) == P1


def test_d_km_5_match_scores_and_ranking() -> None:
    g = pakka.load("koodinmurtaja", players=3, games=2)
    s = g.new_state(
        seed=11,
        deck=stack(
            [["2S", "3S", "4S", "5S"], ["6S", "7S", "8S", "9S"], ["10S", "JS", "QS", "KS"]], ["AS"]
        ),
    )
    for i, r in enumerate(["10", "J", "Q", "K"]):
        s.apply(f"2/{i + 1}={r}")
    for i, r in enumerate(["2", "3", "4", "5"]):
        s.apply(f"0/{i + 1}={r}")
    v = s.view(None)
    assert v["results"] == [{"game": 1, "winner": 1, "ranking": [1, 0, 2]}]
    assert v["wins"] == [0, 1, 0] and s.scores == [0, 1, 0] and not s.is_terminal
    assert v["game_number"] == 2
    rng = random.Random(1)
    while not s.is_terminal:
        la = s.legal_actions()
        s.apply(la[rng.randrange(len(la))])
    assert sum(s.scores) == 2
    assert s.winners == [p for p in range(3) if s.scores[p] == max(s.scores)]


def test_d_km_6_out_players_take_no_turns() -> None:
    s = new(
        [["2S", "3S", "4S", "5S"], ["6S", "7S", "8S", "9S"], ["10S", "JS", "QS", "KS"]],
        stock=["AS", "2H", "3H", "4H"],
    )
    for i, r in enumerate(["10", "J", "Q", "K"]):
        s.apply(f"2/{i + 1}={r}")
    s.apply("stop")
    seen = set()
    for _ in range(4):
        seen.add(s.current_player)
        s.apply(next(a for a in s.legal_actions() if not _is_right(s, a)))
    assert 2 not in seen


def test_information_refuted_guess_stays_with_the_card() -> None:
    s = new([P0, P1], stock=["QS", "4H", "8S"])
    s.apply("0/2=6")
    handle = s.view(None)["codes"][0][1]["handle"]
    s.apply("1/1=2")
    entry = next(e for e in s.view(None)["codes"][0] if e["handle"] == handle)
    assert entry["not"] == ["6"] and entry["card"] is None


def test_d_km_8_dealer_option_for_a_new_game_at_the_same_table() -> None:
    """The server's "play again" passes the deal by raising the ``dealer`` option."""
    g = pakka.load("koodinmurtaja", players=3, dealer=2)
    s = g.new_state(seed=1)
    assert s.view(None)["dealer"] == 2 and s.current_player == 0
    with pytest.raises(pakka.RulesError, match=r"'dealer'.*0\.\.2"):
        pakka.load("koodinmurtaja", players=3, dealer=3)


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (4, {}), (3, {"guess": "rank-only"}), (2, {"empty_stock_penalty": True})],
)
def test_concealed_index_and_kept_guesses_always_match_the_codes(
    players: int, options: dict[str, object]
) -> None:
    # The engine keeps each seat's hidden cards in a separate list (the hot path of
    # legal_actions); it must equal the face-down cards of the code, in code order,
    # after every move, in every sampled state, clone and reloaded snapshot.
    game = pakka.load("koodinmurtaja", players=players, **options)
    rng = random.Random(5)

    def check(s: KMState) -> None:
        assert s.concealed == [[k for k in c if not s.up[k]] for c in s.code]
        assert [len(c) for c in s.concealed] == s.hidden
        # The guesses kept per hidden card still name its position and skip its refuted
        # ranks (D-KM-7).
        for t, code in enumerate(s.code):
            for pos, k in enumerate(code):
                kept = s.offered[k]
                if kept is not None and not s.up[k]:
                    allowed = [r for r in range(2, 15) if not (s.refuted[k] >> (r - 2)) & 1]
                    assert [(g.target, g.position, g.rank) for g in kept] == [
                        (t, pos, r) for r in allowed
                    ]

    for deal in range(15):
        s = game.new_state(seed=deal)
        while not s.is_terminal:
            check(s)
            if rng.random() < 0.1:
                check(s.sample_consistent(s.current_player or 0, rng))
                check(s.clone())
                check(game.state_from_json(s.to_json()))
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        check(s)
