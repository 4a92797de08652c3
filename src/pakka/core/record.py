"""Game records: versioned JSON that replays a game exactly.

A record holds the whole deal (seed or explicit deck), so it is shown to a
player only when the game is over.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from pakka.core.errors import IllegalAction, PakkaError, RecordError
from pakka.core.game import State
from pakka.core.options import options_to_json
from pakka.core.registry import load

RECORD_FORMAT = 1


def _version() -> str:
    from pakka import __version__

    return __version__


@dataclass(frozen=True)
class Record:
    """(format, pakka version, game, players, options, seed or deck, actions, names)."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    actions: list[str]
    deck: list[str] | None = None
    names: list[str] = field(default_factory=list)
    pakka_version: str = field(default_factory=_version)
    format: int = RECORD_FORMAT

    @classmethod
    def from_state(cls, state: State[Any], names: list[str] | None = None) -> Record:
        """The record of everything played so far in ``state``."""
        g = state.game
        return cls(
            game=g.name,
            players=g.num_players,
            options=options_to_json(g.options),
            seed=state.seed,
            deck=state.deck,
            actions=state.history,
            names=list(names or []),
        )

    def to_json(self, indent: int | None = 1) -> str:
        """The record as JSON text."""
        data = {
            "format": self.format,
            "pakka_version": self.pakka_version,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "deck": self.deck,
            "names": self.names,
            "actions": self.actions,
        }
        return json.dumps(data, indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Read a record, checking every field (raises :class:`RecordError`)."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError(f"not JSON: {e}") from None
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(
                f"record format {data.get('format')!r} is not supported (expected {RECORD_FORMAT})"
            )
        try:
            rec = cls(
                game=str(data["game"]),
                players=int(data["players"]),
                options=dict(data.get("options") or {}),
                seed=int(data["seed"]),
                deck=None if data.get("deck") is None else [str(c) for c in data["deck"]],
                actions=[str(a) for a in data["actions"]],
                names=[str(n) for n in data.get("names") or []],
                pakka_version=str(data.get("pakka_version", "?")),
            )
        except (KeyError, TypeError, ValueError) as e:
            raise RecordError(f"record field missing or malformed: {e}") from None
        return rec

    def new_state(self) -> State[Any]:
        """The initial state of the recorded game."""
        try:
            game = load(self.game, players=self.players, **self.options)
            state: State[Any] = game.new_state(seed=self.seed, deck=self.deck)
            return state
        except PakkaError as e:
            raise RecordError(f"record cannot start: {e}") from None

    def replay(self, upto: int | None = None) -> State[Any]:
        """The state after the first ``upto`` actions (all by default)."""
        state = self.new_state()
        for i, text in enumerate(self.actions[:upto]):
            try:
                state.apply(text)
            except IllegalAction as e:
                raise RecordError(f"action {i + 1} ({text!r}) does not replay: {e}") from None
        return state


def undone(state: State[Any], count: int = 1) -> State[Any]:
    """The state before the last ``count`` actions, rebuilt by replaying the history.

    Undo is a front-end feature (solitaire, hot-seat slips), never an action: the
    new state is the same game from the same seed or deck with fewer actions, so
    randomness that followed the undone actions is dealt again identically.
    """
    if count < 0 or count > len(state.history):
        raise RecordError(f"cannot undo {count} of {len(state.history)} actions")
    game = state.game
    again: State[Any] = game.new_state(seed=state.seed, deck=state.deck)
    for text in state.history[: len(state.history) - count]:
        again.apply(text)
    return again


def reveals_hidden(before: State[Any], action: str, seat: int, samples: int = 4) -> bool:
    """Whether playing ``action`` at ``before`` showed ``seat`` something it could not
    know (e.g. a deal from a hidden stock).

    Played in positions that ``seat`` cannot tell from ``before``
    (``sample_consistent``), an action that reveals nothing leads to the same view;
    one that turns up hidden cards almost surely does not. Undo stops at such
    actions: taking back a deal and dealing again would show the stock order.
    """
    after = before.clone()
    after.apply(action)
    want = after.view(seat)
    rng = random.Random(0x5EED)
    for _ in range(samples):
        other = before.sample_consistent(seat, rng)
        other.apply(action)
        if other.view(seat) != want:
            return True
    return False


def undo_blocker(state: State[Any], count: int, seat: int) -> tuple[str, dict[str, Any]] | None:
    """Why the last ``count`` actions of a one-player game cannot be taken back, as a
    message key and its arguments for the front end's catalogue (``None`` if they can):
    ``undo.nothing``, ``undo.too_many`` (``moves``) or ``undo.reveals`` (``action``)."""
    if count > len(state.history):
        if not state.history:
            return "undo.nothing", {}
        return "undo.too_many", {"moves": len(state.history)}
    walk = undone(state, count)
    for text in state.history[len(state.history) - count :]:
        if reveals_hidden(walk, text, seat):
            return "undo.reveals", {"action": text}
        walk.apply(text)
    return None
