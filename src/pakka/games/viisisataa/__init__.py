"""Viisisataa (American Five Hundred): a whole match to 500 for 2–5 players."""

from pakka.games.viisisataa.rules import Viisisataa, deck_for
from pakka.games.viisisataa.state import ViisisataaState

__all__ = ["Viisisataa", "ViisisataaState", "deck_for"]
