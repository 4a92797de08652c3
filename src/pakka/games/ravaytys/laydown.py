"""Laying down (R-RV-13..17, D-RV-1, D-RV-4, D-RV-6, D-RV-10, D-RV-14): the
contract built group by group, lay-offs onto any meld, wild-card swaps and the
placing of a freed wild card."""

from __future__ import annotations

from pakka.core.cards import JOKER_INDEX
from pakka.games.ravaytys import actions as A
from pakka.games.ravaytys.actions import RvAction
from pakka.games.ravaytys.base import _Base
from pakka.games.ravaytys.cards import (
    IS_WILD,
    NUM_KINDS,
    WILDS,
    card_at,
    positions_of,
    rank_of,
    suit_of,
)
from pakka.games.ravaytys.melds import Meld, runs_adjacent
from pakka.games.ravaytys.rules import PLAY
from pakka.games.ravaytys.solver import can_lay_down

_CAN_MELD: dict[tuple[int, ...], bool] = {}
"""Whether a hand can lay a contract down: (53 counts, sets, runs, keep, max wilds) ->
the meld solver's answer (a pure function of the key, so shared by all states)."""


class _LayDown(_Base):
    """The lay-down section of :class:`~pakka.games.ravaytys.state.RavaytysState`."""

    __slots__ = ()

    def _wild_room(self, m: Meld) -> bool:
        return self.max_wilds == 0 or m.wild_count() < self.max_wilds

    def _fits(self, c: int, m: Meld, end: int) -> bool:
        """Whether card ``c`` may go onto meld ``m`` (at ``end`` of a run)."""
        if not m.is_run:
            if end != A.NO_END:
                return False
            if IS_WILD[c]:
                return self._wild_room(m)
            return rank_of(c) == m.key
        if end == A.LOW:
            if not m.can_grow_low():
                return False
            pos = m.lo - 1
        elif end == A.HIGH:
            if not m.can_grow_high():
                return False
            pos = m.hi + 1
        else:
            return False
        if IS_WILD[c]:
            return self._wild_room(m)
        return card_at(m.key, pos) == c

    def _wild_index(self, m: Meld, natural: int, wild: int) -> int:
        """Where in ``m`` the wild card ``wild`` stands for ``natural`` (or -1)."""
        if m.is_run:
            if suit_of(natural) != m.key:
                return -1
            for p in positions_of(natural):
                i = p - m.lo
                if 0 <= i < len(m.cards) and m.cards[i] == wild:
                    return i
            return -1
        if rank_of(natural) != m.key:
            return -1
        try:
            return m.cards.index(wild)
        except ValueError:
            return -1

    def _has_place(self, source: int) -> bool:
        """Whether the wild card freed from meld ``source`` has a new place (R-RV-17);
        the source meld then holds one wild card fewer."""
        for i, m in enumerate(self.melds):
            room = self.max_wilds == 0 or m.wild_count() - (i == source) < self.max_wilds
            if room and (not m.is_run or m.can_grow_low() or m.can_grow_high()):
                return True
        return False

    def _build_counts(self, seat: int) -> tuple[int, int]:
        sets = sum(1 for g in self.pending if not g.is_run)
        return sets, len(self.pending) - sets

    def _min_contract_cards(self) -> int:
        return 3 * self.need_sets + 4 * self.need_runs

    def _meld_ok(self, size: int) -> bool:
        """Whether the player in turn (not down) may start laying down the contract:
        not after taking a lay-down back this turn (D-RV-6), and only when the hand
        can lay the whole contract down keeping ``keep`` cards (R-RV-13, D-RV-4; the
        meld solver decides, so ``meld`` never leads into a dead end)."""
        if self.cancelled or size < self._min_contract_cards() + self.keep:
            return False
        key = (
            *self.hands[self.turn_player],
            self.need_sets,
            self.need_runs,
            self.keep,
            self.max_wilds,
        )
        ok = _CAN_MELD.get(key)
        if ok is None:
            if len(_CAN_MELD) > 100_000:
                _CAN_MELD.clear()
            ok = can_lay_down(key[:NUM_KINDS], *key[NUM_KINDS:])
            _CAN_MELD[key] = ok
        return ok

    def _open_ok(self, kind: int, arg: int) -> bool:
        """A cheap necessary condition for opening a group (not the solver)."""
        h = self.hands[self.turn_player]
        wilds = h[JOKER_INDEX] + h[0] + h[39]
        if kind == A.SET:
            r = arg
            nat = sum(h[s * 13 + r - 2] for s in range(4) if not IS_WILD[s * 13 + r - 2])
            return nat >= 1 and nat + wilds >= 3
        # a run from ``start`` exists if some length >= 4 has a natural card and
        # wild cards for the other positions (D-RV-1); no corner (D-RV-8)
        s, start = divmod(arg, 16)
        top = 13 if start == 1 else 14
        have = 0
        for p in range(start, top + 1):
            c = card_at(s, p)
            if not IS_WILD[c] and h[c]:
                have += 1
            length = p - start + 1
            if length >= 4 and have >= 1 and length - have <= wilds:
                return True
            if length - have > wilds:
                return False
        return False

    def _build_actions(self) -> list[RvAction]:
        tp = self.turn_player
        h = self.hands[tp]
        out: list[RvAction] = []
        if not self.pending_open:
            sets, runs = self._build_counts(tp)
            if sets < self.need_sets:
                for r in range(2, 15):
                    if self._open_ok(A.SET, r):
                        out.append(A.A_SET[r])
            if runs < self.need_runs:
                for s in range(4):
                    for p in range(1, 12):
                        if self._open_ok(A.RUN, s * 16 + p):
                            out.append(A.A_RUN[s][p - 1])
            out.append(A.A_CANCEL)
            return out
        g = self.pending[-1]
        if self.sizes[tp] - 1 >= self.keep:
            wild_ok = self.max_wilds == 0 or g.wild_count() < self.max_wilds
            if g.is_run:
                nxt = g.next_pos()
                if nxt <= 14 and not (g.lo == 1 and nxt == 14):
                    c = card_at(g.key, nxt)
                    if h[c] and not IS_WILD[c]:
                        out.append(A.A_ADD[c])
                    if wild_ok:
                        for w in WILDS:
                            if h[w]:
                                out.append(A.A_ADD[w])
            else:
                r = g.key
                for s in range(4):
                    c = s * 13 + r - 2
                    if h[c] and not IS_WILD[c]:
                        out.append(A.A_ADD[c])
                if wild_ok:
                    for w in WILDS:
                        if h[w]:
                            out.append(A.A_ADD[w])
            out.sort(key=lambda a: a.id)
        if self._close_reason() is None:
            out.append(A.A_CLOSE)
        out.append(A.A_CANCEL)
        return out

    def _close_reason(self) -> str | None:
        """Why the open group cannot be closed now (a catalogue key; None if it can)."""
        g = self.pending[-1]
        if not g.is_complete():
            return "rv.why.small_run" if g.is_run else "rv.why.small_set"
        if g.is_run:
            # R-RV-7/D-RV-10: checked within the contract being laid down only;
            # later lay-offs (:meth:`_fits`) may make two runs touch
            for o in self.pending[:-1]:
                if o.is_run and o.key == g.key and runs_adjacent(o.lo, o.hi, g.lo, g.hi):
                    return "rv.why.adjacent"
        return None

    def _after_hand_change(self, tp: int) -> None:
        if self.sizes[tp] == 0 and self.phase == PLAY:
            self._went_out(tp)  # R-RV-18, D-RV-4 option go_out_by_melding

    def _lay_down(self, tp: int) -> None:
        """R-RV-13: the whole contract goes to the table at once."""
        groups = []
        for g in self.pending:
            self.melds.append(g)
            groups.append(g.describe())
        self.pending = []
        self.down[tp] = True
        self.phase = PLAY
        self._say("rv.laid_down", player=tp, groups=groups)
        self._after_hand_change(tp)
