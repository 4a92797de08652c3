"""The kitty exchange (R-5S-13, V1): the contractor takes the kitty, then discards as
many cards face down, one at a time."""

from __future__ import annotations

from pakka.core.errors import IllegalAction
from pakka.games.viisisataa.actions import DISCARD, MISERE_ID, Move
from pakka.games.viisisataa.base import (
    _DISCARD_LOG,
    _DISCARDED_LOG,
    _KITTY_TAKEN_LOG,
    _Base,
    _cards_text,
)
from pakka.games.viisisataa.rules import CALLING, DISCARDING


class _Kitty(_Base):
    """The kitty section of :class:`~pakka.games.viisisataa.state.ViisisataaState`."""

    __slots__ = ()

    def verify_discard(self, action: Move, explain: bool = True) -> None:
        """Raise the refusal of a discard that is not legal now: only in the exchange,
        only a card of the contractor's hand (R-5S-13)."""
        if (
            action.kind != DISCARD
            or self.phase != DISCARDING
            or not self.hands[self.contractor] >> action.arg & 1
        ):
            raise self._not_allowed(action, explain)

    def can_discard(self, action: Move) -> bool:
        """Whether the discard ``action`` is legal now (:meth:`verify_discard`)."""
        try:
            self.verify_discard(action, False)
        except IllegalAction:
            return False
        return True

    def _take_kitty(self) -> None:
        """R-5S-13: the contractor takes the kitty into hand, then discards as many."""
        c = self.contractor
        self.kitty_taken = self.kitty
        self.hands[c] |= self.kitty
        self.kitty = 0
        self._say("game.kitty", to=c, cards=_cards_text(self.kitty_taken))
        self._log.append(_KITTY_TAKEN_LOG[c][0])
        self.phase = DISCARDING
        self.turn = c

    def _discard(self, card: int) -> None:
        c = self.contractor
        self.hidden_discards.append((len(self._actions), c))
        bit = 1 << card
        self.hands[c] &= ~bit
        self.discards |= bit
        self.discard_order.append(card)
        self._log.append(_DISCARD_LOG[c][card])
        if len(self.discard_order) < self.game.kitty_size:
            return
        self._log.append(_DISCARDED_LOG[c][len(self.discard_order)])
        if self.n == 5 and self.game.partner_by_card and self.contract_id != MISERE_ID:
            self.phase = CALLING
            return
        self._start_play(c)
