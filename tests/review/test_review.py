"""The post-game review (pakka.review): known blunders are flagged, the judge's own
play gets no marks, the judgement reads only the seat's information, the summary
speaks both languages, and bad records are refused."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pytest

import pakka
from pakka.bots import make_bot, play_bot_turn
from pakka.core.errors import RecordError
from pakka.core.game import State
from pakka.core.record import Record
from pakka.i18n import render_entry
from pakka.review import (
    judge_for,
    review_record,
    summary_messages,
)
from pakka.review.judges import (
    KoodinmurtajaJudge,
    KuboJudge,
    MemoJudge,
    RavaytysJudge,
    SoloJudge,
    TikoJudge,
    ViisisataaJudge,
)
from pakka.review.model import Judgement, Scale


def _play_to(game: str, players: int, seed: int, moves: int, level: str = "medium") -> State[Any]:
    g = pakka.load(game, players=players)
    s: State[Any] = g.new_state(seed=seed)
    bots = [make_bot(g, level, seed=i) for i in range(players)]
    while not s.is_terminal and len(s.history) < moves:
        p = s.current_player
        assert p is not None
        play_bot_turn(bots[p], s)
    return s


def _strip(j: Judgement) -> Judgement:
    """A judgement without its "all cards known" line (which may read the real cards)."""
    return Judgement(**{**j.__dict__, "known_cost": None})


# -- known blunders ------------------------------------------------------------------------------
def test_koodinmurtaja_guess_at_a_low_card_when_a_sure_one_exists_is_a_blunder() -> None:
    """A guess right with probability ≤ 0.25 when another is certain: the exact posterior
    marks it a blunder, costing 2·(1 − q) expected cards (R-KM guess: a miss shows the
    drawn card)."""
    judge = KoodinmurtajaJudge()
    found = 0
    for seed in range(60):
        g = pakka.load("koodinmurtaja", players=3)
        s = g.new_state(seed=seed)
        bots = [make_bot(g, "hard", seed=i) for i in range(3)]
        while not s.is_terminal and found < 3:
            seat = s.current_player
            assert seat is not None
            if judge.judged(s, seat):
                ev = judge.evaluate(s, seat)
                vals = ev.means()
                top = max(vals)
                low = [
                    a
                    for a, v in zip(ev.actions, vals, strict=True)
                    if str(a) != "stop" and -1.0 < v <= 2 * 0.25 - 1.0
                ]
                if top >= 1.0 - 1e-9 and low:
                    j = judge.judge(s, seat, low[0], len(s.history))
                    assert j.mark == "blunder"
                    assert j.cost >= 1.5 - 1e-9
                    assert j.se == 0.0 and j.samples == 0
                    best = next(a for a, v in zip(ev.actions, vals, strict=True) if v == top)
                    assert judge.judge(s, seat, best, len(s.history)).mark == "good"
                    found += 1
            play_bot_turn(bots[seat], s)
        if found >= 3:
            break
    assert found >= 3


def test_solo_move_that_loses_proven_points_is_a_blunder() -> None:
    """With the stock dealt out the solver is exact: ``b1-d4`` at move 67 of seed 3
    (policy bot) ends 22 points below ``d2-a4`` (R-SO-3/R-SO-4 moves), proven on the
    real position and on every consistent one alike."""
    s = _play_to("zoker-solo", 1, 3, 66)
    judge = SoloJudge()
    played = s.parse_action("b1-d4")
    j = judge.judge(s, 0, played, 66)
    assert (j.mark, j.best, j.cost, j.se, j.samples) == ("blunder", "d2-a4", 22.0, 0.0, 0)
    assert j.known_cost == 22.0
    assert judge.judge(s, 0, s.parse_action("d2-a4"), 66).mark == "good"


@pytest.mark.parametrize(
    ("game", "players", "moves"),
    [
        ("zoker-tiko", 2, 10),
        ("zoker-kubo", 2, 10),
        ("zoker-memo", 2, 21),
        ("viisisataa", 3, 40),
        ("ravaytys", 3, 30),
    ],
)
def test_search_judge_marks_the_worst_choice_by_its_clear_cost(
    game: str, players: int, moves: int
) -> None:
    """At a seeded decision the worst candidate gets the mark its cost and standard
    error call for on the game's scale, and the best candidate is good."""
    s = _play_to(game, players, 7, moves)
    while len(s.legal_actions()) < 2:
        p = s.current_player
        assert p is not None
        play_bot_turn(make_bot(s.game, "medium", seed=0), s)
    seat = s.current_player
    assert seat is not None
    judge = judge_for(game)
    ev = judge.evaluate(s, seat)
    means = ev.means()
    worst = ev.actions[min(range(len(means)), key=means.__getitem__)]
    best = ev.actions[ev.best_index()]
    j = judge.judge(s, seat, worst, len(s.history))
    cost, se = ev.paired(ev.best_index(), ev.actions.index(worst))
    assert j.cost == pytest.approx(max(0.0, cost), abs=1e-3)
    assert j.mark == judge.scale.mark(cost, se)
    assert j.samples == judge.worlds  # type: ignore[attr-defined]
    assert judge.judge(s, seat, best, len(s.history)).mark == "good"


