"""The conformance suite: every registered game must pass it (new games join by registering).

Random playouts from many seeds terminate with legal actions never empty before
the end; history replays by notation; the JSON round trip is identical;
malformed and illegal input is rejected with the state unchanged; action ids
round-trip; ``sample_consistent`` keeps the seat's view and really varies what
the seat cannot see.

Random players are automated play, so games load as arenas and the research
adapters load them (``load_automated``: e.g. Viisisataa's explicit match cap,
R-5S-22, without which random players sink below zero for ever).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import pakka
import pakka.core.record
import pakka.core.registry
from pakka.core.game import State
from pakka.core.registry import load_automated

GAMES = pakka.games()
SEEDS = range(12)
MAX_STEPS = 20_000


def _player_counts(name: str) -> list[int]:
    cls = pakka.core.registry.game_class(name)
    counts = sorted({cls.min_players, cls.max_players, min(cls.min_players + 1, cls.max_players)})
    return counts


CASES = [(g, n) for g in GAMES for n in _player_counts(g)]


def _playout(state: State[Any], rng: random.Random, stop_at: int | None = None) -> None:
    steps = 0
    while not state.is_terminal and (stop_at is None or steps < stop_at):
        legal = state.legal_actions()
        assert legal, "legal_actions() is empty before the end"
        state.apply(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < MAX_STEPS, "playout did not terminate"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_playouts_terminate_and_replay(name: str, players: int) -> None:
    game = load_automated(name, players=players)
    for seed in SEEDS:
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        _playout(state, rng)
        assert state.is_terminal and state.current_player is None
        assert state.legal_actions() == []
        assert len(state.scores) == players
        assert all(0 <= w < players for w in state.winners)
        # Replaying history by notation reproduces the state exactly.
        replay = game.new_state(seed=seed)
        for text in state.history:
            replay.apply(text)
        assert replay.full_view() == state.full_view()
        assert replay.to_json() == state.to_json()
        # Record round trip.
        rec = pakka.Record.from_json(pakka.Record.from_state(state).to_json())
        assert rec.replay().full_view() == state.full_view()


@pytest.mark.parametrize(("name", "players"), CASES)
def test_json_round_trip_and_clone(name: str, players: int) -> None:
    game = load_automated(name, players=players)
    for seed in range(6):
        rng = random.Random(100 + seed)
        state = game.new_state(seed=seed)
        _playout(state, rng, stop_at=rng.randrange(1, 60))
        text = state.to_json()
        json.loads(text)
        back = game.state_from_json(text)
        assert back.to_json() == text
        assert back.full_view() == state.full_view()
        for p in [None, *range(players)]:
            assert back.view(p) == state.view(p)
            json.dumps(state.view(p))
        # The restored state and a clone continue exactly like the original.
        twin = state.clone()
        r1, r2, r3 = random.Random(seed), random.Random(seed), random.Random(seed)
        _playout(state, r1)
        _playout(back, r2)
        _playout(twin, r3)
        assert back.full_view() == state.full_view() == twin.full_view()


@pytest.mark.parametrize(("name", "players"), CASES)
def test_action_ids(name: str, players: int) -> None:
    game = load_automated(name, players=players)
    state = game.new_state(seed=3)
    rng = random.Random(3)
    checked = 0
    while not state.is_terminal and checked < 300:
        checked += 1
        legal = state.legal_actions()
        ids = [a.id for a in legal]
        assert len(set(ids)) == len(ids), "two legal actions share an id"
        for a in legal:
            assert 0 <= a.id < game.num_distinct_actions
            assert game.action_from_id(a.id) == a
            assert state.parse_action(str(a)) == a, f"{a} does not parse back"
        state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(("name", "players"), CASES)
def test_bad_input_changes_nothing(name: str, players: int) -> None:
    game = load_automated(name, players=players)
    rng = random.Random(7)
    state = game.new_state(seed=7)
    bad_texts = ["", "   ", "xyzzy", "1 2 3 4 5 6", "\x00", "9" * 500, "stop stop", "{}"]
    step = 0
    while not state.is_terminal:
        step += 1
        if step > 40 and step % 10:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            continue
        before = state.to_json()
        for text in bad_texts:
            if state.is_legal(text):
                continue
            with pytest.raises(pakka.IllegalAction):
                state.apply(text)
            assert state.to_json() == before
        legal_now = state.legal_actions()
        legal_ids = {a.id for a in legal_now}
        illegal = [i for i in range(game.num_distinct_actions) if i not in legal_ids]
        for i in rng.sample(illegal, min(5, len(illegal))):
            with pytest.raises(pakka.IllegalAction):
                state.apply(game.action_from_id(i))
            assert state.to_json() == before
        with pytest.raises(pakka.IllegalAction):
            state.apply(12345)
        assert state.to_json() == before
        assert [str(a) for a in state.legal_actions()] == [str(a) for a in legal_now]
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    with pytest.raises(pakka.IllegalAction):
        state.apply("anything")


@pytest.mark.parametrize(("name", "players"), CASES)
def test_sample_consistent_keeps_the_view(name: str, players: int) -> None:
    game = load_automated(name, players=players)
    varied = 0
    checked = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        _playout(state, rng, stop_at=rng.randrange(0, 40))
        if state.is_terminal:
            continue
        for p in range(players):
            v = state.view(p)
            truth = state.full_view()
            for k in range(4):
                sample = state.sample_consistent(p, random.Random(1000 * seed + k))
                assert sample is not state
                assert sample.view(p) == v
                assert sample.current_player == state.current_player
                assert sample.seed != state.seed, "a sample must not carry the real seed"
                assert sample.legal_actions() == state.legal_actions() or p != state.current_player
                checked += 1
                if sample.full_view() != truth:
                    varied += 1
                # The sample is a working state: it plays on to the end.
                _playout(sample, random.Random(k))
    assert checked > 0
    if game.game_type().hidden_information:
        assert varied > 0, "sample_consistent never varied the hidden cards"
    else:
        assert varied == 0, "a game without hidden information sampled another state"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_view_without_log_is_the_view_minus_its_log(name: str, players: int) -> None:
    """``view(p, log=False)`` is ``view(p)`` without the ``"log"`` key, at every step."""
    game = load_automated(name, players=players)
    rng = random.Random(5)
    state = game.new_state(seed=5)
    steps = 0
    while steps < 60:
        for p in [*range(players), None]:
            full = state.view(p)
            assert "log" in full
            del full["log"]
            assert state.view(p, log=False) == full
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        steps += 1


@pytest.mark.parametrize(("name", "players"), CASES)
def test_apply_accepts_exactly_the_legal_ids(name: str, players: int) -> None:
    """Exhaustively, at random positions: every id in ``range(num_distinct_actions)``
    is accepted by ``apply`` exactly when it is in ``legal_actions()``, and every
    refusal leaves the state unchanged."""
    game = pakka.load(name, players=players)
    universe = [game.action_from_id(i) for i in range(game.num_distinct_actions)]
    positions = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        step = 0
        while not state.is_terminal and positions < 24:
            step += 1
            legal = state.legal_actions()
            if step % 7 == 1:
                positions += 1
                before = state.to_json()
                accepted = set()
                probe = state.clone()
                for action in universe:
                    try:
                        probe.apply(action)
                    except pakka.IllegalAction:
                        continue
                    accepted.add(action.id)
                    probe = state.clone()
                assert accepted == {a.id for a in legal}, f"at move {len(state.history)}"
                assert probe.to_json() == before, "a refused action changed the state"
            state.apply(legal[rng.randrange(len(legal))])
    assert positions > 0


@pytest.mark.parametrize("name", GAMES)
def test_descriptor_matches_the_engine(name: str) -> None:
    """The game's descriptor (``Game.game_type()``) states facts the engine keeps:
    its player counts, whether its history is public, and the phases its views name."""
    cls = pakka.core.registry.game_class(name)
    gt = cls.game_type()
    assert (gt.name, gt.min_players, gt.max_players) == (name, cls.min_players, cls.max_players)
    assert gt.to_json()["deck"] in ("french", "zoker")
    phases = {p.value for p in gt.phases}
    for players in _player_counts(name):
        game = pakka.load(name, players=players)
        state = game.new_state(seed=4)
        assert type(state).public_history == gt.public_history
        rng = random.Random(4)
        while True:
            view = state.view(state.current_player, log=False)
            if "phase" in view:
                assert view["phase"] in phases, f"phase {view['phase']!r} not in {phases}"
            if state.is_terminal:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    if not gt.hidden_information:
        assert not gt.move_reveals


@pytest.mark.parametrize("name", GAMES)
def test_bad_players_and_options(name: str) -> None:
    cls = pakka.core.registry.game_class(name)
    for bad in (cls.min_players - 1, cls.max_players + 1):
        with pytest.raises(pakka.RulesError) as e:
            pakka.load(name, players=bad)
        assert str(cls.max_players) in str(e.value)
    with pytest.raises(pakka.RulesError) as e2:
        pakka.load(name, players=cls.min_players, no_such_option=1)
    assert "no_such_option" in str(e2.value)
    for spec in cls.option_specs:
        with pytest.raises(pakka.RulesError) as e3:
            pakka.load(name, players=cls.max_players, **{spec.name: object()})
        assert spec.name in str(e3.value)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_undo_replays_history_minus_actions(name: str, players: int) -> None:
    game = load_automated(name, players=players)
    state = game.new_state(seed=21)
    rng = random.Random(21)
    snapshots = [state.to_json()]
    for _ in range(12):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        snapshots.append(state.to_json())
    for k in range(len(snapshots)):
        assert pakka.core.record.undone(state, k).to_json() == snapshots[-1 - k]
