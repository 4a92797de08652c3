"""What every adapter shares: finding the game, legal-action masks, observation dicts."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable
from typing import Any

from pakka.research._extra import require

require("numpy")

import numpy as np  # noqa: E402 (after the extra check)
import numpy.typing as npt  # noqa: E402

from pakka.bots.base import Bot, handle_for  # noqa: E402
from pakka.core.errors import IllegalAction, RulesError  # noqa: E402
from pakka.core.game import Action, Game, State  # noqa: E402
from pakka.core.registry import game_class, games, load  # noqa: E402
from pakka.research.encoders import Encoder, encoder_for  # noqa: E402
from pakka.research.encoders.base import compiled  # noqa: E402

MaskArray = npt.NDArray[np.int8]

RESEARCH_DEFAULTS: dict[str, dict[str, Any]] = {
    "ravaytys": {"max_turns_per_round": 100},
}
"""Options every adapter sets when a game is given by name (explicit options win).

Learning and OpenSpiel need episodes of bounded length: a Viisisataa match
stops after 30 hands (the highest total wins; the game itself may play
without a cap) and a Räväytys round after 100 turns (every hand is then
scored, D-RV-6)."""


def research_options(name: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` over the research defaults of game ``name``: the game's
    :attr:`~pakka.core.game.Game.automated_options` (e.g. Viisisataa's hand cap,
    R-5S-22), then :data:`RESEARCH_DEFAULTS`."""
    automated = dict(game_class(name).automated_options) if name in games() else {}
    return automated | RESEARCH_DEFAULTS.get(name, {}) | options


def resolve_game(game: str | Game[Any], players: int | None, options: dict[str, Any]) -> Game[Any]:
    """A :class:`Game` from a registered name (with ``players``, ``options`` and the
    :data:`RESEARCH_DEFAULTS`) or as given."""
    if isinstance(game, Game):
        if options or (players is not None and players != game.num_players):
            raise RulesError("pass players and options to pakka.load, or a game name here")
        return game
    return load(game, players=players, **research_options(game, options))


TABLE_LIMIT = 1 << 16
"""Games with at most this many action ids get a precomputed id → action table."""


def action_of(game: Game[Any]) -> Callable[[int], Action]:
    """``game.action_from_id`` as fast as it comes: the ``__getitem__`` of a tuple of
    every action when the game has at most :data:`TABLE_LIMIT` ids (a few ms to make,
    at most), else the method itself. For ids already known to be legal: the
    table does not check its argument."""
    n = game.num_distinct_actions
    if n > TABLE_LIMIT:
        return game.action_from_id
    return tuple(game.action_from_id(i) for i in range(n)).__getitem__


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


def check_legal(game: Game[Any], legal: Collection[int], action: Any, who: str) -> int:
    """The legal id meant by ``action`` (an int-like id, e.g. a numpy integer) among the
    ids ``legal``, or :class:`IllegalAction` saying why not."""
    i = action_id(action)
    if i not in legal:
        if 0 <= i < game.num_distinct_actions:
            what = f"action {i} ({game.action_from_id(i)})"
        else:
            what = f"action {i} (ids are 0..{game.num_distinct_actions - 1})"
        shown = ", ".join(f"{k} ({game.action_from_id(k)})" for k in sorted(legal)[:20])
        more = " …" if len(legal) > 20 else ""
        raise IllegalAction(
            f"{game.name}: {who} chose {what}, which is not legal now; legal: {shown}{more}"
        )
    return i


class Observer:
    """Builds the observation dict ``{"observation", "action_mask"}`` for one seat."""

    def __init__(
        self, game: Game[Any], encoder: str | Encoder = "auto", *, compiled: bool = True
    ) -> None:
        self.game = game
        self.encoder = encoder if isinstance(encoder, Encoder) else encoder_for(game, encoder)
        self.num_actions = game.num_distinct_actions
        # the encoder's compiled twin and the compiled mask when pakka_fast is installed
        self._observe = self.encoder.observer(compiled=compiled)
        self._mask = (_compiled_mask() if compiled else None) or python_mask

    def mask(self, legal: Iterable[int] | None) -> MaskArray:
        """1 at every legal action id (all zeros for a seat that is not to act)."""
        return self._mask(self.num_actions, legal)

    def observe(self, state: State[Any], seat: int, legal: Iterable[int] | None) -> dict[str, Any]:
        """Seat ``seat``'s observation (from ``state.view(seat)`` only) and its mask."""
        return self.observe_masked(state, seat, legal if state.current_player == seat else None)

    def observe_masked(
        self, state: State[Any], seat: int, legal: Iterable[int] | None
    ) -> dict[str, Any]:
        """As :meth:`observe` for a caller that knows the seat to act: ``legal`` is
        ``seat``'s legal ids if it is to act, else ``None`` (an all-zero mask)."""
        return {
            "observation": self._observe(state, seat),
            "action_mask": self._mask(self.num_actions, legal),
        }

    def spaces(self) -> Any:
        """The gymnasium ``Dict`` space of :meth:`observe` (the encoder's real bounds)."""
        from gymnasium import spaces

        low, high = self.encoder.bounds()
        return spaces.Dict(
            {
                "observation": spaces.Box(low, high, self.encoder.shape, np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            }
        )


MaskFn = Callable[[int, Iterable[int] | None], MaskArray]


def python_mask(n: int, legal: Iterable[int] | None) -> MaskArray:
    """An int8 vector of ``n`` zeros with 1 at every id in ``legal`` (the pure-Python
    twin of ``pakka_fast.common.mask``)."""
    # A bytearray set in a Python loop and viewed as int8: for the few legal ids of
    # a card game much cheaper than np.zeros plus a fancy-index write.
    m = bytearray(n)
    if legal:
        for i in legal:
            m[i] = 1
    return np.frombuffer(m, np.int8)


def _compiled_mask() -> MaskFn | None:
    """``pakka_fast.common.mask`` (the mask built in C) if the ``fast`` extra is there."""
    module = compiled("common")
    return None if module is None else module.mask


def play_bot_turn(bot: Bot, state: State[Any], rng: random.Random) -> Action:
    """Let ``bot`` choose for the seat to act and apply it.

    The bot gets :func:`pakka.bots.base.handle_for`'s handle: it never holds the
    real state (a ``legal_only`` bot such as ``random`` gets the legal actions
    only, which costs no view and no sample)."""
    seat = state.current_player
    if seat is None:
        raise ValueError("the game is over")
    action = bot.choose(handle_for(bot, state, seat, rng))
    state.apply(action)
    return action
