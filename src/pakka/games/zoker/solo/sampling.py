"""Solo: states a seat cannot tell apart."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pakka.games.zoker.solo.state import SoloState


def sample_consistent(state: SoloState, player: int, rng: random.Random) -> SoloState:
    s = state.clone()
    # Sorted first: the draw depends only on the set of unseen cards, not on their
    # real order (two states the player cannot tell apart give the same samples).
    s.stock.sort()
    rng.shuffle(s.stock)
    s._scrub(player, rng)
    return s
