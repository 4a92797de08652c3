"""The bot contract: a bot sees one seat's information and nothing else.

A bot receives a :class:`SeatHandle` for its seat: the seat's view, its legal
actions, and :meth:`SeatHandle.sample_consistent` for search under hidden
information. The handle never holds the real state: it keeps a *scrubbed
sample* (a state the seat cannot tell apart from the real one, with its own
fresh seed and no private log entries of other seats), and draws further
samples from that, which gives the same distribution as sampling the real
state because both look identical to the seat.

A bot that looks only at the legal actions (``random``) sets the class
attribute ``legal_only = True``; :func:`handle_for` then gives it a handle
without the view and the sample, which are the expensive parts. Such a
handle holds no state at all, so it cannot leak one either.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from pakka.core.game import Action, Game, State


class SeatHandle:
    """What a bot may use: ``view()``, ``legal_actions()``, ``sample_consistent(rng)``."""

    __slots__ = ("_base", "_legal", "_view", "game", "seat")
    _view: dict[str, Any] | None
    _base: State[Any] | None

    def __init__(self, state: State[Any], seat: int, rng: random.Random | None = None) -> None:
        if state.current_player != seat:
            raise ValueError(f"seat {seat} is not to act (seat {state.current_player} is)")
        self.game: Game[Any] = state.game
        self.seat = seat
        self._view = state.view(seat)
        self._legal: list[Action] = list(state.legal_actions())
        self._base = state.sample_consistent(seat, rng or random.Random(0x5EA7 + len(self._legal)))

    @classmethod
    def legal_only(cls, state: State[Any], seat: int) -> SeatHandle:
        """A handle with the seat's legal actions only (for ``legal_only`` bots):
        :meth:`view` and :meth:`sample_consistent` raise."""
        if state.current_player != seat:
            raise ValueError(f"seat {seat} is not to act (seat {state.current_player} is)")
        h = cls.__new__(cls)
        h.game = state.game
        h.seat = seat
        h._legal = list(state.legal_actions())
        h._view = None
        h._base = None
        return h

    def view(self) -> dict[str, Any]:
        """The seat's view (do not mutate it)."""
        if self._view is None:
            raise RuntimeError("this handle was made for a legal_only bot: it has no view")
        return self._view

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat now."""
        return list(self._legal)

    def sample_consistent(self, rng: random.Random) -> State[Any]:
        """A full state the seat cannot tell apart from the real one (a fresh object)."""
        if self._base is None:
            raise RuntimeError("this handle was made for a legal_only bot: it cannot sample")
        return self._base.sample_consistent(self.seat, rng)


class Bot(Protocol):
    """A player program. ``choose`` returns one of ``handle.legal_actions()``.

    Optional class attribute ``legal_only = True``: the bot reads only
    ``handle.legal_actions()`` and gets a cheaper handle (see :func:`handle_for`).
    """

    name: str

    def choose(self, handle: SeatHandle) -> Action: ...


BotFactory = Callable[..., Bot]
"""``factory(game, seed, **params) -> Bot``."""


class RandomBot:
    """Picks uniformly among the legal actions: the baseline every bot must beat."""

    name = "random"
    legal_only = True

    def __init__(self, game: Game[Any], seed: int = 0, **params: Any) -> None:
        if params:
            raise ValueError(f"random bot takes no parameters, got {sorted(params)}")
        self.rng = random.Random(seed)

    def choose(self, handle: SeatHandle) -> Action:
        """A uniformly random legal action."""
        legal = handle.legal_actions()
        return legal[self.rng.randrange(len(legal))]


def handle_for(
    bot: Bot, state: State[Any], seat: int, rng: random.Random | None = None
) -> SeatHandle:
    """The handle ``bot`` gets for ``seat``: legal actions only for a ``legal_only`` bot,
    else the full :class:`SeatHandle` (view, legal actions, consistent samples)."""
    if getattr(bot, "legal_only", False):
        return SeatHandle.legal_only(state, seat)
    return SeatHandle(state, seat, rng)


def play_bot_turn(bot: Bot, state: State[Any], rng: random.Random | None = None) -> Action:
    """Let ``bot`` choose for the seat to act and apply its action to ``state``."""
    seat = state.current_player
    if seat is None:
        raise ValueError("the game is over")
    action = bot.choose(handle_for(bot, state, seat, rng))
    state.apply(action)
    return action
