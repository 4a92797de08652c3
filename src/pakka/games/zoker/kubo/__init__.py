"""Zoker Kubo, building the card cube, for 2-5 players (R-KU-1..11, D-KU-1..6).

``rules`` the game and its options, ``actions`` the actions and their notation,
``state`` the state, ``scoring`` the score and the winners, ``sampling``
``sample_consistent``, ``view`` the typed view, ``display`` the words,
``messages`` the texts.
"""

from pakka.games.zoker.kubo.rules import Kubo
from pakka.games.zoker.kubo.state import KuboState

__all__ = ["Kubo", "KuboState"]
