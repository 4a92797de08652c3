"""The terminal renderer, the hint and the bots' legality on Räväytys positions."""

from __future__ import annotations

import random

from rich.console import Console

import pakka
from pakka.bots import make_bot
from pakka.bots.base import SeatHandle, play_bot_turn
from pakka.bots.ravaytys import hint, rules_policy
from pakka.cli.render.ravaytys import describe_action, render


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
        h = hint(g, SeatHandle(s, s.current_player), lang)  # type: ignore[arg-type]
        assert h["best"] in [str(a) for a in s.legal_actions()]
    assert describe_action("buy", s.view(0), "fi") == "Ostan!"


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
