"""Exact observation encoder for Viisisataa (built from ``view(seat, log=False)`` only).

Cards are indexed as in :mod:`pakka.core.cards` (``suit·13 + rank − 2``, suits
S H D C, the joker 52); a *card set* is 53 floats. Seats are relative to the
observer (0 = me). Bids are indexed 0..24 (``bid 6S`` … ``bid 10NT``, the
engine's order), 25 = misère, 26 = pass; contracts add 27 = the no-contract
grand ``6NT*``. Layout (n players):

- ``to_act`` (n), ``terminal`` (1), ``phase`` (8): bidding, doubling,
  redoubling, partner, discard, call, play, over;
- card sets (53 each): ``hand``; ``played`` (every card played this hand);
  ``kitty`` and ``discards`` (the kitty I took and what I discarded: only
  the contractor sees them); ``unseen`` (in this game's deck, not mine, not
  played, not my discards);
- ``trick`` (n × 53): the card each relative seat played to the trick in
  progress; ``led_suit`` (4); ``last_trick`` (n × 53) and
  ``last_trick_winner`` (n);
- ``trump`` (5): S H D C none (grand, misère); all 0 while unknown;
- ``bids`` (n × 27): each relative seat's latest call in the auction;
  ``high_bid`` (27), ``high_bidder`` (n);
- ``contract`` (28), ``contractor`` (n), ``multiplier`` (1) / 4;
  ``doublings`` (n × 2): double, redouble per relative seat;
- ``partner`` (n), ``partner_card`` (53), ``sitting_out`` (n);
- ``dealer`` (n), ``leader`` (n);
- ``counts`` (n + n + 5): hand sizes / deck, tricks won / deck, kitty
  size / deck, discards left / deck, dead-hand size / deck, set-aside size
  / deck, hand number / max_hands (the research cap if uncapped; cut to 1);
- ``totals`` (n): match points / 1000 (cut to −1..1).

Speed: :meth:`ViisisataaEncoder.observe` builds the same vector straight
from the state's public fields (its card bitmasks and seat numbers) instead
of from the view's dict of card names; ``tests/research/test_fast_encoders.py``
checks that the two give bit-identical arrays. It reads only what
``view(seat)`` shows (the same fields ``_view`` reads for that seat). It is
also incremental: the encoder keeps each seat's last observation of a state
and rewrites only the parts whose fields changed since (a played card flips
three elements of the card sets, moves the seat to act and adds one trick
card), then returns a copy; the first observation is the same update from
zeros, so there is one code path.

Not in the view and so not encoded: who played which card in tricks before
the last (the view keeps the cards played, the trick winners and the last
trick only), so a seat's earlier failures to follow suit are not recalled.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple, cast

import numpy as np

from pakka.core.cards import CARDS, SUITS
from pakka.core.game import Game, State
from pakka.games.viisisataa.actions import ACTIONS
from pakka.games.viisisataa.game import AUTOMATED_MAX_HANDS
from pakka.games.viisisataa.state import (
    BIDDING,
    DISCARDING,
    PHASE_NAMES,
    PLAYING,
    ViisisataaState,
)
from pakka.research.encoders.base import Encoder, FloatArray, rel_seat

NUM_CARDS = 53
CARD_INDEX: dict[str, int] = {str(c): i for i, c in enumerate(CARDS)}
PHASES = ("bidding", "doubling", "redoubling", "partner", "discard", "call", "play", "over")
_BID_SUITS = ("S", "C", "D", "H", "NT")
CALL_INDEX: dict[str, int] = {f"bid {6 + b // 5}{_BID_SUITS[b % 5]}": b for b in range(25)} | {
    "misere": 25,
    "pass": 26,
}
"""An auction call's text -> its index (the engine's bid order, then misère and pass)."""
CONTRACT_INDEX = CALL_INDEX | {"6NT*": 27}
TRUMPS = ("S", "H", "D", "C", "none")
SEEN = 1024
"""Last observations kept per encoder (one per state and seat; then all cleared)."""


class _Template(NamedTuple):
    """The auction-time part of one seat's observation (see ``ViisisataaEncoder._template``)."""

    bits: int
    """Its 0/1 elements as bits of an integer (bit i = element i)."""
    discards: int
    """The seat's own discards (a bitmask; 0 unless it is the contractor)."""
    at: tuple[int, ...]
    """Elements of other values: multiplier, kitty/discard/dead/aside counts, hand, totals."""
    values: tuple[float, ...]


