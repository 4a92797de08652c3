"""Koodinmurtaja: the compiled twin of
``pakka.research.encoders.koodinmurtaja.KoodinmurtajaEncoder.observe``.

Reads the fields ``KMState._view(seat)`` reads (the seat's own code cards, and
every code card only at the end; the drawn card only for the seat that drew it or
at the end) and writes the encoder's layout, taken from the Python encoder's
segments; the slot patterns of the code cards are the Python encoder's tables.
Stateless: every call builds the vector from scratch.
"""

from libc.stdint cimport uint64_t
cimport numpy as cnp

from pakka_fast._observer cimport Observer
from pakka_fast._util cimport rel, set_bits, zeros_f32

cnp.import_array()

cdef enum:
    CARDS = 52   # card strengths 0..51 (the code lists and the per-card fields)
    SLOT = 33    # elements per code position
    SEAT = 19    # elements per seat
    REFUTED = 20  # a code slot's refuted ranks, from this element


cdef class KoodinmurtajaObserver(Observer):
    """``observer(state, seat)`` -> the float32 observation (any other state type or
    seat, or fields out of range, go to ``fallback``, the Python encoder's own path)."""

    cdef int deck_size, max_code, games, phases, continue_phase
    cdef int s_to_act, s_terminal, s_phase, s_target, s_next, s_flags, s_stock
    cdef int s_match, s_dealer, s_drawn, s_seats, s_codes
    cdef uint64_t const_bits  # the option bits of ``match``, from element s_match
    cdef uint64_t card_bits[CARDS]
    cdef uint64_t pat_up[CARDS]
    cdef uint64_t pat_own[CARDS]
    cdef uint64_t pat_hidden

    def __init__(
        self, encoder, state_type, fallback, continue_phase, card_bits, pat_up, pat_own,
        pat_hidden,
    ):
        Observer.__init__(self, encoder, state_type, fallback)
        self.deck_size = encoder.deck_size
        self.max_code = encoder.max_code
        self.games = encoder.games
        self.phases = len(encoder.phases)
        self.continue_phase = continue_phase
        self.s_to_act = encoder.s_to_act.start
        self.s_terminal = encoder.s_terminal.start
        self.s_phase = encoder.s_phase.start
        self.s_target = encoder.s_target.start
        self.s_next = encoder.s_next.start
        self.s_flags = encoder.s_flags.start
        self.s_stock = encoder.s_stock.start
        self.s_match = encoder.s_match.start
        self.s_dealer = encoder.s_dealer.start
        self.s_drawn = encoder.s_drawn.start
        self.s_seats = encoder.s_seats.start
        self.s_codes = encoder.s_codes.start
        # the encoder's option bits (rank-only, empty-stock penalty) at match + 1, + 2
        self.const_bits = encoder._const >> self.s_match
        for k in range(CARDS):
            self.card_bits[k] = card_bits[k]
            self.pat_up[k] = pat_up[k]
            self.pat_own[k] = pat_own[k]
        self.pat_hidden = pat_hidden

    def __call__(self, state, seat):
        if self.foreign(state, seat):
            return self.fallback(state, seat)
        cdef int me = seat
        cdef int n = self.n
        cdef int L = self.max_code
        cdef list hidden = state.hidden
        cdef list codes = state.code
        cdef list rank_refuted = state.rank_refuted
        cdef list eliminated = state.eliminated
        cdef list wins = state.wins
        cdef list up = state.up
        cdef list refuted = state.refuted
        cdef object cp_obj = state.cp
        cdef bint over = cp_obj is None
        cdef int cp = -1 if over else cp_obj
        cdef int phase = state.phase
        cdef int target = state.target
        cdef int next_target = state.next_target
        cdef int dealer = state.dealer
        cdef int drawn = state.drawn
        cdef Py_ssize_t i, m
        cdef int p, r, k, q, at, slot
        cdef list code
        # anything out of range (that the C writes would not survive) goes to Python
        if (
            len(hidden) != n or len(codes) != n or len(rank_refuted) != n or len(wins) != n
            or len(up) < CARDS or len(refuted) < CARDS
            or not 0 <= phase < self.phases or not -1 <= drawn < CARDS
            or not 0 <= dealer < n or not -1 <= next_target < n
            or (not over and not (0 <= cp < n and 0 <= target < n))
            or (phase == self.continue_phase and not 0 <= target < n)
        ):
            return self.fallback(state, seat)
        for p in range(n):
            code = codes[p]
            if len(code) > L:
                return self.fallback(state, seat)
            for i in range(len(code)):
                k = code[i]
                if not 0 <= k < CARDS:
                    return self.fallback(state, seat)

        cdef cnp.ndarray arr = zeros_f32(self.size)
        cdef float* out = <float*>cnp.PyArray_DATA(arr)
        set_bits(out + self.s_match, self.const_bits)
        out[self.s_phase + phase] = 1.0
        if over:
            out[self.s_terminal] = 1.0
        else:
            out[self.s_to_act + rel(me, cp, n)] = 1.0
            out[self.s_target + rel(me, target, n)] = 1.0
        if phase == self.continue_phase:
            if next_target >= 0:
                out[self.s_next + rel(me, next_target, n)] = 1.0
            if hidden[target]:
                out[self.s_flags] = 1.0
        if state.right:
            out[self.s_flags + 1] = 1.0
        out[self.s_dealer + rel(me, dealer, n)] = 1.0
        cdef int d = self.s_drawn
        if drawn >= 0:
            out[d] = 1.0
            if cp == me:  # (never when over: cp is -1 then)
                out[d + 1] = 1.0
                set_bits(out + d - 1, self.card_bits[drawn])
            elif over:
                set_bits(out + d - 1, self.card_bits[drawn])
        # per seat: counts and flags, then its code (own cards, and all at the end,
        # shown; the others' hidden ones only as present and hidden)
        cdef bint own
        cdef uint64_t pat
        for p in range(n):
            r = rel(me, p, n)
            at = self.s_seats + r * SEAT
            if not hidden[p]:
                out[at + 2] = 1.0
            set_bits(out + at + 6, <uint64_t>rank_refuted[p])
            code = codes[p]
            own = over or p == me
            slot = self.s_codes + r * L * SLOT
            for i in range(len(code)):
                k = code[i]
                if up[k]:
                    pat = self.pat_up[k]
                elif own:
                    pat = self.pat_own[k]
                else:
                    pat = self.pat_hidden
                set_bits(out + slot, pat | (<uint64_t>refuted[k] << REFUTED))
                slot += SLOT
            # the fractions: each a double division rounded to float32, as numpy
            # stores the Python encoder's floats
            out[at] = <float>(<double><long>hidden[p] / L)
            out[at + 1] = <float>(<double>len(code) / L)
            out[at + 5] = <float>(<double><long>wins[p] / self.games)
        # eliminated seats and their order (the first occurrence, as list.index: the
        # list is walked backwards so that it is written last)
        m = len(eliminated)
        for i in range(m - 1, -1, -1):
            q = eliminated[i]
            if 0 <= q < n:
                at = self.s_seats + rel(me, q, n) * SEAT
                out[at + 3] = 1.0
                out[at + 4] = <float>(<double>(i + 1) / n)
        out[self.s_stock] = <float>(<double>len(<list>state.stock) / self.deck_size)
        cdef long games_total = state.games_total
        cdef long game_no = state.game_no
        out[self.s_match] = <float>(<double>(game_no + 1) / (games_total if games_total > 1 else 1))
        return arr
