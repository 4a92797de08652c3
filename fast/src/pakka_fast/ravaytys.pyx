"""Räväytys: the compiled twin of ``pakka.research.encoders.ravaytys.RavaytysEncoder.observe``.

Reads the fields ``RavaytysState._view(seat)`` reads (the seat's own hand, every
seat's publicly known cards, the groups on the table and being built, the top
discard, the card in transit, counts and seat numbers) and writes the encoder's
layout, taken from the Python encoder's segments. Everything is built from
scratch at every call (nothing is kept per state).
"""

cimport numpy as cnp

from pakka_fast._observer cimport Observer
from pakka_fast._util cimport rel, zeros_f32

cnp.import_array()

cdef enum:
    KINDS = 53
    JOKER = 52
    DECK = 108
    MAX_PHASES = 32
    # group slot offsets from the slot's ``k`` (after present, pending, owner (n))
    G_SET = 0
    G_RUN = 1
    G_RANK = 2      # 13, rank 2..14
    G_SUIT = 15     # 4
    G_POS = 19      # 14 run positions covered, 1..14
    G_WILD = 33     # 14 positions held by wild cards
    G_CARDS = 47    # 53 card counts / 4
    G_SIZE = 100    # G_CARDS + KINDS: the slot's size after the owner one-hot


cdef inline int run_from(long lo) noexcept nogil:
    """The lowest position a run's view shows, read back as the encoder does
    (``pos_name`` then ``RANKS.get(name, 1)``): 2..13 stay, the aces (1, 14) and
    anything else give 1."""
    if 2 <= lo <= 13:
        return <int>lo
    return 1


