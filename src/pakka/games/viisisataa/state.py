"""The Viisisataa position: a whole match to 500, hand after hand.

One hand runs through the phases of D-5S-7: deal -> bidding -> (5 players, a
partner by seat) partner choice -> (V5) doubling -> kitty exchange -> (5 players,
``partner_by_card``) the call of the partner card -> (V5) doubling -> play ->
scoring: the partner is always fixed before any doubling. Hands are
bitmasks over card indices; trick strength and suit membership come from the
tables in :mod:`pakka.games.viisisataa.actions`.
"""

from __future__ import annotations

import math
import operator
import random
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Final

from pakka.core.cards import CARDS, JOKER_INDEX, SUITS, parse_card
from pakka.core.errors import IllegalAction, NotationError
from pakka.core.game import State
from pakka.core.log import LogEntry
from pakka.games.viisisataa.actions import (
    ACTIONS,
    BID,
    BID_BASE,
    BID_SUIT_LETTERS,
    BID_SUIT_TO_CARD_SUIT,
    BIDS,
    CALL,
    CALLS,
    DISCARD,
    DISCARD_TABLE,
    DISCARDS,
    DOUBLE,
    DOUBLE_ID,
    EFFECTIVE,
    HIDDEN_ID,
    JOKER_BIT,
    JOKER_LEAD,
    JOKER_LEADS,
    MISERE,
    MISERE_ID,
    MISERE_VALUE,
    NO_TRUMP,
    PARTNER,
    PARTNER_BASE,
    PASS,
    PASS_ID,
    PLAY,
    PLAY_TABLE,
    PLAYS,
    POWER,
    REDOUBLE,
    REDOUBLE_ID,
    SUIT_MASK,
    Move,
    bid_tricks,
    bid_value,
    cards_of,
    mask_actions,
)
from pakka.games.viisisataa.messages import MESSAGES

if TYPE_CHECKING:
    from pakka.games.viisisataa.game import Viisisataa

# Phases of a hand (D-5S-7).
BIDDING: Final = 0
DOUBLING: Final = 1
REDOUBLING: Final = 2
PARTNERING: Final = 3
DISCARDING: Final = 4
CALLING: Final = 5
PLAYING: Final = 6
OVER: Final = 7
HORIZON: Final = 8
PHASE_NAMES: Final = (
    "bidding",
    "doubling",
    "redoubling",
    "partner",
    "discard",
    "call",
    "play",
    "over",
    "over",
)

TARGET: Final = 500
UTILITY_SCALE: Final = 80.0
"""Points that move a hand's search utility from 0.5 to about 0.73 (see hand_utility)."""

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

# Every bid in rising value order (misère at 250 between 8S and 8C: R-5S-11).
_LADDER: Final = sorted(
    [(bid_value(b), BIDS[b]) for b in range(25)] + [(MISERE_VALUE, ACTIONS[MISERE_ID])],
    key=lambda vb: vb[0],
)


_BID_CACHE: dict[tuple[int, bool], list[Move]] = {}


def _bid_value_of(action_id: int) -> int:
    return MISERE_VALUE if action_id == MISERE_ID else bid_value(action_id - BID_BASE)


def _popcount(m: int) -> int:
    return m.bit_count()


_FIELDS: Final = (
    # the match
    "n", "segments", "points", "sheet", "winners_", "hand_no", "dealer", "horizon",
    "is_terminal", "hidden_discards", "quiet",
    # the deal and the kitty
    "hands", "dead", "kitty", "aside", "kitty_taken", "discards", "discard_order",
    # bidding, doubling and the contract
    "phase", "turn", "bids", "high", "high_id", "high_seat", "passed", "bid_count",
    "contractor", "contract_id", "no_contract", "tc", "mult", "doublings", "dqueue",
    "partner", "partner_card", "partner_known", "sitting_out",
    # the card play
    "nxt", "nactive", "leader", "trick", "trick_seats", "led", "follow", "lead_joker",
    "led_suits", "last_trick", "tricks", "trick_winners", "voids", "seat_played",
)  # fmt: skip
"""Every field of a :class:`ViisisataaState` (its ``__slots__``: attribute access on a
slot is much faster than on an instance dict, and a playout does little else)."""
_get_fields: Final = operator.attrgetter(*_FIELDS)


