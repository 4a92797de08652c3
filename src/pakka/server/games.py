"""The games played at a table: shared rules objects, the next game's options, listings.

A table plays a match of games one after another; each starts from a fresh seed
with options that may follow from the last game (the deal passes on).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import Any

import pakka
from pakka.core.game import Game, State
from pakka.core.options import options_to_json


@functools.lru_cache(maxsize=256)
def _load_cached(name: str, players: int, options_json: str) -> Game[Any]:
    return pakka.load(name, players=players, **json.loads(options_json))


def load_game(name: str, players: int, options: dict[str, Any]) -> Game[Any]:
    """The game's rules object, shared by all tables with the same settings (a
    :class:`Game` holds only rules and precomputed tables, never a position)."""
    return _load_cached(name, players, json.dumps(options, sort_keys=True))


def next_game_options(state: State[Any], options: dict[str, Any]) -> dict[str, Any]:
    """The options of the game that follows ``state`` at the same table.

    In a match the deal passes left (e.g. D-KM-8). A game says how through an
    optional ``Game.next_game_options(state) -> dict`` hook; without one, an
    integer option named ``dealer`` moves to the next seat; otherwise the next
    game starts like the first.
    """
    game = state.game
    hook = getattr(game, "next_game_options", None)
    if callable(hook):
        changed = hook(state)
        return options_to_json(dict(options) | dict(changed))
    out = dict(options)
    spec = {o.name: o for o in game.option_specs}.get("dealer")
    if spec is not None and spec.kind == "int":
        out["dealer"] = (int(out.get("dealer", 0)) + 1) % game.num_players
    return out


@dataclass
class GameSummary:
    """One game of a table, as listed publicly."""

    game_no: int
    finished: bool
    moves: int
    winners: list[int]
    scores: list[int]

    def to_json(self) -> dict[str, Any]:
        """As shown in the table summary."""
        return {
            "game_no": self.game_no,
            "finished": self.finished,
            "moves": self.moves,
            "winners": self.winners,
            "scores": self.scores,
        }
