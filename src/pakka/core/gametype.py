"""What kind of game a :class:`~pakka.core.game.Game` is, as one frozen value.

In the manner of OpenSpiel's ``GameType``: front ends, the server's undo
policy, conformance tests and research adapters read these facts from the
descriptor instead of guessing them from a game's name.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any


class DeckKind(StrEnum):
    """Which cards a game is played with (what a front end draws)."""

    FRENCH = "french"
    """The 52-card French deck, with jokers where the game's options add them."""
    ZOKER = "zoker"
    """The 64-card Zoker deck (colour, size and shape)."""


class Phase(StrEnum):
    """The phase enum of a game that has a single phase (``play``)."""

    PLAY = "play"


@dataclass(frozen=True)
class GameType:
    """The static facts about a game that do not depend on its options.

    ``move_reveals`` says whether one move can show a seat cards it could not
    know before (a draw from a hidden stock, a card turned up): taking such a
    move back and playing again would reveal what lies beneath, so undo has
    to check it (:mod:`pakka.core.undo`). A game without hidden information
    never reveals anything.
    """

    name: str
    min_players: int
    max_players: int
    hidden_information: bool
    """Some seat cannot see everything (``False``: every view is the full state)."""
    public_history: bool
    """Every action is seen by every seat (``False``: some are private, e.g. discards)."""
    deck: DeckKind
    move_reveals: bool
    phases: type[Enum]
    """The phases, as the ``phase`` field of the game's views names them."""

    def to_json(self) -> dict[str, Any]:
        """The descriptor as JSON-ready data (``GET /api/games``)."""
        return {
            "name": self.name,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "hidden_information": self.hidden_information,
            "public_history": self.public_history,
            "deck": self.deck.value,
            "move_reveals": self.move_reveals,
            "phases": [p.value for p in self.phases],
        }