def test_scale_marks_only_clear_costs() -> None:
    """The thresholds apply only beyond two standard errors."""
    sc = Scale("points", 10, 30, 60)
    assert sc.mark(5) == "good"
    assert sc.mark(10) == "inaccuracy"
    assert sc.mark(30) == "mistake"
    assert sc.mark(60) == "blunder"
    assert sc.mark(100, se=50) == "good"
    assert sc.mark(100, se=49) == "blunder"


# -- the judge's own play ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("game", "players", "judge"),
    [
        ("koodinmurtaja", 3, KoodinmurtajaJudge()),
        ("zoker-tiko", 2, TikoJudge(worlds=8)),
        ("zoker-kubo", 2, KuboJudge(worlds=2, max_candidates=2)),
        ("zoker-memo", 2, MemoJudge(worlds=3, max_candidates=3)),
    ],
)
def test_a_game_played_by_the_judge_gets_no_marks(game: str, players: int, judge: Any) -> None:
    """Every seat plays the judge's own choice: the review marks every decision good."""
    g = pakka.load(game, players=players)
    s: State[Any] = g.new_state(seed=11)
    while not s.is_terminal and len(s.history) < 3000:
        seat = s.current_player
        assert seat is not None
        if judge.judged(s, seat):
            s.apply(judge.choose(s, seat))
        else:
            play_bot_turn(make_bot(g, "hard", seed=seat), s)
    assert s.is_terminal
    review = review_record(Record.from_state(s), judge=judge)
    assert review.judgements
    assert {j.mark for j in review.judgements} == {"good"}
    assert all(j.cost == 0.0 for j in review.judgements)


# -- information sets ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("game", "players", "moves", "judge"),
    [
        ("koodinmurtaja", 3, 6, KoodinmurtajaJudge()),
        ("zoker-solo", 1, 50, SoloJudge(worlds=2, max_nodes=300)),
        ("zoker-tiko", 2, 9, TikoJudge(worlds=6)),
        ("zoker-kubo", 2, 9, KuboJudge(worlds=3, max_candidates=3)),
        ("viisisataa", 3, 40, ViisisataaJudge(worlds=4, max_candidates=3)),
        ("ravaytys", 3, 40, RavaytysJudge(worlds=3, max_candidates=3)),
    ],
)
def test_the_judgement_never_reads_hidden_cards(
    game: str, players: int, moves: int, judge: Any
) -> None:
    """The same decision in states whose unseen cards are re-dealt consistently (by
    ``sample_consistent``, so the seat's view is identical) gets the same judgement of
    every candidate, "all cards known" line aside."""
    s = _play_to(game, players, 5, moves)
    checked = 0
    bot = make_bot(s.game, "medium", seed=3)
    while not s.is_terminal and checked < 2:
        seat = s.current_player
        assert seat is not None
        if judge.judged(s, seat):
            for k in range(2):
                other = s.sample_consistent(seat, random.Random(100 + k))
                assert other.view(seat) == s.view(seat)
                for a in s.legal_actions()[:2]:
                    mine = _strip(judge.judge(s, seat, a, len(s.history)))
                    theirs = _strip(judge.judge(other, seat, a, len(s.history)))
                    assert mine == theirs
            checked += 1
        play_bot_turn(bot, s)
    assert checked == 2


