"""The bot ladder (``benchmarks/rate_bots.py``, issue 17): its fit is openskill's own
sequence of updates, its caps and scheduler do what its docstring says, and the
shipped ``bots.json`` is what the lobby reads, measured with today's level specs."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from pakka.arena import GameResult, deal_seed, play_game
from pakka.bots import levels
from pakka.core.registry import load_automated
from pakka.ratings import Outcome, Rating, outcome, shown
from pakka.ratings.bots import ladder, level_ratings

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # the benchmarks are scripts beside the package
    sys.path.insert(0, str(ROOT))
from benchmarks import rate_bots  # noqa: E402


def _row(
    deal: int, rotation: int, seat_bots: tuple[int, ...], scores: tuple[float, ...]
) -> GameResult:
    """A stopped ladder game (no winner: returns all 0) with the given totals."""
    n = len(seat_bots)
    return GameResult(deal, rotation, seat_bots, scores, (0.0,) * n, 1, (0.0,) * n, (1,) * n)


def test_one_pass_over_a_stacked_two_bot_ladder_is_openskill_called_directly() -> None:
    """Two bots, four known Räväytys results (R-RV-22: the lowest total ranks first):
    bot 0 is ahead three times, bot 1 once; one pass is openskill's updates in order."""
    games = [
        _row(0, 0, (0, 1), (10.0, 55.0)),
        _row(0, 1, (1, 0), (40.0, 5.0)),
        _row(1, 0, (0, 1), (70.0, 20.0)),
        _row(1, 1, (1, 0), (35.0, 0.0)),
    ]
    results = []
    for g in games:
        result = outcome("ravaytys", 2, [], g.scores)
        results.append((g.seat_bots, result))
    passed = rate_bots.one_pass(results, 2)

    model = PlackettLuce()
    bots = [model.rating(), model.rating()]
    for g in games:
        ranks = [float(s) for s in g.scores]  # lower total = better rank, as openskill takes it
        teams = model.rate([[bots[b]] for b in g.seat_bots], ranks=ranks)
        for seat, b in enumerate(g.seat_bots):
            bots[b] = teams[seat][0]
    assert [(r.mu, r.sigma) for r in passed] == [(p.mu, p.sigma) for p in bots]
    fitted = rate_bots.fit(results, 2)
    assert fitted[0].mu > fitted[1].mu and fitted[0].shown > fitted[1].shown


def test_the_fit_of_one_game_is_openskills_update() -> None:
    """With one game every order is the same pass, so the fit is openskill's one
    update of three new ratings (to rounding of the mean)."""
    game = _row(0, 1, (2, 0, 1), (30.0, 5.0, 60.0))  # Räväytys totals: seat 1 (bot 0) first
    result = outcome("ravaytys", 3, [], game.scores)
    (fitted_easy, fitted_medium, fitted_hard) = rate_bots.fit([(game.seat_bots, result)], 3)
    model = PlackettLuce()
    teams = model.rate([[model.rating()] for _ in range(3)], ranks=[30.0, 5.0, 60.0])
    by_bot = {b: teams[seat][0] for seat, b in enumerate(game.seat_bots)}
    for b, r in enumerate((fitted_easy, fitted_medium, fitted_hard)):
        assert r.mu == pytest.approx(by_bot[b].mu, rel=1e-12)
        assert r.sigma == pytest.approx(by_bot[b].sigma, rel=1e-12)
    assert fitted_easy.mu > fitted_hard.mu > fitted_medium.mu


_SEATS = ((0,), (1,), (2,))


def _stacked(first_wins: int, second_wins: int) -> list[rate_bots.Game]:
    """A stacked three-bot ladder like Kubo's: bot 1 is first and bot 0 second in
    ``second_wins`` games, bot 0 first and bot 1 second in ``first_wins`` games, bot 2
    last in all; bot 1's wins come first."""
    ahead: rate_bots.Game = ((0, 1, 2), Outcome(_SEATS, (1, 0, 2)))
    behind: rate_bots.Game = ((0, 1, 2), Outcome(_SEATS, (0, 1, 2)))
    return [ahead] * second_wins + [behind] * first_wins


