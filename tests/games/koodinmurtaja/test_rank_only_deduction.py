"""The rank-only variant's deduction (D-KM-2) against the game itself.

D-KM-2, option ``guess = "rank-only"``: "if the target holds any hidden card of that
rank, the lowest such card is revealed". So a right guess also says that every card
of the target that was hidden at that moment and lies below the revealed one (its
code is sorted, R-KM-4: below in position is below in strength) is not of that rank.

The brute force here knows nothing of the deduction engine: it tries every deal of
the cards a seat cannot see, replays the real game's actions on it and keeps the
deals that give that seat exactly the same observations (its log and its view).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import pakka
from pakka.bots.base import SeatHandle
from pakka.bots.koodinmurtaja import DeduceBot, hint
from pakka.core.errors import IllegalAction
from pakka.games.koodinmurtaja import KMState
from pakka.games.koodinmurtaja.actions import GuessRank
from pakka.games.koodinmurtaja.cards import parse_card, rank_of, strength, text_of
from pakka.games.koodinmurtaja.deduction import knowledge_from_view

from .conftest import new

P0 = ["8S", "9H", "10S", "AS"]
P1 = ["2H", "3H", "4H", "5H"]
TEN_H = strength(parse_card("10H"))


def _example() -> KMState:
    """The issue's example: seat 1 plays ``0=10`` and seat 0's 10S is revealed."""
    s = new([P0, P1], stock=["QS", "JH"], guess="rank-only")
    s.apply("0=10")
    assert [e["card"] for e in s.view(None)["codes"][0]] == [None, None, "10S", None]
    return s


def _p(s: KMState, seat: int, target: int, pos: int, card: str) -> float:
    """Seat's exact probability that ``target``'s card at ``pos`` (0-based) is ``card``."""
    view = s.view(seat)
    handle = view["codes"][target][pos]["handle"]
    return knowledge_from_view(view).marginals()[handle].get(strength(parse_card(card)), 0.0)


# -- (a) the stacked example ----------------------------------------------------------------
def test_d_km_2_rank_only_right_guess_rules_out_that_rank_below_the_revealed_card() -> None:
    s = _example()
    # A hidden 10H would lie below 10S and would have been revealed instead (D-KM-2).
    assert _p(s, 1, 0, 1, "10H") == 0.0
    assert _p(s, 1, 0, 0, "10H") == 0.0
    assert knowledge_from_view(s.view(1)).prob_holds_rank(0, 10) == 0.0
    # Public knowledge: everybody (a spectator too) can tell.
    assert [e["not"] for e in s.view(None)["codes"][0]] == [["10"], ["10"], [], []]


def test_d_km_2_rank_only_fact_stays_with_the_cards_hidden_at_that_moment() -> None:
    s = _example()
    s.apply("stop")  # seat 1 hides its QS
    s.apply("1=2")  # seat 0 (holding the drawn JH) reveals seat 1's 2H
    s.apply("stop")  # seat 0 hides JH: it lies above 10S
    assert [e["card"] for e in s.view(None)["codes"][0]] == [None, None, "10S", None, None]
    assert _p(s, 1, 0, 0, "10H") == 0.0 and _p(s, 1, 0, 1, "10H") == 0.0


def test_d_km_2_rank_only_fact_follows_the_cards_when_positions_shift() -> None:
    # Seat 0 hides a 6H below its old cards: 8S and 9H move up one place, the fact
    # that neither is a 10 goes with them.
    s = new([P0, P1], stock=["QS", "6H"], guess="rank-only")
    s.apply("0=10")
    s.apply("stop")
    s.apply("1=2")
    s.apply("stop")
    assert [e["card"] for e in s.view(None)["codes"][0]] == [None, None, None, "10S", None]
    assert _p(s, 1, 0, 2, "10H") == 0.0
    assert _agrees_with_brute_force(s, 1)
    # A card hidden later (here a 10H below the 10S) is not covered by the old fact.
    s = new([P0, P1], stock=["QS", "10H"], guess="rank-only")
    s.apply("0=10")
    s.apply("stop")
    s.apply("1=2")
    s.apply("stop")
    assert [e["card"] for e in s.view(None)["codes"][0]] == [None, None, None, "10S", None]
    assert _p(s, 1, 0, 2, "10H") > 0.0
    assert _agrees_with_brute_force(s, 1)


# -- (b) brute force over deals, by replaying the game ------------------------------------
def _replays_alike(
    state: KMState, seat: int, deck: Sequence[int], real: list[dict[str, Any]] | None = None
) -> bool:
    """Whether dealing ``deck`` (card strength by handle) and replaying ``state``'s
    actions gives ``seat`` the same log (``real``, entry by entry) and the same final
    view. A deal that makes a played action illegal is not consistent either."""
    if real is None:
        real = state.log_for(seat)
    r = KMState(state.game, 0, list(deck), None)  # new_state(deck=...) without the parsing
    seen = 0  # entries of ``real`` matched so far
    done = 0  # entries of r's whole log looked at so far
    for a in [None, *state._actions]:
        if a is not None:
            try:
                r.apply(a)
            except IllegalAction:
                return False
        got = r.log_for(seat, start=done)
        done = len(r._log)
        if real[seen : seen + len(got)] != got:
            return False
        seen += len(got)
    return seen == len(real) and r.view(seat) == state.view(seat)


def _hidden_places(state: KMState, seat: int) -> list[list[tuple[int, int, int]]]:
    """Per opponent, its hidden places in code order as (handle, lo, hi): the cards
    at those handles must rise along the code and fit between its face-up cards, or
    the seat's view (which lists each code's handles in order) would differ."""
    out = []
    for q, code in enumerate(state.view(seat)["codes"]):
        if q == seat:
            continue
        places = []
        for pos, e in enumerate(code):
            if e["card"] is None:
                lo = max(
                    (strength(parse_card(c["card"])) for c in code[:pos] if c["card"]), default=-1
                )
                hi = min(
                    (strength(parse_card(c["card"])) for c in code[pos + 1 :] if c["card"]),
                    default=52,
                )
                places.append((e["handle"], lo, hi))
        out.append(places)
    return out


def _candidate_deals(state: KMState, seat: int, limit: int) -> list[list[int]] | None:
    """Every deal (card by handle) the seat could not rule out from its own cards and
    the face-up ones; ``None`` if there are more than ``limit``. The cards in the stock
    and another seat's drawn card are placed in one fixed order: what the seat has seen
    so far does not depend on it, and every order is equally likely."""
    view = state.view(seat)
    known: dict[int, int] = {}
    for code in view["codes"]:
        for e in code:
            if e["card"] is not None:
                known[e["handle"]] = strength(parse_card(e["card"]))
    drawn = view["drawn"]
    if drawn is not None and drawn["card"] is not None:
        known[drawn["handle"]] = strength(parse_card(drawn["card"]))
    size = len(state.game.cards)
    unseen = sorted(set(state.game.cards) - set(known.values()))
    places = _hidden_places(state, seat)
    out: list[list[int]] = []

    def rec(qi: int, i: int, low: int, left: list[int], chosen: dict[int, int]) -> bool:
        if qi == len(places):
            pool = iter(k for k in left)
            deck = [known.get(h, chosen.get(h, -1)) for h in range(size)]
            deck = [k if k >= 0 else next(pool) for k in deck]
            out.append(deck)
            return len(out) <= limit
        if i == len(places[qi]):
            return rec(qi + 1, 0, -1, left, chosen)
        handle, lo, hi = places[qi][i]
        for k in left:
            if max(lo, low) < k < hi:
                chosen[handle] = k
                if not rec(qi, i + 1, k, [c for c in left if c != k], chosen):
                    return False
                del chosen[handle]
        return True

    if not rec(0, 0, -1, unseen, {}):
        return None
    return out


def _brute(state: KMState, seat: int, limit: int) -> list[list[int]] | None:
    deals = _candidate_deals(state, seat, limit)
    if deals is None:
        return None
    real = state.log_for(seat)
    return [d for d in deals if _replays_alike(state, seat, d, real)]


def _positions(players: int, seed: int) -> Iterator[KMState]:
    game = pakka.load("koodinmurtaja", players=players, guess="rank-only")
    s = game.new_state(seed=seed)
    assert isinstance(s, KMState)
    rng = random.Random(seed)
    while not s.is_terminal:
        yield s
        la = s.legal_actions()
        s.apply(la[rng.randrange(len(la))])


def _differences(state: KMState, seat: int, deals: list[list[int]]) -> list[str]:
    """Where the engine's probabilities (from ``seat``'s view) differ from the deals'."""
    know = knowledge_from_view(state.view(seat))
    marg = know.marginals()
    total = len(deals)
    bad = []
    for code in state.view(seat)["codes"]:
        for e in code:
            if e["card"] is not None:
                continue
            h = e["handle"]
            counts = Counter(d[h] for d in deals)
            for k in set(counts) | set(marg[h]):
                if abs(marg[h].get(k, 0.0) - counts[k] / total) > 1e-9:
                    bad.append(f"handle {h} card {text_of(k)}")
    for q in know.seats:
        handles = [e["handle"] for e in state.view(seat)["codes"][q] if e["card"] is None]
        for rank in range(2, 15):
            hits = sum(any(rank_of(d[h]) == rank for h in handles) for d in deals)
            if abs(know.prob_holds_rank(q, rank) - hits / total) > 1e-9:
                bad.append(f"seat {q} holds rank {rank}")
    return bad


