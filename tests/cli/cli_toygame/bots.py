"""Bots module of the test toy game: exercises the optional hooks the CLI uses."""

from __future__ import annotations

from typing import Any

from pakka.bots.base import RandomBot, SeatHandle
from pakka.core.game import Action, Game


class HighBot:
    """Always plays its highest card."""

    name = "high"

    def __init__(self, game: Game[Any], seed: int = 0) -> None:
        self.game = game

    def choose(self, handle: SeatHandle) -> Action:
        return max(handle.legal_actions(), key=lambda a: a.id)


BOTS = {"high": HighBot, "random": RandomBot}
LEVELS = {"easy": "random", "medium": "high", "hard": "high"}


def hint(game: Game[Any], handle: SeatHandle, lang: str) -> dict[str, Any]:
    best = max(handle.legal_actions(), key=lambda a: a.id)
    word = "pelaa" if lang == "fi" else "play"
    return {"best": f"{word} {best}", "lines": [f"{a}: ok" for a in handle.legal_actions()]}


def _figures(seconds: float) -> dict[str, float]:
    return {"answer": 42.0, "seconds": seconds}


BENCHMARKS = {"toy extra": _figures}
