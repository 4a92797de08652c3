"""The terminal renderer, the hint and the bots' legality on Räväytys positions."""

from __future__ import annotations

import random

from rich.console import Console

import pakka
from pakka.bots import make_bot
from pakka.bots.base import SeatHandle, play_bot_turn
from pakka.bots.ravaytys import hint, lay_down_at_once, rules_policy
from pakka.cli.render.ravaytys import describe_action, render
from pakka.games.ravaytys.actions import A_MELD
from pakka.games.ravaytys.game import RavaytysState

from .helpers import hand, meld_texts, new, open_round, play


def test_render_and_hint_in_both_languages() -> None:
    """The renderer shows contract, table and hand; the hint proposes a move."""
    g = pakka.load("ravaytys", players=4)
    s = g.new_state(seed=9)
    rng = random.Random(0)
    for _ in range(120):
        s.apply(rules_policy(s, rng))
    for lang in ("en", "fi"):
        con = Console(record=True, width=100)
        con.print(render(s.view(s.current_player), lang))
        out = con.export_text()
        assert ("Round" if lang == "en" else "Kierros") in out
        h = hint(g, SeatHandle(s, s.current_player), lang)
        assert h["best"] in [str(a) for a in s.legal_actions()]
    assert describe_action("buy", s.view(0), "fi").startswith("Ostan!")


def test_bots_play_legal_moves() -> None:
    """The rules and search bots only choose legal actions (a few turns each)."""
    g = pakka.load("ravaytys", players=3)
    s = g.new_state(seed=4)
    bots = [
        make_bot(g, "rules", 1),
        make_bot(g, "search:samples=1,depth=20", 2),
        make_bot(g, "medium", 3),
    ]
    rng = random.Random(1)
    for _ in range(150):
        seat = s.current_player
        assert seat is not None
        play_bot_turn(bots[seat], s, rng)


def _rules_choice(s: RavaytysState, seat: int) -> str:
    bot = make_bot(s.game, "rules", 0)
    return str(bot.choose(SeatHandle(s, seat)))


def test_r_rv_15_rules_bot_holds_the_contract_while_safe_and_lays_down_when_risky() -> None:
    """R-RV-15 judgement of the rules bot. Seat 1 holds two sets plus KD and draws
    QS: laid down now, one card beyond the discard would stay, nobody is down and
    the stock is deep, so it keeps the contract in hand (räväytys) and throws a
    stuck card. Then seat 2 lays down with three cards left; seat 1 draws 3D, still
    one card short, but the risk has risen: now it lays the contract down."""
    s = new(
        3,
        {1: "7H 7S 7D 7C 7H 8H 8S 8D 8C 8H KD", 2: "5C 5D 5H 5S 6C 6D 6H 6S 9C 10D JS"},
        stock="QS 4C 3H 3D",
    )
    open_round(s)
    assert "QS" in hand(s, 1)
    assert _rules_choice(s, 1) == "discard QS"  # hold: both stuck cards cost 10
    play(s, "discard QS", "draw", "pass")
    play(s, "meld", "set 5", "add 5C", "add 5D", "add 5H", "add 5S", "close")
    play(s, "set 6", "add 6C", "add 6D", "add 6H", "add 6S", "close", "discard JS")
    assert s.down[2] and s.sizes[2] == 3
    play(s, "draw", "pass", "discard 3H", "draw", "pass")
    assert "3D" in hand(s, 1)
    assert _rules_choice(s, 1) == "meld"


def test_r_rv_15_rules_bot_goes_out_at_once_when_it_can() -> None:
    """R-RV-15: with every card but the discard placeable, the rules bot lays down
    (and then goes out) instead of holding."""
    s = new(
        3,
        {1: "7H 7S 7D 7C 7H 8H 8S 8D 8C 8H KD"},
        stock="8C",
    )
    open_round(s)
    assert _rules_choice(s, 1) == "meld"
    rng = random.Random(0)
    bot = make_bot(s.game, "rules", 0)
    while s.current_player == 1 and s.round == 0:
        play_bot_turn(bot, s, rng)
    assert s.went_out == [1]


def test_r_rv_13_playout_lay_down_at_once_matches_the_checked_steps() -> None:
    """R-RV-13: the search bot's playouts lay the rules bot's contract down in one go;
    every one of those steps passes the engine's check, and the result is the state
    the rules bot reaches step by step."""
    g = pakka.load("ravaytys", players=3)
    rng = random.Random(3)
    melds = 0
    for seed in (1, 2):
        s = g.new_state(seed=seed)
        assert isinstance(s, RavaytysState)
        while not s.is_terminal:
            a = rules_policy(s, rng)
            if a is A_MELD:
                fast, slow = s.clone(), s.clone()
                fast.apply_legal(a)
                lay_down_at_once(fast)
                slow.apply(a)
                while slow.phase == 4:  # build, one checked step at a time
                    slow.apply(rules_policy(slow, rng))
                assert fast.down[fast.turn_player] and meld_texts(fast) == meld_texts(slow)
                assert fast.hands == slow.hands
                melds += 1
            s.apply(a)
    assert melds >= 8
