"""The exact encoders' fast paths give bit-identical observations to the view-based encoding.

Some exact encoders build the observation straight from the state's fields
(:meth:`Encoder.observe`) rather than from ``state.view(seat)``'s dict
(:meth:`Encoder.encode`, the reference), and the ``fast`` extra
(``pakka_fast``) has a compiled twin of each (:meth:`Encoder.observer`). This
checks, over many random positions of every game with a fast path, every
player count, variant options, every seat and the final position, that all
three give the same bytes, and that the parts the fast paths keep per state
and seat stay right when one encoder sees clones, sampled states and new
deals, observed in any order.
"""

from __future__ import annotations

import os
import random
from typing import Any

import numpy as np
import pytest

import pakka
from pakka.research._common import research_options
from pakka.research.encoders import ENCODERS, Encoder, encoder_for
from pakka.research.encoders.base import compiled

from .conftest import REAL_GAMES, player_counts

VARIANTS: dict[str, list[dict[str, Any]]] = {
    "viisisataa": [
        {},
        {"misere": True, "doubling": True, "joker_suit_unled_only": True},
        {"full_deck": True},
        {"partner_by_card": True, "all_pass": "grand_no_contract", "auction": "australian"},
        {"max_hands": 0},
    ],
    "ravaytys": [
        {},
        {"go_out_by_melding": True, "reshuffles": "unlimited"},
        {"max_wilds_per_group": 1, "max_turns_per_round": 30},
    ],
    "koodinmurtaja": [
        {},
        {"guess": "rank-only"},
        {"empty_stock_penalty": True, "games": 3, "dealer": 1},
        {"deck": "full", "empty_stock_penalty": True},
    ],
    "zoker-memo": [{}, {"easy": True}, {"layout": 8}],
    "zoker-kubo": [
        {},
        {"claims": "manual", "rounds": 2},
        {"layers": "size", "points": (2, 3, 5), "rounds": 3},
        {"layers": "shape", "claims": "manual"},
    ],
}
"""Option sets tried per game (over the research defaults); ``{}`` alone for the rest."""


COMPILED = frozenset(ENCODERS)
"""The games whose encoder has a compiled twin in ``pakka_fast``: every exact encoder."""


def test_the_compiled_encoders_are_installed_in_ci() -> None:
    """CI installs the ``fast`` extra (./test.sh): every compiled twin must be there
    and used, so that a broken build cannot pass as the pure-Python fallback."""
    if os.environ.get("CI") != "true" and compiled("common") is None:
        pytest.skip("pakka_fast is not installed (uv sync --extra fast); CI requires it")
    for name in COMPILED:
        game = pakka.load(name, **research_options(name, {}))
        enc = encoder_for(game)
        assert enc.observer() != enc.observe, f"{name}: no compiled observer"
        assert enc.observer(compiled=False) == enc.observe


def _has_fast_path(enc: Encoder) -> bool:
    return type(enc).observe is not Encoder.observe


def _applies(name: str, players: int, variant: int) -> bool:
    """Whether the option set is valid at this player count and the game's encoder
    has a fast path (only those cases are collected: nothing is skipped)."""
    try:
        game = pakka.load(
            name, players=players, **research_options(name, VARIANTS.get(name, [{}])[variant])
        )
    except pakka.RulesError:
        return False
    return _has_fast_path(encoder_for(game))


FAST = [
    pytest.param(name, n, i, id=f"{name}-{n}p-v{i}")
    for name in REAL_GAMES
    if name in ENCODERS
    for n in player_counts(name)
    for i, _ in enumerate(VARIANTS.get(name, [{}]))
    if _applies(name, n, i)
]