_EMPTY = _Template(0, 0, (), ())
"""The template of an all-zero observation (what a first :meth:`_update` starts from)."""


class _Seen:
    """One seat's last observation of one state and what it was built from."""

    __slots__ = (
        "f", "hand", "last", "last_ones", "ones", "out", "played", "sig", "sizes", "state",
        "t", "tricks", "unseen",
    )  # fmt: skip

    def __init__(self, state: ViisisataaState, size: int, t: _Template) -> None:
        n = len(state.hands)
        self.sizes = [0] * n
        self.tricks = [0] * n
        self.state = state
        self.out: FloatArray = np.zeros(size, np.float32)
        self.f = cast("memoryview[float]", self.out.data)
        """Item writes into :attr:`out` (native float32: they round as numpy does)."""
        self.t = t
        self.sig: tuple[Any, ...] = ()
        self.hand = 0
        self.played = 0
        self.unseen = 0
        self.ones: list[int] = []
        """The single 1s written last: phase, seat to act, trick, led, leader, last trick."""
        self.last: tuple[int, list[int], list[int]] | None = None
        self.last_ones: list[int] = []


def _flip(f: memoryview[float], start: int, diff: int, new: int) -> None:
    """Rewrite element ``start + i`` as bit ``i`` of ``new`` for every bit ``i`` set in ``diff``."""
    while diff:
        low = diff & -diff
        f[start + low.bit_length() - 1] = 1.0 if new & low else 0.0
        diff ^= low


_PHASE_OF = tuple(PHASES.index(p) for p in PHASE_NAMES)
"""The engine's phase number -> its index in :data:`PHASES` (the search horizon is "over")."""
_CALL_OF = {a.id: CONTRACT_INDEX[a.text] for a in ACTIONS if a.text in CONTRACT_INDEX}
"""Action id of an auction call -> its index in the ``bids``/``high_bid``/``contract`` one-hots."""
_DOUBLING_OF = {
    a.id: int(a.text == "redouble") for a in ACTIONS if a.text in ("double", "redouble")
}
"""Action id of a double (0) or redouble (1); other doubling-round calls are absent."""
_TRUMP_OF = tuple(TRUMPS.index(SUITS[t]) if t < 4 else TRUMPS.index("none") for t in range(5))


