"""How a finished game moves ratings: teams and ranks for ``openskill``, the model,
and the shown number (pure: no I/O; docs/ratings.md).

pakka rates with one model for every game, ``openskill``'s Plackett–Luce model
(Weng–Lin) with its defaults μ = 25, σ = 25/3. A finished game becomes *teams* (lists
of seats) and *ranks* (0 is best, equal ranks are a tie):

- **free-for-all** for every game except the one partnership format: every seat is its
  own team, ranked by the engine's public results (:attr:`State.winners` first, then
  :attr:`State.scores` in the direction the game counts them: Räväytys' lowest total
  wins, R-RV-22; every other game's highest). Seats with equal results share a rank.
- **partnerships** for Viisisataa with 4 players (R-5S-24: fixed partners opposite each
  other, seats 0+2 and 1+3), ranked the same way (both partners show the team's points).
  With 5 players the partner changes every hand (called or chosen, R-5S-25); what is
  rated is the *match* (first to 500), whose result is each player's own total, so a
  5-player match is a free-for-all over the match totals (D-5S-4 splits a hand between
  the partners; the per-hand partnership is already in those totals).
- a seat that **forfeited** (its player left, or let the clock run out, and a bot took
  over) is ranked last whatever the bot then did (several forfeits share the last rank).

The shown rating is ``1500 + SCALE * (μ − 3σ)`` rounded (the conservative ordinal),
so a new player (μ − 3σ = 0) shows 1500. Seats with a *fixed* rating (the bots) take
part in the update with their fitted (μ, σ), and their rating never moves.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from pakka.core.game import State

MU = 25.0
"""openskill's default mean of a new rating."""
SIGMA = 25.0 / 3.0
"""openskill's default uncertainty of a new rating."""
BASE = 1500
"""The shown rating of a new player (ordinal μ − 3σ = 0)."""
SCALE = 20.0
"""Shown points per unit of the ordinal μ − 3σ: a fresh rating's σ = 25/3 spans
3σ = 25 units, so a player who has proved to be one default σ better than new shows
about 1667, and the spread of the bot ladder is a few hundred points (Elo-like)."""

MODEL = PlackettLuce(mu=MU, sigma=SIGMA)
"""The one rating model (Plackett–Luce with openskill's defaults)."""

LOWER_WINS = frozenset({"ravaytys"})
"""Games whose lowest score is best (Räväytys: the lowest total wins, R-RV-22)."""


@dataclass(frozen=True)
class Rating:
    """A player's (or a bot level's) rating for one game: openskill's μ and σ."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        """The conservative estimate μ − 3σ."""
        return self.mu - 3.0 * self.sigma

    @property
    def shown(self) -> int:
        """The number people see (:func:`shown`)."""
        return shown(self.mu, self.sigma)


def shown(mu: float, sigma: float) -> int:
    """``1500 + 20·(μ − 3σ)``, rounded: 1500 for a new rating.

    >>> shown(25.0, 25.0 / 3.0)
    1500
    """
    return round(BASE + SCALE * (mu - 3.0 * sigma))


@dataclass(frozen=True)
class Outcome:
    """A finished game as openskill sees it: ``teams`` (each a tuple of seats) and one
    rank per team (0 is best; equal ranks are ties)."""

    teams: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]

    def seat_ranks(self) -> dict[int, int]:
        """Each seat's rank."""
        return {s: r for team, r in zip(self.teams, self.ranks, strict=True) for s in team}


def teams_for(game: str, players: int) -> tuple[tuple[int, ...], ...]:
    """The rating teams of ``game`` at ``players``: Viisisataa's 4-player partnerships
    (R-5S-24, seats 0+2 and 1+3), else one team per seat."""
    if game == "viisisataa" and players == 4:
        return ((0, 2), (1, 3))
    return tuple((s,) for s in range(players))


def dense_ranks(keys: Sequence[tuple[float, ...]]) -> tuple[int, ...]:
    """Ranks of ``keys`` (smaller key = better), equal keys sharing a rank, no gaps.

    >>> dense_ranks([(1.0,), (0.0,), (1.0,)])
    (1, 0, 1)
    """
    order = sorted(set(keys))
    index = {k: i for i, k in enumerate(order)}
    return tuple(index[k] for k in keys)


def outcome(
    game: str,
    players: int,
    winners: Collection[int],
    scores: Sequence[float],
    forfeited: Collection[int] = (),
) -> Outcome:
    """The openskill teams and ranks of a finished game from its public results.

    A team is ranked by (forfeited, not a winner, its score in the game's direction);
    a team with a forfeited seat is last. Raises ``ValueError`` for scores that do not
    fit ``players``.
    """
    if len(scores) != players:
        raise ValueError(f"{len(scores)} scores for {players} players")
    sign = 1.0 if game in LOWER_WINS else -1.0
    teams = teams_for(game, players)
    keys = []
    for team in teams:
        lost = any(s in forfeited for s in team)
        won = any(s in winners for s in team)
        # Partners show the same points (R-5S-24); the best member counts otherwise.
        score = min(sign * float(scores[s]) for s in team)
        keys.append((1.0, 0.0, 0.0) if lost else (0.0, 0.0 if won else 1.0, score))
    return Outcome(teams, dense_ranks(keys))


def state_outcome(state: State[Any], forfeited: Collection[int] = ()) -> Outcome:
    """:func:`outcome` of a terminal state (its public ``winners`` and ``scores``)."""
    if not state.is_terminal:
        raise ValueError("only a finished game is rated")
    return outcome(state.game.name, state.game.num_players, state.winners, state.scores, forfeited)


def rate(result: Outcome, ratings: Sequence[Rating], fixed: Collection[int] = ()) -> list[Rating]:
    """Every seat's rating after the game: openskill's update of ``ratings`` (one per
    seat) for ``result``; seats in ``fixed`` (bots) keep theirs."""
    n = sum(len(t) for t in result.teams)
    if len(ratings) != n:
        raise ValueError(f"{len(ratings)} ratings for {n} seats")
    teams = [
        [MODEL.rating(mu=ratings[s].mu, sigma=ratings[s].sigma) for s in t] for t in result.teams
    ]
    new = MODEL.rate(teams, ranks=[float(r) for r in result.ranks])
    out = list(ratings)
    for team, rated in zip(result.teams, new, strict=True):
        for seat, r in zip(team, rated, strict=True):
            if seat not in fixed:
                out[seat] = Rating(float(r.mu), float(r.sigma))
    return out
