"""The bot contract: a bot sees one seat's information and nothing else.

A bot receives a :class:`SeatHandle` for its seat: the seat's view, its legal
actions, and :meth:`SeatHandle.sample_consistent` for search under hidden
information. The handle never holds the real state: it keeps a *scrubbed
sample* (a state the seat cannot tell apart from the real one, with its own
fresh seed and no private log entries of other seats), and draws further
samples from that, which gives the same distribution as sampling the real
state because both look identical to the seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from pakka.core.game import Action, Game, State


class SeatHandle:
    """What a bot may use: ``view()``, ``legal_actions()``, ``sample_consistent(rng)``."""

    __slots__ = ("_base", "_legal", "_view", "game", "seat")

    def __init__(self, state: State[Any], seat: int, rng: random.Random | None = None) -> None:
        if state.current_player != seat:
            raise ValueError(f"seat {seat} is not to act (seat {state.current_player} is)")
        self.game: Game[Any] = state.game
        self.seat = seat
        self._view = state.view(seat)
        self._legal: list[Action] = list(state.legal_actions())
        self._base = state.sample_consistent(seat, rng or random.Random(0x5EA7 + len(self._legal)))

    def view(self) -> dict[str, Any]:
        """The seat's view (do not mutate it)."""
        return self._view

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat now."""
        return list(self._legal)

    def sample_consistent(self, rng: random.Random) -> State[Any]:
        """A full state the seat cannot tell apart from the real one (a fresh object)."""
        return self._base.sample_consistent(self.seat, rng)


class Bot(Protocol):
    """A player program. ``choose`` returns one of ``handle.legal_actions()``."""

    name: str

    def choose(self, handle: SeatHandle) -> Action: ...


BotFactory = Callable[..., Bot]
"""``factory(game, seed, **params) -> Bot``."""


class RandomBot:
    """Picks uniformly among the legal actions: the baseline every bot must beat."""

    name = "random"

    def __init__(self, game: Game[Any], seed: int = 0, **params: Any) -> None:
        if params:
            raise ValueError(f"random bot takes no parameters, got {sorted(params)}")
        self.rng = random.Random(seed)

    def choose(self, handle: SeatHandle) -> Action:
        """A uniformly random legal action."""
        legal = handle.legal_actions()
        return legal[self.rng.randrange(len(legal))]


def play_bot_turn(bot: Bot, state: State[Any], rng: random.Random | None = None) -> Action:
    """Let ``bot`` choose for the seat to act and apply its action to ``state``."""
    seat = state.current_player
    if seat is None:
        raise ValueError("the game is over")
    action = bot.choose(SeatHandle(state, seat, rng))
    state.apply(action)
    return action
