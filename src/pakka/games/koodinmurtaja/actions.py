"""Koodinmurtaja's actions and their notation.

* ``Guess``: point at hidden card ``position`` (1 = lowest) of seat ``target``
  and name a rank (R-KM-8, D-KM-2): ``2/3=Q``.
* ``GuessRank``: the rank-only variant, name a rank for seat ``target``: ``2=Q``.
* ``Stop``: end the turn after a correct guess, hiding the drawn card (R-KM-10): ``stop``.
* ``Reveal``: with ``empty_stock_penalty``, reveal own hidden card ``position``
  after a wrong guess with no drawn card (D-KM-7): ``reveal 2``.

Every action has a fixed id (:class:`ActionTable`); the table holds one object
per id, so generating legal actions allocates nothing but the list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from pakka.core.cards import RANK_NAMES, rank_from_text
from pakka.core.errors import NotationError
from pakka.games.koodinmurtaja.refusals import Refusal

MAX_POSITIONS: Final = 52
"""A code never holds more than the 52 cards of the full deck."""
NUM_RANKS: Final = 13


@dataclass(frozen=True, slots=True)
class Guess:
    """Name the rank of the hidden card at ``position`` (0-based) of seat ``target``."""

    id: int
    target: int
    position: int
    rank: int

    def __str__(self) -> str:
        return f"{self.target}/{self.position + 1}={RANK_NAMES[self.rank]}"


@dataclass(frozen=True, slots=True)
class GuessRank:
    """Rank-only variant: claim that seat ``target`` holds a hidden card of ``rank``."""

    id: int
    target: int
    rank: int

    def __str__(self) -> str:
        return f"{self.target}={RANK_NAMES[self.rank]}"


@dataclass(frozen=True, slots=True)
class Stop:
    """Stop after a correct guess and hide the drawn card in one's own code."""

    id: int

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class Reveal:
    """Reveal one's own hidden card at ``position`` (0-based) as the penalty."""

    id: int
    position: int

    def __str__(self) -> str:
        return f"reveal {self.position + 1}"


KMAction = Guess | GuessRank | Stop | Reveal

_GUESS_RE: Final = re.compile(r"^\s*(\d+)\s*[/.,:\s]\s*(\d+)\s*[=\s,:]\s*(\w+)\s*$")
_RANK_RE: Final = re.compile(r"^\s*(\d+)\s*=\s*(\w+)\s*$")
_REVEAL_RE: Final = re.compile(r"^\s*(?:reveal|paljasta)\s+(\d+)\s*$", re.IGNORECASE)
_STOP_WORDS: Final = {"stop", "seis", "lopeta"}


class ActionTable:
    """All actions of a Koodinmurtaja game with ``players`` seats, by id."""

    def __init__(self, players: int) -> None:
        self.players = players
        guesses = [
            Guess((t * MAX_POSITIONS + p) * NUM_RANKS + r - 2, t, p, r)
            for t in range(players)
            for p in range(MAX_POSITIONS)
            for r in range(2, 15)
        ]
        base = len(guesses)
        rank_guesses = [
            GuessRank(base + t * NUM_RANKS + r - 2, t, r)
            for t in range(players)
            for r in range(2, 15)
        ]
        base += len(rank_guesses)
        self.stop = Stop(base)
        reveals = [Reveal(base + 1 + p, p) for p in range(MAX_POSITIONS)]
        self.all: tuple[KMAction, ...] = (*guesses, *rank_guesses, self.stop, *reveals)
        # guess_rows[t][p] is the 13 guesses at one card, ranks 2..A.
        self.guess_rows = tuple(
            tuple(
                tuple(
                    guesses[
                        (t * MAX_POSITIONS + p) * NUM_RANKS : (t * MAX_POSITIONS + p + 1)
                        * NUM_RANKS
                    ]
                )
                for p in range(MAX_POSITIONS)
            )
            for t in range(players)
        )
        self.rank_rows = tuple(
            tuple(rank_guesses[t * NUM_RANKS : (t + 1) * NUM_RANKS]) for t in range(players)
        )
        self.reveals = tuple(reveals)
        # The same rows as ids (State.legal_ids): guess_id_rows[t][p][r - 2] is
        # guess_rows[t][p][r - 2].id, and so on.
        self.guess_id_rows = tuple(
            tuple(tuple(a.id for a in row) for row in rows) for rows in self.guess_rows
        )
        self.rank_id_rows = tuple(tuple(a.id for a in row) for row in self.rank_rows)
        self.reveal_ids = tuple(a.id for a in reveals)

    def __len__(self) -> int:
        return len(self.all)

    def parse(self, text: str) -> KMAction:
        """Parse notation (no legality check); raise :class:`IllegalAction` if malformed."""
        t = text.strip().lower()
        if t in _STOP_WORDS:
            return self.stop
        m = _REVEAL_RE.match(t)
        if m:
            pos = int(m.group(1))
            if not 1 <= pos <= MAX_POSITIONS:
                raise Refusal("koodinmurtaja.why.no_position", position=pos)
            return self.reveals[pos - 1]
        m = _GUESS_RE.match(t)
        if m:
            target, pos, rank = int(m.group(1)), int(m.group(2)), self._rank(m.group(3))
            self._seat(target)
            if not 1 <= pos <= MAX_POSITIONS:
                raise Refusal("koodinmurtaja.why.no_position", position=pos)
            return self.guess_rows[target][pos - 1][rank - 2]
        m = _RANK_RE.match(t)
        if m:
            target, rank = int(m.group(1)), self._rank(m.group(2))
            self._seat(target)
            return self.rank_rows[target][rank - 2]
        raise Refusal("koodinmurtaja.why.notation", text=text)

    def _seat(self, seat: int) -> None:
        if not 0 <= seat < self.players:
            raise Refusal("koodinmurtaja.why.no_seat", players=self.players)

    @staticmethod
    def _rank(text: str) -> int:
        try:
            return rank_from_text(text)
        except NotationError:
            raise Refusal("koodinmurtaja.why.no_rank", text=text) from None
