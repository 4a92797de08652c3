"""The display layer: cards, bids and actions in words, and the rule values it shows."""

from __future__ import annotations

import random

import pakka
from pakka.games.viisisataa.actions import ACTIONS, BID, BID_BASE, MISERE_ID, bid_value
from pakka.games.viisisataa.display import ViisisataaDisplay, prompt, sheet_rows
from pakka.i18n import LANGUAGES, messages, render_entry


def test_card_names_as_players_say_them() -> None:
    """Every card has a name in words in both languages (R-5S-1: the joker too)."""
    d = ViisisataaDisplay()
    en, fi = d.card_names("en"), d.card_names("fi")
    assert len(en) == len(fi) == 53
    assert en["AS"] == "ace of spades" and en["10D"] == "10 of diamonds" and en["JK"] == "joker"
    assert fi["AS"] == "pata-ässä" and fi["10D"] == "ruutu-10" and fi["KH"] == "hertta-kuningas"
    assert fi["QC"] == "risti-rouva" and fi["JS"] == "pata-jätkä" and fi["JK"] == "jokeri"


def test_r_5s_8_bids_carry_the_engines_value() -> None:
    """R-5S-8, R-5S-11: a bid's target is its tricks, suit and the engine's value."""
    game = pakka.load("viisisataa", players=3, misere=True)
    state = game.new_state(seed=1)
    for d in game.display.legal(state):
        a = ACTIONS[d["id"]]
        if a.kind == BID:
            assert d["target"] == {
                "tricks": 6 + (a.id - BID_BASE) // 5,
                "suit": ("S", "C", "D", "H", "NT")[(a.id - BID_BASE) % 5],
                "value": bid_value(a.id - BID_BASE),
            }
        elif a.id == MISERE_ID:
            assert d["target"] == {"suit": "misere", "value": 250}
    seven_hearts = next(d for d in game.display.legal(state) if d["text"] == "bid 7H")
    assert render_entry("viisisataa", seven_hearts["label"], "en") == (
        "bid seven hearts, 200 points"
    )
    assert render_entry("viisisataa", seven_hearts["label"], "fi") == (
        "tarjoa seitsemän herttaa, 200 pistettä"
    )


def test_every_label_prompt_and_sheet_renders_in_both_languages() -> None:
    """Through whole random matches every label and prompt has a text in en and fi (nested
    messages too), never a raw card code; the sheet shows 500 minus the points."""
    for players, options in (
        (3, {"misere": True, "doubling": True}),
        (5, {"partner_by_card": True}),
    ):
        game = pakka.load("viisisataa", players=players, max_hands=2, **options)
        state = game.new_state(seed=2)
        rng = random.Random(2)
        cat = messages("viisisataa")
        while not state.is_terminal:
            view = state.view(state.current_player)
            for lang in LANGUAGES:
                for d in game.display.legal(state):
                    _check_keys(d["label"], cat[lang])
                    text = render_entry("viisisataa", d["label"], lang)
                    assert not any(c in text.split() for c in d["cards"]), text
                _check_keys(prompt(view), cat[lang])
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        shown = sheet_rows(state.view(0))
        assert shown["to_go"] == [x - 500 for x in state.scores]


def _check_keys(message: object, catalogue: object) -> None:
    assert isinstance(message, dict) and isinstance(catalogue, dict)
    assert message["key"] in catalogue, message["key"]
    for arg in message["args"].values():
        if isinstance(arg, dict) and "key" in arg:
            _check_keys(arg, catalogue)
