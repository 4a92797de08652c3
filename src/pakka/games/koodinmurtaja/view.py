"""The typed shape of Koodinmurtaja's views (built by ``KMState._view``).

Its JSON Schema is generated from these types (``Koodinmurtaja.view_schema()``)
and served to the browser; the conformance suite checks every view against it.
One type serves every phase: the fields that only make sense in some phases
are ``None`` (or ``False``) in the others, as each field's docstring says.
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
"""One card of a seat's code, in code order (R-KM-4: sorted by strength, lowest
first, position 1 is the lowest).

* ``handle``: a stable name of the physical card (its place in the dealt deck)
  while it moves within the code as cards are inserted; it reveals nothing;
* ``card``: its notation (``"7S"``), shown to its owner, to everyone once it is
  face up (a right guess, R-KM-10; a drawn card placed face up after a wrong
  guess, R-KM-11; the penalty reveal, D-KM-7) and to everyone at the end;
  ``None`` where the viewer may not see it;
* ``revealed``: whether it lies face up;
* ``not``: the ranks (``"Q"``, ``"10"``) publicly refuted for this very card by
  wrong guesses (D-KM-7, "Information": kept with the card, not the position).
"""
CodeCard.__pydantic_config__ = ConfigDict(extra="forbid")  # type: ignore[attr-defined]


@with_config(ConfigDict(extra="forbid"))
class Drawn(TypedDict):
    """The card the player to act drew this turn (R-KM-7); absent (``None`` in the
    view) when the stock was empty (R-KM-13) or the card has been placed."""

    player: int | None
    """The drawer (the player to act; ``None`` once the game is over, when the last
    drawn card stays on show)."""
    handle: int
    """The drawn card's stable handle (as in :data:`CodeCard`)."""
    card: str | None
    """Its notation, shown to the drawer only (and to everyone at the end)."""


@with_config(ConfigDict(extra="forbid"))
class GameResult(TypedDict):
    """One finished game of a match (D-KM-5)."""

    game: int
    """1-based number of the game within the match."""
    winner: int | None
    """The koodinmurtaja, the last seat with hidden cards (R-KM-14); ``None``: no winner."""
    ranking: list[int]
    """Seats from first to last (the winner, then the eliminated, last out first; D-KM-5)."""


class KoodinmurtajaView(BaseView):
    """What one seat (or a spectator) knows of a Koodinmurtaja position (see the
    rules' "Information" section); one shape for every phase."""

    dealer: int
    """The dealer of the current game (D-KM-8: seat 0 or option ``dealer`` first,
    then passing left each game)."""
    game_number: int
    """1-based number of the game within the match."""
    games: int
    """Games in the match (option ``games``, D-KM-5)."""
    phase: str
    """A :class:`~pakka.games.koodinmurtaja.game.Phase` value: ``guess`` (the first,
    compulsory guess, R-KM-8), ``continue`` (after a right guess: guess on or stop,
    R-KM-10), ``reveal`` (the empty-stock penalty, D-KM-7) or ``over``."""
    target: int | None
    """The seat whose code the player to act is guessing at (R-KM-9, R-KM-10);
    ``None`` once the match is over."""
    same_target: bool
    """Phase ``continue`` only: whether the same target can be guessed again
    (R-KM-10.1, D-KM-3); ``False`` in the other phases."""
    next_target: int | None
    """Phase ``continue`` only: the next active seat after the target that could be
    guessed at (R-KM-10.2; never the guesser); ``None`` if none or in other phases."""
    guessed_right: bool
    """Whether the player to act has guessed right this turn (R-KM-12: only then may
    they stop and hide the drawn card)."""
    stock: int
    """Cards left in the stock (R-KM-5; 0: guessing only, R-KM-13)."""
    drawn: Drawn | None
    """The card drawn this turn, if any (R-KM-7)."""
    codes: list[list[CodeCard]]
    """Every seat's code, lowest card first (R-KM-4)."""
    hidden: list[int]
    """Hidden cards left per seat."""
    out: list[bool]
    """Per seat: all its cards are revealed, so it is out and skipped (R-KM-9, D-KM-6)."""
    eliminated: list[int]
    """Seats in the order they went out this game (for the ranking, D-KM-5)."""
    rank_refuted: list[list[str]]
    """Rank-only variant (D-KM-2, D-KM-7): per seat, the ranks publicly known not to be
    among its hidden cards (until it hides a new card); empty lists otherwise."""
    results: list[GameResult]
    """The finished games of the match so far."""
    wins: list[int]
    """Games won per seat (D-KM-5: the winner of a game scores 1)."""
