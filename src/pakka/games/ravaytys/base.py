"""The fields every section mixin of :class:`~pakka.games.ravaytys.state.RavaytysState`
reads and writes, and the helpers they share (the log, hands and known cards).

The section mixins (:mod:`.turn`, :mod:`.laydown`, :mod:`.scoring`, :mod:`.refusals`)
are plain classes with ``__slots__ = ()``: the state's attribute layout is that of
:class:`~pakka.core.game.State` (its ``__dict__``), as before the split.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pakka.core.game import RawEntry
from pakka.core.log import LogEntry
from pakka.core.rng import Rng
from pakka.games.ravaytys.cards import NUM_KINDS, name
from pakka.games.ravaytys.melds import Meld


class _Base:
    """Field declarations and shared helpers of a Räväytys state."""

    if TYPE_CHECKING:
        # the fields live in the ``__dict__`` of :class:`~pakka.core.game.State`
        __slots__ = ("__dict__",)
    else:
        __slots__ = ()

    rng: Rng
    _log: list[RawEntry]
    quiet: bool
    n: int
    go_out_by_melding: bool
    keep: int
    unlimited_reshuffles: bool
    max_buys: int
    max_wilds: int
    values: tuple[int, ...]
    max_turns: int
    _stacks: list[list[int]]
    round: int
    dealer: int
    totals: list[int]
    sheet: list[list[int]]
    went_out: list[int]
    need_sets: int
    need_runs: int
    hands: list[list[int]]
    sizes: list[int]
    stock: list[int]
    pile: list[int]
    melds: list[Meld]
    down: list[bool]
    known: list[dict[int, int]]
    buys: list[int]
    stage: int
    reshuffles_done: int
    pool: list[int] | None
    drawn: int
    turns: int
    pending: list[Meld]
    pending_open: bool
    cancelled: bool
    transit: int
    transit_from: int
    askers: list[int]
    turn_player: int
    phase: int

    if TYPE_CHECKING:
        # implemented by one section, called from another
        def _start_round(self) -> None: ...
        def _end_round(self, reason: str) -> None: ...
        def _went_out(self, seat: int) -> None: ...
        def _wild_room(self, m: Meld) -> bool:
            raise NotImplementedError

        def _wild_index(self, m: Meld, natural: int, wild: int) -> int:
            raise NotImplementedError

        def _build_counts(self, seat: int) -> tuple[int, int]:
            raise NotImplementedError

        def _close_reason(self) -> str | None:
            raise NotImplementedError

    def _say(self, key: str, to: int | None = None, **args: Any) -> None:
        if not self.quiet:
            self._log.append(LogEntry(key, args, to))

    def _hand_text(self, seat: int) -> list[str]:
        h = self.hands[seat]
        return [name(c) for c in range(NUM_KINDS) for _ in range(h[c])]

    def _remove(self, seat: int, c: int) -> None:
        self.hands[seat][c] -= 1
        self.sizes[seat] -= 1
        k = self.known[seat]
        if c in k:
            if k[c] <= 1:
                del k[c]
            else:
                k[c] -= 1

    def _gain_known(self, seat: int, c: int) -> None:
        self.hands[seat][c] += 1
        self.sizes[seat] += 1
        k = self.known[seat]
        k[c] = k.get(c, 0) + 1