class ViisisataaState(State[Move]):
    """A match of Viisisataa in progress (see the module docstring)."""

    public_history: ClassVar[bool] = False  # the contractor's discards are hidden

    __slots__ = _FIELDS

    game: Viisisataa
    is_terminal: bool
    """Whether the match is over: kept up to date with ``turn`` (read on every step of a
    playout, so a plain attribute rather than the base's property)."""

    def __init__(
        self, game: Viisisataa, seed: int, segments: list[list[int]], deck_text: list[str] | None
    ) -> None:
        self._init_base(game, seed, deck_text)
        self.segments = segments
        n = game.num_players
        self.n = n
        self.points = [0] * n
        self.sheet: list[dict[str, Any]] = []
        self.winners_: list[int] = []
        self.hand_no = 0
        self.dealer = game.int_option("first_dealer") % n
        self.horizon = 0
        """0, or the last hand to play before stopping at a search horizon (set_horizon)."""
        self.quiet = False
        """Whether the state records no log and no history (silence)."""
        self.is_terminal = False
        self.hidden_discards: list[tuple[int, int]] = []
        self._start_hand()

    # -- the deal (R-5S-6, D-5S-5) ----------------------------------------------------
    def _start_hand(self) -> None:
        g = self.game
        n = self.n
        self.hand_no += 1
        if self.hand_no <= len(self.segments) and self.segments[self.hand_no - 1]:
            seg = self.segments[self.hand_no - 1]
            top = set(seg)
            rest = [c for c in g.deck_indices if c not in top]
            self.rng.shuffle(rest)
            bits = [1 << c for c in seg + rest]
        else:
            # The shuffle's swaps depend only on the deck size, so shuffling the cards'
            # bits deals exactly as shuffling the cards would.
            bits = list(g.deck_bits)
            self.rng.shuffle(bits)
        # Receivers from the dealer's left, the dealer last; with 2 players the
        # dead hand sits at the dealer's left and is dealt first (R-5S-6, D-5S-5).
        # g.deal_takers[k] reads the cards of the k-th receiver from the dealt deck;
        # the last one reads the kitty, and the cards left over are set aside.
        masks: list[int] = [sum(take(bits)) for take in g.deal_takers]
        first = 1 if n == 2 else 0
        d1 = self.dealer + 1
        # seat s is receiver (s - dealer - 1) mod n
        self.hands = [masks[first + (s - d1) % n] for s in range(n)]
        self.dead = masks[0] if n == 2 else 0
        kitty = masks[-1]
        aside = g.deck_mask ^ sum(masks)
        self.aside = aside
        self.kitty = kitty
        self.kitty_taken = 0
        self.discards = 0
        self.discard_order: list[int] = []
        self.phase = BIDDING
        self.turn: int | None = (self.dealer + 1) % n
        self.bids: list[tuple[int, int]] = []
        self.high = 0
        self.high_id = -1
        self.high_seat = -1
        self.passed = 0
        self.bid_count = 0
        self.contractor = -1
        self.contract_id = -1
        self.no_contract = False
        self.tc = NO_TRUMP
        self.mult = 1
        self.doublings: list[tuple[int, int]] = []
        self.dqueue: list[int] = []
        self.partner = -1
        self.partner_card = -1
        self.partner_known = False
        self.sitting_out = -1
        self.nxt = _NEXT_SEAT[n]
        self.nactive = n
        self.leader = -1
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.led = -1
        self.follow = 0
        self.lead_joker = 0
        self.led_suits = 0
        self.last_trick: tuple[int, list[int], list[int]] | None = None
        self.tricks = [0] * n
        self.trick_winners: list[int] = []
        self.voids = [0] * n
        self.seat_played = [0] * n
        self._say("game.deal", hand=self.hand_no, dealer=self.dealer)
        for s in range(n):
            self._say("game.your_hand", to=s, cards=_cards_text(self.hands[s]))

    # -- hooks for search (bots) ----------------------------------------------------------
    def silence(self) -> None:
        """Record neither log entries nor the history any more, in this state, its clones
        and the states sampled from it (``sample_consistent``): for a bot's search over
        sampled states, which nobody views and which would otherwise spend much of their
        time writing and copying both. Nothing else changes: play and scoring are the
        same (views of a silenced state show an empty log and ``moves`` 0)."""
        self.quiet = True
        self._log = _FORGET
        self._actions = _FORGET

    def set_horizon(self, hands: int = 1) -> None:
        """Stop the match after ``hands`` more scored hands, the current one included
        (a search horizon): the state then ends in phase ``HORIZON``, not terminal for
        the match, and :meth:`returns` is :meth:`hand_utility`; 0 removes the horizon."""
        self.horizon = self.hand_no + hands - 1 if hands > 0 else 0

    def _say(self, key: str, to: int | None = None, **args: Any) -> None:
        """Append a log entry (as the base does, without the named tuple's extra call)."""
        self._log.append(_entry(LogEntry, (key, args, to)))

    # -- whose turn ---------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the match is over."""
        return self.turn

    @property
    def view_phase(self) -> str:
        """The phase as views name it (a :class:`~pakka.games.viisisataa.game.Phase` value)."""
        return PHASE_NAMES[self.phase]

    # -- legal actions ------------------------------------------------------------------
    def _play_mask(self, p: int) -> int:
        """Cards ``p`` may play now (R-5S-14, D-5S-1)."""
        h = self.hands[p]
        return h & self.follow or h

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

    def _joker_may_be_played(self) -> bool:
        """Whether the joker may be played as a plain card now: not when it is led in
        no trump, where it is led declaring a suit instead (R-5S-15, D-5S-1)."""
        return bool(self.trick) or not self.lead_joker

    def legal_actions(self) -> list[Move]:
        """Every legal action of the seat to act, in id order within each kind."""
        ph = self.phase
        if ph == PLAYING:
            h = self.hands[self.turn]  # type: ignore[index]
            m = h & self.follow  # R-5S-14: follow suit if you can
            if m:
                h = m
            elif h & self.lead_joker and not self.trick:
                # R-5S-15: the joker led in no trump is led declaring a suit.
                acts = mask_actions(h & ~JOKER_BIT, PLAY_TABLE, PLAYS[JOKER_INDEX])
                acts.extend(JOKER_LEADS[s] for s in self._joker_lead_suits())
                return acts
            # mask_actions inlined (the hottest call of a playout)
            out = [
                *_P0[h & 0x1FFF],
                *_P1[(h >> 13) & 0x1FFF],
                *_P2[(h >> 26) & 0x1FFF],
                *_P3[(h >> 39) & 0x1FFF],
            ]
            if h & JOKER_BIT:
                out.append(_PJ)
            return out
        if ph == BIDDING:
            return self._bid_actions()
        if ph == DISCARDING:
            return mask_actions(self.hands[self.contractor], DISCARD_TABLE, DISCARDS[JOKER_INDEX])
        if ph == DOUBLING:
            if self.turn == self.partner:
                # D-5S-7: the secret holder of the called card is asked like the other
                # opponents but may only pass (a partner by seat is never asked).
                return [ACTIONS[PASS_ID]]
            return [ACTIONS[PASS_ID], ACTIONS[DOUBLE_ID]]
        if ph == REDOUBLING:
            return [ACTIONS[PASS_ID], ACTIONS[REDOUBLE_ID]]
        if ph == PARTNERING:
            return [ACTIONS[PARTNER_BASE + s] for s in range(self.n) if s != self.contractor]
        if ph == CALLING:
            return mask_actions(self._callable_mask(), _CALL_TABLE, CALLS[JOKER_INDEX])
        return []

    def _bid_actions(self) -> list[Move]:
        key = (self.high, self.game.misere)
        cached = _BID_CACHE.get(key)
        if cached is None:
            cached = [ACTIONS[PASS_ID]] + [
                act
                for value, act in _LADDER
                if value > self.high and (self.game.misere or act.id != MISERE_ID)
            ]
            _BID_CACHE[key] = cached
        return list(cached)

    def _callable_mask(self) -> int:
        """Cards the contractor may name (neither in hand nor discarded: R-5S-25 variant)."""
        c = self.contractor
        return self.game.deck_mask & ~self.hands[c] & ~self.discards

    # -- checking -----------------------------------------------------------------------
    def verify(self, action: Move) -> None:
        """Raise :class:`IllegalAction` with the reason if ``action`` is not legal now."""
        if self.turn is None:
            raise IllegalAction("the game is over")
        if (
            not isinstance(action, Move)
            or not (0 <= action.id < len(ACTIONS))
            or (ACTIONS[action.id] is not action and ACTIONS[action.id] != action)
        ):
            raise IllegalAction(f"{action!r} is not a Viisisataa action")
        ph = self.phase
        k = action.kind
        if ph == PLAYING and k == PLAY:
            if self._play_mask(self.turn) >> action.arg & 1:
                if action.arg == JOKER_INDEX and not self._joker_may_be_played():
                    raise IllegalAction(
                        "leading the joker with no trump needs a suit: "
                        + ", ".join(str(JOKER_LEADS[s]) for s in self._joker_lead_suits())
                    )
                return
            raise IllegalAction(self._play_reason(action.arg))
        if ph == BIDDING and k in (BID, MISERE, PASS):
            # R-5S-8..11: pass, or a bid worth more than the highest so far.
            if k == PASS:
                return
            if k == MISERE and not self.game.misere:
                raise Refusal("error.misere_off")
            if _bid_value_of(action.id) > self.high:
                return
            raise self._too_low(action)
        elif ph == DISCARDING and k == DISCARD:
            if self.hands[self.contractor] >> action.arg & 1:
                return
        elif ph == DOUBLING and k == DOUBLE and self.turn == self.partner:
            raise IllegalAction(
                f"you hold the called card {CARDS[self.partner_card]} and so are the "
                "contractor's partner: you may only pass (D-5S-7)"
            )
        elif any(a.id == action.id for a in self.legal_actions()):
            return
        raise IllegalAction(f"{action} is not allowed now: {self._allowed()}")

    def _too_low(self, action: Move) -> Refusal:
        """R-5S-9: a bid must be higher in value than the highest so far: say which."""
        higher = [a for a in self._bid_actions() if a.id != PASS_ID]
        fields: dict[str, Any] = {
            "bid": _BID_TEXT[action.id],
            "value": _bid_value_of(action.id),
            "high": _BID_TEXT[self.high_id],
            "high_value": self.high,
        }
        if not higher:
            return Refusal("error.bid_too_low_top", **fields)
        nxt = higher[0]
        return Refusal(
            "error.bid_too_low", next=f"{_BID_TEXT[nxt.id]} ({_bid_value_of(nxt.id)})", **fields
        )

    def _play_reason(self, c: int) -> str:
        p = self.turn
        assert p is not None
        if not self.hands[p] >> c & 1:
            return f"{CARDS[c]} is not in your hand; you hold {_cards_text(self.hands[p])}"
        led = SUITS[self.led] if self.led < 4 else "?"
        legal = _cards_text(self._play_mask(p))
        if c == JOKER_INDEX and self.tc == NO_TRUMP:
            return (
                "the joker belongs to no suit in a no-trump hand and may be played only when "
                f"you cannot follow {led} (D-5S-1); play one of {legal}"
            )
        return f"you must follow suit {led} (R-5S-14); play one of {legal}"

    def _allowed(self) -> str:
        acts = self.legal_actions()
        names = [str(a) for a in acts]
        if len(names) > 14:
            names = [*names[:12], "…", names[-1]]
        what = PHASE_NAMES[self.phase]
        return f"{what} phase, seat {self.turn} to act; legal: " + ", ".join(names)

    def parse_action(self, text: str) -> Move:
        """Parse action notation in this position; raises :class:`IllegalAction`."""
        if not isinstance(text, str):
            raise IllegalAction(f"{text!r} is not action text")
        if self.turn is None:
            raise IllegalAction("the game is over")
        t = " ".join(text.strip().lower().split())
        if not t:
            raise IllegalAction("empty action; " + self._allowed())
        act = self._parse(t)
        self.verify(act)
        return act

    def _parse(self, t: str) -> Move:
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
                text = f"{tricks}{BID_SUIT_LETTERS[bsuit]}"
                raise Refusal("error.bid_minimum" if tricks < 6 else "error.bid_maximum", bid=text)
            return BIDS[(tricks - 6) * 5 + bsuit]
        if t.startswith("jk") and len(t) > 2 and t[2] in ": ":
            s = t[3:].strip().upper()
            suit = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3}.get(s)
            if suit is None:
                raise IllegalAction("declare the joker's suit as JK:S, JK:H, JK:D or JK:C")
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
            raise IllegalAction(f"{CARDS[c]} is not in the {self.n}-player deck")
        return c

    # -- applying -----------------------------------------------------------------------
    def apply(self, action: Move | str) -> None:
        """Apply a legal action (a :class:`Move` or notation); illegal input raises
        :class:`IllegalAction` and changes nothing. (Same as the base method, with a
        fast path for moves: Python 3.11's protocol ``isinstance`` check is slow.)"""
        if type(action) is Move:
            if action.kind == PLAY and self.phase == PLAYING:
                # Fast path of a card play (the bulk of every hand).
                c = action.arg
                h = self.hands[self.turn]  # type: ignore[index]
                if (h & self.follow or h) >> c & 1 and (
                    c != JOKER_INDEX or self._joker_may_be_played()
                ):
                    self._play(c, -1)
                    self._actions.append(action)
                    return
            elif (
                action.kind == DISCARD
                and self.phase == DISCARDING
                and self.hands[self.contractor] >> action.arg & 1
            ):
                # Fast path of the kitty exchange: any card in hand may go (R-5S-13).
                self._discard(action.arg)
                self._actions.append(action)
                return
            self.verify(action)
            if self.phase == BIDDING and action.kind != DOUBLE and action.kind != REDOUBLE:
                self._bid(action)
            elif action.kind == DISCARD:
                self._discard(action.arg)
            else:
                self._apply(action)
            self._actions.append(action)
        else:
            super().apply(action)

    def _apply(self, action: Move) -> None:
        k = action.kind
        if k == PLAY:
            self._play(action.arg, -1)
        elif k == JOKER_LEAD:
            self._play(JOKER_INDEX, action.arg)
        elif k in (BID, MISERE) or (k == PASS and self.phase == BIDDING):
            self._bid(action)
        elif k == DISCARD:
            self._discard(action.arg)
        elif k in (PASS, DOUBLE, REDOUBLE):
            self._double(action)
        elif k == PARTNER:
            self.partner = action.arg
            self.partner_known = True
            self._say("game.partner", seat=self.contractor, partner=action.arg)
            self._doubling_or_kitty()  # D-5S-7: the doubling follows the partner choice
        elif k == CALL:
            self._call(action.arg)
        else:  # pragma: no cover - verify() rejects everything else
            raise IllegalAction(f"{action} cannot be applied")

    # bidding (R-5S-8..12)
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
            self.tc = NO_TRUMP
        else:
            self.tc = BID_SUIT_TO_CARD_SUIT[(self.high_id - BID_BASE) % 5]
        self._log.append(_CONTRACT_LOG[c][self.high_id - BID_BASE])
        if n == 4:
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

    def _call(self, card: int) -> None:
        """R-5S-25 variant: the holder of the named card is the secret partner."""
        self.partner_card = card
        for s in range(self.n):
            if self.hands[s] >> card & 1:
                self.partner = s
        self._say("game.call", seat=self.contractor, card=str(CARDS[card]))
        self._say("game.you_are_partner", to=self.partner, card=str(CARDS[card]))
        self._doubling_or_kitty()  # D-5S-7: the doubling follows the call, then play

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

    # play (R-5S-14..16)
    def _play(self, c: int, declared: int) -> None:
        """Play card ``c``; ``declared`` is the suit named for a joker led in no trump, or -1."""
        # Hot path: written for speed (one trick card per call).
        p: int = self.turn  # type: ignore[assignment]
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

    # -- scoring (R-5S-17..23, V2, V3, V5, D-5S-3, D-5S-4, D-5S-6) ----------------------------
    def _side(self, seat: int) -> list[int]:
        """The seats that share ``seat``'s score (a team with 4 players)."""
        return [seat, (seat + 2) % 4] if self.n == 4 else [seat]

    def _add(self, seat: int, pts: int, deltas: list[int]) -> None:
        for s in self._side(seat):
            self.points[s] += pts
            deltas[s] += pts

    def _score_hand(self) -> None:
        n = self.n
        deltas = [0] * n
        winners: list[int] = []
        c = self.contractor
        made: bool | None = None
        side_tricks: int | None = None
        if c < 0 and not self.no_contract:
            pass  # R-5S-12: thrown in, nobody scores
        elif self.no_contract:
            # R-5S-21: each player (team) scores 10 per trick; first to 500 wins (R-5S-23).
            for w in self.trick_winners:
                self._add(w, 10, deltas)
                if not winners and self.points[w] >= TARGET:
                    winners = self._side(w)
        else:
            misere = self.contract_id == MISERE_ID
            side = [c]
            if self.partner >= 0 and self.partner != self.sitting_out:
                side.append(self.partner)
            side_tricks = sum(self.tricks[s] for s in side)
            value = _bid_value_of(self.contract_id)
            if misere:
                made = self.tricks[c] == 0  # R-5S-20
                result = MISERE_VALUE if made else -MISERE_VALUE
            else:
                made = side_tricks >= bid_tricks(self.contract_id - BID_BASE)
                if made and value < MISERE_VALUE and side_tricks == 10:
                    value = MISERE_VALUE  # R-5S-18 slam
                result = value if made else -value  # R-5S-18 / R-5S-19
            result *= self.mult  # V5
            if n == 5 and len(side) == 2:
                share = result // 2 if self.game.partner_scoring == "half" else result
                for s in side:
                    self._add(s, share, deltas)  # D-5S-4
            else:
                self._add(c, result, deltas)
            # R-5S-23: the contractor's side counts first; D-5S-6: partners may both win.
            winners = [s for s in range(n) if s in side and self.points[s] >= TARGET]
            if n == 4 and winners:
                winners = self._side(c)
            opponents = [s for s in range(n) if s not in side and s != self.sitting_out]
            if n == 4:
                opponents = [(c + 1) % 4]  # one entry per opposing team
            for w in self.trick_winners:
                if misere:
                    # D-5S-3: each opponent side scores 10 for each trick the contractor took.
                    if w != c:
                        continue
                    crossed = []
                    for o in opponents:
                        self._add(o, 10, deltas)
                        if self.points[o] >= TARGET:
                            crossed.extend(self._side(o))
                    if not winners and crossed:
                        winners = crossed
                elif w not in side:
                    # R-5S-17
                    if n == 4:
                        self._add(w, 10, deltas)
                    else:
                        self.points[w] += 10
                        deltas[w] += 10
                    if not winners and self.points[w] >= TARGET:
                        winners = self._side(w)
        over = bool(winners)
        if not over and self.game.lose_at_minus_500 and min(self.points) <= -TARGET:
            # V2: the game also ends at -500; the most points win (ties share).
            top = max(self.points)
            winners = [s for s in range(n) if self.points[s] == top]
            over = True
        if not over and 0 < self.game.max_hands <= self.hand_no:
            # R-5S-22: only an explicit cap (bots, arenas, research; never the default)
            # ends the match after max_hands hands, the highest total winning.
            top = max(self.points)
            winners = [s for s in range(n) if self.points[s] == top]
            over = True
        if over and self.game.winner_bonus:
            # V3: the winner (team) gets an extra 250.
            done: set[int] = set()
            for s in winners:
                if s not in done:
                    for t in self._side(s):
                        done.add(t)
                    self._add(s, 250, deltas)
        self.sheet.append(
            {"hand": self.hand_no, "dealer": self.dealer,
             "contractor": None if c < 0 else c,
             "contract": "6NT*" if self.no_contract else (
                 ACTIONS[self.contract_id].text if c >= 0 else None),
             "multiplier": self.mult, "tricks": side_tricks, "made": made,
             "deltas": deltas, "totals": list(self.points)}
        )  # fmt: skip
        self._say("game.hand_scored", hand=self.hand_no, deltas=deltas, totals=list(self.points))
        if over:
            self.winners_ = sorted(set(winners))
            self.phase = OVER
            self.turn = None
            self.is_terminal = True
            self._say("game.over", winners=self.winners_)
            return
        if self.horizon and self.hand_no >= self.horizon:
            self.phase = HORIZON
            self.turn = None
            self.is_terminal = True
            return
        self._next_hand()

    def _next_hand(self) -> None:
        self.dealer = (self.dealer + 1) % self.n  # R-5S-5: the deal passes left
        self._start_hand()

    # -- cloning ------------------------------------------------------------------------
    def clone(self) -> ViisisataaState:
        """An independent copy (lists copied, nothing deep-copied)."""
        s = ViisisataaState.__new__(ViisisataaState)
        for name, value in zip(_FIELDS, _get_fields(self), strict=True):
            setattr(s, name, value)
        self._copy_base(s)
        s.points = self.points.copy()
        s.sheet = self.sheet.copy()
        s.hidden_discards = self.hidden_discards.copy()
        s.hands = self.hands.copy()
        s.discard_order = self.discard_order.copy()
        s.bids = self.bids.copy()
        s.doublings = self.doublings.copy()
        s.dqueue = self.dqueue.copy()
        s.trick = self.trick.copy()
        s.trick_seats = self.trick_seats.copy()
        s.tricks = self.tricks.copy()
        s.trick_winners = self.trick_winners.copy()
        s.voids = self.voids.copy()
        s.seat_played = self.seat_played.copy()
        return s

    # -- results ------------------------------------------------------------------------
    @property
    def scores(self) -> list[int]:
        """Match points per seat (with 4 players both partners show the team's points)."""
        return list(self.points)

    @property
    def winners(self) -> list[int]:
        """The seats that won the match (R-5S-22, R-5S-23, D-5S-6, V2)."""
        return list(self.winners_) if self.phase == OVER else []

    def returns(self) -> list[float]:
        """1 shared among the winners; at a search horizon, :meth:`hand_utility`."""
        if self.phase == HORIZON:
            return self.hand_utility()
        return super().returns()

    def hand_utility(self) -> list[float]:
        """A 0..1 value per seat of the last scored hand, for search at a hand horizon.

        With a contract the two sides are opposed: the contractor's side values its
        points minus the defenders' average, and every defender the reverse (so the
        defenders co-operate). Without a contract each seat against the others.
        """
        n = self.n
        deltas = self.sheet[-1]["deltas"] if self.sheet else [0] * n
        c = self.contractor
        out = []
        if c >= 0:
            side = {c} | ({self.partner} if self.partner >= 0 else set())
            if n == 4:
                side = {c, (c + 2) % 4}
            defenders = [t for t in range(n) if t not in side and t != self.sitting_out]
            if n == 4:
                defenders = [(c + 1) % 4]
            d_def = sum(deltas[t] for t in defenders) / len(defenders) if defenders else 0.0
            diff = deltas[c] - d_def
            for s in range(n):
                x = diff if s in side else -diff
                out.append(1.0 / (1.0 + math.exp(-x / UTILITY_SCALE)))
            return out
        for s in range(n):
            others = [deltas[t] for t in range(n) if t not in self._side(s)]
            diff = deltas[s] - (sum(others) / len(others) if others else 0)
            out.append(1.0 / (1.0 + math.exp(-diff / UTILITY_SCALE)))
        return out

    def heuristic_returns(self) -> list[float]:
        """An estimate from the match points: a softmax over the scores."""
        if self.phase == HORIZON:
            return self.hand_utility()
        ex = [math.exp(p / 200.0) for p in self.points]
        tot = sum(ex)
        return [e / tot for e in ex]

    # -- views --------------------------------------------------------------------------
    def _view(self, player: int | None) -> dict[str, Any]:
        n = self.n
        c = self.contractor
        # R-5S-8, R-5S-11: the contract's value (none for the grand without contract).
        value = (
            _bid_value_of(self.contract_id)
            if self.contract_id >= 0 and not self.no_contract
            else None
        )
        v: dict[str, Any] = {
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "phase": PHASE_NAMES[self.phase],
            "hand": _cards_list(self.hands[player]) if player is not None else None,
            "hand_sizes": [_popcount(h) for h in self.hands],
            "bids": [{"seat": s, "bid": ACTIONS[a].text} for s, a in self.bids],
            "high_bid": ACTIONS[self.high_id].text if self.high_id >= 0 else None,
            "high_bidder": self.high_seat if self.high_seat >= 0 else None,
            "contractor": c if c >= 0 else None,
            "contract": (
                "6NT*" if self.no_contract else ACTIONS[self.contract_id].text
                if self.contract_id >= 0 else None
            ),
            "contract_value": value,
            "contract_points": None if value is None else value * self.mult,
            "trump": None if self.phase == BIDDING and not self.no_contract
            else (SUITS[self.tc] if self.tc < 4 else "none"),
            "multiplier": self.mult,
            "doublings": [{"seat": s, "call": ACTIONS[a].text} for s, a in self.doublings],
            "partner": self._partner_for(player),
            "partner_card": str(CARDS[self.partner_card]) if self.partner_card >= 0 else None,
            "sitting_out": self.sitting_out if self.sitting_out >= 0 else None,
            "kitty_size": _popcount(self.kitty),
            "kitty": (
                _cards_list(self.kitty_taken) if player is not None and player == c else None
            ),
            "discards": (
                [str(CARDS[x]) for x in self.discard_order]
                if player is not None and player == c else None
            ),
            "discards_left": (
                self.game.kitty_size - len(self.discard_order) if self.phase == DISCARDING else 0
            ),
            "leader": self.leader if self.leader >= 0 else None,
            "trick": [
                {"seat": s, "card": _CARD_TEXT[x]}
                for s, x in zip(self.trick_seats, self.trick, strict=True)
            ],
            "led_suit": SUITS[self.led] if 0 <= self.led < 4 else None,
            "last_trick": None if self.last_trick is None else {
                "leader": self.last_trick[0],
                "cards": [{"seat": s, "card": str(CARDS[x])}
                          for s, x in zip(self.last_trick[2], self.last_trick[1], strict=True)],
                "winner": self.trick_winners[-1] if self.trick_winners else None,
            },
            "tricks": list(self.tricks),
            "trick_winners": list(self.trick_winners),
            "played": _cards_list(self.played),
            "dead_hand_size": _popcount(self.dead) if n == 2 else None,
            "set_aside_size": _popcount(self.aside),
            "sheet": [
                dict(r, deltas=list(r["deltas"]), totals=list(r["totals"])) for r in self.sheet
            ],
            "target": TARGET,
        }  # fmt: skip
        return v

    def _partner_for(self, player: int | None) -> int | None:
        if self.partner < 0:
            return None
        if self.partner_known or (player is not None and player == self.partner):
            return self.partner
        return None

    def _full_view(self) -> dict[str, Any]:
        return {
            "hands": [_cards_list(h) for h in self.hands],
            "kitty_cards": _cards_list(self.kitty),
            "kitty_taken": _cards_list(self.kitty_taken),
            "discard_cards": [str(CARDS[x]) for x in self.discard_order],
            "dead_hand": _cards_list(self.dead),
            "set_aside": _cards_list(self.aside),
            "partner_true": self.partner if self.partner >= 0 else None,
            "voids": [[SUITS[s] for s in range(4) if v >> s & 1] for v in self.voids],
        }

    # -- hidden information -------------------------------------------------------------
    def sample_consistent(self, player: int, rng: random.Random) -> ViisisataaState:
        """A state ``player`` cannot tell from this one: the unseen cards redealt at random
        among the hidden places (other hands, kitty, discards, dead hand, set-aside cards)
        so that every void shown in play holds (suits counted with both bowers as trump)."""
        s = self.clone()
        n = self.n
        c = self.contractor
        caps: list[int] = []
        forbid: list[int] = []
        where: list[tuple[str, int]] = []
        unknown = 0
        tc = self.tc
        called = self.partner_card if (self.partner_card >= 0 and not self.partner_known) else -1
        doublers = {q for q, a in self.doublings if a == DOUBLE_ID}
        for q in range(n):
            if q == player or not self.hands[q]:
                continue
            f = 0
            v = self.voids[q]
            for e in range(5):
                if v >> e & 1:
                    f |= SUIT_MASK[tc][e]
            if called >= 0 and (q == c or q in doublers):
                # The named card is not the contractor's (R-5S-25 variant), nor a doubler's:
                # its holder may only pass (D-5S-7).
                f |= 1 << called
            caps.append(_popcount(self.hands[q]))
            forbid.append(f)
            where.append(("hand", q))
            unknown |= self.hands[q]
        for name, m in (("kitty", self.kitty), ("dead", self.dead), ("aside", self.aside)):
            if m:
                caps.append(_popcount(m))
                forbid.append(0)
                where.append((name, 0))
                unknown |= m
        if self.discards and c != player:
            caps.append(_popcount(self.discards))
            forbid.append(1 << called if called >= 0 else 0)
            where.append(("discards", 0))
            unknown |= self.discards
        cards = cards_of(unknown)
        assign = _assign(cards, caps, forbid, rng)
        masks = [0] * len(caps)
        for card, loc in zip(cards, assign, strict=True):
            masks[loc] |= 1 << card
        for (name, q), m in zip(where, masks, strict=True):
            if name == "hand":
                s.hands[q] = m
            elif name == "kitty":
                s.kitty = m
            elif name == "dead":
                s.dead = m
            elif name == "aside":
                s.aside = m
            else:
                s.discards = m
                order = cards_of(m)
                rng.shuffle(order)
                s.discard_order = order
        if c >= 0 and c != player and self.kitty_taken:
            # What the contractor took from the kitty is unknown too: any of the
            # cards they held at that time.
            held = cards_of(s.discards | s.hands[c] | self.seat_played[c])
            s.kitty_taken = sum(1 << x for x in rng.sample(held, _popcount(self.kitty_taken)))
        if called >= 0:
            for q in range(n):
                if s.hands[q] >> called & 1:
                    s.partner = q
        s.segments = []  # a stacked deck's later hands are secret too
        s._scrub(player, rng)
        return s

    def _scrub(self, player: int, rng: random.Random) -> None:
        """Scrub as the base does, but keep the history's length: discards this seat did
        not make become the placeholder ``discard ??`` (they stay hidden)."""
        actions = self._actions
        super()._scrub(player, rng)
        keep = list(actions)
        for i, seat in self.hidden_discards:
            if seat != player and i < len(keep):
                keep[i] = ACTIONS[HIDDEN_ID]
        self._actions = keep
        if self.quiet:
            self._log = _FORGET
            self._actions = _FORGET