@pytest.mark.parametrize(("name", "players", "variant"), FAST)
def test_fast_path_is_bit_identical_to_the_view_encoding(
    name: str, players: int, variant: int
) -> None:
    options = research_options(name, VARIANTS.get(name, [{}])[variant])
    game = pakka.load(name, players=players, **options)
    enc = encoder_for(game)
    assert _has_fast_path(enc)
    paths = {"python": enc.observe, "compiled": enc.observer()}
    checked = 0
    for seed in range(8):
        rng = random.Random(seed)
        s = game.new_state(seed=seed)
        steps = 0
        while True:
            # every position early on, then every 3rd (long matches stay quick)
            if steps < 60 or steps % 3 == 0 or s.is_terminal:
                for seat in range(players):
                    ref = enc.encode(s.view(seat, log=enc.uses_log))
                    for path, observe in paths.items():
                        fast = observe(s, seat)
                        assert fast.dtype == np.float32 and fast.shape == enc.shape
                        if fast.tobytes() != ref.tobytes():
                            bad = [
                                seg.name
                                for seg in enc.layout()
                                if fast[seg.start : seg.stop].tobytes()
                                != ref[seg.start : seg.stop].tobytes()
                            ]
                            pytest.fail(
                                f"{path}: seed {seed} step {steps} seat {seat}: {bad} differ"
                            )
                    checked += 1
            if s.is_terminal or steps >= 600:
                break
            legal = s.legal_actions()
            s.apply_legal(legal[rng.randrange(len(legal))])
            steps += 1
    assert checked > 100


@pytest.mark.parametrize("name", [n for n in REAL_GAMES if n in ENCODERS])
def test_fast_path_falls_back_to_the_view_for_other_states_and_seats(name: str) -> None:
    """A spectator or a bad seat goes through ``view`` (its errors included)."""
    game = pakka.load(name, players=player_counts(name)[0], **research_options(name, {}))
    enc = encoder_for(game)
    s = game.new_state(seed=3)
    for observe in (enc.observe, enc.observer()):
        with pytest.raises(pakka.RulesError):
            observe(s, game.num_players)
        with pytest.raises(pakka.RulesError):
            observe(s, -1)
        x = observe(s, 0)
        assert x.flags.writeable and x.dtype == np.float32
        x[:] = 0.0  # the caller owns the array: a new observation is not affected
        assert observe(s, 0).any()
        spectator = observe(s, None)  # type: ignore[arg-type]
        assert spectator.tobytes() == enc.encode(s.view(None, log=enc.uses_log)).tobytes()


@pytest.mark.parametrize("name", [n for n in REAL_GAMES if n in ENCODERS])
def test_incremental_observations_equal_the_from_scratch_encoding_at_every_step(
    name: str,
) -> None:
    """Through PettingZoo (one encoder kept across steps and deals, as a learner uses
    it), every seat's observation at every step equals a fresh encoder's from the view."""
    from pakka.research import pettingzoo_env

    players = player_counts(name)[-1]
    env = pettingzoo_env(name, players=players)
    ref_enc = encoder_for(env.game)
    checked = 0
    for seed in range(4):
        env.reset(seed=seed)
        rng = random.Random(seed)
        steps = 0
        for _agent in env.agent_iter():
            for other in env.agents:
                seat = int(other.removeprefix("player_"))
                got = env.observe(other)["observation"]
                ref = ref_enc.encode(env.state.view(seat, log=ref_enc.uses_log))
                assert got.tobytes() == ref.tobytes(), f"seed {seed} step {steps} {other}"
                checked += 1
            _, _, term, trunc, _ = env.last(observe=False)
            if term or trunc or steps >= 400:
                if not (term or trunc):
                    break
                env.step(None)
                continue
            legal = sorted(env._legal)
            env.step(legal[rng.randrange(len(legal))])
            steps += 1
    assert checked > 100


def _fast_games() -> list[str]:
    return [
        name
        for name in REAL_GAMES
        if name in ENCODERS and _applies(name, player_counts(name)[-1], 0)
    ]


