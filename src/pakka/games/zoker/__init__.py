"""The Zoker deck and its games: Solo, Memo, Tiko, Kubo and the pairs trainer."""

from __future__ import annotations

from pakka.games.zoker.kubo import Kubo
from pakka.games.zoker.memo import Memo
from pakka.games.zoker.pairs import Pairs
from pakka.games.zoker.solo import Solo
from pakka.games.zoker.tiko import Tiko

__all__ = ["Kubo", "Memo", "Pairs", "Solo", "Tiko"]
