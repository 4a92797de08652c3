"""Zoker Solo: the compiled twin of ``pakka.research.encoders.zoker.SoloEncoder.observe``.

Reads the fields ``SoloState._view`` reads (the upper places, the bottom piles,
the stock) and writes the encoder's layout, taken from the Python encoder's
segments. The fits, merges and deal elements are the legal moves, read from the
engine (``state.legal_actions()``, which the state keeps), as the Python encoder
reads them; nothing is kept between calls.
"""

from libc.stdint cimport uint64_t
cimport numpy as cnp

from pakka_fast._observer cimport Observer
from pakka_fast._util cimport set_bits, zeros_f32

cnp.import_array()

cdef enum:
    CARDS = 64
    UPPER = 12
    PILES = 4


cdef class SoloObserver(Observer):
    """``observer(state, seat)`` -> the float32 observation (any other state type or
    seat, or fields out of shape, go to ``fallback``, the Python encoder's own path)."""

    cdef int attr
    cdef int s_to_act, s_terminal, s_upper, s_piles, s_pile, s_fits, s_merges
    cdef int s_in_piles, s_unseen, s_misc
    cdef uint64_t attr_bits[CARDS]

    def __init__(self, encoder, state_type, fallback, attr_bits, attr):
        Observer.__init__(self, encoder, state_type, fallback)
        self.attr = attr
        self.s_to_act = encoder.s_to_act.start
        self.s_terminal = encoder.s_terminal.start
        self.s_upper = encoder.s_upper.start
        self.s_piles = encoder.s_piles.start
        self.s_pile = encoder.PILE
        self.s_fits = encoder.s_fits.start
        self.s_merges = encoder.s_merges.start
        self.s_in_piles = encoder.s_in_piles.start
        self.s_unseen = encoder.s_unseen.start
        self.s_misc = encoder.s_misc.start
        for c in range(CARDS):
            self.attr_bits[c] = attr_bits[c]

    def __call__(self, state, seat):
        if self.foreign(state, seat):
            return self.fallback(state, seat)
        cdef list upper = state.upper
        cdef list piles = state.piles
        cdef list stock = state.stock
        if len(upper) != UPPER or len(piles) != PILES:
            return self.fallback(state, seat)
        cdef int cards[UPPER]
        cdef int tops[PILES]
        cdef Py_ssize_t heights[PILES]
        cdef uint64_t um = 0, sm = 0, pm
        cdef int i, k, c, t
        cdef list pile
        for i in range(UPPER):
            c = upper[i]
            if c >= CARDS or c < -1:
                return self.fallback(state, seat)
            cards[i] = c
            if c >= 0:
                um |= (<uint64_t>1) << c
        for k in range(PILES):
            pile = piles[k]
            heights[k] = len(pile)
            if heights[k]:
                t = pile[heights[k] - 1]
                if t < 0 or t >= CARDS:
                    return self.fallback(state, seat)
                tops[k] = t
            else:
                tops[k] = -1
        for i in range(len(stock)):
            c = stock[i]
            if c < 0 or c >= CARDS:
                return self.fallback(state, seat)
            sm |= (<uint64_t>1) << c

        cdef cnp.ndarray arr = zeros_f32(self.size)
        cdef float* out = <float*>cnp.PyArray_DATA(arr)
        for i in range(UPPER):
            if cards[i] >= 0:
                set_bits(out + self.s_upper + i * self.attr, self.attr_bits[cards[i]])
        cdef int at
        cdef Py_ssize_t tallest = 0
        for k in range(PILES):
            at = self.s_piles + k * self.s_pile
            if heights[k]:
                set_bits(out + at, self.attr_bits[tops[k]])
                # height / 64: a double division rounded to float32, as numpy stores it
                out[at + self.attr] = <float>(<double>heights[k] / CARDS)
            else:
                out[at + self.attr + 1] = 1.0
            if heights[k] > tallest:
                tallest = heights[k]
        # "fits", "merges" and "may_deal" are the legal moves, from the engine
        # (SoloState.legal_actions, kept by the state): move id s*4+d is element
        # s_fits + id (R-SO-3/4/6), the deal (id 64, R-SO-5) is may_deal; with no
        # legal move the game is over (R-SO-7)
        cdef list legal = state.legal_actions()
        cdef object action
        for action in legal:
            i = action.id
            if i < CARDS:
                out[self.s_fits + i] = 1.0
            else:
                out[self.s_misc + 2] = 1.0
        if legal:
            out[self.s_to_act] = 1.0
        else:
            out[self.s_terminal] = 1.0
        # R-SO-1: every card is in an upper place, a bottom pile or the stock
        pm = ~(um | sm)
        set_bits(out + self.s_in_piles, pm)
        set_bits(out + self.s_unseen, sm)
        out[self.s_misc] = <float>(<double>len(stock) / CARDS)
        out[self.s_misc + 1] = <float>(<double>tallest / CARDS)
        return arr
