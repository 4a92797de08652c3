"""Hidden information: views, samples (sample_consistent) and voids with the bowers as trump."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import pakka
from pakka.games.viisisataa.state import ViisisataaState

from .helpers import new, run

SUIT_OF = {"S": "S", "H": "H", "D": "D", "C": "C"}
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}


def effective_suit(card: str, trump: str | None) -> str:
    """R-5S-2 computed independently of the engine: bowers and the joker belong to trumps."""
    if card == "JK":
        return trump or "none"
    suit = card[-1]
    if trump and card[:-1] == "J" and suit in (trump, SAME_COLOUR[trump]):
        return trump
    return suit


def shown_voids(state: ViisisataaState) -> dict[int, set[str]]:
    """Voids shown in the current hand, read from the public log only."""
    view = state.view(None)
    trump = view["trump"] if view["trump"] not in (None, "none") else None
    voids: dict[int, set[str]] = {s: set() for s in range(state.game.num_players)}
    led: str | None = None
    count = 0
    active = state.game.num_players - (1 if view["sitting_out"] is not None else 0)
    for e in view["log"]:
        if e["key"] == "game.deal":
            voids = {s: set() for s in voids}
            count = 0
        elif e["key"] == "game.joker_lead":
            led = e["args"]["suit"]
            count = 1
        elif e["key"] == "game.play":
            card = e["args"]["card"]
            if count == 0:
                led = effective_suit(card, trump)
            elif effective_suit(card, trump) != led:
                assert led is not None
                voids[e["args"]["seat"]].add(led)
            count = (count + 1) % active
    return voids


def _advance(state: ViisisataaState, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal:
            return
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


@settings(max_examples=40, deadline=None)
@given(
    n=st.sampled_from([2, 3, 4, 5]),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 60),
    misere=st.booleans(),
    by_card=st.booleans(),
    doubling=st.booleans(),
)
def test_samples_keep_the_view_and_respect_voids(
    n: int, seed: int, steps: int, misere: bool, by_card: bool, doubling: bool
) -> None:
    """A sample looks identical to the seat and never gives a card of a suit a seat has shown
    out of (the left bower counted as trump); with D-5S-7 doubling after a call, every
    sample's seat to act has the legal actions its sampled role allows."""
    opts: dict[str, object] = {"misere": misere, "doubling": doubling}
    if n == 5:
        opts["partner_by_card"] = by_card
    game = pakka.load("viisisataa", players=n, **opts)
    state = game.new_state(seed=seed)
    assert isinstance(state, ViisisataaState)
    rng = random.Random(seed)
    _advance(state, rng, steps)
    if state.is_terminal:
        return
    voids = shown_voids(state)
    trump = state.view(None)["trump"]
    tr = trump if trump not in (None, "none") else None
    for p in range(n):
        view = state.view(p)
        for k in range(3):
            sample = state.sample_consistent(p, random.Random(seed * 7 + k))
            assert sample.view(p) == view
            if view["phase"] == "doubling":
                # D-5S-7: only a sampled holder of the called card is limited to pass.
                only_pass = sample.partner == sample.current_player
                assert (len(sample.legal_actions()) == 1) == only_pass
            full = sample.full_view()
            for q in range(n):
                if q == p:
                    assert full["hands"][q] == view["hand"]
                    continue
                for card in full["hands"][q]:
                    assert effective_suit(card, tr) not in voids[q], (q, card, voids[q])
            # The sample carries no real seed and no other seat's private log.
            assert sample.seed != state.seed and sample.deck is None
            assert all(e.to in (None, p) for e in sample.log)
            if view["contractor"] == p and view["discards"]:
                assert full["discard_cards"] == view["discards"]  # the seat's own discards
            # Hidden discards of other seats appear only as "discard ??" in its history.
            own = {e["args"]["card"] for e in view["log"] if e["key"] == "game.discard"}
            for h in sample.history:
                if h.startswith("discard "):
                    assert h == "discard ??" or h[8:] in own
            assert len(sample.history) == len(state.history)