class _Forget(list):  # type: ignore[type-arg]
    """A list that keeps nothing: the log and history of a silenced state."""

    __slots__ = ()

    def append(self, item: Any) -> None:
        pass

    def copy(self) -> _Forget:
        return self


_FORGET: Final[Any] = _Forget()


class Refusal(IllegalAction):
    """An illegal action with a message key of the game's catalogue (``key``, ``fields``),
    so front ends can say why in Finnish too; ``str()`` is the English message."""

    def __init__(self, key: str, **fields: Any) -> None:
        super().__init__(MESSAGES["en"][key].format(**fields), key, **fields)


class _Bad:
    """Builds the 'not an action' error only when it is raised (it lists the legal actions)."""

    __slots__ = ("state", "text")

    def __init__(self, text: str, state: ViisisataaState) -> None:
        self.text = text
        self.state = state

    def error(self) -> IllegalAction:
        return IllegalAction(f"{self.text!r} is not an action; {self.state._allowed()}")


_CALL_TABLE: Final = tuple(
    tuple(tuple(CALLS[s * 13 + r] for r in range(13) if bits >> r & 1) for bits in range(1 << 13))
    for s in range(4)
)


def _assign(cards: list[int], caps: list[int], forbid: list[int], rng: random.Random) -> list[int]:
    """Place each card in a location with room and not forbidden to it.

    Cards with the fewest possible places go first, each to a place drawn with
    weight equal to its free room (exactly uniform when nothing is forbidden);
    a dead end retries, and a matching search settles the rare hard case.
    """
    nloc = len(caps)
    allowed = [[i for i in range(nloc) if not forbid[i] >> c & 1] for c in cards]
    if not any(forbid):
        slots = [i for i in range(nloc) for _ in range(caps[i])]
        rng.shuffle(slots)
        return slots
    idx = list(range(len(cards)))
    for _ in range(30):
        rng.shuffle(idx)
        idx.sort(key=lambda i: len(allowed[i]))
        room = list(caps)
        out = [0] * len(cards)
        ok = True
        for i in idx:
            opts = allowed[i]
            total = sum(room[j] for j in opts)
            if total == 0:
                ok = False
                break
            r = rng.randrange(total)
            for j in opts:
                r -= room[j]
                if r < 0:
                    break
            room[j] -= 1
            out[i] = j
        if ok:
            return out
    return _match(cards, caps, allowed, rng)


