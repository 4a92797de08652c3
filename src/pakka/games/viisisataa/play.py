"""The card play (R-5S-2, R-5S-3, R-5S-4, R-5S-14..16, D-5S-1): following suit, the
joker led in no trump, who wins a trick.

Card order lives in the tables of :mod:`pakka.games.viisisataa.actions` (``EFFECTIVE``,
``SUIT_MASK``, ``POWER``): R-5S-2 the trump order with both bowers, R-5S-3 the plain
suits A K Q J 10 …, R-5S-4 / R-5S-15 no trump but the joker in grand and misère.
"""

from __future__ import annotations

from pakka.core.cards import CARDS, JOKER_INDEX, SUITS
from pakka.core.errors import IllegalAction
from pakka.games.viisisataa.actions import (
    EFFECTIVE,
    JOKER_BIT,
    JOKER_LEAD,
    JOKER_LEADS,
    NO_TRUMP,
    PLAY,
    POWER,
    SUIT_MASK,
    Move,
)
from pakka.games.viisisataa.base import (
    _BIT,
    _CARD_TEXT,
    _NEXT_SEAT,
    _PLAY_LOG,
    _TRICK_LOG,
    NO,
    Refusal,
    _Base,
    _cards_text,
)
from pakka.games.viisisataa.rules import PLAYING


class _Play(_Base):
    """The play section of :class:`~pakka.games.viisisataa.state.ViisisataaState`."""

    __slots__ = ()

    # -- legality -----------------------------------------------------------------------
    def verify_play(self, action: Move, explain: bool = True) -> None:
        """Raise the refusal of a card play that is not legal now: a card of the hand,
        following the suit led if possible (R-5S-14; the left bower belongs to trumps,
        R-5S-2); in no trump the joker only when void (D-5S-1), and led only with a
        declared suit (:meth:`verify_joker_lead`, R-5S-15)."""
        if action.kind != PLAY or self.phase != PLAYING:
            raise self._not_allowed(action, explain)
        c = action.arg
        h = self.hands[self.turn]  # type: ignore[index]
        allowed = h & self.follow or h  # R-5S-14: follow suit if you can
        if not allowed >> c & 1:
            raise self._play_reason(c, allowed) if explain else NO
        if c == JOKER_INDEX and self.lead_joker and not self.trick:
            # R-5S-15: the joker led in no trump is led declaring a suit (JOKER_LEAD).
            if not explain:
                raise NO
            suits = ", ".join(str(JOKER_LEADS[s]) for s in self._joker_lead_suits())
            raise Refusal("error.joker_lead", suits=suits)

    def can_play(self, action: Move) -> bool:
        """Whether the card play ``action`` is legal now (:meth:`verify_play`)."""
        try:
            self.verify_play(action, False)
        except IllegalAction:
            return False
        return True

    def verify_joker_lead(self, action: Move, explain: bool = True) -> None:
        """Raise the refusal of a joker lead that is not legal now: R-5S-15, in no trump
        (grand, misère, the grand without contract) the joker is led declaring a suit
        (with ``joker_suit_unled_only`` one not led yet this hand)."""
        if (
            action.kind != JOKER_LEAD
            or self.phase != PLAYING
            or self.trick
            or not self.hands[self.turn] & self.lead_joker  # type: ignore[index]
            or action.arg not in self._joker_lead_suits()
        ):
            raise self._not_allowed(action, explain)

    def can_joker_lead(self, action: Move) -> bool:
        """Whether the joker lead ``action`` is legal now (:meth:`verify_joker_lead`)."""
        try:
            self.verify_joker_lead(action, False)
        except IllegalAction:
            return False
        return True

    def _joker_lead_suits(self) -> list[int]:
        """Suits the joker may be declared as when led with no trump (R-5S-15)."""
        if self.game.joker_unled_only:
            free = [s for s in range(4) if not self.led_suits >> s & 1]
            if free:
                return free
        return [0, 1, 2, 3]

    @property
    def played(self) -> int:
        """The cards played so far in this hand: every card of the deal is in exactly one
        of the hands, the kitty, the discards, the dead hand, the cards set aside, or
        played."""
        held = self.kitty | self.discards | self.dead | self.aside
        for h in self.hands:
            held |= h
        return self.game.deck_mask & ~held

    def _play_reason(self, c: int, allowed: int) -> Refusal:
        """Why card ``c`` may not be played when the cards ``allowed`` may."""
        p = self.turn
        assert p is not None
        if not self.hands[p] >> c & 1:
            hand = _cards_text(self.hands[p]).split()
            return Refusal("error.not_held", card=str(CARDS[c]), hand=hand)
        led = {"key": f"vs.suit.{SUITS[self.led]}" if self.led < 4 else "vs.suit.led", "args": {}}
        legal = _cards_text(allowed).split()
        if c == JOKER_INDEX and self.tc == NO_TRUMP:
            return Refusal("error.joker_no_suit", led=led, legal=legal)
        return Refusal("error.follow", led=led, legal=legal)

    # -- the play ------------------------------------------------------------------------
    def _start_play(self, leader: int) -> None:
        n = self.n
        out = self.sitting_out
        if out >= 0:
            nxt = list(_NEXT_SEAT[n])
            nxt[(out - 1) % n] = (out + 1) % n
            self.nxt = tuple(nxt)
            self.nactive = n - 1
        if self.tc == NO_TRUMP:
            self.lead_joker = JOKER_BIT  # R-5S-15: a led joker then needs a declared suit
        self.phase = PLAYING
        self.leader = leader
        self.turn = leader

    def _play(self, c: int, declared: int) -> None:
        """Play card ``c``; ``declared`` is the suit named for a joker led in no trump, or -1."""
        # Hot path: written for speed (one trick card per call).
        p: int = self.turn  # type: ignore[assignment]
        self.offered = 0  # the next position's plays are offered anew
        bit = _BIT[c]
        self.hands[p] ^= bit
        self.seat_played[p] |= bit
        trick = self.trick
        if trick:
            if not bit & self.follow:
                self.voids[p] |= 1 << self.led  # showed out of the suit led
            self._log.append(_PLAY_LOG[p][c])
        else:
            tc = self.tc
            led = declared if declared >= 0 else EFFECTIVE[tc][c]
            self.led = led
            self.follow = SUIT_MASK[tc][led]
            if led < 4:
                self.led_suits |= 1 << led
            if declared >= 0:
                self._say("game.joker_lead", seat=p, suit=SUITS[led])
            else:
                self._log.append(_PLAY_LOG[p][c])
        if c == self.partner_card and not self.partner_known:
            self.partner_known = True
            text = _CARD_TEXT[c] if declared < 0 else JOKER_LEADS[declared].text
            self._say("game.partner_revealed", seat=p, card=text)
        trick.append(c)
        seats = self.trick_seats
        seats.append(p)
        if len(trick) < self.nactive:
            self.turn = self.nxt[p]
            return
        # R-5S-14: the highest trump wins, else the highest card of the suit led. Every
        # card that can win has its own strength, and the card led can always win.
        power = POWER[self.tc][self.led]
        w = seats[trick.index(max(trick, key=power.__getitem__))]
        self.tricks[w] += 1
        tw = self.trick_winners
        tw.append(w)
        self.last_trick = (self.leader, trick, seats)
        self._log.append(_TRICK_LOG[w][len(tw)])
        self.trick = []
        self.trick_seats = []
        self.led = -1
        self.follow = 0
        self.leader = w
        self.turn = w
        if len(tw) == 10:
            self._score_hand()
