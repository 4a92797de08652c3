"""Stacked-deck helpers for Koodinmurtaja rule tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pakka
from pakka.games.koodinmurtaja import KMState


def stack(codes: Sequence[Sequence[str]], stock: Sequence[str] = (), dealer: int = 0) -> list[str]:
    """The deck order (top first) that deals ``codes[seat]`` to each seat and then
    leaves ``stock`` on top of the stock (R-KM-4: one card at a time, clockwise from
    the dealer's left)."""
    n = len(codes)
    deck = [codes[(dealer + 1 + i) % n][i // n] for i in range(4 * n)]
    return deck + list(stock)


def new(codes: Sequence[Sequence[str]], stock: Sequence[str] = (), **options: Any) -> KMState:
    """A game dealt exactly as given (the rest of the stock shuffled below)."""
    game = pakka.load("koodinmurtaja", players=len(codes), **options)
    state = game.new_state(seed=1, deck=stack(codes, stock))
    assert isinstance(state, KMState)
    return state


def code_of(state: KMState, seat: int) -> list[str | None]:
    """Seat's code as the spectator sees it (None for hidden cards)."""
    return [e["card"] for e in state.view(None)["codes"][seat]]


def true_code(state: KMState, seat: int) -> list[str]:
    return [e["card"] for e in state.full_view()["codes"][seat]]


def keys(state: KMState, seat: int | None = None) -> list[str]:
    return [e["key"] for e in state.view(seat)["log"]]
