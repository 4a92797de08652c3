"""Which tables are rated (fair play, docs/ratings.md): a pure function of the facts
the server knows when a table is created and while it is played.

A table is rated only when all of these hold (:func:`refusals` lists the ones that
do not, as catalogue keys, so the server can refuse a ``rated`` table with a clear
reason in the reader's language):

- its creator asked for it (``rated``; tables are unrated by default);
- the game is played by at least two people or bots (a one-player game has nobody to
  be rated against);
- it is not a hot-seat table (one device plays every seat);
- every human seat is held by an account, not a guest;
- every rule option has its standard value (its default): a house rule makes the table
  unrated. Options that only say who deals first (:data:`NEUTRAL_OPTIONS`) do not
  change the rules and may be set;
- hints, ``autoplay`` and undo are off (the server refuses them at rated tables).

A seat whose player leaves or lets the clock run out, so that a bot takes over,
*forfeits*: it is ranked last for the rating (:func:`pakka.ratings.core.outcome`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pakka.core.registry import game_class

NEUTRAL_OPTIONS = frozenset({"dealer", "first_dealer"})
"""Options that do not change the rules, in any game: who deals first (Koodinmurtaja's
``dealer``, D-KM-8; Viisisataa's ``first_dealer``, R-5S-5). Any value is allowed at a
rated table; every other option is a rule option and must keep its default."""


@dataclass(frozen=True)
class SeatFacts:
    """One seat as the fairness check sees it: a bot, or a human who is (or is not yet)
    an account."""

    bot: bool = False
    account: bool = True


def nonstandard_options(game: str, players: int, options: Mapping[str, Any]) -> list[str]:
    """The rule options of ``options`` that differ from the game's default at
    ``players`` (sorted), i.e. the house rules that make a table unrated."""
    cls = game_class(game)
    out = []
    for spec in cls.option_specs:
        if spec.name in NEUTRAL_OPTIONS or spec.name not in options:
            continue
        if spec.coerce(options[spec.name]) != spec.default_for(players):
            out.append(spec.name)
    return sorted(out)


def refusals(
    game: str,
    players: int,
    options: Mapping[str, Any],
    seats: Sequence[SeatFacts],
    *,
    requested: bool = True,
    hotseat: bool = False,
    assists: bool = False,
) -> list[str]:
    """Why a table is not rated: catalogue keys (``rating.no.*``), empty when it is.

    ``assists`` says whether hints, autoplay or undo are on for the table (the server
    turns them off at rated tables, so it passes ``False``)."""
    out = []
    if not requested:
        out.append("rating.no.not_requested")
    if players < 2:
        out.append("rating.no.solo")
    if hotseat:
        out.append("rating.no.hotseat")
    if any(not s.bot and not s.account for s in seats):
        out.append("rating.no.guest")
    if nonstandard_options(game, players, options):
        out.append("rating.no.house_rules")
    if assists:
        out.append("rating.no.assists")
    return out


def eligible(
    game: str,
    players: int,
    options: Mapping[str, Any],
    seats: Sequence[SeatFacts],
    *,
    requested: bool = True,
    hotseat: bool = False,
    assists: bool = False,
) -> bool:
    """Whether the table is rated (no :func:`refusals`)."""
    return not refusals(
        game, players, options, seats, requested=requested, hotseat=hotseat, assists=assists
    )
