"""Zoker Memo: the compiled twin of ``pakka.research.encoders.zoker.MemoEncoder.observe``.

Reads the fields the Python ``observe`` reads (places, seen, table, first, turn,
over, taken, stock; of ``table`` only its public parts: the seen cards on it and
how many cards it holds) and writes the encoder's layout, taken from the Python
encoder's segments. Unlike the Python path (incremental, with vectors kept per
state and seat) it builds every observation from scratch: nothing is kept.
"""

from libc.stdint cimport uint64_t
from libc.string cimport memset
cimport numpy as cnp

from pakka_fast._observer cimport Observer
from pakka_fast._util cimport __builtin_ctzll, __builtin_popcountll, rel, set_bits, zeros_f32

cnp.import_array()


cdef enum:
    CARDS = 64
    NEVER_SEEN = 3  # a place face down and never seen: occupied (0), never seen (1)
    FACE_UP = 3  # the element of the place turned face up now


cdef class MemoObserver(Observer):
    """``observer(state, seat)`` -> the float32 observation (any other state type or
    seat, or a state the tables cannot describe, goes to ``fallback``, the Python
    encoder's own path)."""

    cdef int place
    cdef int s_places, s_partner, s_known, s_taken, s_unseen
    cdef int s_taken_by, s_table, s_easy, s_to_act, s_terminal
    cdef bint easy
    cdef uint64_t partners[CARDS]
    cdef uint64_t known[CARDS]

    def __init__(self, encoder, state_type, fallback, partner_masks, known_places, easy):
        Observer.__init__(self, encoder, state_type, fallback)
        self.place = encoder.PLACE
        self.s_places = encoder.s_places.start
        self.s_partner = encoder.s_partner.start
        self.s_known = encoder.s_known.start
        self.s_taken = encoder.s_taken.start
        self.s_unseen = encoder.s_unseen.start
        self.s_taken_by = encoder.s_taken_by.start
        self.s_table = encoder.s_table.start
        self.s_easy = encoder.s_easy.start
        self.s_to_act = encoder.s_to_act.start
        self.s_terminal = encoder.s_terminal.start
        for c in range(CARDS):
            self.partners[c] = partner_masks[c]
            self.known[c] = known_places[c]
        self.easy = easy

    def __call__(self, state, seat):
        if self.foreign(state, seat):
            return self.fallback(state, seat)
        cdef int me = seat
        cdef int n = self.n
        cdef int place = self.place
        cdef list places = state.places
        cdef list taken = state.taken
        cdef Py_ssize_t count = len(places), i
        cdef int f = state.first
        cdef int turn = state.turn
        cdef bint over = state.over
        if (
            count > CARDS
            or len(taken) != n
            or f >= count
            or (not over and not 0 <= turn < n)
        ):
            return self.fallback(state, seat)
        cdef uint64_t seen = state.seen
        cdef uint64_t table = state.table
        cdef uint64_t on = seen & table
        cdef uint64_t pairs
        cdef signed char where[CARDS]  # card -> its (first) place, -1 off the table
        cdef int c
        memset(where, -1, sizeof(where))
        cdef cnp.ndarray arr = zeros_f32(self.size)
        cdef float* out = <float*>cnp.PyArray_DATA(arr)
        cdef float* at
        for i in range(count):
            c = places[i]
            if c < 0:
                continue
            if c >= CARDS:
                return self.fallback(state, seat)
            if where[c] < 0:
                where[c] = <signed char>i
            at = out + self.s_places + place * i
            # perfect recall: a card once face up stays known (its attributes)
            set_bits(at, self.known[c] if (seen >> c) & 1 else NEVER_SEEN)
        set_bits(out + self.s_known, on)
        set_bits(out + self.s_taken, seen & ~table)
        set_bits(out + self.s_unseen, ~seen)
        if self.easy:
            out[self.s_easy] = 1.0
        if f >= 0:
            c = places[f]
            if c < 0 or c >= CARDS:
                return self.fallback(state, seat)
            out[self.s_places + place * f + FACE_UP] = 1.0
            # the known cards on the table that would pair with the face-up one
            pairs = self.partners[c] & on
            while pairs:
                c = __builtin_ctzll(pairs)
                if where[c] < 0:  # a seen card of the table on no place
                    return self.fallback(state, seat)
                out[self.s_partner + where[c]] = 1.0
                pairs &= pairs - 1
        if over:
            out[self.s_terminal] = 1.0
        else:
            out[self.s_to_act + rel(me, turn, n)] = 1.0
        # taken_by / 64 (relative seats), then table: places, occupied, stock / 64;
        # each a double division rounded to float32, as numpy stores Python floats
        cdef int p
        for p in range(n):
            out[self.s_taken_by + rel(me, p, n)] = <float>(<double><long>taken[p] / CARDS)
        out[self.s_table] = <float>(<double>count / CARDS)
        out[self.s_table + 1] = <float>(<double>__builtin_popcountll(table) / CARDS)
        out[self.s_table + 2] = <float>(<double>len(<list>state.stock) / CARDS)
        return arr