cdef class RavaytysObserver(Observer):
    """``observer(state, seat)`` -> the float32 observation (any other state type or
    seat, or a state it cannot read, goes to ``fallback``, the Python encoder's own path)."""

    cdef int max_turns, rounds, groups, group_size, buy, over, phases
    cdef int s_to_act, s_terminal, s_phase, s_stage, s_round, s_dealer, s_turn, s_asked
    cdef int s_hand, s_drawn, s_top, s_transit, s_known, s_unseen, s_down, s_sizes
    cdef int s_buys, s_counts, s_groups, s_totals
    cdef int phase_of[MAX_PHASES]
    cdef bint is_wild[KINDS]

    def __init__(self, encoder, state_type, fallback, phase_of, buy, over, is_wild):
        Observer.__init__(self, encoder, state_type, fallback)
        self.max_turns = encoder.max_turns
        self.rounds = encoder._rounds
        self.groups = encoder.groups
        self.group_size = encoder.group_size
        if self.group_size != 2 + self.n + G_SIZE:
            raise ValueError("group slot layout differs from the compiled one")
        self.s_to_act = encoder.s_to_act.start
        self.s_terminal = encoder.s_terminal.start
        self.s_phase = encoder.s_phase.start
        self.s_stage = encoder.s_stage.start
        self.s_round = encoder.s_round.start
        self.s_dealer = encoder.s_dealer.start
        self.s_turn = encoder.s_turn.start
        self.s_asked = encoder.s_asked.start
        self.s_hand = encoder.s_hand.start
        self.s_drawn = encoder.s_drawn.start
        self.s_top = encoder.s_top.start
        self.s_transit = encoder.s_transit.start
        self.s_known = encoder.s_known.start
        self.s_unseen = encoder.s_unseen.start
        self.s_down = encoder.s_down.start
        self.s_sizes = encoder.s_sizes.start
        self.s_buys = encoder.s_buys.start
        self.s_counts = encoder.s_counts.start
        self.s_groups = encoder.s_groups.start
        self.s_totals = encoder.s_totals.start
        if len(phase_of) > MAX_PHASES or len(is_wild) != KINDS:
            raise ValueError("phase or card table of an unexpected size")
        self.phases = len(phase_of)
        for i in range(self.phases):
            self.phase_of[i] = phase_of[i]
        for c in range(KINDS):
            self.is_wild[c] = is_wild[c]
        self.buy = buy
        self.over = over

    def __call__(self, state, seat):
        if self.foreign(state, seat):
            return self.fallback(state, seat)
        cdef cnp.ndarray arr = zeros_f32(self.size)
        if self._fill(state, seat, <float*>cnp.PyArray_DATA(arr)):
            return self.fallback(state, seat)
        return arr

    cdef int _fill(self, state, int me, float* out) except -1:
        """Write the observation of seat ``me`` into the zeroed ``out``; 1 (and a
        partly written ``out``) for a state whose fields it cannot read."""
        cdef int n = self.n
        cdef int seen[KINDS]
        cdef int c, p, r, cnt, i, phase, tp, lo, hi, key, owner, ncards, kk
        cdef Py_ssize_t at
        cdef double x
        cdef object g, v
        cdef list cards
        for c in range(KINDS):
            seen[c] = 0

        # status: seat to act (or terminal), phase, stage, round, dealer, turn, asked
        phase = state.phase
        if not 0 <= phase < self.phases:
            return 1
        tp = state.turn_player
        if not 0 <= tp < n:
            return 1
        out[self.s_phase + self.phase_of[phase]] = 1.0
        cdef list askers = state.askers
        if phase == self.over:
            out[self.s_terminal] = 1.0
        elif phase == self.buy:
            if not askers:
                return 1
            p = askers[0]
            if not 0 <= p < n:
                return 1
            out[self.s_to_act + rel(me, p, n)] = 1.0
            out[self.s_asked + rel(me, p, n)] = 1.0
        else:
            out[self.s_to_act + rel(me, tp, n)] = 1.0
        i = state.stage
        if not 0 <= i < 3:
            return 1
        out[self.s_stage + i] = 1.0
        i = state.round
        if i < 0:
            return 1
        i = min(8, min(i + 1, self.rounds))
        out[self.s_round + i - 1] = 1.0
        p = state.dealer
        if not 0 <= p < n:
            return 1
        out[self.s_dealer + rel(me, p, n)] = 1.0
        out[self.s_turn + rel(me, tp, n)] = 1.0

        # my hand (the only hand read), the card I drew, the top discard, in transit
        cdef list hand = state.hands[me]
        if len(hand) != KINDS:
            return 1
        for c in range(KINDS):
            cnt = hand[c]
            if cnt:
                out[self.s_hand + c] = <float>cnt * <float>0.25
                seen[c] += cnt
        c = state.drawn
        if c >= 0 and me == tp:
            if c >= KINDS:
                return 1
            out[self.s_drawn + c] = 1.0
        cdef list pile = state.pile
        if pile:
            c = pile[len(pile) - 1]
            if not 0 <= c < KINDS:
                return 1
            out[self.s_top + c] = 1.0
            seen[c] += 1
        c = state.transit
        if c >= 0:
            if c >= KINDS:
                return 1
            out[self.s_transit + c] = 1.0
            seen[c] += 1

        # publicly known cards per seat (mine are in my hand already)
        cdef list known = state.known
        if len(known) != n:
            return 1
        cdef dict kn
        for p in range(n):
            kn = known[p]
            if not kn:
                continue
            at = self.s_known + rel(me, p, n) * KINDS
            for g, v in kn.items():
                c = g
                if not 0 <= c < KINDS:
                    return 1
                cnt = v
                out[at + c] = <float>cnt * <float>0.25
                if p != me:
                    seen[c] += cnt

        # the groups on the table (M1 first), then the ones being built
        cdef int left = self.groups
        cdef int pending
        cdef int counts[KINDS]
        cdef list groups
        at = self.s_groups
        for pending in range(2):
            groups = state.pending if pending else state.melds
            for g in groups:
                if not left:
                    break
                owner = g.owner
                if not 0 <= owner < n:
                    return 1
                out[at] = 1.0
                if pending:
                    out[at + 1] = 1.0
                out[at + 2 + rel(me, owner, n)] = 1.0
                kk = at + 2 + n
                key = g.key
                cards = g.cards
                ncards = len(cards)
                for c in range(KINDS):
                    counts[c] = 0
                if g.is_run:
                    if not 0 <= key < 4:
                        return 1
                    out[kk + G_RUN] = 1.0
                    out[kk + G_SUIT + key] = 1.0
                    lo = run_from(g.lo)
                    hi = min(14, lo + ncards - 1)
                    for i in range(lo, hi + 1):
                        out[kk + G_POS + i - 1] = 1.0
                    for i in range(ncards):
                        c = cards[i]
                        if not 0 <= c < KINDS:
                            return 1
                        counts[c] += 1
                        if self.is_wild[c] and lo + i <= 14:
                            out[kk + G_WILD + lo - 1 + i] = 1.0
                else:
                    if not 2 <= key <= 14:
                        return 1
                    out[kk + G_SET] = 1.0
                    out[kk + G_RANK + key - 2] = 1.0
                    for i in range(ncards):
                        c = cards[i]
                        if not 0 <= c < KINDS:
                            return 1
                        counts[c] += 1
                for c in range(KINDS):
                    if counts[c]:
                        out[kk + G_CARDS + c] = <float>counts[c] * <float>0.25
                        seen[c] += counts[c]
                at += self.group_size
                left -= 1

        # unseen: the two decks minus every card seen (never below 0)
        for c in range(KINDS):
            cnt = (4 if c == JOKER else 2) - seen[c]
            if cnt > 0:
                out[self.s_unseen + c] = <float>cnt * <float>0.25

        # per relative seat: down, hand size / 108, buys / 54 (at most 1), totals /
        # 1000 (cut to 0..1); each a double division rounded to float32 as numpy
        # stores Python floats, min/max in the Python's order
        cdef list down = state.down
        cdef list sizes = state.sizes
        cdef list buys = state.buys
        cdef list totals = state.totals
        if len(down) != n or len(sizes) != n or len(buys) != n or len(totals) != n:
            return 1
        for p in range(n):
            r = rel(me, p, n)
            if down[p]:
                out[self.s_down + r] = 1.0
            out[self.s_sizes + r] = <float>(<double><long>sizes[p] / DECK)
            x = <double><long>buys[p] / 54
            out[self.s_buys + r] = <float>(x if x < 1.0 else 1.0)
            x = <double><long>totals[p] / 1000.0
            x = x if x > 0.0 else 0.0
            out[self.s_totals + r] = <float>(x if x < 1.0 else 1.0)
        out[self.s_counts] = <float>(<double>len(pile) / DECK)
        out[self.s_counts + 1] = <float>(<double>len(<list>state.stock) / DECK)
        x = <double><long>state.turns / self.max_turns
        out[self.s_counts + 2] = <float>(x if x < 1.0 else 1.0)
        if state.pending_open:
            out[self.s_counts + 3] = 1.0
        return 0
