"""Koodinmurtaja's display layer: card names, labels, targets and prompts in words."""

from __future__ import annotations

import random

import pakka
from pakka.games.koodinmurtaja import Koodinmurtaja
from pakka.games.koodinmurtaja.display import DISPLAY, KoodinmurtajaDisplay
from pakka.i18n import render_entry

from .conftest import new

GAME = "koodinmurtaja"
CODES = [["2S", "3S", "4S", "5S"], ["6S", "7S", "8S", "9S"], ["10S", "JS", "QS", "KS"]]


def _en(m: object) -> str:
    return render_entry(GAME, m, "en")  # type: ignore[arg-type]


def _fi(m: object) -> str:
    return render_entry(GAME, m, "fi")  # type: ignore[arg-type]


def test_every_game_class_has_the_display() -> None:
    assert isinstance(Koodinmurtaja.display, KoodinmurtajaDisplay)


def test_french_card_names_as_players_say_them() -> None:
    en, fi = DISPLAY.card_names("en"), DISPLAY.card_names("fi")
    assert len(en) == len(fi) == 52
    assert en["AS"] == "ace of spades" and en["10D"] == "10 of diamonds"
    assert en["KH"] == "king of hearts" and en["JC"] == "jack of clubs"
    assert fi["AS"] == "pata-ässä" and fi["10D"] == "ruutu-10"
    assert fi["KH"] == "hertta-kuningas" and fi["JC"] == "risti-jätkä"
    assert fi["QH"] == "hertta-rouva"


def test_hidden_card_in_words_without_case_endings() -> None:
    m = DISPLAY.hidden_card(2, 3)
    assert _en(m) == "hidden card 3 of seat 2"
    assert _fi(m) == "piilokortti 3, pelaaja 2"
    # A front end that names players puts the name into the nested player message.
    m["args"]["player"]["args"]["seat"] = "Maija"
    assert _fi(m) == "piilokortti 3, pelaaja Maija"


def test_guess_label_target_and_kind() -> None:
    s = new(CODES, stock=["AS"])
    d = next(x for x in DISPLAY.legal(s) if x["text"] == "2/3=Q")
    assert d["kind"] == "guess" and d["cards"] == []
    assert d["target"] == {"seat": 2, "position": 2, "rank": "Q"}
    assert _en(d["label"]) == "guess that hidden card 3 of seat 2 is a queen"
    assert _fi(d["label"]) == "arvaa, että piilokortti 3, pelaaja 2, on rouva"
    eight = next(x for x in DISPLAY.legal(s) if x["text"] == "2/1=8")
    assert _en(eight["label"]).endswith("is an 8")


def test_stop_names_the_drawn_card_and_reveal_names_the_own_card() -> None:
    s = new(CODES, stock=["AS"])
    s.apply("2/1=10")  # right: seat 1 may stop and hide the drawn AS
    stop = next(x for x in DISPLAY.legal(s) if x["text"] == "stop")
    assert stop["kind"] == "stop" and stop["cards"] == ["AS"] and stop["target"] is None
    assert _en(stop["label"]) == "stop and hide your drawn card, the ace of spades"
    assert _fi(stop["label"]) == "lopeta ja piilota nostettu korttisi, pata-ässä"

    g = pakka.load(GAME, players=2, empty_stock_penalty=True)
    st = g.new_state(seed=5)
    rng = random.Random(5)
    while not st.is_terminal and st.view(None)["phase"] != "reveal":
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
    if st.is_terminal:
        return
    cp = st.current_player
    assert cp is not None
    d = DISPLAY.legal(st)[0]
    card = st.view(cp)["codes"][cp][d["target"]["position"]]["card"]  # type: ignore[index]
    assert d["kind"] == "reveal" and d["cards"] == [card]
    pos = d["target"]["position"] + 1  # type: ignore[index]
    assert _en(d["label"]) == f"reveal your card {pos}, the {DISPLAY.card_names('en')[card]}"


def test_rank_only_guess_names_seat_and_rank() -> None:
    s = new(CODES, stock=["AS"], guess="rank-only")
    d = next(x for x in DISPLAY.legal(s) if x["text"] == "2=A")
    assert d["target"] == {"seat": 2, "rank": "A"}
    assert _en(d["label"]) == "guess that seat 2 holds an ace among the hidden cards"
    assert _fi(d["label"]) == "arvaa: pelaaja 2, piilossa on ässä"


def test_describe_view_agrees_with_describe_for_the_player_to_act() -> None:
    for opts in ({}, {"guess": "rank-only"}, {"empty_stock_penalty": True}):
        game = pakka.load(GAME, players=3, **opts)
        s = game.new_state(seed=7)
        rng = random.Random(7)
        while not s.is_terminal:
            view = s.view(s.current_player)
            for a in s.legal_actions():
                assert DISPLAY.describe_view(view, str(a)) == DISPLAY.describe(s, a)
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])


def test_prompts_per_phase() -> None:
    s = new(CODES, stock=["AS"])
    assert _en(DISPLAY.prompt(s.view(1))) == "Seat 1 must guess a hidden card of seat 2."
    s.apply("2/1=10")
    assert (
        _en(DISPLAY.prompt(s.view(1)))
        == "Seat 1 guessed right: guess again at seat 2 or seat 0, or stop."
    )
    assert _fi(DISPLAY.prompt(s.view(1))).startswith("Paikka 1 arvasi oikein")
    s.apply("0/1=2")
    assert _en(DISPLAY.prompt(s.view(1))) == (
        "Seat 1 guessed right: guess again at seat 0, or stop."
    )
    legend = DISPLAY.legend(s.view(1))
    assert legend is not None and "0/1=Q" in _en(legend)
    assert DISPLAY.legend(s.view(0)) is None  # not seat 0's turn
    for key in ("over", "reveal", "stop_only"):
        assert f"koodinmurtaja.prompt.{key}" in pakka.i18n.messages(GAME)["fi"]


def test_suggested_puts_stop_first_and_drops_guesses_the_board_rules_out() -> None:
    s = new(CODES, stock=["AS"])
    s.apply("2/1=10")
    view = s.view(1)
    legal = DISPLAY.legal(s)
    offered = DISPLAY.suggested(view, legal)
    assert offered[0]["kind"] == "stop"
    texts = {a["text"] for a in offered}
    # Seat 2's second card lies above the revealed 10S: 2..10 cannot fit it.
    assert "2/2=9" not in texts and "2/2=J" in texts
    assert DISPLAY.plausible_ranks(view, 2, 2) <= set(range(11, 15))