def _agrees_with_brute_force(state: KMState, seat: int) -> bool:
    """The engine's probabilities from ``seat``'s view agree with the replay brute force."""
    deals = _brute(state, seat, 20_000)
    assert deals, "the real deal itself is consistent"
    return not _differences(state, seat, deals)


def test_d_km_2_rank_only_probabilities_match_replay_brute_force() -> None:
    checked = 0
    after_right = 0
    bad: list[str] = []
    for players, seeds in ((2, range(10)), (3, range(100, 103))):
        for seed in seeds:
            for s in _positions(players, seed):
                seat = s.current_player
                assert seat is not None
                deals = _brute(s, seat, 600)
                if deals is None:
                    continue
                assert deals
                checked += 1
                after_right += any(e["key"] == "koodinmurtaja.right" for e in s.log_for(None))
                bad += [
                    f"{players}p seed {seed} move {len(s.history)}: {d}"
                    for d in _differences(s, seat, deals)
                ]
    assert checked >= 300 and after_right >= 300
    assert bad == []


# -- (c) sample_consistent -----------------------------------------------------------------
def test_d_km_2_rank_only_sample_consistent_yields_only_consistent_deals() -> None:
    checked = 0
    rng = random.Random(7)
    bad = []
    for players, seeds in ((2, range(8)), (3, range(200, 206))):
        for seed in seeds:
            for s in _positions(players, seed):
                if not any(e["key"] == "koodinmurtaja.right" for e in s.log_for(None)):
                    continue
                seat = s.current_player
                assert seat is not None
                for _ in range(5):
                    t = s.sample_consistent(seat, rng)
                    checked += 1
                    if not _replays_alike(s, seat, t.card_at):
                        bad.append(f"{players}p seed {seed} move {len(s.history)}")
    assert checked >= 500
    assert bad == []


def test_d_km_2_rank_only_sample_in_the_example_never_puts_10h_below_10s() -> None:
    s = _example()
    rng = random.Random(3)
    for _ in range(300):
        t = s.sample_consistent(1, rng)
        assert TEN_H not in t.code[0][:2]


# -- (d) the bot and the hints -------------------------------------------------------------
def test_d_km_2_rank_only_bot_and_hints_know_no_other_ten_is_hidden() -> None:
    s = _example()
    h = SeatHandle(s, 1)
    bot = DeduceBot(s.game, seed=0)
    scores = {str(a): p for p, a in bot.evaluate(h) if isinstance(a, GuessRank)}
    assert scores["0=10"] == 0.0
    assert hint(s.game, h, "en")["best"] != "0=10"
    # The browser's hint overlay (the table's hint endpoint serves this value):
    # rank probabilities of each hidden card.
    answer = s.game.display.hint(s.view(1))
    assert answer is not None
    cards = answer["cards"]
    for e in s.view(1)["codes"][0][:2]:
        assert "10" not in cards[str(e["handle"])]