def _match(
    cards: list[int], caps: list[int], allowed: list[list[int]], rng: random.Random
) -> list[int]:
    """A random feasible placement by augmenting paths (Kuhn's algorithm over slots)."""
    slots = [i for i in range(len(caps)) for _ in range(caps[i])]
    owner = [-1] * len(slots)
    slot_ok = [[k for k, loc in enumerate(slots) if loc in allowed[i]] for i in range(len(cards))]
    for lst in slot_ok:
        rng.shuffle(lst)

    def augment(i: int, seen: set[int]) -> bool:
        for k in slot_ok[i]:
            if k in seen:
                continue
            seen.add(k)
            if owner[k] < 0 or augment(owner[k], seen):
                owner[k] = i
                return True
        return False

    order = list(range(len(cards)))
    rng.shuffle(order)
    for i in order:
        if not augment(i, set()):
            raise RuntimeError("no placement of the unseen cards is consistent")
    out = [0] * len(cards)
    for k, i in enumerate(owner):
        if i >= 0:
            out[i] = slots[k]
    return out


_CARD_TEXT: Final = tuple(str(c) for c in CARDS)
_SUIT_TEXTS: Final = tuple(
    tuple(
        tuple(_CARD_TEXT[st * 13 + r] for r in range(13) if bits >> r & 1)
        for bits in range(1 << 13)
    )
    for st in range(4)
)
_JOKER_TEXT: Final = (_CARD_TEXT[JOKER_INDEX],)
_entry: Final = tuple.__new__
_BIT: Final = tuple(1 << c for c in range(53))
_NEXT_SEAT: Final = {n: tuple((s + 1) % n for s in range(n)) for n in range(2, 6)}
"""_NEXT_SEAT[n][s]: the seat after ``s`` in play (to the left)."""
_BID_TEXT: Final = {a.id: a.text.removeprefix("bid ") for a in ACTIONS if a.kind in (BID, MISERE)}


