"""The ``expert`` Viisisataa bot: legal moves only in every phase, deterministic with
a seed, and blind to the hidden cards (it decides the same in every deal its seat
cannot tell from the real one)."""

from __future__ import annotations

import random

import pytest

import pakka
from pakka.bots import SeatHandle, levels, make_bot, play_bot_turn
from pakka.bots.viisisataa_expert import ExpertBot, hand_points, taking_side
from pakka.games.viisisataa.actions import ACTIONS, Move
from pakka.games.viisisataa.rules import PLAYING
from pakka.games.viisisataa.state import ViisisataaState

from .dd_helpers import BIDS, contract_state

FAST = "expert:worlds=2,bid_worlds=2,discards=2,tries=3"


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, {"doubling": True}),
        (3, {"misere": True, "all_pass": "grand_no_contract", "joker_suit_unled_only": True}),
        (2, {}),
    ],
)
def test_expert_plays_a_hand_with_legal_moves(players: int, options: dict[str, object]) -> None:
    """Every decision of a whole hand (bids, doubling, discards, card play) is legal:
    ``apply`` refuses anything else."""
    game = pakka.load("viisisataa", players=players, max_hands=1, **options)
    state = game.new_state(seed=players + 10)
    bots = [make_bot(game, FAST if s == 0 else "rules", seed=s) for s in range(players)]
    decisions = 0
    while not state.is_terminal:
        p = state.current_player or 0
        if p == 0:
            decisions += 1
        play_bot_turn(bots[p], state, random.Random(1))
    assert decisions >= 5


def test_expert_is_registered_and_resolves() -> None:
    game = pakka.load("viisisataa", players=3)
    bot = make_bot(game, "expert", seed=1)
    assert isinstance(bot, ExpertBot)
    assert levels("viisisataa")["hard"] == "pimc"  # the label moves once expert > pimc


def _decision_points() -> list[tuple[ViisisataaState, int]]:
    """Real states at a bid, a discard and a card decision (3 players)."""
    game = pakka.load("viisisataa", players=3, max_hands=1)
    out: list[tuple[ViisisataaState, int]] = []
    s = game.new_state(seed=4)
    assert isinstance(s, ViisisataaState)
    out.append((s.clone(), s.turn or 0))  # the first bid
    p = contract_state(3, BIDS["hearts"], 8)
    p.set_horizon(0)
    out.append((p, p.turn or 0))  # the contractor's first lead
    q = contract_state(3, BIDS["grand"], 9)
    rng = random.Random(3)
    for _ in range(7):
        legal = q.legal_actions()
        q.apply(legal[rng.randrange(len(legal))])
    out.append((q, q.turn or 0))  # mid-trick, third trick
    return out


@pytest.mark.parametrize("index", [0, 1, 2])
def test_expert_decides_the_same_in_every_deal_it_cannot_tell_apart(index: int) -> None:
    """The bot reads nothing but its handle: on a redeal of the unseen cards consistent
    with its view (same view, other hidden cards), the same seed chooses the same
    action, and twice the same on the real state (deterministic)."""
    state, seat = _decision_points()[index]
    game = state.game
    twin = state.sample_consistent(seat, random.Random(99))
    assert twin.view(seat) == state.view(seat)
    assert twin.hands != state.hands or twin.kitty != state.kitty
    picks = []
    for s in (state, twin, state):
        bot = make_bot(game, FAST, seed=7)
        picks.append(bot.choose(SeatHandle(s, seat, random.Random(5))))
    assert picks[0] == picks[1] == picks[2]
    assert picks[0] in state.legal_actions()


def test_hand_points_follow_the_scoring() -> None:
    """The search's hand value of a trick count is the real score's (R-5S-17/18/19):
    a made 6♥ by the contractor of 3 players, a failed one, and misère (R-5S-20)."""
    s = contract_state(3, BIDS["hearts"], 2)  # 6H
    c = s.contractor
    side = taking_side(s, c)
    assert side == 1 << c
    assert hand_points(s, c, side, 6) == 100 - 10 * 4 / 2
    assert hand_points(s, c, side, 5) == -100 - 10 * 5 / 2
    d = (c + 1) % 3
    assert hand_points(s, d, side, 6) == 20 - (100 + 20) / 2
    m = contract_state(3, BIDS["misere"], 2, misere=True)
    mc = m.contractor
    mside = taking_side(m, mc)
    assert not mside >> mc & 1  # the defenders take tricks in misère
    assert hand_points(m, mc, mside, 10) == 250.0
    assert hand_points(m, mc, mside, 9) == -250.0 - 10.0
    assert m.phase == PLAYING


