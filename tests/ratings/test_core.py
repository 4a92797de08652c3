"""The rating core: finished games become openskill teams and ranks, and the update is
exactly what ``openskill`` computes when called directly (issue 17)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from openskill.models import PlackettLuce

from pakka.core.game import State
from pakka.core.registry import load_automated
from pakka.ratings import MU, SIGMA, Outcome, Rating, outcome, rate, shown, state_outcome


def _finished(name: str, players: int, seed: int) -> State[Any]:
    """A real finished game: seeded random legal moves until the end."""
    game = load_automated(name, players=players)
    state: State[Any] = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state


def _direct(teams: list[list[Rating]], ranks: list[float]) -> list[list[tuple[float, float]]]:
    """openskill's own answer for the same teams and ranks (a fresh model, defaults)."""
    model = PlackettLuce()
    rated = model.rate(
        [[model.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in teams], ranks=ranks
    )
    return [[(p.mu, p.sigma) for p in team] for team in rated]


def test_a_new_rating_is_openskills_default_and_shows_1500() -> None:
    r = Rating()
    assert (r.mu, r.sigma) == (PlackettLuce().rating().mu, PlackettLuce().rating().sigma)
    assert (MU, SIGMA) == (25.0, 25.0 / 3.0)
    assert r.shown == 1500
    assert shown(30.0, 2.0) == 1500 + 20 * 24


def test_a_two_player_game_moves_ratings_as_openskill_says() -> None:
    """Koodinmurtaja with 2 players, played to the end: the winner ranks first."""
    state = _finished("koodinmurtaja", 2, 3)
    (winner,) = state.winners
    loser = 1 - winner
    result = state_outcome(state)
    assert result.seat_ranks() == {winner: 0, loser: 1}
    before = [Rating(27.0, 5.0), Rating(23.0, 7.0)]
    after = rate(result, before)
    expect = _direct([[before[0]], [before[1]]], [float(result.seat_ranks()[s]) for s in (0, 1)])
    assert [(r.mu, r.sigma) for r in after] == [expect[0][0], expect[1][0]]
    assert after[winner].mu > before[winner].mu and after[loser].mu < before[loser].mu


def test_r_5s_24_a_four_player_viisisataa_match_is_rated_as_two_partnerships() -> None:
    state = _finished("viisisataa", 4, 3)
    result = state_outcome(state)
    assert result.teams == ((0, 2), (1, 3))
    win = 0 if 0 in state.winners else 1
    assert result.ranks == ((0, 1) if win == 0 else (1, 0))
    before = [Rating(25.0 + s, 8.0 - s / 2) for s in range(4)]
    after = rate(result, before)
    expect = _direct(
        [[before[0], before[2]], [before[1], before[3]]], [float(r) for r in result.ranks]
    )
    assert [(r.mu, r.sigma) for r in after] == [
        expect[0][0],
        expect[1][0],
        expect[0][1],
        expect[1][1],
    ]


def test_a_five_player_viisisataa_match_is_free_for_all_over_the_match_totals() -> None:
    """The called partner changes every hand: the rated result is each player's match
    total (D-5S-4), one team per seat."""
    r = outcome("viisisataa", 5, winners=[3], scores=[120, 505, 40, 510, 505])
    assert r.teams == ((0,), (1,), (2,), (3,), (4,))
    assert r.ranks == (2, 1, 3, 0, 1)


def test_a_six_player_free_for_all_moves_ratings_as_openskill_says() -> None:
    """Räväytys with 6 players (R-RV-22: the lowest total wins)."""
    state = _finished("ravaytys", 6, 3)
    result = state_outcome(state)
    assert len(result.teams) == 6
    ranks = result.seat_ranks()
    totals = state.scores
    for a in range(6):
        for b in range(6):
            if totals[a] < totals[b]:
                assert ranks[a] < ranks[b]
    before = [Rating(20.0 + 2 * s, 3.0 + s) for s in range(6)]
    after = rate(result, before)
    expect = _direct([[b] for b in before], [float(ranks[s]) for s in range(6)])
    assert [(r.mu, r.sigma) for r in after] == [e[0] for e in expect]


def test_ties_share_a_rank_and_equal_ratings_move_equally() -> None:
    """Tiko's equal highest share the win (D-TI-5): tied seats get one rank."""
    r = outcome("zoker-tiko", 5, winners=[0, 3], scores=[15, 10, 12, 15, 10])
    assert r.ranks == (0, 2, 1, 0, 2)
    after = rate(r, [Rating()] * 5)
    assert after[0] == after[3] and after[1] == after[4]
    draw = rate(outcome("koodinmurtaja", 2, winners=[], scores=[0, 0]), [Rating()] * 2)
    assert draw[0] == draw[1]
    assert draw[0].mu == pytest.approx(MU)


def test_a_forfeited_seat_is_last_whatever_its_bot_did() -> None:
    r = outcome("zoker-kubo", 3, winners=[1], scores=[3, 9, 5], forfeited=[1])
    assert r.seat_ranks() == {0: 1, 1: 2, 2: 0}
    both = outcome("zoker-kubo", 4, winners=[0], scores=[9, 1, 2, 3], forfeited=[0, 2])
    assert both.seat_ranks()[0] == both.seat_ranks()[2] == max(both.ranks)


def test_fixed_bot_ratings_never_move_but_count_in_the_update() -> None:
    bot = Rating(31.0, 1.5)
    result = outcome("koodinmurtaja", 2, winners=[0], scores=[1, 0])
    after = rate(result, [Rating(), bot], fixed={1})
    assert after[1] is bot
    expect = _direct([[Rating()], [bot]], [0.0, 1.0])
    assert (after[0].mu, after[0].sigma) == expect[0][0]
    # Losing to the bot moves only the person too.
    lost = rate(outcome("koodinmurtaja", 2, winners=[1], scores=[0, 1]), [Rating(), bot], {1})
    assert lost[1] is bot and lost[0].mu < MU


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError):
        outcome("koodinmurtaja", 3, winners=[0], scores=[1, 0])
    with pytest.raises(ValueError):
        rate(Outcome(((0,), (1,)), (0, 1)), [Rating()])
    game = load_automated("koodinmurtaja", players=2)
    with pytest.raises(ValueError):
        state_outcome(game.new_state(seed=1))
