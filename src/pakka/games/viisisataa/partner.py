"""The partner (R-5S-24, R-5S-25, D-5S-4, D-5S-7): fixed opposite with 4 players;
with 5 the contractor chooses one by seat right after the bidding, or (option
``partner_by_card``) names a card after the discards whose holder is the secret
partner."""

from __future__ import annotations

from pakka.core.cards import CARDS
from pakka.core.errors import IllegalAction
from pakka.games.viisisataa.actions import CALL, PARTNER, Move
from pakka.games.viisisataa.base import _Base
from pakka.games.viisisataa.rules import CALLING, PARTNERING


class _Partner(_Base):
    """The partner section of :class:`~pakka.games.viisisataa.state.ViisisataaState`."""

    __slots__ = ()

    def verify_partner(self, action: Move, explain: bool = True) -> None:
        """Raise the refusal of a partner choice that is not legal now: R-5S-25, the
        contractor chooses any other player, once, right after the bidding."""
        if (
            action.kind != PARTNER
            or self.phase != PARTNERING
            or action.arg >= self.n
            or action.arg == self.contractor
        ):
            raise self._not_allowed(action, explain)

    def can_partner(self, action: Move) -> bool:
        """Whether the partner choice ``action`` is legal now (:meth:`verify_partner`)."""
        try:
            self.verify_partner(action, False)
        except IllegalAction:
            return False
        return True

    def verify_call(self, action: Move, explain: bool = True) -> None:
        """Raise the refusal of a called card that is not legal now: R-5S-25 variant,
        after the discards, a card neither in the contractor's hand nor discarded."""
        if (
            action.kind != CALL
            or self.phase != CALLING
            or not self._callable_mask() >> action.arg & 1
        ):
            raise self._not_allowed(action, explain)

    def can_call(self, action: Move) -> bool:
        """Whether the called card ``action`` is legal now (:meth:`verify_call`)."""
        try:
            self.verify_call(action, False)
        except IllegalAction:
            return False
        return True

    def _callable_mask(self) -> int:
        """Cards the contractor may name (neither in hand nor discarded: R-5S-25 variant)."""
        c = self.contractor
        return self.game.deck_mask & ~self.hands[c] & ~self.discards

    def _choose_partner(self, seat: int) -> None:
        """R-5S-25: the partner by seat, known to all."""
        self.partner = seat
        self.partner_known = True
        self._say("game.partner", seat=self.contractor, partner=seat)
        self._doubling_or_kitty()  # D-5S-7: the doubling follows the partner choice

    def _call(self, card: int) -> None:
        """R-5S-25 variant: the holder of the named card is the secret partner."""
        self.partner_card = card
        for s in range(self.n):
            if self.hands[s] >> card & 1:
                self.partner = s
        self._say("game.call", seat=self.contractor, card=str(CARDS[card]))
        self._say("game.you_are_partner", to=self.partner, card=str(CARDS[card]))
        self._doubling_or_kitty()  # D-5S-7: the doubling follows the call, then play
