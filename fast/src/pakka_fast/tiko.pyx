"""Zoker Tiko: the compiled twin of ``pakka.research.encoders.zoker.TikoEncoder.observe``.

Reads the fields ``TikoState._view(seat)`` reads (hands, pile, played, turn, ...)
and writes the encoder's layout, taken from the Python encoder's segments.
"""

from libc.stdint cimport uint64_t
cimport numpy as cnp

from pakka_fast._observer cimport Observer
from pakka_fast._util cimport card_set, rel, set_bits, zeros_f32

cnp.import_array()

cdef enum:
    CARDS = 64


cdef class TikoObserver(Observer):
    """``observer(state, seat)`` -> the float32 observation (any other state type or
    seat goes to ``fallback``, the Python encoder's own path)."""

    cdef int s_hand, s_played, s_unseen, s_trick, s_top, s_beats, s_top_seat
    cdef int s_leader, s_to_act, s_terminal, s_won, s_hand_sizes, s_stock, s_pile
    cdef uint64_t stronger[CARDS]

    def __init__(self, encoder, state_type, fallback, stronger_masks):
        Observer.__init__(self, encoder, state_type, fallback)
        self.s_hand = encoder.s_hand.start
        self.s_played = encoder.s_played.start
        self.s_unseen = encoder.s_unseen.start
        self.s_trick = encoder.s_trick.start
        self.s_top = encoder.s_top.start
        self.s_beats = encoder.s_beats.start
        self.s_top_seat = encoder.s_top_seat.start
        self.s_leader = encoder.s_leader.start
        self.s_to_act = encoder.s_to_act.start
        self.s_terminal = encoder.s_terminal.start
        self.s_won = encoder.s_won.start
        self.s_hand_sizes = encoder.s_hand_sizes.start
        self.s_stock = encoder.s_stock.start
        self.s_pile = encoder.s_pile.start
        for t in range(CARDS):
            self.stronger[t] = stronger_masks[t]

    def __call__(self, state, seat):
        if self.foreign(state, seat):
            return self.fallback(state, seat)
        cdef int me = seat
        cdef int n = self.n
        cdef list hands = state.hands
        cdef list pile = state.pile
        cdef list pile_seats = state.pile_seats
        cdef list played = state.played
        cdef list won = state.won
        cdef int turn = state.turn, leader = state.leader, top_seat = state.top_seat
        cdef object q
        # anything out of range (that the C writes would not survive) goes to Python
        if (
            len(hands) != n or len(won) != n or len(pile_seats) != len(pile)
            or not 0 <= turn < n or not 0 <= leader < n or not -1 <= top_seat < n
        ):
            return self.fallback(state, seat)
        for q in pile:
            if not 0 <= q < CARDS:
                return self.fallback(state, seat)
        for q in pile_seats:
            if not 0 <= q < n:
                return self.fallback(state, seat)
        cdef cnp.ndarray arr = zeros_f32(self.size)
        cdef float* out = <float*>cnp.PyArray_DATA(arr)
        cdef uint64_t hand = card_set(hands[me])
        cdef uint64_t before = 0, pm = 0
        cdef Py_ssize_t upto = len(played) - len(pile), i
        cdef int c, p, top
        for i in range(upto):
            before |= (<uint64_t>1) << <int>played[i]
        set_bits(out + self.s_hand, hand)
        set_bits(out + self.s_played, before)
        for i in range(len(pile)):
            c = pile[i]
            p = pile_seats[i]
            pm |= (<uint64_t>1) << c
            out[self.s_trick + rel(me, p, n) * CARDS + c] = 1.0
        set_bits(out + self.s_unseen, ~(hand | before | pm))
        if pile:
            top = pile[len(pile) - 1]
            out[self.s_top + top] = 1.0
            set_bits(out + self.s_beats, self.stronger[top])
        else:
            set_bits(out + self.s_beats, ~(<uint64_t>0))
        if state.over:
            out[self.s_terminal] = 1.0
        else:
            out[self.s_to_act + rel(me, turn, n)] = 1.0
        if top_seat >= 0:
            out[self.s_top_seat + rel(me, top_seat, n)] = 1.0
        out[self.s_leader + rel(me, leader, n)] = 1.0
        # won / 64, hand sizes / 4 (relative seats), stock / 64, pile / n; each a
        # double division rounded to float32, as numpy stores Python floats
        cdef int r
        for p in range(n):
            r = rel(me, p, n)
            out[self.s_won + r] = <float>(<double><long>won[p] / CARDS)
            out[self.s_hand_sizes + r] = <float>(<double>len(<list>hands[p]) / 4)
        out[self.s_stock] = <float>(<double>len(<list>state.stock) / CARDS)
        out[self.s_pile] = <float>(<double>len(pile) / n)
        return arr
