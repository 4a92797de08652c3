"""Räväytys: contract rummy in eight rounds (rule spec ``shared/rules/ravaytys.md``)."""

from pakka.games.ravaytys.game import Ravaytys, RavaytysState

__all__ = ["Ravaytys", "RavaytysState"]
