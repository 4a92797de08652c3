"""Hidden information: a state that one seat cannot tell from the real one
(:func:`sample_consistent`, what bots search over)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pakka.games.viisisataa.actions import DOUBLE_ID, SUIT_MASK, cards_of
from pakka.games.viisisataa.base import _popcount

if TYPE_CHECKING:
    from pakka.games.viisisataa.state import ViisisataaState


def sample_consistent(state: ViisisataaState, player: int, rng: random.Random) -> ViisisataaState:
    """A state ``player`` cannot tell from this one: the unseen cards redealt at random
    among the hidden places (other hands, kitty, discards, dead hand, set-aside cards)
    so that every void shown in play holds (suits counted with both bowers as trump)."""
    s = state.clone()
    n = state.n
    c = state.contractor
    caps: list[int] = []
    forbid: list[int] = []
    where: list[tuple[str, int]] = []
    unknown = 0
    tc = state.tc
    called = state.partner_card if (state.partner_card >= 0 and not state.partner_known) else -1
    doublers = {q for q, a in state.doublings if a == DOUBLE_ID}
    for q in range(n):
        if q == player or not state.hands[q]:
            continue
        f = 0
        v = state.voids[q]
        for e in range(5):
            if v >> e & 1:
                f |= SUIT_MASK[tc][e]
        if called >= 0 and (q == c or q in doublers):
            # The named card is not the contractor's (R-5S-25 variant), nor a doubler's:
            # its holder may only pass (D-5S-7).
            f |= 1 << called
        caps.append(_popcount(state.hands[q]))
        forbid.append(f)
        where.append(("hand", q))
        unknown |= state.hands[q]
    for name, m in (("kitty", state.kitty), ("dead", state.dead), ("aside", state.aside)):
        if m:
            caps.append(_popcount(m))
            forbid.append(0)
            where.append((name, 0))
            unknown |= m
    if state.discards and c != player:
        caps.append(_popcount(state.discards))
        forbid.append(1 << called if called >= 0 else 0)
        where.append(("discards", 0))
        unknown |= state.discards
    cards = cards_of(unknown)
    assign = _assign(cards, caps, forbid, rng)
    masks = [0] * len(caps)
    for card, loc in zip(cards, assign, strict=True):
        masks[loc] |= 1 << card
    for (name, q), m in zip(where, masks, strict=True):
        if name == "hand":
            s.hands[q] = m
        elif name == "kitty":
            s.kitty = m
        elif name == "dead":
            s.dead = m
        elif name == "aside":
            s.aside = m
        else:
            s.discards = m
            order = cards_of(m)
            rng.shuffle(order)
            s.discard_order = order
    if c >= 0 and c != player and state.kitty_taken:
        # What the contractor took from the kitty is unknown too: any of the
        # cards they held at that time.
        held = cards_of(s.discards | s.hands[c] | state.seat_played[c])
        s.kitty_taken = sum(1 << x for x in rng.sample(held, _popcount(state.kitty_taken)))
    if called >= 0:
        for q in range(n):
            if s.hands[q] >> called & 1:
                s.partner = q
    s.segments = []  # a stacked deck's later hands are secret too
    s._scrub(player, rng)
    return s


def _assign(cards: list[int], caps: list[int], forbid: list[int], rng: random.Random) -> list[int]:
    """Place each card in a location with room and not forbidden to it.

    Cards with the fewest possible places go first, each to a place drawn with
    weight equal to its free room (exactly uniform when nothing is forbidden);
    a dead end retries, and a matching search settles the rare hard case.
    """
    nloc = len(caps)
    allowed = [[i for i in range(nloc) if not forbid[i] >> c & 1] for c in cards]
    if not any(forbid):
        slots = [i for i in range(nloc) for _ in range(caps[i])]
        rng.shuffle(slots)
        return slots
    idx = list(range(len(cards)))
    for _ in range(30):
        rng.shuffle(idx)
        idx.sort(key=lambda i: len(allowed[i]))
        room = list(caps)
        out = [0] * len(cards)
        ok = True
        for i in idx:
            opts = allowed[i]
            total = sum(room[j] for j in opts)
            if total == 0:
                ok = False
                break
            r = rng.randrange(total)
            for j in opts:
                r -= room[j]
                if r < 0:
                    break
            room[j] -= 1
            out[i] = j
        if ok:
            return out
    return _match(cards, caps, allowed, rng)


def _match(
    cards: list[int], caps: list[int], allowed: list[list[int]], rng: random.Random
) -> list[int]:
    """A random feasible placement by augmenting paths (Kuhn's algorithm over slots)."""
    slots = [i for i in range(len(caps)) for _ in range(caps[i])]
    owner = [-1] * len(slots)
    slot_ok = [[k for k, loc in enumerate(slots) if loc in allowed[i]] for i in range(len(cards))]
    for lst in slot_ok:
        rng.shuffle(lst)

    def augment(i: int, seen: set[int]) -> bool:
        for k in slot_ok[i]:
            if k in seen:
                continue
            seen.add(k)
            if owner[k] < 0 or augment(owner[k], seen):
                owner[k] = i
                return True
        return False

    order = list(range(len(cards)))
    rng.shuffle(order)
    for i in order:
        if not augment(i, set()):
            raise RuntimeError("no placement of the unseen cards is consistent")
    out = [0] * len(cards)
    for k, i in enumerate(owner):
        if i >= 0:
            out[i] = slots[k]
    return out