def _entries(
    key: str, args: Callable[[int, int], dict[str, Any]], count: int, private: bool = False
) -> tuple[tuple[LogEntry, ...], ...]:
    """The log entries ``key`` with ``args(seat, i)`` for every seat and ``i < count``
    (private to the seat if ``private``), built once and shared: nothing changes an
    entry once it is logged, and the hot paths then log without building anything."""
    return tuple(
        tuple(LogEntry(key, args(seat, i), seat if private else None) for i in range(count))
        for seat in range(5)
    )


# [seat][card], [winner][trick number], [seat][bid id - BID_BASE], [seat][0], [seat][count]
_PLAY_LOG: Final = _entries("game.play", lambda p, c: {"seat": p, "card": _CARD_TEXT[c]}, 53)
_TRICK_LOG: Final = _entries("game.trick", lambda p, k: {"seat": p, "number": k}, 11)
_PASS_LOG: Final = _entries("game.pass", lambda p, _: {"seat": p}, 1)
_BID_LOG: Final = _entries(
    "game.bid",
    lambda p, b: {"seat": p, "bid": _BID_TEXT[BID_BASE + b], "value": _bid_value_of(BID_BASE + b)},
    26,
)
_CONTRACT_LOG: Final = _entries(
    "game.contract", lambda p, b: {"seat": p, "contract": _BID_TEXT[BID_BASE + b]}, 26
)
_KITTY_TAKEN_LOG: Final = _entries("game.kitty_taken", lambda p, _: {"seat": p}, 1)
_DISCARD_LOG: Final = _entries("game.discard", lambda p, c: {"card": _CARD_TEXT[c]}, 53, True)
_DISCARDED_LOG: Final = _entries("game.discarded", lambda p, k: {"seat": p, "count": k}, 6)
_P0, _P1, _P2, _P3 = PLAY_TABLE
_PJ: Final = PLAYS[JOKER_INDEX]