def test_left_bower_is_trump_for_voids_and_following() -> None:
    """R-5S-2 and samples: a seat void in diamonds may still hold the left bower JD (hearts
    trump); the JD never counts as a diamond when following."""
    hands = {
        1: "AH KH QH 10H 9H 8H 7H AD KD QD",
        2: "AS KS QS JS 10S 9S 8S 7S AC KC",
        0: "JK JH JD QC JC 10C 9C 8C 7C 10D",
    }
    s = new(hands=hands, kitty="9D 8D 7D")
    run(s, "bid 6H", "pass", "pass", "discard 9D", "discard 8D", "discard 7D", "AD", "AS")
    assert [str(a) for a in s.legal_actions()] == ["10D"]  # JD is not a diamond
    run(s, "10D")
    got_jd = 0
    for k in range(60):
        sample = s.sample_consistent(1, random.Random(k))
        hand2 = sample.full_view()["hands"][2]
        assert not any(effective_suit(c, "H") == "D" for c in hand2)
        got_jd += "JD" in hand2
    assert got_jd > 0  # void in diamonds, yet the left bower may be there
    # Seat 0 does not know the discards: diamonds it has not seen stay out of seat 2's hand.
    for k in range(60):
        sample = s.sample_consistent(0, random.Random(k))
        assert not {"9D", "8D", "7D", "KD", "QD"} & set(sample.full_view()["hands"][2])


def test_trump_void_excludes_both_bowers_and_joker() -> None:
    """A seat that showed out of trumps gets neither bower nor the joker in any sample."""
    hands = {
        1: "JK JH JD AH KH QH 10H 9H 8H 7H",
        2: "AS KS QS JS 10S 9S 8S 7S AD KD",
        0: "AC KC QC JC 10C 9C 8C 7C QD 10D",
    }
    s = new(hands=hands, kitty="9D 8D 7D")
    run(s, "bid 6H", "pass", "pass", "discard 9D", "discard 8D", "discard 7D", "AH", "AS")
    for k in range(40):
        sample = s.sample_consistent(0, random.Random(k))
        h2 = set(sample.full_view()["hands"][2])
        assert not {"JK", "JH", "JD", "KH", "7H"} & h2


def test_kitty_known_to_contractor_only() -> None:
    """The contractor's samples keep the kitty and discards; others' samples vary them."""
    s = new(seed=21)
    run(s, "bid 6S", "pass", "pass")
    kitty = s.view(1)["kitty"]
    for _ in range(3):
        s.apply(s.legal_actions()[-1])
    discards = s.view(1)["discards"]
    varied = set()
    for k in range(30):
        mine = s.sample_consistent(1, random.Random(k)).full_view()
        assert mine["discard_cards"] == discards and mine["kitty_taken"] == kitty
        theirs = s.sample_consistent(2, random.Random(k)).full_view()
        varied.add(tuple(sorted(theirs["discard_cards"])))
    assert len(varied) > 5


def test_partner_by_card_sample_keeps_the_secret() -> None:
    """R-5S-25 variant: a non-holder's samples put the named card with any other seat, never
    with the contractor; the holder's samples keep it."""
    s = new(n=5, seed=12, partner_by_card=True)
    run(s, "bid 6S", "pass", "pass", "pass", "pass")
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    hand1 = set(s.view(1)["hand"])
    target = "AH" if "AH" not in hand1 else "KH"
    run(s, "call " + target)
    holder = s.partner
    seen = set()
    observer = next(q for q in range(5) if q not in (1, holder))
    for k in range(40):
        sample = s.sample_consistent(observer, random.Random(k))
        assert sample.view(observer) == s.view(observer)
        owner = next(q for q in range(5) if target in sample.full_view()["hands"][q])
        assert owner != 1 and sample.partner == owner
        seen.add(owner)
    assert len(seen) > 1
    mine = s.sample_consistent(holder, random.Random(0))
    assert target in mine.full_view()["hands"][holder]
