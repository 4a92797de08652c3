"""The trained MaskablePPO policy as a pakka bot (``--bots learn.ppo_bot:PPOBot``).

It sees what every bot sees — the seat's view and its legal actions — encodes
the view with the game's exact encoder (the observation it was trained on)
and plays the policy's most likely legal action.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from sb3_contrib import MaskablePPO

from pakka import Action, Game
from pakka.bots import SeatHandle
from pakka.research.encoders import encoder_for

MODEL = Path(__file__).with_name("ppo_tiko.zip")


class PPOBot:
    """Greedy play of a saved MaskablePPO model (``model=PATH``, default ``ppo_tiko.zip``)."""

    name = "ppo"

    def __init__(self, game: Game[Any], seed: int = 0, model: str = str(MODEL)) -> None:
        self.game = game
        self.encoder = encoder_for(game)
        self.model = MaskablePPO.load(model, device="cpu")

    def choose(self, handle: SeatHandle) -> Action:
        legal = handle.legal_actions()
        if len(legal) == 1:
            return legal[0]
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        by_id = {a.id: a for a in legal}
        mask[list(by_id)] = 1
        obs = {"observation": self.encoder.encode(handle.view()), "action_mask": mask}
        action, _ = self.model.predict(obs, action_masks=mask.astype(bool), deterministic=True)
        return by_id[int(action)]
