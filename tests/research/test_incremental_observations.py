"""The incremental observation paths equal the view encoding whatever happens to a state.

An incremental encoder (:attr:`Encoder.incremental`) keeps each (state, seat)'s
last vector and the fields it reflects, and rewrites only what changed since.
These tests drive it the ways a learner or a search does — clones advanced
apart, sampled states, new deals, seats observed out of order or after many
steps, a spectator in between, a caller writing into what it got — and check
at every observation that the bytes equal :meth:`Encoder.encode` of the
seat's own view (so a seat's vector only ever holds what its view shows).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import pakka
from pakka.research._common import research_options
from pakka.research.encoders import ENCODERS, Encoder, encoder_for

from .conftest import REAL_GAMES, player_counts


def _incremental(name: str, players: int) -> bool:
    game = pakka.load(name, players=players, **research_options(name, {}))
    return encoder_for(game).incremental


CASES = [
    pytest.param(name, n, id=f"{name}-{n}p")
    for name in REAL_GAMES
    if name in ENCODERS
    for n in player_counts(name)
    if _incremental(name, n)
]


def _check(enc: Encoder, state: Any, seat: int | None) -> None:
    got = enc.observe(state, seat)  # type: ignore[arg-type]
    ref = enc.encode(state.view(seat, log=enc.uses_log))
    assert got.tobytes() == ref.tobytes(), f"seat {seat} at move {len(state.actions)}"
    got[:] = 7.0  # the caller owns the array: the kept vector is not affected


def _step(state: Any, rng: random.Random) -> bool:
    if state.is_terminal:
        return False
    legal = state.legal_actions()
    state.apply_legal(legal[rng.randrange(len(legal))])
    return True


def _game(name: str, players: int) -> pakka.Game[Any]:
    return pakka.load(name, players=players, **research_options(name, {}))


def test_there_is_an_incremental_encoder() -> None:
    assert CASES


@pytest.mark.parametrize(("name", "players"), CASES)
def test_seats_observed_out_of_order_and_after_many_steps(name: str, players: int) -> None:
    game = _game(name, players)
    enc = encoder_for(game)
    for seed in range(4):
        rng = random.Random(seed)
        s = game.new_state(seed=seed)
        while True:
            # a random seat (sometimes the spectator) after a random number of moves
            seat = rng.choice([*range(players), None])
            _check(enc, s, seat)
            moved = True
            for _ in range(rng.choice((0, 1, 1, 2, 5, 20))):
                moved = _step(s, rng)
            if not moved:
                break
        for seat in range(players):  # the end, every seat
            _check(enc, s, seat)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_clones_advanced_apart_and_sampled_states(name: str, players: int) -> None:
    game = _game(name, players)
    enc = encoder_for(game)
    rng = random.Random(5)
    s = game.new_state(seed=5)
    checked = 0
    while not s.is_terminal:
        for seat in range(players):
            _check(enc, s, seat)
        if len(s.actions) % 4 == 1:
            c = s.clone()
            seat = s.current_player
            assert seat is not None
            t = s.sample_consistent(seat, random.Random(len(s.actions)))
            for other in (c, t):
                for p in range(players):
                    _check(enc, other, p)
                for _ in range(3):  # each goes its own way; the original is unaffected
                    _step(other, rng)
                    for p in range(players):
                        _check(enc, other, p)
                        _check(enc, s, p)
                        checked += 1
        _step(s, rng)
    assert checked > 20


@pytest.mark.parametrize(("name", "players"), CASES)
def test_new_deals_and_restored_states(name: str, players: int) -> None:
    """New states (ids of dropped states are reused) and a state restored from JSON."""
    game = _game(name, players)
    enc = encoder_for(game)
    for seed in range(6):
        rng = random.Random(seed)
        s = game.new_state(seed=seed)
        for _ in range(10 + seed * 7):
            _step(s, rng)
        _check(enc, s, seed % players)
        r = game.state_from_json(s.to_json())
        for p in range(players):
            _check(enc, r, p)
        _step(r, rng)
        _check(enc, r, seed % players)
        del s, r  # the next deal may get the same ids


@pytest.mark.parametrize(("name", "players"), CASES)
def test_many_states_beyond_the_kept_number(name: str, players: int) -> None:
    """More (state, seat) pairs than the encoder keeps: dropped ones are rebuilt."""
    from pakka.research.encoders.base import INCREMENTAL

    game = _game(name, players)
    enc = encoder_for(game)
    rng = random.Random(9)
    states = [game.new_state(seed=i) for i in range(INCREMENTAL // players + 8)]
    for rounds in range(2):
        for s in states:
            for seat in range(players):
                if rounds == 0 or seat == 0:
                    _check(enc, s, seat)
            _step(s, rng)
