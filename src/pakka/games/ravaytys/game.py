"""Räväytys: compatibility re-exports for pakka.research; to be removed.

The engine lives in :mod:`.rules` (the game, phases, constants) and :mod:`.state`
(the state). ``pakka.research`` imports exactly these names from here:
``BUY``, ``PHASE_NAMES``, ``RavaytysState``.
"""

from pakka.games.ravaytys.rules import BUY, PHASE_NAMES
from pakka.games.ravaytys.state import RavaytysState

__all__ = ["BUY", "PHASE_NAMES", "RavaytysState"]
