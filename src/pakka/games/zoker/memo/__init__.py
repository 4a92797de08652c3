"""Zoker Memo, the memory game for 2-5 players (R-ME-1..5, D-ME-1..5).

``rules`` the game and its options, ``actions`` the actions and their notation,
``state`` the state, ``scoring`` the score and the winners, ``sampling``
``sample_consistent``, ``view`` the typed view, ``display`` the words,
``messages`` the texts.
"""

from pakka.games.zoker.memo.rules import Memo
from pakka.games.zoker.memo.state import MemoState

__all__ = ["Memo", "MemoState"]
