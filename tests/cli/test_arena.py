"""``pakka arena``: the statistics on known inputs and the duplicate-deal schedule."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from helpers import run_cli

import pakka
from pakka.arena import (
    ArenaResult,
    GameResult,
    deal_seed,
    lineup,
    mean_ci,
    paired_difference,
    run_arena,
    t_cdf,
    t_quantile,
)


@pytest.mark.parametrize(
    ("df", "expected"),
    [(1, 12.7062), (2, 4.3027), (5, 2.5706), (10, 2.2281), (30, 2.0423), (1000, 1.9623)],
)
def test_t_quantile_matches_tables(df: int, expected: float) -> None:
    assert t_quantile(0.975, df) == pytest.approx(expected, abs=1e-4)
    assert t_quantile(0.025, df) == pytest.approx(-expected, abs=1e-4)
    assert t_cdf(expected, df) == pytest.approx(0.975, abs=1e-5)


def test_mean_ci_on_known_values() -> None:
    e = mean_ci([1.0, 2.0, 3.0, 4.0])
    # sd = 1.2910, se = 0.6455, t(0.975, 3) = 3.1824 -> half width 2.0543
    assert e.mean == 2.5 and e.n == 4
    assert e.low == pytest.approx(0.4457, abs=1e-4)
    assert e.high == pytest.approx(4.5543, abs=1e-4)
    assert e.excludes_zero
    one = mean_ci([3.0])
    assert one.mean == 3.0 and math.isnan(one.low) and not one.excludes_zero
    assert math.isnan(mean_ci([]).mean)
    flat = mean_ci([0.5] * 10)
    assert flat.low == flat.high == 0.5


def test_paired_difference_uses_pairs_not_two_samples() -> None:
    # Large spread between deals, constant advantage 0.1 within each deal: the
    # paired interval is exact (width 0) and excludes zero.
    a = [0.9, 0.2, 0.6, 0.4]
    b = [0.8, 0.1, 0.5, 0.3]
    d = paired_difference(a, b)
    assert d.mean == pytest.approx(0.1) and d.half_width == pytest.approx(0.0, abs=1e-12)
    assert d.excludes_zero
    d2 = paired_difference([1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0])
    assert d2.mean == 0.0 and not d2.excludes_zero
    with pytest.raises(ValueError):
        paired_difference([1.0], [1.0, 2.0])


def _g(
    deal: int,
    rot: int,
    seat_bots: tuple[int, ...],
    returns: tuple[float, ...],
    scores: tuple[float, ...],
) -> GameResult:
    n = len(seat_bots)
    return GameResult(deal, rot, seat_bots, scores, returns, 10, (0.01,) * n, (5,) * n)


def test_arena_result_statistics_by_hand() -> None:
    # Two bots, 2 seats, 3 deals, 2 rotations each. Bot 0 wins 2/2, 1/2, 1/2 of the deals'
    # games; its per-deal win rates are 1.0, 0.5, 0.5 (mean 2/3).
    games = [
        _g(0, 0, (0, 1), (1.0, 0.0), (3, 1)),
        _g(0, 1, (1, 0), (0.0, 1.0), (2, 4)),
        _g(1, 0, (0, 1), (1.0, 0.0), (3, 1)),
        _g(1, 1, (1, 0), (1.0, 0.0), (5, 0)),
        _g(2, 0, (0, 1), (0.5, 0.5), (2, 2)),
        _g(2, 1, (1, 0), (0.5, 0.5), (2, 2)),
    ]
    r = ArenaResult("x", 2, {}, ["a", "b"], 3, 0, games)
    assert r.per_deal_wins(0) == [1.0, 0.5, 0.5]
    assert r.per_deal_wins(1) == [0.0, 0.5, 0.5]
    assert r.per_deal_scores(0) == [3.5, 1.5, 2.0]
    assert r.seat_games(0) == 6
    w = r.win_rate(0)
    assert w.mean == pytest.approx(2 / 3) and w.varies
    # Student's t would run past [0, 1] here (half width 0.717); the bootstrap interval
    # of the mean of (1, .5, .5) lies between the smallest and the largest value.
    half = 4.302653 * 0.288675 / math.sqrt(3)
    assert mean_ci(r.per_deal_wins(0)).half_width == pytest.approx(half, abs=1e-5)
    assert 0.5 <= w.low < w.mean < w.high <= 1.0
    assert w.format(2) == f"0.67 [{w.low:.2f}, {w.high:.2f}]"
    diff = r.win_difference(0, 1)  # per deal: 1, 0, 0
    assert diff.mean == pytest.approx(1 / 3)
    assert r.per_deal_differences(0, 1) == [1.0, 0.0, 0.0]
    # Every sign pattern of (±1, ±0, ±0) is as far from zero as the observed one.
    assert diff.p_value == 1.0 and diff.verdict == "too_few_deals"
    assert not diff.significant and not r.significant(0, 1)
    assert r.ms_per_decision(0) == pytest.approx(2.0)  # 0.01 s per 5 decisions
    assert r.pairs() == [(0, 1)]
    assert ArenaResult("x", 2, {}, ["a", "a"], 1, 0).labels == ["a#1", "a#2"]


def test_lineup_fills_seats_in_order() -> None:
    assert lineup(["a", "b"], 4) == [0, 1, 0, 1]
    assert lineup(["a", "b", "c"], 3) == [0, 1, 2]
    with pytest.raises(pakka.RulesError):
        lineup(["a", "b", "c"], 2)
    with pytest.raises(pakka.RulesError):
        lineup([], 2)


def test_run_arena_rotates_seats_on_duplicate_deals(toy_bots: str) -> None:
    calls: list[tuple[int, int]] = []
    r = run_arena(
        toy_bots, 3, ["high", "random"], deals=4, seed=9, progress=lambda d, t: calls.append((d, t))
    )
    assert len(r.games) == 12 and calls[-1] == (12, 12)
    for d in range(4):
        rows = [g for g in r.games if g.deal == d]
        assert [g.seat_bots for g in rows] == [(0, 1, 0), (1, 0, 0), (0, 0, 1)]
    # Every rotation of a deal is the same deal (duplicate).
    game = pakka.load(toy_bots, players=3)
    hands = game.new_state(seed=deal_seed(9, 2)).full_view()["hands"]
    assert hands == game.new_state(seed=deal_seed(9, 2)).full_view()["hands"]
    assert r.seat_games(0) == 24 and r.seat_games(1) == 12
    # Deterministic, and the same with worker processes.
    again = run_arena(toy_bots, 3, ["high", "random"], deals=4, seed=9)
    assert [g.scores for g in again.games] == [g.scores for g in r.games]
    par = run_arena(toy_bots, 3, ["high", "random"], deals=4, seed=9, jobs=2)
    assert [(g.deal, g.rotation, g.scores) for g in par.games] == [
        (g.deal, g.rotation, g.scores) for g in r.games
    ]


def test_run_arena_validates_before_playing(toy: str) -> None:
    with pytest.raises(pakka.RulesError, match="no bot 'nope'"):
        run_arena(toy, 2, ["random", "nope"], deals=1)
    with pytest.raises(pakka.RulesError, match="deals must be at least 1"):
        run_arena(toy, 2, ["random"], deals=0)
    with pytest.raises(pakka.RulesError, match="has no option"):
        run_arena(toy, 2, ["random"], deals=1, options={"x": "1"})


def test_arena_command(
    toy_bots: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    out_json = tmp_path / "a.json"
    rc, out, _ = run_cli(
        monkeypatch,
        capsys,
        [
            "arena",
            toy_bots,
            "--players",
            "2",
            "--bots",
            "high,random",
            "--deals",
            "40",
            "--seed",
            "1",
            "--lang",
            "en",
            "--json",
            str(out_json),
        ],
    )
    assert rc == 0
    assert "40 deals x 2 seat rotations = 80 games" in out
    assert "win rate (95% CI)" in out and "high − random: win rate" in out
    assert "paired sign-flip test over deals" in out
    data = json.loads(out_json.read_text())
    assert data["pairs"][0]["a"] == "high"
    assert data["stats"][0]["win_rate"]["n"] == 40
    assert data["method"]["min_deals"] == 20
    diff = data["pairs"][0]["win_difference"]
    assert diff["verdict"] in ("significant", "not_significant", "no_variation")
    assert data["pairs"][0]["significant"] == diff["significant"]
    assert data["pairs"][0]["significant"] == (diff["verdict"] == "significant")
    if diff["significant"]:
        assert diff["p_value"] < 0.05 and diff["varies"]
    assert ("(significant, p" in out) == data["pairs"][0]["significant"]
    argv = ["arena", toy_bots, "--players", "2", "--bots", "high,random", "--deals", "4"]
    rc, out, _ = run_cli(monkeypatch, capsys, [*argv, "--lang", "en"])
    assert "no verdict: fewer than 20 deals, p = " in out and "(significant" not in out
    rc, out, _ = run_cli(monkeypatch, capsys, [*argv, "--lang", "fi"])
    assert "ei ratkaisua: alle 20 jakoa, p = " in out and "etumerkkitesti" in out
    rc, out, _ = run_cli(
        monkeypatch,
        capsys,
        [
            "arena",
            toy_bots,
            "--players",
            "2",
            "--bots",
            "high,random",
            "--deals",
            "1",
            "--lang",
            "fi",
        ],
    )
    assert "vaatii vähintään 2 jakoa" in out


def test_run_arena_accepts_a_game_object(toy: str) -> None:
    game = pakka.load(toy, players=3, hand=1)
    r = run_arena(game, None, ["random", "random"], deals=2, seed=4)
    assert r.players == 3 and r.options == {"hand": 1} and len(r.games) == 6
    assert r.labels == ["random#1", "random#2"]


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_arena_loads_a_bot_by_import_path(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--bots package.module:Class`` (the documented example bot, docs/bots.md)."""
    monkeypatch.syspath_prepend(str(EXAMPLES))
    argv = ["arena", "zoker-tiko", "--players", "2", "--deals", "2", "--lang", "en"]
    rc, out, _ = run_cli(
        monkeypatch, capsys, [*argv, "--bots", "mybots.greedy:GreedyBot:samples=2,random"]
    )
    assert rc == 0 and "mybots.greedy:GreedyBot:samples=2" in out and "random" in out
    with pytest.raises(pakka.RulesError, match="cannot import"):
        run_arena("zoker-tiko", 2, ["nosuchpackage.bot:Bot", "random"], deals=1)


