"""Hidden information: what a seat knows, and deals consistent with it.

:func:`knowledge` is what a seat knows about the unseen cards (a
:class:`~pakka.games.koodinmurtaja.deduction.Knowledge`, cached on the state until the
next action); :func:`sample_consistent` draws a state that the seat cannot tell from
the real one. :class:`~pakka.games.koodinmurtaja.state.KMState` delegates to both.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pakka.core.errors import RulesError
from pakka.games.koodinmurtaja.deduction import Knowledge, knowledge_from_view

if TYPE_CHECKING:
    from pakka.games.koodinmurtaja.state import KMState


def knowledge(state: KMState, player: int) -> Knowledge:
    """What ``player`` knows about the unseen cards (cached until the next action)."""
    cache = state._kcache
    if cache is not None and cache[0] == player:
        return cache[1]
    k = knowledge_from_view(state.view(player))
    state._kcache = (player, k)
    return k


def sample_consistent(state: KMState, player: int, rng: random.Random) -> KMState:
    """A copy of ``state`` with the cards ``player`` cannot see redealt consistently
    with everything ``player`` knows (the public history, D-KM-7 refutations included)."""
    if not (isinstance(player, int) and 0 <= player < state.n):
        raise RulesError(f"no seat {player!r}")
    s = state.clone()
    if state.cp is not None:
        know = knowledge(state, player)
        # The real deal is one consistent assignment: the start of the Metropolis
        # chain when neither exact method is fast enough (see Knowledge.sample).
        start = {
            state.handle_of[k]: k for q in know.seats for k in state.code[q] if not state.up[k]
        }
        assign, pool = know.sample(rng, start)
        s._kcache = (player, know)
        for h, k in assign.items():
            s.card_at[h] = k
        # Rebuild every hidden code from its handles (positions stay; cards change).
        for q in know.seats:
            s.code[q] = [s.card_at[state.handle_of[k]] for k in state.code[q]]
            s.concealed[q] = [s.card_at[state.handle_of[k]] for k in state.concealed[q]]
        if state.drawn >= 0 and state.cp != player:
            s.drawn = pool.pop()
            s.card_at[state.handle_of[state.drawn]] = s.drawn
        # The rest of the pool is the stock. Stock cards take the highest handles
        # (their deck positions), the top card the lowest of them.
        s.stock = pool
        base = len(s.card_at) - len(pool)
        for i, k in enumerate(reversed(pool)):
            s.card_at[base + i] = k
        s.handle_of = {}
        # Refutations belong to the card at a handle: carry them to the new cards.
        s.refuted = [0] * 52
        s.offered = [None] * 52
        s.offered_ids = [None] * 52
        refuted, card_at = state.refuted, state.card_at
        for h, k in enumerate(s.card_at):
            s.handle_of[k] = h
            s.refuted[k] = refuted[card_at[h]]
    s._scrub(player, rng)
    return s