def _cards_list(mask: int) -> list[str]:
    t = _SUIT_TEXTS
    out = [
        *t[0][mask & 0x1FFF],
        *t[1][(mask >> 13) & 0x1FFF],
        *t[2][(mask >> 26) & 0x1FFF],
        *t[3][(mask >> 39) & 0x1FFF],
    ]
    if mask >> JOKER_INDEX & 1:
        out.append(_JOKER_TEXT[0])
    return out


_SUIT_WORDS: Final = tuple(
    tuple(" ".join(texts) + " " if texts else "" for texts in suit) for suit in _SUIT_TEXTS
)
"""_SUIT_WORDS[suit][rank bits]: the cards' texts, each followed by a space."""


def _cards_text(mask: int) -> str:
    """The cards of ``mask`` as text separated by spaces (as ``" ".join(_cards_list(mask))``)."""
    t = _SUIT_WORDS
    text = (
        t[0][mask & 0x1FFF]
        + t[1][(mask >> 13) & 0x1FFF]
        + t[2][(mask >> 26) & 0x1FFF]
        + t[3][(mask >> 39) & 0x1FFF]
    )
    if mask >> JOKER_INDEX & 1:
        text += _JOKER_TEXT[0]
        return text
    return text[:-1]


__all__ = ["BID_SUIT_LETTERS", "ViisisataaState"]
