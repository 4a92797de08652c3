"""Pairs: states a seat cannot tell apart."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pakka.games.zoker.pairs.state import PairsState


def sample_consistent(state: PairsState, player: int, rng: random.Random) -> PairsState:
    # Everything that matters is face up; the undealt cards play no part.
    s = state.clone()
    s._scrub(player, rng)
    return s
