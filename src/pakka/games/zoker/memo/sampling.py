"""Memo: states a seat cannot tell apart."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pakka.games.zoker.deck import has_pair

if TYPE_CHECKING:
    from pakka.games.zoker.memo.state import MemoState


def sample_consistent(state: MemoState, player: int, rng: random.Random) -> MemoState:
    """Redistribute the never-seen cards (face-down places and the stock) so
    that everything public still holds: the table has a pair now (else it
    would have been refilled) and at every recorded "no pair remains"
    moment (D-ME-2, D-ME-4) it had none.

    A few fresh shuffles are tried first; if none fits, a chain of random
    swaps that keeps the constraints (uniform stationary distribution)
    starts from the real arrangement.
    """
    s = state.clone()
    seen = state.seen
    hidden = [i for i, c in enumerate(state.places) if c >= 0 and not seen >> c & 1]
    slot_of_place = {p: k for k, p in enumerate(hidden)}
    truth = [state.places[i] for i in hidden] + state.stock
    known_table = state.table & seen
    partners = state.partners
    # Each past event as (fixed mask of cards seen since, hidden slots).
    events: list[tuple[int, list[int]]] = []
    for ev in state.no_pair_events:
        fixed = 0
        slots = []
        for place, card in ev:
            if seen >> card & 1:
                fixed |= 1 << card
            else:
                slots.append(slot_of_place[place])
        events.append((fixed, slots))
    nh = len(hidden)

    def fits(assign: list[int]) -> bool:
        table = known_table
        for k in range(nh):
            table |= 1 << assign[k]
        if not state.over and not has_pair(table, partners):
            return False
        for fixed, slots in events:
            m = fixed
            for k in slots:
                m |= 1 << assign[k]
            if has_pair(m, partners):
                return False
        return True

    assign = truth.copy()
    for _ in range(8):
        rng.shuffle(assign)
        if fits(assign):
            break
    else:
        assign = truth.copy()
        n = len(assign)
        if n > 1:
            for _ in range(20 * n):
                i, j = rng.randrange(n), rng.randrange(n)
                assign[i], assign[j] = assign[j], assign[i]
                if not fits(assign):
                    assign[i], assign[j] = assign[j], assign[i]
    table = known_table
    for k, i in enumerate(hidden):
        s.places[i] = assign[k]
        table |= 1 << assign[k]
    s.table = table
    s.stock = assign[nh:]
    s._scrub(player, rng)
    return s