@pytest.mark.parametrize("name", _fast_games())
def test_kept_parts_follow_clones_samples_resets_and_any_observation_order(name: str) -> None:
    """The fast paths keep parts of past observations per state (and seat): one
    encoder, as a learner or a search keeps it, sees many states at once — clones
    advanced apart, sampled states, new deals in place of finished ones — and
    observes them in any order: a seat after many steps, seats out of turn, the
    same position twice, a spectator between them. Every observation must equal
    the view's encoding, bytes for bytes."""
    players = player_counts(name)[-1]
    game = pakka.load(name, players=players, **research_options(name, {}))
    enc = encoder_for(game)
    fast = enc.observer()
    rng = random.Random(11)
    states = [game.new_state(seed=seed) for seed in range(3)]
    checked = 0
    for _round in range(250):
        i = rng.randrange(len(states))
        s = states[i]
        r = rng.random()
        if s.is_terminal:
            states[i] = game.new_state(seed=rng.randrange(10**6))  # a reset
        elif r < 0.06 and len(states) < 8:
            states.append(s.clone())
        elif r < 0.1 and len(states) < 8:
            cp = s.current_player
            assert cp is not None
            states.append(s.sample_consistent(cp, rng))
        else:
            for _ in range(rng.choice((1, 1, 2, 3, 7, 20))):
                if s.is_terminal:
                    break
                legal = s.legal_actions()
                s.apply_legal(legal[rng.randrange(len(legal))])
        t = states[rng.randrange(len(states))]
        seats: list[int | None] = rng.sample(range(players), rng.randrange(1, players + 1))
        if rng.random() < 0.3:
            seats.append(seats[0])  # the same position again
        if rng.random() < 0.1:
            seats.insert(rng.randrange(len(seats) + 1), None)  # a spectator
        for seat in seats:
            ref = enc.encode(t.view(seat, log=enc.uses_log))
            for observe in (enc.observe, fast):
                got = observe(t, seat)  # type: ignore[arg-type]
                where = f"round {_round} state {states.index(t)} {seat}"
                assert got.tobytes() == ref.tobytes(), where
            checked += 1
    assert checked > 300


def test_the_compiled_mask_equals_the_python_mask() -> None:
    """``pakka_fast.common.mask`` (used by the adapters' :class:`Observer`) gives the
    bytes of the pure-Python mask, and refuses an id outside the action ids."""
    from pakka.research._common import Observer

    module = compiled("common")
    if module is None:
        pytest.skip("pakka_fast is not installed (uv sync --extra fast); CI requires it")
    game = pakka.load("zoker-tiko", players=2)
    fast, slow = Observer(game), Observer(game, compiled=False)
    for legal in (None, [], [0], [63], [3, 1, 2], list(range(64)), (2, 9), {5, 7}):
        a, b = fast.mask(legal), slow.mask(legal)
        assert a.dtype == b.dtype == np.int8
        assert a.tobytes() == b.tobytes(), legal
    for bad in ([64], [-1]):
        with pytest.raises(IndexError):
            module.mask(64, bad)


@pytest.mark.parametrize("name", [n for n in REAL_GAMES if n in ENCODERS])
def test_environments_pickle_and_copy_with_their_encoders(name: str) -> None:
    """A PettingZoo environment in mid-game (its encoder's per-state caches filled,
    its compiled twin in use) pickles and deep-copies; the copy observes the same
    bytes and goes on alike. Encoders pickle as their class and game, so their caches
    (Memo's holds memoryviews) are not carried."""
    import copy
    import pickle

    from pakka.research import pettingzoo_env

    env = pettingzoo_env(name, players=player_counts(name)[-1])
    env.reset(seed=5)
    rng = random.Random(5)
    for _ in range(12):
        _, _, term, trunc, _ = env.last()
        if term or trunc:
            break
        env.step(env._legal[rng.randrange(len(env._legal))])
    for twin in (pickle.loads(pickle.dumps(env)), copy.deepcopy(env)):
        assert twin.agent_selection == env.agent_selection
        for agent in env.agents:
            a, b = env.observe(agent), twin.observe(agent)
            assert a["observation"].tobytes() == b["observation"].tobytes()
            assert a["action_mask"].tobytes() == b["action_mask"].tobytes()
        assert type(twin.observer._observe) is type(env.observer._observe)


@pytest.mark.parametrize(
    "name", ["zoker-tiko", "zoker-kubo", "zoker-memo", "viisisataa", "ravaytys"]
)
def test_a_state_with_fields_out_of_shape_goes_to_the_python_path(name: str) -> None:
    """The compiled code writes without bounds checks, so a state it was not built for
    (here: a seat's list cut off, as only code poking at a state's fields can make)
    must go to the Python path — the same result or the same error — and never crash."""
    game = pakka.load(name, players=3, **research_options(name, {}))
    enc = encoder_for(game)
    fast = enc.observer()
    s = game.new_state(seed=2)
    field = "taken" if name == "zoker-memo" else "hands"
    setattr(s, field, list(getattr(s, field))[:-1])
    try:
        expected = enc.observe(s, 0).tobytes()
    except Exception as e:  # the Python path's own error
        with pytest.raises(type(e)):
            fast(s, 0)
    else:
        assert fast(s, 0).tobytes() == expected
