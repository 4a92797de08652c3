"""Perft: counts of legal action sequences from the first lead of fixed stacked deals.

The counts are checked in. Two are derived by hand (HEARTS_SLAM: every card of the
contractor is a trump and the others hold none, so every card may be played and the
contractor wins every trick: 10·10·10 = 1000 for three plies, ·9·9·9 = 729000 for six),
and the others by a separate brute force in this file that knows nothing of the engine
(cards as text, R-5S-2 / R-5S-14 / R-5S-15 / D-5S-1 written out again).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from pakka.games.viisisataa.state import ViisisataaState

from .helpers import HEARTS_SLAM, HEARTS_SLAM_KITTY, new, run

RANKS = {"7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}

DEAL_B = {
    1: "AS 9S AH 10H 8H KD 9D QC 8C JK",
    2: "KS 10S 7S QH 9H AD QD 8D AC 7C",
    0: "QS JS 8S KH JH 7H JD KC JC 9C",
}
DEAL_B_KITTY = "10D 7D 10C"


def perft(state: ViisisataaState, depth: int) -> int:
    """Engine count of action sequences of length ``depth`` (bulk-counted at the last ply)."""
    legal = state.legal_actions()
    if depth == 1:
        return len(legal)
    total = 0
    for a in legal:
        child = state.clone()
        child.apply_legal(a)
        total += perft(child, depth - 1)
    return total


# -- the independent brute force ------------------------------------------------------------
def suit_of(card: str, trump: str | None) -> str:
    if card == "JK":
        return trump if trump else "-"
    s = card[-1]
    if trump and card[:-1] == "J" and s in (trump, SAME_COLOUR[trump]):
        return trump
    return s


def strength(card: str, trump: str | None, led: str) -> int:
    if card == "JK":
        return 1000
    s = suit_of(card, trump)
    if trump and s == trump:
        if card[:-1] == "J":
            return 900 if card[-1] == trump else 800
        return 500 + RANKS[card[:-1]]
    if s == led:
        return RANKS[card[:-1]]
    return 0


def brute(
    hands: dict[int, list[str]],
    seat: int,
    trump: str | None,
    order: Sequence[int],
    trick: list[tuple[int, str]],
    led: str | None,
    depth: int,
) -> int:
    if depth == 0:
        return 1
    hand = hands[seat]
    moves: list[tuple[str, str | None]] = []
    if not trick:
        for c in hand:
            if c == "JK" and trump is None:
                moves.extend(("JK", s) for s in "SHDC")
            else:
                moves.append((c, None))
    else:
        follow = [c for c in hand if suit_of(c, trump) == led]
        moves = [(c, None) for c in (follow or hand)]
    total = 0
    for card, declared in moves:
        new_hands = dict(hands)
        new_hands[seat] = [c for c in hand if c != card]
        new_led = led if trick else (declared or suit_of(card, trump))
        new_trick = [*trick, (seat, card)]
        if len(new_trick) == len(order):
            assert new_led is not None
            winner = max(new_trick, key=lambda sc: strength(sc[1], trump, new_led))[0]
            total += brute(new_hands, winner, trump, order, [], None, depth - 1)
        else:
            nxt = order[(order.index(seat) + 1) % len(order)]
            total += brute(new_hands, nxt, trump, order, new_trick, new_led, depth - 1)
    return total


def _deal_b(bid: str) -> ViisisataaState:
    s = new(hands=DEAL_B, kitty=DEAL_B_KITTY)
    run(s, bid, "pass", "pass", "discard 10D", "discard 7D", "discard 10C")
    return s


def _brute_from(state: ViisisataaState, depth: int) -> int:
    full = state.full_view()
    trump = full["trump"] if full["trump"] != "none" else None
    hands = {q: list(full["hands"][q]) for q in range(3)}
    lead = state.current_player
    assert lead is not None
    return brute(hands, lead, trump, [0, 1, 2], [], None, depth)


def test_perft_hearts_slam_by_hand() -> None:
    """Hand-derived: 1000 sequences of 3 plies, 729000 of 6 (R-5S-14: void -> any card)."""
    s = new(hands=HEARTS_SLAM, kitty=HEARTS_SLAM_KITTY)
    run(s, "bid 6H", "pass", "pass", "discard 9D", "discard 8D", "discard 7D")
    assert perft(s, 1) == 10
    assert perft(s, 3) == 1000
    assert perft(s, 4) == 9000
    assert perft(s, 6) == 729000


PERFT_B = {
    # bid -> (3 plies, 6 plies), from the brute force above (checked in)
    "bid 6S": (68, 3506),
    "bid 6H": (122, 8784),
    "bid 6NT": (78, 3970),
}


@pytest.mark.parametrize("bid", sorted(PERFT_B))
def test_perft_deal_b_matches_brute_force(bid: str) -> None:
    """Deal B under spades, hearts (bowers JH/JD) and grand (joker leads JK:S…JK:C)."""
    s = _deal_b(bid)
    three, six = PERFT_B[bid]
    assert _brute_from(s, 3) == three
    assert _brute_from(s, 6) == six
    assert perft(s, 3) == three
    assert perft(s, 6) == six
