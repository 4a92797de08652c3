"""The fields of a Koodinmurtaja state, declared once for the section mixins.

:class:`~pakka.games.koodinmurtaja.state.KMState` is composed of one mixin per
section of the rules (:mod:`.deal`, :mod:`.guessing`, :mod:`.scoring`). Each mixin
derives from :class:`KMFields`, which only *declares* the fields (the slots are
``KMState.__slots__``) and, for the type checker, the methods one section calls in
another. At run time it is a plain class with empty ``__slots__``, so the
attribute layout and speed of a state are those of a single class.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pakka.games.koodinmurtaja.actions import ActionTable, Guess, KMAction

if TYPE_CHECKING:
    from pakka.core.game import State
    from pakka.games.koodinmurtaja.deduction import Knowledge
    from pakka.games.koodinmurtaja.rules import Koodinmurtaja

    _Base = State[KMAction]
else:
    _Base = object


class KMFields(_Base):
    """The fields every section of a Koodinmurtaja state reads and writes."""

    __slots__ = ()

    game: Koodinmurtaja
    n: int
    table: ActionTable
    order: tuple[tuple[int, ...], ...]
    """order[p]: the seats after p in turn order, ending with p itself."""
    succ: tuple[int, ...]
    """succ[p]: the next seat after p that still has hidden cards."""
    penalty: bool
    rank_only: bool
    games_total: int
    game_no: int
    dealer: int
    wins: list[int]
    results: list[dict[str, Any]]
    _kcache: tuple[int, Knowledge] | None
    card_at: list[int]
    handle_of: dict[int, int]
    code: list[list[int]]
    concealed: list[list[int]]
    stock: list[int]
    up: list[int]
    hidden: list[int]
    refuted: list[int]
    offered: list[tuple[Guess, ...] | None]
    offered_ids: list[tuple[int, ...] | None]
    rank_refuted: list[int]
    eliminated: list[int]
    drawn: int
    right: bool
    target: int
    next_target: int
    phase: int
    cp: int | None
    is_terminal: bool  # a slot, set where the match ends: playout loops ask often

    if TYPE_CHECKING:
        # Called across sections; defined in deal.py and scoring.py.
        def _deal(self, stacked: list[int] | None) -> None: ...
        def _update_succ(self) -> None: ...
        def _start_turn(self, player: int) -> None: ...
        def _end_turn(self, cp: int) -> None: ...
        def _reveal(self, seat: int, k: int) -> None: ...
        def _over_check(self) -> bool: ...
