"""The pairs trainer (R-ZK-6): 20 cards face up; pick pairs and straights.

``rules`` the game and its options, ``actions`` the actions and their notation,
``state`` the state, ``scoring`` the score and the winners, ``sampling``
``sample_consistent``, ``view`` the typed view, ``display`` the words,
``messages`` the texts.
"""

from pakka.games.zoker.pairs.rules import Pairs
from pakka.games.zoker.pairs.state import PairsState

__all__ = ["Pairs", "PairsState"]
