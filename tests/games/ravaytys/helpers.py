"""Stacked-deck helpers for the Räväytys rule tests."""

from __future__ import annotations

from typing import Any

import pakka
from pakka.core.cards import parse_card
from pakka.games.ravaytys.cards import CONTRACTS, IS_WILD, name
from pakka.games.ravaytys.state import RavaytysState


def deck_for(
    players: int,
    hands: dict[int, str],
    stock: str = "",
    dealer: int = 0,
    round_index: int = 0,
) -> list[str]:
    """A stacked deck for one round: each seat's hand (padded with unrelated
    cards of distinct ranks), dealt in blocks from the seat left of the dealer,
    then the top of the stock."""
    k = CONTRACTS[round_index][2]
    left = [2] * 52 + [4]
    given = {s: [parse_card(t).index for t in h.split()] for s, h in hands.items()}
    for cards in given.values():
        for c in cards:
            left[c] -= 1
    stock_cards = [parse_card(t).index for t in stock.split()]
    for c in stock_cards:
        left[c] -= 1
    out: list[str] = []
    for i in range(1, players + 1):
        seat = (dealer + i) % players
        size = k + (1 if seat == dealer else 0)
        cards = list(given.get(seat, []))
        ranks = {c % 13 for c in cards if c != 52}
        r = seat * 3
        tries = 0
        while len(cards) < size:
            tries += 1
            assert tries < 500, "cannot pad the hand"
            rank = r % 13
            r += 1
            if rank in ranks:
                continue
            for s in ((rank + seat) % 4, (rank + seat + 1) % 4, (rank + seat + 2) % 4):
                c = s * 13 + rank
                if not IS_WILD[c] and left[c] > 0:
                    left[c] -= 1
                    cards.append(c)
                    ranks.add(rank)
                    break
        assert len(cards) == size, f"seat {seat} was given too many cards"
        out.extend(name(c) for c in cards)
    out.extend(name(c) for c in stock_cards)
    return out


def new(
    players: int,
    hands: dict[int, str],
    stock: str = "",
    **options: Any,
) -> RavaytysState:
    """A round-1 game from a stacked deck."""
    game = pakka.load("ravaytys", players=players, **options)
    state = game.new_state(seed=1, deck=deck_for(players, hands, stock))
    assert isinstance(state, RavaytysState)
    return state


def hand(state: RavaytysState, seat: int) -> list[str]:
    """The cards of a seat's hand in notation (sorted by card index)."""
    cards: list[str] = state.full_view()["hands"][seat]
    return cards


def play(state: RavaytysState, *actions: str) -> None:
    """Apply several actions in notation."""
    for a in actions:
        state.apply(a)


def open_round(state: RavaytysState, *actions: str) -> None:
    """Start a stacked round: the dealer (seat 0) throws its first card (R-RV-9),
    seat 1 leaves it and nobody buys, so seat 1 has drawn; then ``actions``."""
    play(state, "discard " + hand(state, 0)[0], "draw", "pass", *actions)


def jump(
    players: int, round_index: int, hands: dict[int, str], stock: str = "", **options: object
) -> RavaytysState:
    """A game whose round ``round_index`` (0-based, dealt by seat 0) is stacked.

    Scenario set-up only: the state is moved straight to that round's deal."""
    game = pakka.load("ravaytys", players=players, **options)
    deck = ["|"] * round_index + deck_for(players, hands, stock, round_index=round_index)
    state = game.new_state(seed=5, deck=deck)
    assert isinstance(state, RavaytysState)
    state.round = round_index
    state.dealer = 0
    state._start_round()
    return state


def meld_texts(state: RavaytysState) -> list[str]:
    """The melds on the table as text (wild cards with what they stand for)."""
    return [m.describe() for m in state.melds]


def runs_on_table() -> RavaytysState:
    """Round 4 (two runs), three players. Seat 1 lays down M1 = 5H-8H and
    M2 = JS-AS and keeps 9H, 4D and 10C; seat 2 lays down M3 = 3D JK(=4D) 5D 6D and
    M4 = 9C-QC; seat 0 passes its turn. Seat 1 is then in turn again and has drawn
    (its hand: 9H 4D 10C and the drawn 3C)."""
    s = jump(
        3,
        3,
        {
            1: "5H 6H 7H 8H JS QS KS AS 9H 4D 10C",
            2: "3D JK 5D 6D 9C 10C JC QC",
        },
        stock="KC 2D 8C 3C",
    )
    open_round(
        s,
        "meld",
        "run H 5",
        "add 5H",
        "add 6H",
        "add 7H",
        "add 8H",
        "close",
        "run S J",
        "add JS",
        "add QS",
        "add KS",
        "add AS",
        "close",
        "discard KC",
        "draw",
        "pass",
        "meld",
        "run D 3",
        "add 3D",
        "add JK",
        "add 5D",
        "add 6D",
        "close",
        "run C 9",
        "add 9C",
        "add 10C",
        "add JC",
        "add QC",
        "close",
    )
    play(s, "discard " + hand(s, 2)[0], "draw", "pass", "discard " + hand(s, 0)[0])
    play(s, "draw", "pass")
    assert s.current_player == 1 and s.phase == 3
    return s