# -- records, summaries, languages -----------------------------------------------------------
def test_review_of_a_record_has_a_summary_in_english_and_finnish() -> None:
    """A finished Tiko game: every judged decision is one of seat 1's; the summary counts
    the marks with plural forms in both languages."""
    s = _play_to("zoker-tiko", 2, 1, 10_000, level="easy")
    rec = Record.from_state(s, names=["Aino", "Bert"])
    review = review_record(rec, seats=[1])
    assert review.judgements and {j.seat for j in review.judgements} == {1}
    assert review.judge == "rollouts" and review.scale.unit == "win"
    (summary,) = review.summaries
    assert summary.name == "Bert" and summary.decisions == len(review.judgements)
    assert sum(summary.counts.values()) == summary.decisions
    (m,) = summary_messages(review)
    en, fi = render_entry("zoker-tiko", m, "en"), render_entry("zoker-tiko", m, "fi")
    assert en.startswith(f"Bert: {summary.decisions} decisions judged: ")
    assert "percentage point" in en and "{" not in en
    assert fi.startswith(f"Bert: {summary.decisions} päätöstä arvioitu: ")
    assert "voiton todennäköisyydestä" in fi and "{" not in fi
    assert review_record(rec, seats=[1]).to_dict() == review.to_dict()  # deterministic


def test_plural_forms_of_the_summary() -> None:
    """``{n|one|many}``: one mistake, two mistakes; yksi virhe, kaksi virhettä."""
    m = {
        "key": "review.summary.points",
        "args": {
            "name": "A",
            "decisions": 1,
            "inaccuracies": 1,
            "mistakes": 2,
            "blunders": 1,
            "cost": "1",
        },
    }
    assert render_entry("viisisataa", m, "en") == (
        "A: 1 decision judged: 1 inaccuracy, 2 mistakes, 1 blunder; expected cost 1 point."
    )
    assert render_entry("viisisataa", m, "fi") == (
        "A: 1 päätös arvioitu: 1 epätarkkuus, 2 virhettä, 1 paha virhe; odotettu hinta 1 piste."
    )


def test_unfinished_or_bad_records_are_refused() -> None:
    """No review of a game still being played, of a seat that does not exist, or of a
    game without a judge."""
    s = _play_to("zoker-tiko", 2, 1, 6)
    with pytest.raises(RecordError, match="not over"):
        review_record(Record.from_state(s))
    done = _play_to("zoker-tiko", 2, 1, 10_000)
    with pytest.raises(RecordError, match="no seat 5"):
        review_record(Record.from_state(done), seats=[5])
    pairs = _play_to("zoker-pairs", 1, 1, 10_000)
    with pytest.raises(RecordError, match="has no review"):
        review_record(Record.from_state(pairs))


def test_viisisataa_all_cards_known_line_is_the_double_dummy_result() -> None:
    """The Viisisataa judge's "with all cards known" line: on the real hands the cost of
    a card is the hand points of the tricks its side takes after it against the best
    card, both counted by plain minimax over the engine (R-5S-14/R-5S-17..19); the
    line is labelled in both languages and only card play has it."""
    if TYPE_CHECKING:
        from tests.games.viisisataa.dd_helpers import BIDS, brute_force, random_ending
    else:  # pytest puts tests/ on the path (tests/games is a package)
        from games.viisisataa.dd_helpers import BIDS, brute_force, random_ending

    from pakka.bots.viisisataa_expert import hand_points, taking_side

    judge = ViisisataaJudge(worlds=2, max_candidates=4)
    positive = 0
    for seed in range(12):
        s = random_ending(3, BIDS["hearts"], 3, seed)
        seat = s.turn
        assert seat is not None
        side = taking_side(s, seat)
        seats = [q for q in range(3) if side >> q & 1]
        legal = s.legal_actions()
        if len(legal) < 2:
            continue
        worth = {}
        for a in legal:
            t = s.clone()
            t.apply(a)
            final = sum(t.tricks[q] for q in seats) + brute_force(t, seats)
            worth[a.id] = hand_points(s, seat, side, final)
        for a in legal:
            j = judge.judge(s, seat, a, 0)
            assert j.known_cost == pytest.approx(max(worth.values()) - worth[a.id])
            positive += j.known_cost is not None and j.known_cost > 0
    assert positive >= 1
    bidding = pakka.load("viisisataa", players=3).new_state(seed=1)
    assert judge.known(bidding, bidding.current_player or 0, bidding.legal_actions()) is None
    line = {"key": "review.known", "args": {"cost": 40.0}}
    assert render_entry("viisisataa", line, "en").startswith("With all cards known")
    assert render_entry("viisisataa", line, "fi").startswith("Kaikki kortit tuntien")
