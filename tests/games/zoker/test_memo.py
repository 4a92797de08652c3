"""Zoker Memo with stacked decks: R-ME-1..5, D-ME-1..5."""

from __future__ import annotations

import pytest

import pakka
from pakka.games.zoker.memo.state import MemoState

# Sixteen mutually incompatible cards do exist (D-ME-4): a "Latin" set where
# any two cards differ in at least two attributes.
NO_PAIRS = [
    f"{'BGOR'[a]}{('S', 'M', 'L', 'XL')[b]}{(a + b) % 4 + 1}" for a in range(4) for b in range(4)
]


def new(players: int = 2, deck: str = "", **opts: object) -> MemoState:
    s = pakka.load("zoker-memo", players=players, **opts).new_state(seed=0, deck=deck)
    assert isinstance(s, MemoState)
    return s


def test_d_me_1_two_to_five_players() -> None:
    """D-ME-1: 2-5 players."""
    with pytest.raises(pakka.RulesError):
        pakka.load("zoker-memo", players=1)
    assert pakka.load("zoker-memo", players=5).num_players == 5


def test_r_me_1_d_me_5_sixteen_face_down_left_of_dealer_starts() -> None:
    """R-ME-1 / D-ME-5: 16 cards face down, seat 1 starts (seat 0 deals)."""
    s = new(3, "BS1 BS2")
    v = s.view(0)
    assert v["table"] == ["?"] * 16 and v["stock"] == 48 and s.current_player == 1
    assert "BS1" not in str(v)


def test_r_me_2_pair_taken_and_play_again() -> None:
    """R-ME-2: a compatible pair is taken and the same player goes again."""
    s = new(2, "BS1 BS2 RXL4")
    s.apply("1")
    assert s.view(0)["face_up"] == [1] and s.view(0)["table"][0] == "BS1"
    s.apply("2")
    assert s.taken == [0, 2] and s.current_player == 1
    assert s.view(0)["table"][:2] == [None, None]


def test_r_me_2_miss_turns_back_and_passes_with_perfect_recall() -> None:
    """R-ME-2: no pair: face down again, the turn passes; the cards stay known."""
    s = new(2, "BS1 RXL4")
    s.apply("1")
    s.apply("2")
    assert s.current_player == 0 and s.taken == [0, 0]
    for p in (None, 0, 1):
        v = s.view(p)
        assert v["table"][:2] == ["BS1", "RXL4"] and v["face_up"] == []
    # Turning the same place twice in one turn is not allowed.
    s.apply("1")
    with pytest.raises(pakka.IllegalAction, match="already face up"):
        s.apply("1")


def test_r_me_3_d_me_2_refill_when_no_pair_remains() -> None:
    """R-ME-3 / D-ME-2: when no pair remains, empty places are refilled from the
    stock; the view says only that no pair remains."""
    from pakka.games.zoker.deck import COMPATIBLE, parse_card

    bs1, bs2 = int(parse_card("BS1")), int(parse_card("BS2"))
    safe = [
        x
        for x in NO_PAIRS
        if not (COMPATIBLE[bs1] | COMPATIBLE[bs2] | 1 << bs1) >> int(parse_card(x)) & 1
    ]
    rest = safe[:6]
    s = new(2, " ".join(["BS1", "BS2", *rest, "GXL4", "OM2"]), layout=8)
    assert not any(e.key == "memo.refill" for e in s.log)
    s.apply("1")
    s.apply("2")
    refill = [e for e in s.log if e.key == "memo.refill"]
    assert refill and refill[0].args["cards"] == 2
    v = s.view(0)
    assert v["table"][:2] == ["?", "?"] and v["stock"] == 54
    assert "GXL4" not in str(v) and "OM2" not in str(v)
    assert s.full_view()["cards"][:2] == ["GXL4", "OM2"]


def _pair_in(cards: list[str]) -> bool:
    from pakka.games.zoker.deck import has_pair, parse_card

    return has_pair(sum(1 << int(parse_card(x)) for x in cards))


def test_d_me_4_deadlock_deals_extra_places() -> None:
    """D-ME-4: 16 mutually incompatible cards and no empty place: extra places
    are dealt one at a time until a pair exists."""
    assert not _pair_in(NO_PAIRS)
    extra = [x for x in ("BXL4", "BS1") if x not in NO_PAIRS]
    s = new(2, " ".join(NO_PAIRS + extra))
    # The 17th card may or may not make a pair; places grow one at a time.
    n = len(s.places)
    assert n >= 17
    assert _pair_in([x for x in s.full_view()["cards"] if x])
    assert sum(1 for e in s.log if e.key == "memo.extra") == n - 16


def test_r_me_4_end_when_stock_empty_and_no_pair() -> None:
    """R-ME-4: the game ends when the stock is empty and no pair remains;
    unpaired cards stay; the most cards wins."""
    s = new(2, layout=64)
    assert s.view(0)["stock"] == 0
    rng_cards = s.places
    # Take pairs greedily with omniscient play for seat 1 until none remain.
    from pakka.games.zoker.deck import COMPATIBLE

    while not s.is_terminal:
        pl = s.places
        found = next(
            (i, j)
            for i, a in enumerate(pl)
            if a >= 0
            for j, b in enumerate(pl)
            if b >= 0 and j != i and COMPATIBLE[a] >> b & 1
        )
        s.apply(str(found[0] + 1))
        s.apply(str(found[1] + 1))
    assert s.winners == [1] and s.taken[0] == 0
    assert not _pair_in([x for x in s.full_view()["cards"] if x])
    assert rng_cards is s.places


def test_r_me_5_d_me_3_easy_variant() -> None:
    """R-ME-5 / D-ME-3: in the easy game one equal attribute makes a pair (and
    compatible cards are pairs too); option layout sets the count."""
    s = new(2, "BS1 GM1 BS2 RXL4", easy=True, layout=12)
    assert len(s.places) == 12
    s.apply("1")
    s.apply("2")  # BS1/GM1 share only the shape: a pair in the easy game
    assert s.taken == [0, 2]
    s.apply("3")
    s.apply("4")  # BS2/RXL4 share nothing
    assert s.taken == [0, 2] and s.current_player == 0
    hard = new(2, "BS1 GM1", layout=12)
    hard.apply("1")
    hard.apply("2")
    assert hard.taken == [0, 0]


def test_d_me_2_samples_respect_no_pair_events() -> None:
    """D-ME-2: "no pair remains" is public, so sampled states keep it true for the
    cards that were on the table then (and keep a pair on the table now)."""
    import random

    from pakka.games.zoker.deck import COMPATIBLE, has_pair, parse_card

    bs1, bs2 = int(parse_card("BS1")), int(parse_card("BS2"))
    bad = COMPATIBLE[bs1] | COMPATIBLE[bs2] | 1 << bs1
    safe = [x for x in NO_PAIRS if not bad >> int(parse_card(x)) & 1][:6]
    s = new(2, " ".join(["BS1", "BS2", *safe]), layout=8)
    s.apply("1")
    s.apply("2")
    assert len(s.no_pair_events) == 1
    event_places = [p for p, _ in s.no_pair_events[0]]
    varied = 0
    for k in range(30):
        sample = s.sample_consistent(0, random.Random(k))
        assert isinstance(sample, MemoState)
        assert sample.view(0) == s.view(0)
        cards = [sample.places[p] for p in event_places]
        assert not has_pair(sum(1 << c for c in cards))
        assert has_pair(sample.table)
        varied += sample.places != s.places
    assert varied > 0
