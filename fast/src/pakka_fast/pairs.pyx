"""Zoker pairs trainer: the compiled twin of
``pakka.research.encoders.zoker.PairsEncoder.observe``.

Reads the fields ``PairsState._view`` reads (the table's bitmask, the layout,
the tallies, whether the player stopped) and writes the encoder's layout, taken
from the Python encoder's segments; nothing is kept between calls.
"""

from libc.stdint cimport uint64_t
cimport numpy as cnp

from pakka_fast._observer cimport Observer
from pakka_fast._util cimport __builtin_ctzll, set_bits, zeros_f32

cnp.import_array()


cdef enum:
    CARDS = 64


cdef class PairsObserver(Observer):
    """``observer(state, seat)`` -> the float32 observation (any other state type or
    seat goes to ``fallback``, the Python encoder's own path)."""

    cdef int s_to_act, s_terminal, s_table, s_partner, s_tallies, s_left
    cdef uint64_t compatible[CARDS]

    def __init__(self, encoder, state_type, fallback, compatible):
        Observer.__init__(self, encoder, state_type, fallback)
        self.s_to_act = encoder.s_to_act.start
        self.s_terminal = encoder.s_terminal.start
        self.s_table = encoder.s_table.start
        self.s_partner = encoder.s_partner.start
        self.s_tallies = encoder.s_tallies.start
        self.s_left = encoder.s_left.start
        for c in range(CARDS):
            self.compatible[c] = compatible[c]

    def __call__(self, state, seat):
        if self.foreign(state, seat):
            return self.fallback(state, seat)
        cdef uint64_t table = state.table
        # has_partner: table cards with a compatible card on the table (R-ZK-3)
        cdef uint64_t partner = 0, t = table, low
        cdef int c, on = 0
        while t:
            low = t & (~t + 1)
            c = __builtin_ctzll(t)
            t ^= low
            if self.compatible[c] & table:
                partner |= low
            on += 1
        cdef cnp.ndarray arr = zeros_f32(self.size)
        cdef float* out = <float*>cnp.PyArray_DATA(arr)
        set_bits(out + self.s_table, table)
        set_bits(out + self.s_partner, partner)
        # the end of the round is the engine's (PairsState.over), as in Python
        if state.over:
            out[self.s_terminal] = 1.0
        else:
            out[self.s_to_act] = 1.0
        # each a double division rounded to float32, as numpy stores Python floats
        cdef long mistakes = state.mistakes
        cdef Py_ssize_t dealt = len(<list>state.layout)
        cdef int t0 = self.s_tallies
        out[t0] = <float>(<double><long>state.pairs / 32)
        out[t0 + 1] = <float>(<double><long>state.straights / 16)
        out[t0 + 2] = <float>(<double><long>state.score / 48)
        out[t0 + 3] = <float>(<double>mistakes / (mistakes + 1))
        out[self.s_left] = <float>(<double>on / (dealt if dealt > 1 else 1))
        return arr