class ViisisataaEncoder(Encoder):
    """Viisisataa's exact encoder (see the module docstring for the layout)."""

    name = "viisisataa"
    uses_log = False
    signed_segments = ("totals",)

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        n = self.num_players
        self.deck = np.zeros(NUM_CARDS, dtype=bool)
        self.deck[[CARD_INDEX[str(c)] for c in game.full_deck()]] = True
        self.deck_size = int(self.deck.sum())
        # R-5S-22: an uncapped match (max_hands 0) scales by the research cap instead.
        cap = int(str(game.options.get("max_hands", 0)))
        self.max_hands = cap if cap > 0 else AUTOMATED_MAX_HANDS
        self._status_segments(PHASES, over="match")
        seg = self._segment
        self.s_hand = seg("hand", NUM_CARDS, "card set: my hand")
        self.s_played = seg("played", NUM_CARDS, "card set: played this hand")
        self.s_kitty = seg("kitty", NUM_CARDS, "card set: the kitty I took (contractor)")
        self.s_discards = seg("discards", NUM_CARDS, "card set: my discards (contractor)")
        self.s_unseen = seg("unseen", NUM_CARDS, "card set: in the deck, not seen by me")
        self.s_trick = seg("trick", n * NUM_CARDS, "per relative seat: its card in this trick")
        self.s_led = seg("led_suit", 4, "suit led: S H D C")
        self.s_last = seg("last_trick", n * NUM_CARDS, "per relative seat: its card last trick")
        self.s_last_winner = seg("last_trick_winner", n, "winner of the last trick, relative")
        self.s_trump = seg("trump", 5, "trump: S H D C none")
        self.s_bids = seg("bids", n * 27, "per relative seat: latest call (25 bids, misere, pass)")
        self.s_high = seg("high_bid", 27, "highest call so far")
        self.s_high_bidder = seg("high_bidder", n, "its seat, relative")
        self.s_contract = seg("contract", 28, "contract: 25 bids, misere, -, 6NT* (no contract)")
        self.s_contractor = seg("contractor", n, "contractor, relative")
        self.s_mult = seg("multiplier", 1, "multiplier / 4")
        self.s_doublings = seg("doublings", n * 2, "per relative seat: doubled, redoubled")
        self.s_partner = seg("partner", n, "the contractor's partner if known to me, relative")
        self.s_partner_card = seg("partner_card", NUM_CARDS, "the called partner card")
        self.s_sitting_out = seg("sitting_out", n, "seat sitting out this hand, relative")
        self.s_dealer = seg("dealer", n, "dealer, relative")
        self.s_leader = seg("leader", n, "leader of this trick, relative")
        self.s_counts = seg(
            "counts",
            2 * n + 5,
            "hand sizes, tricks (per relative seat) / deck; kitty, discards left, dead hand, "
            "set aside / deck; hand number / max_hands",
        )
        self.s_totals = seg("totals", n, "match points per relative seat / 1000 (cut to -1..1)")

        self.deck_mask = sum(1 << i for i in np.flatnonzero(self.deck).tolist())
        self._rel = [[rel_seat(me, p, n) for p in range(n)] for me in range(n)]
        self._seen: dict[int, _Seen] = {}

    def observe(self, state: State[Any], seat: int) -> FloatArray:
        """As :meth:`Encoder.observe`, built from the state's fields (bit-identical) and
        incrementally: only what changed since this seat's last observation of the
        same state is rewritten (:meth:`_update`)."""
        if (
            type(state) is not ViisisataaState
            or type(seat) is not int
            or not 0 <= seat < self.num_players
        ):
            return super().observe(state, seat)
        key = id(state) * 8 + seat
        seen = self._seen.get(key)
        if seen is None or seen.state is not state:
            if len(self._seen) >= SEEN:
                self._seen.clear()
            seen = self._seen[key] = _Seen(state, self.size, _EMPTY)
        self._update(seen, state, seat)
        return seen.out.copy()

    def _update(self, s: _Seen, st: ViisisataaState, me: int) -> None:
        """Bring ``s.out`` (``me``'s last observation of ``st``, or zeros) up to date:
        what :meth:`fill` writes for ``st.view(me)``, from ``st``'s fields (only what
        ``ViisisataaState._view(me)`` shows).

        Every part is compared with what ``s`` last wrote and rewritten only if it
        changed: card sets by the bits of old XOR new, one-hots by clearing the
        old element and setting the new. The parts that change only with the
        auction, the kitty exchange or the hand form a :class:`_Template`, built
        anew only when what it depends on changes."""
        f = s.f
        rel = self._rel[me]
        phase = st.phase
        # What the template depends on. In the card play only whether the partner
        # is known changes (the auction, the doublings and the kitty are settled).
        sig = (
            (st.hand_no, phase, st.partner_known) if phase == PLAYING else (
                st.hand_no, phase, len(st.bids), len(st.doublings), len(st.discard_order),
                st.partner_known, st.partner, st.mult, st.tc, st.contract_id,
            )
        )  # fmt: skip
        if sig != s.sig:
            t = self._template(st, me)
            _flip(f, 0, s.t.bits ^ t.bits, t.bits)
            for i, v in zip(t.at, t.values, strict=True):
                f[i] = v
            s.t = t
            s.sig = sig
        t = s.t
        hand = st.hands[me]
        played = st.played
        if hand != s.hand:
            _flip(f, self.s_hand.start, hand ^ s.hand, hand)
            s.hand = hand
        if played != s.played:
            _flip(f, self.s_played.start, played ^ s.played, played)
            s.played = played
        unseen = self.deck_mask & ~(hand | played | t.discards)
        if unseen != s.unseen:
            _flip(f, self.s_unseen.start, unseen ^ s.unseen, unseen)
            s.unseen = unseen
        cp = st.turn
        ones = [
            self.s_phase.start + _PHASE_OF[phase],
            self.s_terminal.start if cp is None else self.s_to_act.start + rel[cp],
        ]
        at = self.s_trick.start
        for p, c in zip(st.trick_seats, st.trick, strict=True):
            ones.append(at + rel[p] * NUM_CARDS + c)
        if 0 <= st.led < 4:
            ones.append(self.s_led.start + st.led)
        if st.leader >= 0:
            ones.append(self.s_leader.start + rel[st.leader])
        last = st.last_trick
        if last is not s.last:
            s.last = last
            s.last_ones = []
            if last is not None:
                at = self.s_last.start
                s.last_ones = [
                    at + rel[p] * NUM_CARDS + c for p, c in zip(last[2], last[1], strict=True)
                ]
                if st.trick_winners:
                    s.last_ones.append(self.s_last_winner.start + rel[st.trick_winners[-1]])
        ones += s.last_ones
        if ones != s.ones:
            for i in s.ones:
                f[i] = 0.0
            for i in ones:
                f[i] = 1.0
            s.ones = ones
        sizes = [h.bit_count() for h in st.hands]
        if sizes != s.sizes:
            at = self.s_counts.start
            d = self.deck_size
            for p, (k, old) in enumerate(zip(sizes, s.sizes, strict=True)):
                if k != old:
                    f[at + rel[p]] = k / d
            s.sizes = sizes
        tricks = st.tricks
        if tricks != s.tricks:
            at = self.s_counts.start + self.num_players
            d = self.deck_size
            for p, (k, old) in enumerate(zip(tricks, s.tricks, strict=True)):
                if k != old:
                    f[at + rel[p]] = k / d
            s.tricks = tricks.copy()

    def _template(self, st: ViisisataaState, me: int) -> _Template:
        """The parts of ``me``'s observation that change only with the auction, the
        kitty exchange or the hand."""
        n = self.num_players
        rel = self._rel[me]
        phase = st.phase
        c = st.contractor
        ones: list[int] = []
        disc = 0
        bits = 0
        if me == c:
            for x in st.discard_order:
                disc |= 1 << x
            bits |= st.kitty_taken << self.s_kitty.start | disc << self.s_discards.start
        if not (phase == BIDDING and not st.no_contract):
            ones.append(self.s_trump.start + _TRUMP_OF[st.tc])
        latest: dict[int, int] = {}
        for p, a in st.bids:
            latest[p] = _CALL_OF[a]
        ones += [self.s_bids.start + rel[p] * 27 + k for p, k in latest.items()]
        if st.high_id >= 0:
            ones.append(self.s_high.start + _CALL_OF[st.high_id])
        if st.high_seat >= 0:
            ones.append(self.s_high_bidder.start + rel[st.high_seat])
        if st.no_contract:
            ones.append(self.s_contract.start + 27)
        elif st.contract_id >= 0:
            ones.append(self.s_contract.start + _CALL_OF[st.contract_id])
        if c >= 0:
            ones.append(self.s_contractor.start + rel[c])
        for p, a in st.doublings:
            r = _DOUBLING_OF.get(a)
            if r is not None:
                ones.append(self.s_doublings.start + rel[p] * 2 + r)
        partner = st.partner
        if partner >= 0 and (st.partner_known or me == partner):
            ones.append(self.s_partner.start + rel[partner])
        if st.partner_card >= 0:
            ones.append(self.s_partner_card.start + st.partner_card)
        if st.sitting_out >= 0:
            ones.append(self.s_sitting_out.start + rel[st.sitting_out])
        ones.append(self.s_dealer.start + rel[st.dealer])
        for i in ones:
            bits |= 1 << i
        at = self.s_counts.start + 2 * n
        d = self.deck_size
        left = (st.game.kitty_size - len(st.discard_order)) if phase == DISCARDING else 0
        values = [
            (self.s_mult.start, st.mult / 4.0),
            (at, st.kitty.bit_count() / d),
            (at + 1, left / d),
            (at + 2, (st.dead.bit_count() if n == 2 else 0) / d),
            (at + 3, st.aside.bit_count() / d),
            (at + 4, min(1.0, st.hand_no / self.max_hands)),
        ]
        at = self.s_totals.start
        values += [
            (at + rel[p], max(-1.0, min(1.0, pts / 1000.0))) for p, pts in enumerate(st.points)
        ]
        return _Template(bits, disc, tuple(i for i, _ in values), tuple(v for _, v in values))

    def _cards(self, out: FloatArray, start: int, names: Any) -> list[int]:
        ids = [CARD_INDEX[x] for x in names or ()]
        if ids:
            out[np.asarray(ids) + start] = 1.0
        return ids

    def fill(self, view: Mapping[str, Any], out: FloatArray) -> None:
        n = self.num_players
        me = self._fill_status(view, out)

        def rel(p: int) -> int:
            return rel_seat(me, p, n)

        hand = self._cards(out, self.s_hand.start, view.get("hand"))
        played = self._cards(out, self.s_played.start, view["played"])
        self._cards(out, self.s_kitty.start, view.get("kitty"))
        discards = self._cards(out, self.s_discards.start, view.get("discards"))
        unseen = self.deck.copy()
        unseen[hand + played + discards] = False
        out[self.s_unseen.start : self.s_unseen.stop] = unseen
        for play in view["trick"]:
            out[self.s_trick.start + rel(play["seat"]) * NUM_CARDS + CARD_INDEX[play["card"]]] = 1
        if view.get("led_suit"):
            out[self.s_led.start + SUITS.index(view["led_suit"])] = 1.0
        last = view.get("last_trick")
        if last:
            for play in last["cards"]:
                at = self.s_last.start + rel(play["seat"]) * NUM_CARDS
                out[at + CARD_INDEX[play["card"]]] = 1.0
            self._one_hot_seat(out, self.s_last_winner.start, me, last.get("winner"))
        if view.get("trump"):
            out[self.s_trump.start + TRUMPS.index(view["trump"])] = 1.0
        latest: dict[int, int] = {}
        for call in view["bids"]:
            latest[call["seat"]] = CALL_INDEX[call["bid"]]
        for p, k in latest.items():
            out[self.s_bids.start + rel(p) * 27 + k] = 1.0
        if view.get("high_bid"):
            out[self.s_high.start + CALL_INDEX[view["high_bid"]]] = 1.0
        self._one_hot_seat(out, self.s_high_bidder.start, me, view.get("high_bidder"))
        if view.get("contract"):
            out[self.s_contract.start + CONTRACT_INDEX[view["contract"]]] = 1.0
        self._one_hot_seat(out, self.s_contractor.start, me, view.get("contractor"))
        out[self.s_mult.start] = view["multiplier"] / 4.0
        for d in view["doublings"]:
            if d["call"] in ("double", "redouble"):
                k = d["call"] == "redouble"
                out[self.s_doublings.start + rel(d["seat"]) * 2 + k] = 1.0
        self._one_hot_seat(out, self.s_partner.start, me, view.get("partner"))
        if view.get("partner_card"):
            out[self.s_partner_card.start + CARD_INDEX[view["partner_card"]]] = 1.0
        self._one_hot_seat(out, self.s_sitting_out.start, me, view.get("sitting_out"))
        self._one_hot_seat(out, self.s_dealer.start, me, view["dealer"])
        self._one_hot_seat(out, self.s_leader.start, me, view.get("leader"))
        c = self.s_counts.start
        d = self.deck_size
        for p in range(n):
            out[c + rel(p)] = view["hand_sizes"][p] / d
            out[c + n + rel(p)] = view["tricks"][p] / d
        c += 2 * n
        out[c] = view["kitty_size"] / d
        out[c + 1] = view["discards_left"] / d
        out[c + 2] = (view.get("dead_hand_size") or 0) / d
        out[c + 3] = view["set_aside_size"] / d
        out[c + 4] = min(1.0, view["hand_no"] / self.max_hands)
        for p, pts in enumerate(view["scores"]):
            out[self.s_totals.start + rel(p)] = max(-1.0, min(1.0, pts / 1000.0))