def test_the_fit_is_the_same_for_the_games_in_any_order() -> None:
    other: rate_bots.Game = ((2, 0, 1), Outcome(_SEATS, (0, 2, 1)))
    games = _stacked(3, 5) + [other] * 2
    base = rate_bots.fit(games, 3)
    rng = random.Random(5)
    for _ in range(4):
        shuffled = list(games)
        rng.shuffle(shuffled)
        assert rate_bots.fit(shuffled, 3) == base
    assert rate_bots.fit(list(reversed(games)), 3) == base
    # One pass is not: the same games forwards and backwards end differently.
    assert rate_bots.one_pass(games, 3) != rate_bots.one_pass(list(reversed(games)), 3)


def test_the_level_that_wins_most_head_to_heads_is_rated_above_the_one_it_beats() -> None:
    """Bot 1 is ahead of bot 0 in 5 of 8 games (both ahead of bot 2 in all). One pass
    with bot 1's wins first ends with bot 0 higher (the late games move μ most), as
    Kubo's forward pass put ``random`` first; the fit ranks 1 above 0 above 2."""
    games = _stacked(3, 5)
    passed = rate_bots.one_pass(games, 3)
    assert passed[0].mu > passed[1].mu  # the order-dependence the fit removes
    fitted = rate_bots.fit(games, 3)
    assert fitted[1].mu > fitted[0].mu > fitted[2].mu
    assert fitted[1].shown > fitted[0].shown > fitted[2].shown


def test_the_result_row_keeps_every_game_and_fits_again_to_the_same_ratings() -> None:
    """``outcomes`` holds each game's seats and each level's rank; :func:`refit` from
    them gives the row's own ratings, and the ranks are the games' own."""
    ladders, _ = rate_bots.run(["zoker-memo"], 2, 5.0, 1, 1, 5, 3, log=lambda _: None)
    (lad,) = ladders
    row = rate_bots.summary(lad, 1, 5, 3)
    assert len(row["outcomes"]) == row["games"] == 6
    for g in row["outcomes"]:
        game = lad.rows[(g["deal"], g["rotation"])]
        ranks = rate_bots.game_outcome("zoker-memo", game).seat_ranks()
        assert g["seat_bots"] == list(game.seat_bots)
        assert [g["ranks"][b] for b in game.seat_bots] == [ranks[s] for s in range(3)]
    again = rate_bots.refit(json.loads(json.dumps(row)))
    assert again == row and row["fit"] == rate_bots.FIT


def test_a_stopped_game_is_ranked_by_its_totals_and_split_on_a_tie() -> None:
    result = rate_bots.game_outcome("ravaytys", _row(0, 0, (0, 1, 2), (30.0, 5.0, 5.0)))
    assert result.seat_ranks() == {0: 1, 1: 0, 2: 0}
    assert rate_bots.win_shares(result) == (0.0, 0.5, 0.5)
    # A finished game ranks its winners first (returns > 0), then the scores.
    won = GameResult(0, 0, (0, 1, 2), (120.0, 90.0, 130.0), (1.0, 0.0, 0.0), 1, (0,) * 3, (1,) * 3)
    assert rate_bots.game_outcome("viisisataa", won).seat_ranks() == {0: 0, 1: 2, 2: 1}


def test_the_ravaytys_cap_stops_a_game_after_its_first_round() -> None:
    """The arena's ``stop`` hook: the game ends when round 1 is scored, with no winner
    and the round's totals (the rules bot in every seat keeps it quick)."""
    game = load_automated("ravaytys", players=3)
    full = play_game(game, ["rules"], [0, 0, 0], deal_seed(1, 0), 0)
    capped = play_game(game, ["rules"], [0, 0, 0], deal_seed(1, 0), 0, stop=rate_bots.round_cap(1))
    assert capped.moves < full.moves
    assert capped.returns == (0.0, 0.0, 0.0) and sum(full.returns) == 1.0
    assert min(capped.scores) == 0 < max(capped.scores)  # R-RV-22: the one who went out scores 0
    assert rate_bots.game_outcome("ravaytys", capped).seat_ranks()[capped.scores.index(0)] == 0


