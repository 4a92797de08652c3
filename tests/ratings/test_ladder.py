"""The bot ladder (``benchmarks/rate_bots.py``, issue 17): its fit is openskill's own
sequence of updates, its caps and scheduler do what its docstring says, and the
shipped ``bots.json`` is what the lobby reads, measured with today's level specs."""

from __future__ import annotations

import sys
from pathlib import Path

from openskill.models import PlackettLuce

from pakka.arena import GameResult, deal_seed, play_game
from pakka.bots import levels
from pakka.core.registry import load_automated
from pakka.ratings import Rating, outcome, shown
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


def test_the_fit_of_a_stacked_two_bot_ladder_is_openskill_called_directly() -> None:
    """Two bots, four known Räväytys results (R-RV-22: the lowest total ranks first):
    bot 0 is ahead three times, bot 1 once; the fit is openskill's updates in order."""
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
    fitted = rate_bots.fit(results, 2)

    model = PlackettLuce()
    bots = [model.rating(), model.rating()]
    for g in games:
        ranks = [float(s) for s in g.scores]  # lower total = better rank, as openskill takes it
        teams = model.rate([[bots[b]] for b in g.seat_bots], ranks=ranks)
        for seat, b in enumerate(g.seat_bots):
            bots[b] = teams[seat][0]
    assert [(r.mu, r.sigma) for r in fitted] == [(p.mu, p.sigma) for p in bots]
    assert fitted[0].mu > fitted[1].mu and bots[0].ordinal() > bots[1].ordinal()
    assert fitted[0].shown > fitted[1].shown


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
    """Deals are seeded and fitted in deal order, so the pool does not change the fit."""
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
