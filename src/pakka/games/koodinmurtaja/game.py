"""Compatibility re-exports for pakka.research; to be removed.

The game, its options and ``Phase`` are in :mod:`pakka.games.koodinmurtaja.rules`, the
state in :mod:`pakka.games.koodinmurtaja.state`. ``pakka.research`` imports no name
from this module today (it loads Koodinmurtaja through the registry), so there is
nothing to re-export; the module stays only until the research work in progress has
landed, in case it starts to import from here.
"""

__all__: list[str] = []
