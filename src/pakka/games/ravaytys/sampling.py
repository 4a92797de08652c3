"""Hidden information: a state consistent with what one player has seen."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pakka.core.cards import JOKER_INDEX
from pakka.games.ravaytys.cards import NUM_KINDS

if TYPE_CHECKING:
    from pakka.games.ravaytys.state import RavaytysState


def sample_consistent(state: RavaytysState, player: int, rng: random.Random) -> RavaytysState:
    """Redeal what ``player`` cannot see in ``state``: the other hands' unknown cards
    and the stock. Publicly known cards (taken or bought discards, cards shown in a
    cancelled lay-down) stay in their hands; after a reshuffle the stock holds only
    cards of the reshuffled pile."""
    s = state.clone()
    s._stacks = []
    hidden = [2] * 52 + [4]
    hidden[JOKER_INDEX] = 4
    for c in range(NUM_KINDS):
        hidden[c] -= state.hands[player][c]
    for m in (*state.melds, *state.pending):
        for c in m.cards:
            hidden[c] -= 1
    for c in state.pile:
        hidden[c] -= 1
    if state.transit >= 0:
        hidden[state.transit] -= 1
    others = [q for q in range(state.n) if q != player]
    for q in others:
        for c, cnt in state.known[q].items():
            hidden[c] -= cnt
    stock_n = len(state.stock)
    pool_list: list[int] = []
    rest: list[int] = []
    if state.pool is not None:
        for c in range(NUM_KINDS):
            a = min(hidden[c], state.pool[c])
            pool_list.extend([c] * a)
            rest.extend([c] * (hidden[c] - a))
        rng.shuffle(pool_list)
        if len(pool_list) >= stock_n:
            stock = pool_list[:stock_n]
            rest.extend(pool_list[stock_n:])
        else:
            rest.extend(pool_list)
            rng.shuffle(rest)
            stock = rest[:stock_n]
            rest = rest[stock_n:]
    else:
        for c in range(NUM_KINDS):
            rest.extend([c] * hidden[c])
        rng.shuffle(rest)
        stock = rest[:stock_n]
        rest = rest[stock_n:]
    rng.shuffle(stock)
    rng.shuffle(rest)
    s.stock = stock
    i = 0
    for q in others:
        h = [0] * NUM_KINDS
        for c, cnt in state.known[q].items():
            h[c] += cnt
        u = state.sizes[q] - sum(state.known[q].values())
        for c in rest[i : i + u]:
            h[c] += 1
        i += u
        s.hands[q] = h
    if state.drawn >= 0 and state.turn_player != player:
        cands = [c for c in range(NUM_KINDS) if s.hands[state.turn_player][c]]
        s.drawn = cands[rng.randrange(len(cands))] if cands else -1
    s._scrub(player, rng)
    return s
