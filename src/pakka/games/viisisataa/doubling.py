"""The doubling (V5, D-5S-7): the opponents in turn may double, then the contractor
may redouble; the contract's result is multiplied by 2 or 4."""

from __future__ import annotations

from pakka.core.cards import CARDS
from pakka.core.errors import IllegalAction
from pakka.games.viisisataa.actions import DOUBLE, MISERE_ID, REDOUBLE, Move
from pakka.games.viisisataa.base import NO, Refusal, _Base
from pakka.games.viisisataa.rules import DOUBLING, REDOUBLING


class _Doubling(_Base):
    """The doubling section of :class:`~pakka.games.viisisataa.state.ViisisataaState`."""

    __slots__ = ()

    # -- legality -----------------------------------------------------------------------
    def verify_double(self, action: Move, explain: bool = True) -> None:
        """Raise the refusal of a double that is not legal now: only in the doubling
        (V5), and never by the secret holder of the called card (D-5S-7)."""
        if action.kind != DOUBLE or self.phase != DOUBLING:
            raise self._not_allowed(action, explain)
        if self.turn == self.partner:
            # D-5S-7: the secret holder of the called card is asked like the other
            # opponents but may only pass (a partner by seat is never asked).
            if not explain:
                raise NO
            raise Refusal("error.partner_only_pass", card=str(CARDS[self.partner_card]))

    def can_double(self, action: Move) -> bool:
        """Whether the double ``action`` is legal now (:meth:`verify_double`)."""
        try:
            self.verify_double(action, False)
        except IllegalAction:
            return False
        return True

    def verify_redouble(self, action: Move, explain: bool = True) -> None:
        """Raise the refusal of a redouble that is not legal now: only the contractor,
        only after a double (V5, D-5S-7)."""
        if action.kind != REDOUBLE or self.phase != REDOUBLING:
            raise self._not_allowed(action, explain)

    def can_redouble(self, action: Move) -> bool:
        """Whether the redouble ``action`` is legal now (:meth:`verify_redouble`)."""
        try:
            self.verify_redouble(action, False)
        except IllegalAction:
            return False
        return True

    # -- the doubling ---------------------------------------------------------------------
    def _doubling_or_kitty(self) -> None:
        """The doubling (V5) if the option is on, else what follows it."""
        if self.game.doubling:
            self._start_doubling()
        else:
            self._after_doubling()

    def _start_doubling(self) -> None:
        """D-5S-7 / V5: the opponents in turn from the contractor's left, at most one
        double. A known partner (4 players, 5 by seat) is never asked; the secret holder
        of a called card is asked like the others (it may only pass: legal_actions)."""
        c = self.contractor
        n = self.n
        known = self.partner if self.partner_known else -1
        self.dqueue = [(c + i) % n for i in range(1, n) if (c + i) % n != known]
        self.phase = DOUBLING
        self.turn = self.dqueue[0]

    def _double(self, action: Move) -> None:
        p = self.turn
        assert p is not None
        self.doublings.append((p, action.id))
        if self.phase == DOUBLING:
            if action.kind == DOUBLE:
                self.mult = 2
                self._say("game.double", seat=p)
                self.phase = REDOUBLING
                self.turn = self.contractor
                return
            self._say("game.no_double", seat=p)
            self.dqueue.pop(0)
            if self.dqueue:
                self.turn = self.dqueue[0]
                return
        elif action.kind == REDOUBLE:
            self.mult = 4
            self._say("game.redouble", seat=p)
        else:
            self._say("game.no_redouble", seat=p)
        self._after_doubling()

    def _after_doubling(self) -> None:
        if self.partner_card >= 0:
            # D-5S-7: with partner_by_card the doubling came after the call: play starts.
            self._start_play(self.contractor)
            return
        if self.n == 4 and self.contract_id == MISERE_ID:
            # R-5S-16 / D-5S-2: the misère player's partner sits out.
            self.sitting_out = self.partner
        self._take_kitty()
