"""Solo: states a seat cannot tell apart."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pakka.games.zoker.solo.state import SoloState


def sample_consistent(state: SoloState, player: int, rng: random.Random) -> SoloState:
    s = state.clone()
    rng.shuffle(s.stock)
    s._scrub(player, rng)
    return s
