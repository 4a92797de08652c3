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
``view(seat)`` shows (the same fields ``_view`` reads for that seat). Every
0/1 element is one bit of one Python integer (a card set at segment ``start``
is its bitmask shifted by ``start``), turned into the vector by
:func:`~pakka.research.encoders.base.bits_to_floats`; the other values (the
counts and totals, the last elements) are one slice assignment. The parts
that change only with the auction, the kitty exchange or the hand (and the
last trick) are kept per state and seat and made anew only when what they
depend on changes.

Not in the view and so not encoded: who played which card in tricks before
the last (the view keeps the cards played, the trick winners and the last
trick only), so a seat's earlier failures to follow suit are not recalled.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

import numpy as np

from pakka.core.cards import CARDS, SUITS
from pakka.core.game import Game, State
from pakka.games.viisisataa.actions import ACTIONS
from pakka.games.viisisataa.rules import (
    AUTOMATED_MAX_HANDS,
    BIDDING,
    DISCARDING,
    PHASE_NAMES,
    PLAYING,
)
from pakka.games.viisisataa.state import ViisisataaState
from pakka.research.encoders.base import Encoder, FloatArray, bits_to_floats, rel_seat

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
"""Templates kept per encoder (one per state and seat; then all cleared)."""


class _Template(NamedTuple):
    """The auction-time part of one seat's observation (see ``ViisisataaEncoder._template``)."""

    bits: int
    """Its 0/1 elements as bits of an integer (bit i = element i)."""
    discards: int
    """The seat's own discards (a bitmask; 0 unless it is the contractor)."""
    mult: float
    """The ``multiplier`` element."""
    tail: list[float]
    """The last ``n + 5`` elements: kitty, discards left, dead hand, set aside, hand
    number (the end of ``counts``), then ``totals`` per relative seat."""


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
        self._order = [[(me + r) % n for r in range(n)] for me in range(n)]
        """``_order[me][r]``: the seat ``r`` places clockwise from ``me``."""
        self._trick_at = [
            [self.s_trick.start + rel_seat(me, p, n) * NUM_CARDS for p in range(n)]
            for me in range(n)
        ]
        self._seen: dict[int, list[Any]] = {}
        """``id(state) * 8 + seat`` -> [state, signature, template, last trick, its
        bits]: what :meth:`observe` reuses while the auction and the last trick stay."""
        assert self.s_totals.stop == self.size  # counts and totals are the last elements
        self._at = tuple(
            x.start
            for x in (
                self.s_hand, self.s_played, self.s_unseen, self.s_phase, self.s_terminal,
                self.s_to_act, self.s_led, self.s_leader, self.s_mult, self.s_counts,
            )
        )  # fmt: skip

    compiled_twin = ("viisisataa", "ViisisataaObserver")

    def _compiled_args(self) -> tuple[type, tuple[Any, ...]]:
        return ViisisataaState, (
            _PHASE_OF,
            [_CALL_OF.get(a.id, -1) for a in ACTIONS],
            [_DOUBLING_OF.get(a.id, -1) for a in ACTIONS],
            _TRUMP_OF,
            BIDDING,
            DISCARDING,
        )

    def observe(self, state: State[Any], seat: int) -> FloatArray:
        """As :meth:`Encoder.observe`, built from the state's fields (bit-identical,
        tested): what :meth:`fill` writes for ``state.view(seat)``, from the fields
        ``ViisisataaState._view(seat)`` reads, and only those."""
        if (
            type(state) is not ViisisataaState
            or type(seat) is not int
            or not 0 <= seat < self.num_players
        ):
            return super().observe(state, seat)
        st = state
        me = seat
        key = id(st) * 8 + me
        seen = self._seen.get(key)
        if seen is None or seen[0] is not st:
            if len(self._seen) >= SEEN:
                self._seen.clear()
            seen = self._seen[key] = [st, None, None, None, 0]
        phase = st.phase
        # What the template depends on. In the card play only whether the partner
        # is known changes (the auction, the doublings and the kitty are settled).
        sig = (
            (st.hand_no, phase, st.partner_known) if phase == PLAYING else (
                st.hand_no, phase, len(st.bids), len(st.doublings), len(st.discard_order),
                st.partner_known, st.partner, st.mult, st.tc, st.contract_id,
            )
        )  # fmt: skip
        t: _Template = seen[2]
        if sig != seen[1]:
            t = seen[2] = self._template(st, me)
            seen[1] = sig
        rel = self._rel[me]
        a_hand, a_played, a_unseen, a_phase, a_term, a_to_act, a_led, a_leader, a_mult, a_counts = (
            self._at
        )
        hands = st.hands
        hand = hands[me]
        played = st.played
        bits = (
            t.bits
            | hand << a_hand
            | played << a_played
            | (self.deck_mask & ~(hand | played | t.discards)) << a_unseen
            | 1 << (a_phase + _PHASE_OF[phase])
        )
        cp = st.turn
        bits |= 1 << (a_term if cp is None else a_to_act + rel[cp])
        at = self._trick_at[me]
        for p, c in zip(st.trick_seats, st.trick, strict=True):
            bits |= 1 << (at[p] + c)
        if 0 <= st.led < 4:
            bits |= 1 << (a_led + st.led)
        if st.leader >= 0:
            bits |= 1 << (a_leader + rel[st.leader])
        last = st.last_trick
        if last is not seen[3]:
            seen[3] = last
            lb = 0
            if last is not None:
                a = self.s_last.start
                for p, c in zip(last[2], last[1], strict=True):
                    lb |= 1 << (a + rel[p] * NUM_CARDS + c)
                if st.trick_winners:
                    lb |= 1 << (self.s_last_winner.start + rel[st.trick_winners[-1]])
            seen[4] = lb
        out = bits_to_floats(bits | seen[4], self.size)
        out[a_mult] = t.mult
        d = self.deck_size
        order = self._order[me]
        tricks = st.tricks
        out[a_counts:] = (
            [hands[p].bit_count() / d for p in order] + [tricks[p] / d for p in order] + t.tail
        )
        return out

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
        d = self.deck_size
        left = (st.game.kitty_size - len(st.discard_order)) if phase == DISCARDING else 0
        tail = [
            st.kitty.bit_count() / d,
            left / d,
            (st.dead.bit_count() if n == 2 else 0) / d,
            st.aside.bit_count() / d,
            min(1.0, st.hand_no / self.max_hands),
        ]
        tail += [max(-1.0, min(1.0, st.points[p] / 1000.0)) for p in self._order[me]]
        return _Template(bits, disc, st.mult / 4.0, tail)

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
