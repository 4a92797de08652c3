"""Koodinmurtaja ("Codebreaker"), 2–8 players: ``shared/rules/koodinmurtaja.md``."""

from pakka.games.koodinmurtaja.actions import Guess, GuessRank, KMAction, Reveal, Stop
from pakka.games.koodinmurtaja.rules import Koodinmurtaja
from pakka.games.koodinmurtaja.state import KMState

__all__ = ["Guess", "GuessRank", "KMAction", "KMState", "Koodinmurtaja", "Reveal", "Stop"]
