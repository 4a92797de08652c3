"""Action notation (R-5S-10): bids as points or as tricks and suit, in English or
Finnish words, cards, the joker lead with its suit; :meth:`_Notation.parse_action`."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from pakka.core.cards import CARDS, parse_card
from pakka.core.errors import IllegalAction, NotationError
from pakka.games.viisisataa.actions import (
    ACTIONS,
    BID_BASE,
    BIDS,
    CALLS,
    DISCARDS,
    DOUBLE_ID,
    JOKER_LEADS,
    MISERE_ID,
    MISERE_VALUE,
    PARTNER_BASE,
    PASS_ID,
    PLAYS,
    REDOUBLE_ID,
    Move,
    bid_value,
)
from pakka.games.viisisataa.base import Refusal, _Base
from pakka.games.viisisataa.rules import BIDDING, CALLING, DISCARDING

_BID_SUIT_WORDS: Final = {
    "s": 0, "spade": 0, "spades": 0, "pata": 0, "♠": 0,
    "c": 1, "club": 1, "clubs": 1, "risti": 1, "♣": 1,
    "d": 2, "diamond": 2, "diamonds": 2, "ruutu": 2, "♦": 2,
    "h": 3, "heart": 3, "hearts": 3, "hertta": 3, "♥": 3,
    "nt": 4, "g": 4, "grand": 4, "grandi": 4, "notrump": 4, "notrumps": 4,
    "no trump": 4, "no trumps": 4, "no-trump": 4, "no-trumps": 4,
}  # fmt: skip
_BID_RE: Final = re.compile(r"^(\d{1,2})\s*(?:tricks?\s+)?(.+)$")
_VALUE_TO_BID: Final = {bid_value(b): BID_BASE + b for b in range(25)}
"""R-5S-10: a bid stated as points ("240") -> the id of the same bid ("8S")."""


class _Bad:
    """Builds the 'not an action' error only when it is raised (it lists the legal actions)."""

    __slots__ = ("state", "text")

    def __init__(self, text: str, state: _Base) -> None:
        self.text = text
        self.state = state

    def error(self) -> IllegalAction:
        return Refusal("error.not_action", text=self.text, allowed=self.state._allowed())


class _Notation(_Base):
    """The notation section of :class:`~pakka.games.viisisataa.state.ViisisataaState`."""

    __slots__ = ()

    if TYPE_CHECKING:

        def verify(self, action: Move) -> None: ...

    def parse_action(self, text: str) -> Move:
        """Parse action notation in this position; raises :class:`IllegalAction`."""
        if not isinstance(text, str):
            raise IllegalAction(f"{text!r} is not action text")
        if self.turn is None:
            raise Refusal("error.over")
        t = " ".join(text.strip().lower().split())
        if not t:
            raise Refusal("error.empty", allowed=self._allowed())
        act = self._parse(t, " ".join(text.split()))
        self.verify(act)
        return act

    def _parse(self, t: str, typed: str) -> Move:
        """``t`` is the typed text lower-cased with its spaces collapsed; ``typed`` is
        it as the player typed it, for a refusal to quote back (never rewritten as
        notation: "5 spades" is quoted as typed, not as "5S")."""
        bad = _Bad(t, self)
        if t in ("pass", "p", "-", "passi", "passaan", "ohi", "no double", "no redouble"):
            return ACTIONS[PASS_ID]
        if t in ("double", "x", "kahdennus", "kahdennan"):
            return ACTIONS[DOUBLE_ID]
        if t in ("redouble", "xx", "vastakahdennus"):
            return ACTIONS[REDOUBLE_ID]
        if t in ("mis", "misere", "misère", "misääri", "nolo"):
            return ACTIONS[MISERE_ID]
        if t == "discard ??":
            raise bad.error()
        head, _, tail = t.partition(" ")
        if head == "partner" and tail:
            if tail.isdigit() and len(tail) < 3 and int(tail) < 5:
                return ACTIONS[PARTNER_BASE + int(tail)]
            raise bad.error()
        if head in ("call", "kutsu") and tail:
            return CALLS[self._card(tail, bad)]
        if head in ("discard", "d", "kaada") and tail:
            return DISCARDS[self._card(tail, bad)]
        if head == "bid" and tail:
            t = tail
        if t.isdigit() and self.phase == BIDDING:
            # R-5S-10: a bid may be stated as points ("240") or as tricks and suit.
            if len(t) > 4:
                raise bad.error()
            v = int(t)
            if v == MISERE_VALUE:
                return ACTIONS[MISERE_ID]
            if v in _VALUE_TO_BID:
                return ACTIONS[_VALUE_TO_BID[v]]
            raise Refusal("error.bid_value", value=t)
        mb = _BID_RE.match(t) if self.phase == BIDDING or head == "bid" else None
        if mb and mb.group(2).strip() in _BID_SUIT_WORDS:
            tricks, bsuit = int(mb.group(1)), _BID_SUIT_WORDS[mb.group(2).strip()]
            if not 6 <= tricks <= 10:
                if self.phase != BIDDING:
                    raise bad.error()
                # R-5S-9: the minimum bid is six tricks; R-5S-8: ten is the most.
                said = typed.partition(" ")[2] if head == "bid" else typed
                raise Refusal("error.bid_minimum" if tricks < 6 else "error.bid_maximum", bid=said)
            return BIDS[(tricks - 6) * 5 + bsuit]
        if t.startswith("jk") and len(t) > 2 and t[2] in ": ":
            s = t[3:].strip().upper()
            suit = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3}.get(s)
            if suit is None:
                raise Refusal("error.joker_suit")
            return JOKER_LEADS[suit]
        c = self._card(t, bad)
        if self.phase == DISCARDING:
            return DISCARDS[c]
        if self.phase == CALLING:
            return CALLS[c]
        return PLAYS[c]

    def _card(self, t: str, bad: _Bad) -> int:
        try:
            c = parse_card(t).index
        except NotationError:
            raise bad.error() from None
        if not self.game.deck_mask >> c & 1:
            raise Refusal("error.not_in_deck", card=str(CARDS[c]), n=self.n)
        return c
