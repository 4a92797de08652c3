"""What every adapter shares: finding the game, legal-action masks, observation dicts."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt

from pakka.bots.base import Bot, SeatHandle
from pakka.core.errors import IllegalAction, RulesError
from pakka.core.game import Action, Game, State
from pakka.core.registry import load_automated
from pakka.research.encoders import Encoder, encoder_for

MaskArray = npt.NDArray[np.int8]


def resolve_game(game: str | Game[Any], players: int | None, options: dict[str, Any]) -> Game[Any]:
    """A :class:`Game` from a registered name (with ``players`` and ``options``, over the
    game's ``automated_options``, e.g. a match cap) or as given."""
    if isinstance(game, Game):
        if options or (players is not None and players != game.num_players):
            raise RulesError("pass players and options to pakka.load, or a game name here")
        return game
    return load_automated(game, players=players, **options)


def legal_by_id(state: State[Any]) -> dict[int, Action]:
    """The legal actions of ``state`` keyed by action id."""
    return {a.id: a for a in state.legal_actions()}


def action_id(action: Any) -> int:
    """An action id from an int-like value (numpy integers and 0-d arrays included)."""
    if isinstance(action, bool) or action is None:
        raise IllegalAction(f"{action!r} is not an action id")
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action.item()
    try:
        i = int(action)
    except (TypeError, ValueError):
        raise IllegalAction(f"{action!r} is not an action id") from None
    if i != action:
        raise IllegalAction(f"{action!r} is not an integer action id")
    return i


def check_legal(game: Game[Any], legal: dict[int, Action], action: Any, who: str) -> Action:
    """The legal action meant by ``action`` (an id), or :class:`IllegalAction` saying why not."""
    i = action_id(action)
    act = legal.get(i)
    if act is None:
        if 0 <= i < game.num_distinct_actions:
            what = f"action {i} ({game.action_from_id(i)})"
        else:
            what = f"action {i} (ids are 0..{game.num_distinct_actions - 1})"
        shown = ", ".join(f"{k} ({a})" for k, a in sorted(legal.items())[:20])
        more = " …" if len(legal) > 20 else ""
        raise IllegalAction(
            f"{game.name}: {who} chose {what}, which is not legal now; legal: {shown}{more}"
        )
    return act


class Observer:
    """Builds the observation dict ``{"observation", "action_mask"}`` for one seat."""

    def __init__(self, game: Game[Any], encoder: str | Encoder = "auto") -> None:
        self.game = game
        self.encoder = encoder if isinstance(encoder, Encoder) else encoder_for(game, encoder)
        self.num_actions = game.num_distinct_actions

    def mask(self, legal: dict[int, Action] | None) -> MaskArray:
        """1 at every legal action id (all zeros for a seat that is not to act)."""
        m = np.zeros(self.num_actions, dtype=np.int8)
        if legal:
            m[list(legal)] = 1
        return m

    def observe(
        self, state: State[Any], seat: int, legal: dict[int, Action] | None
    ) -> dict[str, Any]:
        """Seat ``seat``'s observation (from ``state.view(seat)`` only) and its mask."""
        return {
            "observation": self.encoder.observe(state, seat),
            "action_mask": self.mask(legal if state.current_player == seat else None),
        }

    def spaces(self) -> Any:
        """The gymnasium ``Dict`` space of :meth:`observe`."""
        from gymnasium import spaces

        return spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, self.encoder.shape, np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            }
        )


class LazySeatHandle(SeatHandle):
    """A :class:`SeatHandle` that builds the seat's view and draws its hidden-information
    sample only when a bot asks.

    Bots that never look (``random``) then cost no view and no sampling, and
    bots that do get exactly what the eager handle gives. The handle lives
    only for one ``choose`` call (:func:`play_bot_turn`), while the state does
    not change.
    """

    __slots__ = ("_has_view", "_rng", "_src", "_state")

    def __init__(self, state: State[Any], seat: int, rng: random.Random | None = None) -> None:
        if state.current_player != seat:
            raise ValueError(f"seat {seat} is not to act (seat {state.current_player} is)")
        self.game = state.game
        self.seat = seat
        self._has_view = False
        self._legal = list(state.legal_actions())
        self._src = state
        self._state: State[Any] | None = state
        self._rng = rng or random.Random(0x5EA7 + len(self._legal))

    def view(self) -> dict[str, Any]:
        """The seat's view (built on the first call; do not mutate it)."""
        if not self._has_view:
            self._view = self._src.view(self.seat)
            self._has_view = True
        return self._view

    def sample_consistent(self, rng: random.Random) -> State[Any]:
        """A full state the seat cannot tell apart from the real one (a fresh object)."""
        if self._state is not None:
            self._base = self._state.sample_consistent(self.seat, self._rng)
            self._state = None
        return self._base.sample_consistent(self.seat, rng)


def play_bot_turn(bot: Bot, state: State[Any], rng: random.Random) -> Action:
    """Let ``bot`` choose for the seat to act (through a lazy handle) and apply it."""
    seat = state.current_player
    if seat is None:
        raise ValueError("the game is over")
    action = bot.choose(LazySeatHandle(state, seat, rng))
    state.apply(action)
    return action
