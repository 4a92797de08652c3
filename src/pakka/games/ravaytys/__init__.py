"""Räväytys: contract rummy in eight rounds (rule spec ``shared/rules/ravaytys.md``)."""

from pakka.games.ravaytys.rules import Ravaytys
from pakka.games.ravaytys.state import RavaytysState

__all__ = ["Ravaytys", "RavaytysState"]
