"""Legality written once per action kind (pokerkit's ``verify_x`` / ``can_x``).

For every kind of Räväytys action there is one ``can_<kind>(action)`` (whether it is
legal now) and one ``verify_<kind>(action, explain=True)`` (raise its refusal, the
reason said by :mod:`.refusals`, when it is not). :meth:`RavaytysState.verify
<pakka.games.ravaytys.state.RavaytysState.verify>` and ``apply`` dispatch to them by
kind; ``legal_actions`` lists the same actions with fast generators over the same
predicates (:meth:`~.laydown._LayDown._fits`, ``_wild_room``, ``_wild_index``,
``_has_place``, ``_meld_ok``, ``_open_ok``, ``_close_reason``), and
``tests/games/ravaytys/test_legality.py`` proves, over random positions of several
option setups, that every id is listed exactly when its ``can_<kind>`` accepts it.

The kinds, their rules and where the turn player may take them:

========  ===========================================  ========================
kind      rule                                         phase
========  ===========================================  ========================
take      R-RV-10: take the top discard                start of a turn
draw      R-RV-10/11: leave it (the buy window opens)  start of a turn
buy/pass  R-RV-11, D-RV-3: a seat asked in the window  buy window
discard   R-RV-9 (the dealer's first), R-RV-12, R-RV-19 opening discard, play
meld      R-RV-13, D-RV-4, D-RV-6: start the contract  play (not yet down)
set/run   R-RV-5/6/13, D-RV-1: open a group            building the contract
add       R-RV-5/6, D-RV-1, D-RV-14: the next card     building, a group open
close     R-RV-5/6/7, D-RV-10: finish the group        building, a group open
cancel    D-RV-6: take the lay-down back               building
lay       R-RV-14: lay a card off onto a meld          play (down)
swap      R-RV-17: a natural replaces a wild card      play (down)
place     R-RV-17: the freed wild card's new place     placing
========  ===========================================  ========================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from pakka.core.errors import IllegalAction
from pakka.games.ravaytys import actions as A
from pakka.games.ravaytys.actions import RvAction
from pakka.games.ravaytys.cards import IS_WILD, card_at, rank_of
from pakka.games.ravaytys.laydown import _LayDown
from pakka.games.ravaytys.refusals import _Refusals
from pakka.games.ravaytys.rules import BUILD, BUY, OPEN, PLACE, PLAY, START

NO: Final = IllegalAction("not legal now")
"""What ``verify_<kind>(action, explain=False)`` raises: no reason is assembled (the
``can_<kind>`` callers only ask whether)."""


class _Legality(_LayDown, _Refusals):
    """The legality section of :class:`~pakka.games.ravaytys.state.RavaytysState`:
    ``can_<kind>`` and ``verify_<kind>`` for every action kind."""

    __slots__ = ()

    # -- the turn (R-RV-9..12, D-RV-3) ----------------------------------------------------
    def can_take(self, a: RvAction) -> bool:
        """R-RV-10: at the start of a turn, the top discard may be taken (if any)."""
        return a.kind == A.TAKE and self.phase == START and bool(self.pile)

    def can_draw(self, a: RvAction) -> bool:
        """R-RV-10/11: at the start of a turn the discard may be left (then drawn for)."""
        return a.kind == A.DRAW and self.phase == START

    def can_buy(self, a: RvAction) -> bool:
        """R-RV-11, D-RV-3: the seat asked in the buy window may buy the discard."""
        return a.kind == A.BUY and self.phase == BUY

    def can_pass(self, a: RvAction) -> bool:
        """D-RV-3: the seat asked in the buy window may decline."""
        return a.kind == A.PASS and self.phase == BUY

    def can_discard(self, a: RvAction) -> bool:
        """R-RV-9: the dealer's opening discard, any card held; R-RV-12: the discard
        that ends a turn, not the card just drawn from a new stock (R-RV-19) unless it
        is the last card in hand (D-RV-15)."""
        if a.kind != A.DISCARD:
            return False
        ph = self.phase
        tp = self.turn_player
        c = a.card
        k = self.hands[tp][c]
        if ph == PLAY:
            return k > 0 and not (c == self.drawn and k == 1 and self.sizes[tp] > 1)
        return ph == OPEN and k > 0

    # -- laying down (R-RV-13, D-RV-4, D-RV-6) --------------------------------------------
    def can_meld(self, a: RvAction) -> bool:
        """R-RV-13: a player not yet down may start laying the contract down when the
        hand can lay all of it (D-RV-4), not after taking one back this turn (D-RV-6)."""
        if a.kind != A.MELD or self.phase != PLAY:
            return False
        tp = self.turn_player
        return not self.down[tp] and self._meld_ok(self.sizes[tp])

    def _can_open(self, a: RvAction) -> bool:
        """``set``/``run``: no group open, the contract wants one more of the kind
        (R-RV-13) and the hand can make it (R-RV-5/6, D-RV-1)."""
        if self.phase != BUILD or self.pending_open:
            return False
        sets, runs = self._build_counts(self.turn_player)
        if a.kind == A.SET:
            return sets < self.need_sets and self._open_ok(A.SET, a.arg)
        return a.kind == A.RUN and runs < self.need_runs and self._open_ok(A.RUN, a.arg)

    def can_set(self, a: RvAction) -> bool:
        """R-RV-5/13: open a set of ``a.arg`` while building the contract."""
        return a.kind == A.SET and self._can_open(a)

    def can_run(self, a: RvAction) -> bool:
        """R-RV-6/13: open a run (suit and lowest position in ``a.arg``)."""
        return a.kind == A.RUN and self._can_open(a)

    def can_add(self, a: RvAction) -> bool:
        """R-RV-5/6, D-RV-1: the next card of the open group, a card held keeping one
        to discard (D-RV-4): a set takes its rank, a run the card of its next position
        (not past the ace, D-RV-8); a wild card either, within the limit (D-RV-14)."""
        if a.kind != A.ADD or self.phase != BUILD or not self.pending_open:
            return False
        tp = self.turn_player
        c = a.card
        if not self.hands[tp][c] or self.sizes[tp] - 1 < self.keep:
            return False
        g = self.pending[-1]
        if g.is_run:
            nxt = g.next_pos()
            if nxt > 14 or (g.lo == 1 and nxt == 14):
                return False
            if not IS_WILD[c]:
                return card_at(g.key, nxt) == c
        elif not IS_WILD[c]:
            return rank_of(c) == g.key
        return self.max_wilds == 0 or g.wild_count() < self.max_wilds

    def can_close(self, a: RvAction) -> bool:
        """R-RV-5/6/7, D-RV-10: the open group is complete (and a run does not continue
        another of the contract); the last group lays the contract down."""
        return (
            a.kind == A.CLOSE
            and self.phase == BUILD
            and self.pending_open
            and self._close_reason() is None
        )

    def can_cancel(self, a: RvAction) -> bool:
        """D-RV-6: a lay-down being built may be taken back."""
        return a.kind == A.CANCEL and self.phase == BUILD

    # -- after laying down (R-RV-14, R-RV-17) ---------------------------------------------
    def _can_touch(self, a: RvAction) -> bool:
        """A lay-off or swap: in play, down, keeping a card to discard (D-RV-4), the
        card held and the meld on the table."""
        tp = self.turn_player
        return (
            self.phase == PLAY
            and self.down[tp]
            and self.sizes[tp] - 1 >= self.keep
            and self.hands[tp][a.card] > 0
            and a.meld < len(self.melds)
        )

    def can_lay(self, a: RvAction) -> bool:
        """R-RV-14: a card laid off onto any meld where it fits (a run at an end)."""
        return (
            a.kind == A.LAY and self._can_touch(a) and self._fits(a.card, self.melds[a.meld], a.arg)
        )

    def can_swap(self, a: RvAction) -> bool:
        """R-RV-17: a natural card replaces the wild card of a meld that stands for it,
        when the freed wild card then has a place on the table."""
        if a.kind != A.SWAP or not self._can_touch(a):
            return False
        m = self.melds[a.meld]
        return (
            a.arg in m.cards and self._wild_index(m, a.card, a.arg) >= 0 and self._has_place(a.meld)
        )

    def can_place(self, a: RvAction) -> bool:
        """R-RV-17: the freed wild card goes onto a meld with room for a wild card: a
        set, or a run at an end that can grow."""
        if a.kind != A.PLACE or self.phase != PLACE or a.meld >= len(self.melds):
            return False
        m = self.melds[a.meld]
        if not self._wild_room(m):
            return False
        if not m.is_run:
            return a.arg == A.NO_END
        return (a.arg == A.LOW and m.can_grow_low()) or (a.arg == A.HIGH and m.can_grow_high())

    # -- verify_<kind>: the refusal of what can_<kind> does not accept --------------------
    def _verify(self, a: RvAction, ok: bool, explain: bool) -> None:
        if not ok:
            raise self._refusal(a) if explain else NO

    def verify_take(self, a: RvAction, explain: bool = True) -> None:
        """Raise the refusal of ``take`` when :meth:`can_take` does not accept it."""
        self._verify(a, self.can_take(a), explain)

    def verify_draw(self, a: RvAction, explain: bool = True) -> None:
        """Raise the refusal of ``draw`` when :meth:`can_draw` does not accept it."""
        self._verify(a, self.can_draw(a), explain)

    def verify_buy(self, a: RvAction, explain: bool = True) -> None:
        """Raise the refusal of ``buy`` when :meth:`can_buy` does not accept it."""
        self._verify(a, self.can_buy(a), explain)

    def verify_pass(self, a: RvAction, explain: bool = True) -> None:
        """Raise the refusal of ``pass`` when :meth:`can_pass` does not accept it."""
        self._verify(a, self.can_pass(a), explain)

    def verify_discard(self, a: RvAction, explain: bool = True) -> None:
        """Raise the refusal of a discard when :meth:`can_discard` does not accept it."""
        self._verify(a, self.can_discard(a), explain)

    def verify_meld(self, a: RvAction, explain: bool = True) -> None:
        """Raise the refusal of ``meld`` when :meth:`can_meld` does not accept it."""
        self._verify(a, self.can_meld(a), explain)

    def verify_set(self, a: RvAction, explain: bool = True) -> None:
        """Raise the refusal of ``set RANK`` when :meth:`can_set` does not accept it."""
        self._verify(a, self.can_set(a), explain)

    def verify_run(self, a: RvAction, explain: bool = True) -> None:
        """Raise the refusal of ``run SUIT START`` when :meth:`can_run` does not accept it."""
        self._verify(a, self.can_run(a), explain)

    def verify_add(self, a: RvAction, explain: bool = True) -> None:
        """Raise the refusal of ``add CARD`` when :meth:`can_add` does not accept it."""
        self._verify(a, self.can_add(a), explain)

    def verify_close(self, a: RvAction, explain: bool = True) -> None:
        """Raise the refusal of ``close`` when :meth:`can_close` does not accept it."""
        self._verify(a, self.can_close(a), explain)

    def verify_cancel(self, a: RvAction, explain: bool = True) -> None:
        """Raise the refusal of ``cancel`` when :meth:`can_cancel` does not accept it."""
        self._verify(a, self.can_cancel(a), explain)

    def verify_lay(self, a: RvAction, explain: bool = True) -> None:
        """Raise the refusal of a lay-off when :meth:`can_lay` does not accept it."""
        self._verify(a, self.can_lay(a), explain)

    def verify_swap(self, a: RvAction, explain: bool = True) -> None:
        """Raise the refusal of a swap when :meth:`can_swap` does not accept it."""
        self._verify(a, self.can_swap(a), explain)

    def verify_place(self, a: RvAction, explain: bool = True) -> None:
        """Raise the refusal of ``place Mn`` when :meth:`can_place` does not accept it."""
        self._verify(a, self.can_place(a), explain)

    def _is_legal(self, a: RvAction) -> bool:
        """Whether ``a`` (an action of the table) is legal now: its kind's ``can_<kind>``."""
        return CAN[a.kind](self, a)


KIND_NAMES: Final = (
    "take", "draw", "buy", "pass", "discard", "meld", "set", "run", "add", "close",
    "cancel", "lay", "swap", "place",
)  # fmt: skip
"""The name of each action kind (``actions.TAKE`` … ``actions.PLACE``), as in
``can_<name>`` and ``verify_<name>``."""

CAN: Final[tuple[Callable[[_Legality, RvAction], bool], ...]] = tuple(
    getattr(_Legality, f"can_{k}") for k in KIND_NAMES
)
"""``can_<kind>`` by kind (the dispatch of :meth:`_Legality._is_legal`)."""
assert len(CAN) == A.PLACE + 1
