"""Zoker Solo, the solitaire (R-SO-1..7, D-SO-1..3).

``rules`` the game and its options, ``actions`` the actions and their notation,
``state`` the state, ``scoring`` the score and the winners, ``sampling``
``sample_consistent``, ``view`` the typed view, ``display`` the words,
``messages`` the texts.
"""

from pakka.games.zoker.solo.rules import Solo
from pakka.games.zoker.solo.state import SoloState

__all__ = ["Solo", "SoloState"]
