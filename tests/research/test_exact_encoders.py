"""The exact per-game encoders: fixed shape, values in 0..1, deterministic, view-only.

"View-only": an encoder is given nothing but the view (without its log unless
it declares ``uses_log``), and two states that look the same to the seat — the
real one and a consistent sample (identical view, different hidden cards) —
encode identically.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import pakka
from pakka.core.game import State
from pakka.research.encoders import ENCODERS, encoder_for

from .conftest import REAL_GAMES, player_counts

EXACT = [
    (name, n)
    for name in REAL_GAMES
    if name in ENCODERS and name != "koodinmurtaja"
    for n in player_counts(name)
]


def _states(name: str, n: int, seeds: int = 3, steps: int = 60) -> list[State[Any]]:
    game = pakka.load(name, players=n)
    out = []
    for seed in range(seeds):
        rng = random.Random(seed)
        s = game.new_state(seed=seed)
        out.append(s.clone())
        for _ in range(steps):
            if s.is_terminal:
                break
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            out.append(s.clone())
    return out


@pytest.mark.parametrize(("name", "players"), EXACT)
def test_exact_encoder_shape_range_and_determinism(name: str, players: int) -> None:
    game = pakka.load(name, players=players)
    enc = encoder_for(game)
    assert enc.name == name
    distinct = set()
    for s in _states(name, players):
        for seat in range(players):
            x = enc.observe(s, seat)
            assert x.shape == enc.shape and x.dtype == np.float32
            # Kubo's and Viisisataa's match totals can be negative
            low = -1.0 if name in ("zoker-kubo", "viisisataa") else 0.0
            assert ((x >= low) & (x <= 1.0)).all(), [
                seg.name for seg in enc.layout() if not (x[seg.start : seg.stop] <= 1).all()
            ]
            assert np.array_equal(x, enc.encode(s.view(seat)))
            assert np.array_equal(x, enc.observe(s.clone(), seat))
            distinct.add(x.tobytes())
    assert len(distinct) > 10, "the encoding hardly changes during play"


@pytest.mark.parametrize(("name", "players"), EXACT)
def test_exact_encoder_sees_only_the_view(name: str, players: int) -> None:
    """Identical ``view(seat)`` (a consistent sample) gives an identical observation."""
    enc = encoder_for(pakka.load(name, players=players))
    rng = random.Random(7)
    checked = 0
    for s in _states(name, players, seeds=2, steps=40)[::3]:
        if s.is_terminal:
            continue
        for seat in range(players):
            sample = s.sample_consistent(seat, rng)
            assert enc.view_of(sample, seat) == enc.view_of(s, seat)
            assert np.array_equal(enc.observe(s, seat), enc.observe(sample, seat))
            checked += 1
    assert checked


def test_tiko_encoder_fields() -> None:
    """Tiko: hand, trick by relative seat, top card and the cards that beat it (R-ZK-4)."""
    from pakka.games.zoker.deck import stronger

    game = pakka.load("zoker-tiko", players=2)
    enc = encoder_for(game)
    seg = {g.name: g for g in enc.layout()}
    s = game.new_state(seed=3)
    lead = s.legal_actions()[0]
    leader = s.current_player
    assert leader is not None
    s.apply(lead)
    me = s.current_player
    assert me is not None
    x = enc.observe(s, me)
    hand = [a.id for a in s.legal_actions()]
    assert sorted(np.flatnonzero(x[seg["hand"].start : seg["hand"].stop])) == sorted(hand)
    # the leader is the other seat: relative seat 1 played the lead card
    trick = x[seg["trick"].start : seg["trick"].stop].reshape(2, 64)
    assert trick[1, lead.id] == 1 and trick[0].sum() == 0
    assert x[seg["top"].start + lead.id] == 1
    beats = x[seg["beats_top"].start : seg["beats_top"].stop]
    assert all(beats[c] == float(stronger(c, lead.id)) for c in range(64))
    unseen = x[seg["unseen"].start : seg["unseen"].stop]
    assert unseen.sum() == 64 - 4 - 1


def test_memo_encoder_recalls_taken_pairs_and_seen_cards() -> None:
    """Memo: cards taken in pairs (from the log) and every card once face up (R-ME-2)."""
    from pakka.research.encoders.zoker import INDEX

    game = pakka.load("zoker-memo", players=2)
    enc = encoder_for(game)
    seg = {g.name: g for g in enc.layout()}
    rng = random.Random(1)
    s = game.new_state(seed=1)
    while not any(e.key == "memo.pair" for e in s.log):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    pair = next(e for e in s.log if e.key == "memo.pair")
    x = enc.observe(s, 0)
    for name in pair.args["cards"].split():
        assert x[seg["taken"].start + INDEX[name]] == 1
        assert x[seg["unseen"].start + INDEX[name]] == 0
    table = s.view(0)["table"]
    for i, entry in enumerate(table):
        at = seg["places"].start + i * 17
        assert x[at] == float(entry is not None)
        assert x[at + 2] == float(entry not in (None, "?"))


def test_viisisataa_encoder_hand_trick_and_unseen() -> None:
    """Viisisataa: my hand, the trick by relative seat and the unseen cards of the deck."""
    from pakka.research.encoders.viisisataa import CARD_INDEX

    game = pakka.load("viisisataa", players=3)
    enc = encoder_for(game)
    seg = {g.name: g for g in enc.layout()}
    rng = random.Random(2)
    s = game.new_state(seed=2)
    while not (s.view(0)["phase"] == "play" and s.view(0)["trick"]):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    me = s.current_player
    assert me is not None
    v = s.view(me)
    x = enc.observe(s, me)
    hand = {CARD_INDEX[c] for c in v["hand"]}
    assert set(np.flatnonzero(x[seg["hand"].start : seg["hand"].stop])) == hand
    for play in v["trick"]:
        r = (play["seat"] - me) % 3
        assert x[seg["trick"].start + r * 53 + CARD_INDEX[play["card"]]] == 1
    unseen = x[seg["unseen"].start : seg["unseen"].stop]
    assert unseen.sum() == len(game.full_deck()) - len(hand) - len(v["played"]) - len(
        v["discards"] or []
    )


def test_ravaytys_encoder_groups_being_built() -> None:
    """Räväytys: a run being built (even with no card yet) and laid-down groups encode."""
    game = pakka.load("ravaytys", players=3)
    enc = encoder_for(game)
    seg = {g.name: g for g in enc.layout()}
    size = 102 + 3
    rng = random.Random(0)
    s = game.new_state(seed=0)
    seen_pending = 0
    for _ in range(20_000):
        if s.is_terminal or seen_pending >= 3:
            break
        v = s.view(0, log=False)
        if v["pending"]:
            seen_pending += 1
            seat = s.current_player
            assert seat is not None
            x = enc.observe(s, seat)
            slot = len(v["melds"]) + len(v["pending"]) - 1
            at = seg["groups"].start + slot * size
            assert x[at] == 1 and x[at + 1] == 1  # present, pending
            cards = x[at + 2 + 3 + 47 : at + 2 + 3 + 47 + 53] * 4
            assert cards.sum() == len(v["pending"][-1]["cards"])
        legal = s.legal_actions()
        s.apply_legal(legal[rng.randrange(len(legal))])
    assert seen_pending
