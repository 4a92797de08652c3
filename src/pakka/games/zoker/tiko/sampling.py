"""Tiko: states a seat cannot tell apart."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pakka.games.zoker.common import (
    redeal_unseen,
)

if TYPE_CHECKING:
    from pakka.games.zoker.tiko.state import TikoState


def sample_consistent(state: TikoState, player: int, rng: random.Random) -> TikoState:
    s = state.clone()
    # Unseen: the other hands and the stock, redistributed uniformly.
    s.hands, s.stock = redeal_unseen(state.hands, state.stock, player, rng, sort=True)
    s._scrub(player, rng)
    return s
