"""Bots for the toy game: ``sleepy`` thinks for a while (to show that a thinking
bot never blocks the server's event loop)."""

from __future__ import annotations

import time
from typing import Any

from pakka.bots.base import BotFactory, RandomBot, SeatHandle
from pakka.core.game import Action, Game


class SleepyBot:
    """Takes ``seconds`` to choose the first legal action."""

    name = "sleepy"

    def __init__(self, game: Game[Any], seed: int = 0, seconds: float = 1.0) -> None:
        self.seconds = seconds

    def choose(self, handle: SeatHandle) -> Action:
        time.sleep(self.seconds)
        return handle.legal_actions()[0]


class BusyBot:
    """Computes (holding the interpreter) for ``seconds`` before choosing."""

    name = "busy"

    def __init__(self, game: Game[Any], seed: int = 0, seconds: float = 1.0) -> None:
        self.seconds = seconds

    def choose(self, handle: SeatHandle) -> Action:
        end = time.perf_counter() + self.seconds
        x = 0
        while time.perf_counter() < end:
            x += sum(range(1000))
        return handle.legal_actions()[0]


BOTS: dict[str, BotFactory] = {"random": RandomBot, "sleepy": SleepyBot, "busy": BusyBot}
LEVELS = {"easy": "random", "medium": "random", "hard": "busy"}
