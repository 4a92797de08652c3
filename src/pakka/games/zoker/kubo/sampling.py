"""Kubo: states a seat cannot tell apart."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pakka.games.zoker.common import (
    redeal_unseen,
)

if TYPE_CHECKING:
    from pakka.games.zoker.kubo.state import KuboState


def sample_consistent(state: KuboState, player: int, rng: random.Random) -> KuboState:
    s = state.clone()
    # Unseen: the other hands and the stock, redistributed uniformly.
    s.hands, s.stock = redeal_unseen(state.hands, state.stock, player, rng)
    s._scrub(player, rng)
    return s
