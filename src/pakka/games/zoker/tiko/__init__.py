"""Zoker Tiko, the trick game for 2-5 players (R-TI-1..5, D-TI-1..5).

``rules`` the game and its options, ``actions`` the actions and their notation,
``state`` the state, ``scoring`` the score and the winners, ``sampling``
``sample_consistent``, ``view`` the typed view, ``display`` the words,
``messages`` the texts.
"""

from pakka.games.zoker.tiko.rules import Tiko
from pakka.games.zoker.tiko.state import TikoState

__all__ = ["Tiko", "TikoState"]