def test_arena_loads_a_bot_from_an_entry_point(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An installed distribution registering ``greedy`` under the ``pakka.bots`` group."""
    dist = tmp_path / "mybots_dist-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: mybots-dist\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[pakka.bots]\ngreedy = mybots.greedy:GreedyBot\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.syspath_prepend(str(EXAMPLES))
    from pakka.bots import bot_names, make_bot

    assert "greedy" in bot_names("zoker-tiko")
    assert type(make_bot(pakka.load("zoker-tiko", players=2), "greedy:samples=1")).__name__ == (
        "GreedyBot"
    )
    argv = ["arena", "zoker-tiko", "--players", "2", "--deals", "2", "--lang", "en"]
    rc, out, _ = run_cli(monkeypatch, capsys, [*argv, "--bots", "greedy,hard"])
    assert rc == 0 and "greedy" in out and "hard" in out


def test_pakka_bot_names_do_not_read_the_installed_packages_metadata(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``make_bot`` finds pakka's own names (which win over entry points) without
    scanning every installed distribution's entry points (tens of milliseconds, once per
    bot of every Gymnasium reset); only an unknown name reads them."""
    import importlib.metadata

    from pakka.bots import make_bot

    calls: list[str] = []
    real = importlib.metadata.entry_points

    def counted(**kw: str) -> Any:
        calls.append(kw.get("group", ""))
        return real(**kw)

    monkeypatch.setattr(importlib.metadata, "entry_points", counted)
    game = pakka.load("zoker-tiko", players=2)
    for spec in ("random", "hard", "ismcts:iterations=5", "rules"):
        assert make_bot(game, spec) is not None
    assert calls == []
    with pytest.raises(pakka.RulesError, match="no bot 'nosuchbot'"):
        make_bot(game, "nosuchbot")
    assert calls == ["pakka.bots"]
