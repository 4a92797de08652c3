"""The typed shape of Koodinmurtaja's views (built by ``KMState._view``).

Its JSON Schema is generated from these types (``Koodinmurtaja.view_schema()``)
and served to the browser; the conformance suite checks every view against it.
"""

from __future__ import annotations

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict

from pakka.core.seam import BaseView

# ``not`` is a Python keyword, so this type uses the functional form.
CodeCard = TypedDict(
    "CodeCard",
    {"handle": int, "card": str | None, "revealed": bool, "not": list[str]},
)
"""One card of a seat's code, in code order (R-KM-5, lowest first): ``handle`` is a
stable name while the card moves within the code; ``card`` is shown to its owner,
once revealed (R-KM-9, D-KM-7) and at the end; ``not`` lists the ranks publicly
refuted for it by wrong guesses (R-KM-11)."""
CodeCard.__pydantic_config__ = ConfigDict(extra="forbid")  # type: ignore[attr-defined]


@with_config(ConfigDict(extra="forbid"))
class Drawn(TypedDict):
    """The card the player to act drew this turn (R-KM-7)."""

    player: int
    handle: int
    card: str | None
    """Shown to the drawer only (and to everyone at the end)."""


@with_config(ConfigDict(extra="forbid"))
class GameResult(TypedDict):
    """One finished game of a match (D-KM-5)."""

    game: int
    winner: int | None
    ranking: list[int]
    """Seats from first to last (the winner, then the eliminated, last out first)."""


class KoodinmurtajaView(BaseView):
    """What one seat (or a spectator) knows of a Koodinmurtaja position."""

    dealer: int
    game_number: int
    """1-based number of the game within the match."""
    games: int
    """Games in the match (option ``games``)."""
    phase: str
    """A :class:`~pakka.games.koodinmurtaja.game.Phase` value."""
    target: int | None
    """The seat whose code the player to act is guessing at."""
    same_target: bool
    """After a right guess: whether the same target can be guessed again (R-KM-10)."""
    next_target: int | None
    """After a right guess: the next seat that could be targeted, if any."""
    guessed_right: bool
    stock: int
    """Cards left in the stock."""
    drawn: Drawn | None
    codes: list[list[CodeCard]]
    """Every seat's code, lowest card first."""
    hidden: list[int]
    """Hidden cards left per seat."""
    out: list[bool]
    """Per seat: all its cards are revealed (it is out, R-KM-13)."""
    eliminated: list[int]
    """Seats in the order they went out."""
    rank_refuted: list[list[str]]
    """Rank-only variant: per seat, ranks publicly known not to be among its hidden cards."""
    results: list[GameResult]
    wins: list[int]
    """Games won per seat."""
