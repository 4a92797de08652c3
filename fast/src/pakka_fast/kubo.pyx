"""Zoker Kubo: the compiled twin of ``pakka.research.encoders.zoker.KuboEncoder.observe``.

Reads the fields ``KuboState._view(seat)`` reads (the board, the seat's own hand,
the hand sizes, the turn and claim window, the counts) and writes the encoder's
layout, taken from the Python encoder's segments. The board's derived sets
(placeable, covered, the line fills) are computed from the board bitmask at
every call with the tables the Python encoder passes (nothing is kept per state).
"""

from libc.stdint cimport uint64_t
cimport numpy as cnp

from pakka_fast._observer cimport Observer
from pakka_fast._util cimport (
    __builtin_ctzll, __builtin_popcountll, card_set, rel, set_bits, zeros_f32,
)

cnp.import_array()


cdef enum:
    CARDS = 64
    MAX_LINES = 128
    MAX_CONST = 8


cdef class KuboObserver(Observer):
    """``observer(state, seat)`` -> the float32 observation (any other state type or
    seat goes to ``fallback``, the Python encoder's own path)."""

    cdef int num_lines, num_const
    cdef int s_board, s_hand, s_placeable, s_covered, s_unseen, s_line_fill, s_open
    cdef int s_turn, s_claimers, s_phase, s_may_draw, s_placed, s_hand_sizes, s_stock
    cdef int s_round_points, s_totals, s_round, s_to_act, s_terminal
    cdef long round_max, rounds, scale, stock_max, play, claims
    cdef bint manual
    cdef int const_at[MAX_CONST]
    cdef uint64_t support[CARDS]
    cdef uint64_t under[CARDS]
    cdef uint64_t lines[MAX_LINES]

    def __init__(
        self,
        encoder,
        state_type,
        fallback,
        line_masks,
        stock_max,
        play,
        claims,
    ):
        Observer.__init__(self, encoder, state_type, fallback)
        self.s_to_act = encoder.s_to_act.start
        self.s_terminal = encoder.s_terminal.start
        self.s_board = encoder.s_board.start
        self.s_hand = encoder.s_hand.start
        self.s_placeable = encoder.s_placeable.start
        self.s_covered = encoder.s_covered.start
        self.s_unseen = encoder.s_unseen.start
        self.s_line_fill = encoder.s_line_fill.start
        self.s_open = encoder.s_open.start
        self.s_turn = encoder.s_turn.start
        self.s_claimers = encoder.s_claimers.start
        self.s_phase = encoder.s_phase.start
        self.s_may_draw = encoder.s_may_draw.start
        self.s_placed = encoder.s_placed.start
        self.s_hand_sizes = encoder.s_hand_sizes.start
        self.s_stock = encoder.s_stock.start
        self.s_round_points = encoder.s_round_points.start
        self.s_totals = encoder.s_totals.start
        self.s_round = encoder.s_round.start
        self.round_max = encoder.round_max
        self.rounds = encoder.rounds
        self.stock_max = stock_max
        self.scale = (self.round_max + self.stock_max) * self.rounds
        self.manual = encoder.manual
        self.play = play
        self.claims = claims
        if len(encoder._support) != CARDS or len(encoder._under) != CARDS:
            raise ValueError("a support and an under mask per card")
        for c in range(CARDS):
            self.support[c] = encoder._support[c]
            self.under[c] = encoder._under[c]
        if len(line_masks) != encoder.s_line_fill.size or len(line_masks) > MAX_LINES:
            raise ValueError("one mask per line_fill element")
        self.num_lines = len(line_masks)
        for i in range(self.num_lines):
            self.lines[i] = line_masks[i]
        # the constant elements (layers one-hot, manual): the bits of encoder._const
        const = [i for i in range(self.size) if encoder._const >> i & 1]
        if len(const) > MAX_CONST or encoder._const >> self.size:
            raise ValueError("constant bits outside the vector")
        self.num_const = len(const)
        for i in range(self.num_const):
            self.const_at[i] = const[i]

    def __call__(self, state, seat):
        if self.foreign(state, seat):
            return self.fallback(state, seat)
        cdef int me = seat
        cdef int n = self.n
        cdef list hands = state.hands
        cdef list claimers = state.claimers
        cdef list placed_last = state.placed_last
        cdef list points = state.points
        cdef list totals = state.totals
        cdef int turn = state.turn
        cdef object q
        # anything out of range (that the C writes would not survive) goes to Python
        if (
            len(hands) != n or len(placed_last) != n or len(points) != n
            or len(totals) != n or not 0 <= turn < n
        ):
            return self.fallback(state, seat)
        for q in claimers:
            if not 0 <= q < n:
                return self.fallback(state, seat)
        cdef cnp.ndarray arr = zeros_f32(self.size)
        cdef float* out = <float*>cnp.PyArray_DATA(arr)
        cdef uint64_t b = state.board
        cdef uint64_t hand = card_set(hands[me])
        cdef uint64_t empty = ~b, supported = 0, covering = 0, t = b
        cdef int c, i, p, r, ln
        while t:
            c = __builtin_ctzll(t)
            supported |= self.support[c]
            covering |= self.under[c]
            t &= t - 1
        for i in range(self.num_const):
            out[self.const_at[i]] = 1.0
        set_bits(out + self.s_board, b)
        set_bits(out + self.s_hand, hand)
        set_bits(out + self.s_placeable, supported & ~covering & empty)
        set_bits(out + self.s_covered, covering & empty)
        set_bits(out + self.s_unseen, empty & ~hand)
        out[self.s_turn + rel(me, turn, n)] = 1.0
        cdef bint over = state.over
        cdef long phase = state.phase
        if not over and phase == self.claims and not claimers:
            return self.fallback(state, seat)  # no one to act: the Python path's error
        if over:
            out[self.s_terminal] = 1.0
        elif phase == self.claims:
            out[self.s_to_act + rel(me, <int>claimers[0], n)] = 1.0
        else:
            out[self.s_to_act + rel(me, turn, n)] = 1.0
        if self.manual:
            for ln in <list>state.open_lines:
                if not 0 <= ln < self.num_lines:
                    return self.fallback(state, seat)
                out[self.s_open + ln] = 1.0
            for p in claimers:
                out[self.s_claimers + rel(me, p, n)] = 1.0
        out[self.s_phase + (1 if phase == self.claims else 0)] = 1.0
        # the placed cards on each line / 4 (exact in float32, as the Python's sums)
        for i in range(self.num_lines):
            out[self.s_line_fill + i] = <float>(<double>__builtin_popcountll(b & self.lines[i]) / 4.0)
        cdef long placed_now = state.placed_now
        cdef Py_ssize_t stock = len(<list>state.stock)
        # may_draw is the engine's rule (KuboState._may_draw, D-KU-2), asked only in
        # play and before the end, as the Python encoder asks it
        if not over and phase == self.play and state._may_draw():
            out[self.s_may_draw] = 1.0
        # the counts: each a double division rounded to float32, as numpy stores
        # Python floats
        out[self.s_placed] = <float>(<double>placed_now / self.stock_max)
        for p in range(n):
            r = rel(me, p, n)
            out[self.s_placed + 1 + r] = <float>(<double><long>placed_last[p] / self.stock_max)
            out[self.s_hand_sizes + r] = <float>(<double>len(<list>hands[p]) / self.stock_max)
            out[self.s_round_points + r] = <float>(<double><long>points[p] / self.round_max)
            out[self.s_totals + r] = <float>(<double><long>totals[p] / self.scale)
        out[self.s_stock] = <float>(<double>stock / self.stock_max)
        cdef long round_no = state.round_no
        out[self.s_round] = <float>(<double>(round_no + (0 if over else 1)) / self.rounds)
        return arr