# Grand (6NT) by seat 1 (dealer 0: seat 1 bids first, R-5S-9); seat 0 holds the joker,
# the ace of spades and the ace of hearts at the end and no club at all.
_OWN_TRICK_DEAL = {
    1: "KS QS KH QH AD KD QD 9C KC QC",
    2: "AC 9S 10S 9H 10H 10D JD 10C 8C 7C",
    0: "JK AS AH 7S 8S 7H 8H 7D 8D 9D",
}
_OWN_TRICK_KITTY = "JS JH JC"
_SEVEN_TRICKS = (
    "KS", "9S", "7S",
    "QS", "10S", "8S",
    "KH", "9H", "7H",
    "QH", "10H", "8H",
    "AD", "10D", "7D",
    "KD", "JD", "8D",
    "QD", "10C", "9D",
    "9C", "AC",
)  # fmt: skip


def _own_trick_position() -> ViisisataaState:
    """Trick 8 of the grand: the contractor led the 9 of clubs, the other defender won it
    with the ace; seat 0, void in clubs, holds the joker and the two aces."""
    from .helpers import new, run

    s = new(3, 0, _OWN_TRICK_DEAL, _OWN_TRICK_KITTY, seed=1, max_hands=1)
    run(s, "bid 6NT", "pass", "pass", "discard JS", "discard JH", "discard JC")
    run(s, *_SEVEN_TRICKS)
    assert s.turn == 0
    return s


def test_a_defender_takes_the_trick_itself_when_the_side_gets_as_many() -> None:
    """R-5S-17: each opponent of the contractor scores 10 points per trick *they* take.
    Whatever seat 0 plays, the defenders take the last 3 tricks in every deal it can
    imagine (the joker is the only trump in grand, R-5S-4/R-5S-15, and it holds the top
    card of each suit it has): ruffing with the joker wins all 3 for itself, throwing an
    ace lets its rival defender score this one. The expert takes it with the joker."""
    s = _own_trick_position()
    labels = sorted(str(a) for a in s.legal_actions())
    assert labels == ["AH", "AS", "JK"]
    game = s.game
    bot = make_bot(game, "expert:worlds=4,tries=3", seed=3)
    assert isinstance(bot, ExpertBot)
    pick = bot.choose(SeatHandle(s, 0, random.Random(0)))
    assert str(pick) == "JK"
    # The side's count ties: the mean hand gain of the three cards is the same.
    values = {str(a): v for a, v in bot.last_values}
    assert values["AS"] == values["AH"] == values["JK"]
    s.apply(str(pick))
    while s.phase == PLAYING:
        legal = s.legal_actions()
        s.apply(legal[0])
    assert s.sheet[-1]["deltas"][0] == 30 + 0  # seat 0 took this trick and the last two


def test_own_tricks_count_only_for_defenders_scoring_their_own() -> None:
    """The tie-break applies to a 3-player defender (R-5S-17), not to the contractor,
    not to the 4-player teams (R-5S-24), not in misère (R-5S-20/D-5S-3)."""
    from pakka.bots.viisisataa_expert import scores_own_tricks

    s = _own_trick_position()
    assert scores_own_tricks(s, 0) and scores_own_tricks(s, 2)
    assert not scores_own_tricks(s, 1)
    four = contract_state(4, BIDS["hearts"], 2)
    assert not any(scores_own_tricks(four, q) for q in range(4))
    m = contract_state(3, BIDS["misere"], 2, misere=True)
    assert not any(scores_own_tricks(m, q) for q in range(3))


