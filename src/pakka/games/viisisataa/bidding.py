"""The bidding (R-5S-8..12): who bids when, which bids are legal, the contractor.

The bids are legal as :meth:`_Bidding.verify_bid` and :meth:`_Bidding.verify_pass`
say; ``legal_actions`` lists the same bids from a ladder cached by the highest bid
(``tests/games/viisisataa/test_legality.py`` proves that both agree).
"""

from __future__ import annotations

from typing import Any, Final

from pakka.core.errors import IllegalAction
from pakka.games.viisisataa.actions import (
    ACTIONS,
    BID,
    BID_BASE,
    BID_SUIT_TO_CARD_SUIT,
    BIDS,
    MISERE,
    MISERE_ID,
    MISERE_VALUE,
    NO_TRUMP,
    PASS,
    PASS_ID,
    Move,
    bid_value,
)
from pakka.games.viisisataa.base import (
    _BID_LOG,
    _CONTRACT_LOG,
    _PASS_LOG,
    NO,
    Refusal,
    _Base,
    _bid_value_of,
)
from pakka.games.viisisataa.display import bid_message
from pakka.games.viisisataa.rules import BIDDING, DOUBLING, PARTNERING, REDOUBLING

# Every bid in rising value order (misère at 250 between 8S and 8C: R-5S-11).
_LADDER: Final = sorted(
    [(bid_value(b), BIDS[b]) for b in range(25)] + [(MISERE_VALUE, ACTIONS[MISERE_ID])],
    key=lambda vb: vb[0],
)
_BID_CACHE: dict[tuple[int, bool], list[Move]] = {}


class _Bidding(_Base):
    """The bidding section of :class:`~pakka.games.viisisataa.state.ViisisataaState`."""

    __slots__ = ()

    # -- legality -----------------------------------------------------------------------
    def verify_bid(self, action: Move, explain: bool = True) -> None:
        """Raise the refusal of a bid (a suit bid or misère) that is not legal now:
        R-5S-9 a bid must be worth more than the highest so far (six tricks at least,
        R-5S-8); R-5S-11 misère only with the option."""
        if (action.kind != BID and action.kind != MISERE) or self.phase != BIDDING:
            raise self._not_allowed(action, explain)
        if action.kind == MISERE and not self.game.misere:
            raise Refusal("error.misere_off") if explain else NO
        if not self._outbids(_bid_value_of(action.id)):
            raise self._too_low(action) if explain else NO

    def can_bid(self, action: Move) -> bool:
        """Whether the bid ``action`` is legal now (:meth:`verify_bid` accepts it)."""
        try:
            self.verify_bid(action, False)
        except IllegalAction:
            return False
        return True

    def verify_pass(self, action: Move, explain: bool = True) -> None:
        """Raise the refusal of a pass that is not legal now: a pass is a bid (R-5S-9)
        and the answer "no double" / "no redouble" (V5, D-5S-7), nothing else."""
        if action.kind != PASS or (
            self.phase != BIDDING and self.phase != DOUBLING and self.phase != REDOUBLING
        ):
            raise self._not_allowed(action, explain)

    def can_pass(self, action: Move) -> bool:
        """Whether ``action`` is a pass that is legal now (:meth:`verify_pass`)."""
        try:
            self.verify_pass(action, False)
        except IllegalAction:
            return False
        return True

    def _outbids(self, value: int) -> bool:
        """R-5S-9: whether a bid of ``value`` points beats the highest bid so far."""
        return value > self.high

    def _bid_actions(self) -> list[Move]:
        """The legal actions of the bidding: pass and every bid that :meth:`verify_bid`
        accepts, in rising value (cached by the highest bid and the misère option)."""
        key = (self.high, self.game.misere)
        cached = _BID_CACHE.get(key)
        if cached is None:
            cached = [ACTIONS[PASS_ID]] + [
                act
                for value, act in _LADDER
                if self._outbids(value) and (self.game.misere or act.id != MISERE_ID)
            ]
            _BID_CACHE[key] = cached
        return list(cached)

    def _too_low(self, action: Move) -> Refusal:
        """R-5S-9: a bid must be higher in value than the highest so far: say which."""
        higher = [a for a in self._bid_actions() if a.id != PASS_ID]
        fields: dict[str, Any] = {
            "bid": bid_message(ACTIONS[action.id]),
            "high": bid_message(ACTIONS[self.high_id]),
            "high_value": self.high,
        }
        if not higher:
            return Refusal("error.bid_too_low_top", **fields)
        return Refusal("error.bid_too_low", next=bid_message(higher[0]), **fields)

    # -- the auction ---------------------------------------------------------------------
    def _bid(self, action: Move) -> None:
        p = self.turn
        assert p is not None
        n = self.n
        self.bids.append((p, action.id))
        if action.id == PASS_ID:
            self.passed |= 1 << p
            self._log.append(_PASS_LOG[p][0])
        else:
            self.high = _bid_value_of(action.id)
            self.high_id = action.id
            self.high_seat = p
            self._log.append(_BID_LOG[p][action.id - BID_BASE])
        self.bid_count += 1
        all_mask = (1 << n) - 1
        if self.game.australian:
            # R-5S-9 option: round and round until all but one have passed; a pass is final.
            if self.passed == all_mask or (
                self.high_seat >= 0 and self.passed == all_mask & ~(1 << self.high_seat)
            ):
                self._end_bidding()
                return
            q = (p + 1) % n
            while self.passed >> q & 1:
                q = (q + 1) % n
            self.turn = q
        else:
            # R-5S-9: each player bids exactly once, from the eldest to the dealer.
            if self.bid_count == n:
                self._end_bidding()
                return
            self.turn = (p + 1) % n

    def _end_bidding(self) -> None:
        n = self.n
        if self.high_seat < 0:
            if self.game.all_pass_grand:
                # R-5S-12 option / R-5S-21: a grand with no contractor, the dealer leads.
                self.no_contract = True
                self.tc = NO_TRUMP
                self._say("game.all_pass_grand")
                self._start_play(self.dealer)
                return
            # R-5S-12: thrown in; nobody scores; the next dealer deals.
            self._say("game.all_pass")
            self._score_hand()
            return
        c = self.high_seat
        self.contractor = c
        self.contract_id = self.high_id
        if self.high_id == MISERE_ID:
            self.tc = NO_TRUMP  # R-5S-4 / R-5S-16: misère has no trump but the joker
        else:
            # R-5S-4: a grand (NT) bid has no trump suit, only the joker is trump.
            self.tc = BID_SUIT_TO_CARD_SUIT[(self.high_id - BID_BASE) % 5]
        self._log.append(_CONTRACT_LOG[c][self.high_id - BID_BASE])
        if n == 4:  # R-5S-24: partners sit opposite (seats 0&2, 1&3)
            self.partner = (c + 2) % 4
            self.partner_known = True
        if n == 5 and self.high_id != MISERE_ID:
            if not self.game.partner_by_card:
                # R-5S-25 / D-5S-7: the partner by seat is chosen right after the bidding,
                # before any doubling, so that nobody doubles a contract they then share.
                self.phase = PARTNERING
                self.turn = c
                return
            # D-5S-7: with partner_by_card the card is called after the discards and
            # the doubling follows the call.
            self._take_kitty()
            return
        self._doubling_or_kitty()
