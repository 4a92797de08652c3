"""Viisisataa: the compiled twin of ``pakka.research.encoders.viisisataa.ViisisataaEncoder.observe``.

Reads the fields ``ViisisataaState._view(seat)`` reads for that seat (the seat's
own hand; the kitty taken and the discards only for the contractor; the played
cards from the state's ``played``; the auction, the trick, the last
trick, the counts and the match points) and writes the encoder's whole layout
from scratch at every call (nothing is kept per state), at the offsets of the
Python encoder's segments.
"""

from libc.stdint cimport uint64_t
cimport numpy as cnp

from pakka_fast._observer cimport Observer
from pakka_fast._util cimport __builtin_popcountll, rel, set_bits, zeros_f32

cnp.import_array()


cdef enum:
    NUM_CARDS = 53
    CALLS = 27          # bids, misere, pass: the width of bids and high_bid per seat
    NO_CONTRACT = 27    # the grand without contract's index in the contract one-hot
    MAX_SEATS = 8
    MAX_ACTIONS = 256
    MAX_PHASES = 16
    MAX_TRUMPS = 8


cdef inline float ratio(double a, double b) noexcept nogil:
    """``a / b`` as Python divides (doubles), rounded to float32 as numpy stores it."""
    return <float>(a / b)


cdef class ViisisataaObserver(Observer):
    """``observer(state, seat)`` -> the float32 observation (any other state type or
    seat goes to ``fallback``, the Python encoder's own path)."""

    cdef int s_to_act, s_terminal, s_phase, s_hand, s_played, s_kitty, s_discards
    cdef int s_unseen, s_trick, s_led, s_last, s_last_winner, s_trump, s_bids, s_high
    cdef int s_high_bidder, s_contract, s_contractor, s_mult, s_doublings, s_partner
    cdef int s_partner_card, s_sitting_out, s_dealer, s_leader, s_counts, s_totals
    cdef uint64_t deck_mask
    cdef double deck_size, max_hands
    cdef int bidding, discarding
    cdef int n_phases, n_actions, n_trumps
    cdef int phase_of[MAX_PHASES]
    cdef int call_of[MAX_ACTIONS]
    cdef int doubling_of[MAX_ACTIONS]
    cdef int trump_of[MAX_TRUMPS]

    def __init__(
        self, encoder, state_type, fallback, phase_of, call_of, doubling_of, trump_of,
        int bidding, int discarding,
    ):
        if encoder.num_players > MAX_SEATS:
            raise ValueError(f"at most {MAX_SEATS} players")
        if len(phase_of) > MAX_PHASES or len(call_of) > MAX_ACTIONS:
            raise ValueError("phase or action table too long")
        if len(doubling_of) != len(call_of) or len(trump_of) > MAX_TRUMPS:
            raise ValueError("doubling or trump table of the wrong length")
        Observer.__init__(self, encoder, state_type, fallback)
        self.s_to_act = encoder.s_to_act.start
        self.s_terminal = encoder.s_terminal.start
        self.s_phase = encoder.s_phase.start
        self.s_hand = encoder.s_hand.start
        self.s_played = encoder.s_played.start
        self.s_kitty = encoder.s_kitty.start
        self.s_discards = encoder.s_discards.start
        self.s_unseen = encoder.s_unseen.start
        self.s_trick = encoder.s_trick.start
        self.s_led = encoder.s_led.start
        self.s_last = encoder.s_last.start
        self.s_last_winner = encoder.s_last_winner.start
        self.s_trump = encoder.s_trump.start
        self.s_bids = encoder.s_bids.start
        self.s_high = encoder.s_high.start
        self.s_high_bidder = encoder.s_high_bidder.start
        self.s_contract = encoder.s_contract.start
        self.s_contractor = encoder.s_contractor.start
        self.s_mult = encoder.s_mult.start
        self.s_doublings = encoder.s_doublings.start
        self.s_partner = encoder.s_partner.start
        self.s_partner_card = encoder.s_partner_card.start
        self.s_sitting_out = encoder.s_sitting_out.start
        self.s_dealer = encoder.s_dealer.start
        self.s_leader = encoder.s_leader.start
        self.s_counts = encoder.s_counts.start
        self.s_totals = encoder.s_totals.start
        self.deck_mask = encoder.deck_mask
        self.deck_size = encoder.deck_size
        self.max_hands = encoder.max_hands
        self.bidding = bidding
        self.discarding = discarding
        self.n_phases = len(phase_of)
        self.n_actions = len(call_of)
        self.n_trumps = len(trump_of)
        cdef int i
        for i in range(self.n_phases):
            self.phase_of[i] = phase_of[i]
        for i in range(self.n_actions):
            self.call_of[i] = call_of[i]
            self.doubling_of[i] = doubling_of[i]
        for i in range(self.n_trumps):
            self.trump_of[i] = trump_of[i]

    cdef inline bint is_call(self, int a) noexcept:
        return 0 <= a < self.n_actions and self.call_of[a] >= 0

    def __call__(self, state, seat):
        if self.foreign(state, seat):
            return self.fallback(state, seat)
        cdef int me = seat
        cdef int n = self.n
        cdef list hands = state.hands
        cdef int phase = state.phase
        cdef int tc = state.tc
        cdef int high_id = state.high_id
        cdef int contract_id = state.contract_id
        cdef bint no_contract = state.no_contract
        if (
            len(hands) != n
            or not 0 <= phase < self.n_phases
            or not 0 <= tc < self.n_trumps
            or (high_id >= 0 and not self.is_call(high_id))
            or (contract_id >= 0 and not no_contract and not self.is_call(contract_id))
        ):
            return self.fallback(state, seat)
        cdef list bids = state.bids
        cdef list doublings = state.doublings
        cdef tuple call
        cdef int p, r, a, k
        cdef int latest[MAX_SEATS]
        for p in range(n):
            latest[p] = -1
        for call in bids:
            a = call[1]
            if not self.is_call(a):
                return self.fallback(state, seat)
            latest[<int>call[0]] = self.call_of[a]
        for call in doublings:
            a = call[1]
            if not 0 <= a < self.n_actions:
                return self.fallback(state, seat)

        cdef cnp.ndarray arr = zeros_f32(self.size)
        cdef float* out = <float*>cnp.PyArray_DATA(arr)
        cdef double d = self.deck_size
        cdef object game = state.game
        cdef int sizes[MAX_SEATS]

        # status: the seat to act or the end of the match, the phase
        cdef object turn = state.turn
        if turn is None:
            out[self.s_terminal] = 1.0
        else:
            out[self.s_to_act + rel(me, <int>turn, n)] = 1.0
        out[self.s_phase + self.phase_of[phase]] = 1.0

        # card sets: my hand, the played cards (the engine's ``played``), the kitty
        # and my discards (the contractor only), the unseen cards; every hand's size
        # (public: the view's hand_sizes)
        cdef uint64_t hand = hands[me]
        for p in range(n):
            sizes[p] = __builtin_popcountll(<uint64_t>hands[p])
        cdef uint64_t played = state.played
        cdef uint64_t disc = 0
        cdef int c = state.contractor
        if me == c:
            for k in state.discard_order:
                disc |= (<uint64_t>1) << k
            set_bits(out + self.s_kitty, <uint64_t>state.kitty_taken)
            set_bits(out + self.s_discards, disc)
        set_bits(out + self.s_hand, hand)
        set_bits(out + self.s_played, played)
        set_bits(out + self.s_unseen, self.deck_mask & ~(hand | played | disc))

        # the trick in progress, the suit led, the last trick and its winner
        cdef list trick = state.trick
        cdef list trick_seats = state.trick_seats
        cdef Py_ssize_t i
        for i in range(len(trick)):
            out[self.s_trick + rel(me, <int>trick_seats[i], n) * NUM_CARDS + <int>trick[i]] = 1.0
        cdef int led = state.led
        if 0 <= led < 4:
            out[self.s_led + led] = 1.0
        cdef object last = state.last_trick
        cdef list last_cards, last_seats, winners
        if last is not None:
            last_cards = last[1]
            last_seats = last[2]
            for i in range(len(last_cards)):
                out[
                    self.s_last + rel(me, <int>last_seats[i], n) * NUM_CARDS + <int>last_cards[i]
                ] = 1.0
            winners = state.trick_winners
            if winners:
                out[self.s_last_winner + rel(me, <int>winners[len(winners) - 1], n)] = 1.0

        # the auction: trump, each seat's latest call, the high call, the contract
        if not (phase == self.bidding and not no_contract):
            out[self.s_trump + self.trump_of[tc]] = 1.0
        for p in range(n):
            if latest[p] >= 0:
                out[self.s_bids + rel(me, p, n) * CALLS + latest[p]] = 1.0
        if high_id >= 0:
            out[self.s_high + self.call_of[high_id]] = 1.0
        cdef int high_seat = state.high_seat
        if high_seat >= 0:
            out[self.s_high_bidder + rel(me, high_seat, n)] = 1.0
        if no_contract:
            out[self.s_contract + NO_CONTRACT] = 1.0
        elif contract_id >= 0:
            out[self.s_contract + self.call_of[contract_id]] = 1.0
        if c >= 0:
            out[self.s_contractor + rel(me, c, n)] = 1.0
        out[self.s_mult] = ratio(<double><long>state.mult, 4.0)
        for call in doublings:
            k = self.doubling_of[<int>call[1]]
            if k >= 0:
                out[self.s_doublings + rel(me, <int>call[0], n) * 2 + k] = 1.0

        # the partner (if known to me), the called card, who sits out, dealer, leader
        cdef int partner = state.partner
        if partner >= 0 and (state.partner_known or me == partner):
            out[self.s_partner + rel(me, partner, n)] = 1.0
        cdef int partner_card = state.partner_card
        if partner_card >= 0:
            out[self.s_partner_card + partner_card] = 1.0
        cdef int sitting_out = state.sitting_out
        if sitting_out >= 0:
            out[self.s_sitting_out + rel(me, sitting_out, n)] = 1.0
        out[self.s_dealer + rel(me, <int>state.dealer, n)] = 1.0
        cdef int leader = state.leader
        if leader >= 0:
            out[self.s_leader + rel(me, leader, n)] = 1.0

        # counts (hand sizes, tricks per relative seat; kitty, discards left, dead
        # hand, set aside; hand number) and totals: each a double division rounded
        # to float32, as the Python encoder's values are stored
        cdef list tricks = state.tricks
        cdef list points = state.points
        cdef int at = self.s_counts
        cdef double x
        for r in range(n):
            p = (me + r) % n
            out[at + r] = ratio(sizes[p], d)
            out[at + n + r] = ratio(<double><long>tricks[p], d)
        at += 2 * n
        out[at] = ratio(__builtin_popcountll(<uint64_t>state.kitty), d)
        if phase == self.discarding:
            out[at + 1] = ratio(<long>game.kitty_size - len(<list>state.discard_order), d)
        if n == 2:
            out[at + 2] = ratio(__builtin_popcountll(<uint64_t>state.dead), d)
        out[at + 3] = ratio(__builtin_popcountll(<uint64_t>state.aside), d)
        x = <double><long>state.hand_no / self.max_hands
        out[at + 4] = <float>(1.0 if x >= 1.0 else x)
        for r in range(n):
            x = <double><long>points[(me + r) % n] / 1000.0
            out[self.s_totals + r] = <float>(1.0 if x >= 1.0 else (-1.0 if x <= -1.0 else x))
        return arr