def test_shared_solves_give_the_values_of_separate_ones() -> None:
    """Bids of one suit at different levels reach the same play position when the
    auction ends with the same contractor, trump and discards; the expert solves such a
    position once per decision (one solver for all deals). Every candidate's mean hand
    gain is the same as with every candidate of every deal solved afresh, with fewer
    solves."""
    game = pakka.load("viisisataa", players=3, max_hands=1)
    checked = 0
    for seed in range(1, 20):
        s = game.new_state(seed=seed)
        assert isinstance(s, ViisisataaState)
        seat = s.turn or 0
        probe = make_bot(game, "expert", seed=7)
        assert isinstance(probe, ExpertBot)
        h = SeatHandle(s, seat, random.Random(5))
        if len(probe._bid_candidates(h, h.legal_actions())) < 4:  # type: ignore[arg-type]
            continue  # a hand with little to bid
        values = []
        solves = []
        for share in (True, False):
            bot = make_bot(game, "expert:bid_worlds=4,tries=3", seed=7)
            assert isinstance(bot, ExpertBot)
            handle = SeatHandle(s, seat, random.Random(5))
            cands = bot._bid_candidates(handle, handle.legal_actions())  # type: ignore[arg-type]
            bot._decide(handle, cands, share=share)
            values.append([(str(a), v) for a, v in bot.last_values])
            solves.append(bot.solves)
        assert values[0] == values[1]
        assert solves[0] < solves[1]
        checked += 1
        if checked == 2:
            break
    assert checked == 2


def test_expert_bids_the_top_of_ten_sure_tricks() -> None:
    """Eldest (seat 1, R-5S-9) holds all ten trumps of a hearts contract: the joker, both
    bowers and A K Q 10 9 8 7 of hearts (R-5S-2; 33 cards with 3 players), so it takes
    all 10 tricks whatever the others hold. 10♥ scores 500 (R-5S-8, R-5S-18); 9♥ and
    8♥ their 400 and 300, 6♥ and 7♥ the slam's 250 (R-5S-18), and a lower bid may be
    overbid (R-5S-9). The better bid is 10♥, and the search (bids up to three above
    the rules estimate) finds it."""
    from .helpers import new

    hands = {
        1: "JK JH JD AH KH QH 10H 9H 8H 7H",
        2: "AS KS QS JS 10S AC KC QC JC 10C",
        0: "9S 8S 7S 9C 8C 7C AD KD QD 10D",
    }
    s = new(3, 0, hands, "9D 8D 7D", seed=3, max_hands=1)
    assert s.turn == 1
    bot = make_bot(s.game, "expert:bid_worlds=6,tries=3", seed=2)
    assert isinstance(bot, ExpertBot)
    pick = bot.choose(SeatHandle(s, 1, random.Random(0)))
    assert str(pick) == "bid 10H"
    values = {str(a): v for a, v in bot.last_values}
    assert values["bid 10H"] == 500 + 0.0  # the defenders take nothing
    assert "bid 9H" not in values or values["bid 9H"] == 400.0


def _move(label: str) -> Move:
    return next(a for a in ACTIONS if str(a) == label)


def test_a_higher_bid_in_the_same_suit_must_beat_the_noise() -> None:
    """The expert takes the lower of two bids in one suit unless the higher one's mean
    gain is better by more than the paired standard error over the same deals (the
    higher bid is the same play at a higher stake, R-5S-8/R-5S-19: its mean is the
    noisiest); bids of another suit are not touched."""
    game = pakka.load("viisisataa", players=3)
    bot = make_bot(game, "expert", seed=1)
    assert isinstance(bot, ExpertBot)
    six, seven, nt = _move("bid 6H"), _move("bid 7H"), _move("bid 6NT")
    cands = [_move("pass"), six, seven, nt]
    # 7H: +100 over 6H in three deals, -200 in one: better by 25 on average, with a
    # standard error of 75: 6H.
    per = {a.id: [0.0] * 4 for a in cands}
    per[six.id] = [100.0, 100.0, 100.0, 100.0]
    per[seven.id] = [200.0, 200.0, 200.0, -100.0]
    assert bot._lower_in_suit(cands, seven, per) == six
    # 7H better by 100 in every deal (no noise): 7H stays.
    per[seven.id] = [200.0, 200.0, 200.0, 200.0]
    assert bot._lower_in_suit(cands, seven, per) == seven
    # The best bid in grand: a hearts bid is another suit, never preferred.
    per[nt.id] = [120.0, 120.0, 120.0, 90.0]
    assert bot._lower_in_suit(cands, nt, per) == nt
    off = make_bot(game, "expert:margin=0", seed=1)
    assert isinstance(off, ExpertBot) and off.margin == 0.0