def test_r_5s_22_the_ladder_caps_viisisataa_with_max_hands() -> None:
    assert rate_bots.ladder_options("viisisataa", 5)["max_hands"] == 5
    assert "max_hands" not in rate_bots.ladder_options("koodinmurtaja", 5)


def test_the_run_is_the_same_with_one_worker_or_two() -> None:
    """Deals are seeded and the fit does not depend on the order the games come back
    in, so the pool does not change the fit."""
    fits = []
    for jobs in (1, 2):
        ladders, loads = rate_bots.run(["koodinmurtaja"], 2, 5.0, jobs, 1, 5, 3, log=lambda _: None)
        (row,) = [rate_bots.summary(lad, 1, 5, 3) for lad in ladders]
        assert row["deals"] == 2 and row["games"] == 6 and loads
        fits.append({lv: (v["mu"], v["sigma"]) for lv, v in row["levels"].items()})
    assert fits[0] == fits[1]


def test_the_shipped_ladder_is_what_the_lobby_reads_with_todays_levels() -> None:
    """Every game with a ladder has its three levels in ``bots.json`` with the schema
    :mod:`pakka.ratings.bots` reads, measured with the specs the levels play today (a
    level that changes its bot makes the stored rating stale: rerun rate_bots.py)."""
    data = ladder()
    assert data["method"] == "benchmarks/rate_bots.py"
    for name in rate_bots.rated_games():
        entry = data["games"][name]
        assert entry["players"] == rate_bots.PLAYERS and entry["deals"] >= 1
        assert set(entry["levels"]) == set(rate_bots.LEVELS)
        for lv, v in entry["levels"].items():
            assert v["spec"] == levels(name)[lv], f"{name} {lv}: ladder measured {v['spec']}"
            assert isinstance(v["mu"], float) and isinstance(v["sigma"], float)
            assert 0 < v["sigma"] <= Rating().sigma
            assert v["rating"] == shown(v["mu"], v["sigma"])
        assert level_ratings(name) == {lv: v["rating"] for lv, v in entry["levels"].items()}


def test_bots_file_replaces_measured_games_and_keeps_the_others() -> None:
    old = {"games": {"other": {"players": 3}, "zoker-kubo": {"players": 3, "deals": 1}}}
    row = {
        "game": "zoker-kubo",
        "players": 3,
        "deals": 20,
        "cap": "",
        "levels": {"easy": {"spec": "random", "mu": 20.0, "sigma": 3.0, "rating": 1720}},
    }
    empty = dict(row, game="koodinmurtaja", deals=0)
    out = rate_bots.bots_file([row, empty], old)
    assert out["games"]["other"] == {"players": 3}
    assert out["games"]["zoker-kubo"]["deals"] == 20
    assert out["games"]["zoker-kubo"]["levels"]["easy"]["spec"] == "random"
    assert "koodinmurtaja" not in out["games"]  # a game without a complete deal is not written


def test_cheap_games_play_their_deals_first_then_the_fewest_deals_go_next() -> None:
    def lad(name: str, started: int, cpu: float) -> rate_bots.Ladder:
        x = rate_bots.Ladder(name, {}, started, cpu)
        for d in range(started):
            for r in range(rate_bots.PLAYERS):
                x.rows[(d, r)] = _row(d, r, (0, 1, 2), (0.0, 0.0, 0.0))
        return x

    fresh = lad("zoker-memo", 0, 0.0)
    slow, slower, cheap = lad("viisisataa", 3, 30.0), lad("ravaytys", 2, 24.0), lad("k", 9, 1.0)
    ladders = [slow, slower, cheap, fresh]
    order = sorted(ladders, key=lambda x: rate_bots.priority(x, ladders))
    # A game without a deal first; then 1 CPU s a deal (under a tenth of 12) runs ahead;
    # then the slow games by deals started.
    assert [x.name for x in order] == ["zoker-memo", "k", "ravaytys", "viisisataa"]
