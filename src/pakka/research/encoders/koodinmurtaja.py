"""Exact observation encoder for Koodinmurtaja (built from ``view(seat)`` only).

Seats are relative to the observer (``r`` = 0 is the observer, 1 the next
seat clockwise, …). ``L`` is the longest code possible, ``deck − 4·(n−1)``
cards (every card but the others' first four). Cards are encoded as rank
one-hot (13, 2..A) and suit one-hot (4, S H D C). Layout:

- ``to_act`` (n): seat to act, relative one-hot (all zero at the end);
- ``terminal`` (1); ``phase`` (4): guess, continue, reveal, over;
- ``target`` (n), ``next_target`` (n): relative one-hots; ``same_target``,
  ``guessed_right`` (1 each);
- ``stock`` (1): stock size / deck size; ``match`` (3): game number / games,
  rank-only variant, empty-stock penalty; ``dealer`` (n): relative one-hot;
- ``drawn`` (19): a drawn card exists, it is mine, its rank (13) and suit (4)
  if I may see it;
- ``seats`` (n × 19): per seat hidden cards / L, code length / L, out,
  eliminated (and order / n), wins / games, and the 13 ranks publicly known
  to be absent (rank-only variant);
- ``codes`` (n × L × 33): per seat and position (lowest first): present,
  hidden, known to me, rank (13), suit (4), the 13 ranks publicly refuted
  for that card (the ``not`` list).

Together this is the seat's whole information state (the view keeps every
refuted guess with its card, so no history is needed).

:meth:`KoodinmurtajaEncoder.observe` builds the same vector straight from the
fields ``KMState._view`` reads (bit-identical, tested): every 0/1 element is one
bit of one integer (a code card's 33 elements are one precomputed pattern per
card, its refuted ranks and face-up flag OR-ed in), unpacked once by
:func:`~pakka.research.encoders.base.bits_to_floats`; the few fractions are
written after.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from pakka.core.cards import parse_card
from pakka.core.game import Game, State
from pakka.games.koodinmurtaja.rules import CONTINUE
from pakka.games.koodinmurtaja.state import KMState
from pakka.research.encoders.base import Encoder, FloatArray, bits_to_floats, rel_seat

PHASES = ("guess", "continue", "reveal", "over")
RANK_INDEX = {
    name: i
    for i, name in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))
}
SLOT = 33
SEAT = 19
"""Elements per seat: 6 counts and flags, then the 13 ranks publicly absent."""
_CARD_BITS = tuple((1 << (3 + k // 4)) | (1 << (3 + 13 + 3 - k % 4)) for k in range(52))
"""Card of strength ``k`` (rank ``k // 4 + 2``, suit ♣ ♦ ♥ ♠ as ``k % 4`` 0..3) as the
rank and suit bits of its code slot (from element 3; suits S H D C are 0..3 there)."""
PAT_UP = tuple(1 | 4 | b for b in _CARD_BITS)
"""A face-up code card's slot: present, known, rank, suit (refuted ranks OR-ed in)."""
PAT_OWN = tuple(1 | 2 | 4 | b for b in _CARD_BITS)
"""A hidden card the observer may see (its own, or any at the end): hidden as well."""
PAT_HIDDEN = 1 | 2
"""A hidden card the observer may not see: present, hidden."""


class KoodinmurtajaEncoder(Encoder):
    """Koodinmurtaja's exact encoder (see the module docstring for the layout)."""

    name = "koodinmurtaja"
    uses_log = False

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        n = self.num_players
        self.deck_size = len(game.full_deck())
        self.max_code = self.deck_size - 4 * (n - 1)
        self.games = int(str(game.options.get("games", 1)))
        self._status_segments(PHASES)
        seg = self._segment
        self.s_target = seg("target", n, "current target seat, relative one-hot")
        self.s_next = seg("next_target", n, "the next target on offer, relative one-hot")
        self.s_flags = seg("flags", 2, "same target on offer; guessed right this turn")
        self.s_stock = seg("stock", 1, "stock size / deck size")
        self.s_match = seg("match", 3, "game number / games; rank-only; empty-stock penalty")
        self.s_dealer = seg("dealer", n, "dealer, relative one-hot")
        self.s_drawn = seg("drawn", 19, "exists, mine, rank one-hot (13), suit one-hot (4)")
        self.s_seats = seg(
            "seats",
            n * SEAT,
            "per relative seat: hidden/L, length/L, out, eliminated, elimination order/n, "
            "wins/games, 13 ranks publicly absent",
        )
        self.s_codes = seg(
            "codes",
            n * self.max_code * SLOT,
            f"per relative seat and position (L = {self.max_code}): present, hidden, known, "
            "rank (13), suit (4), 13 refuted ranks",
        )
        self._rel = [[rel_seat(me, p, n) for p in range(n)] for me in range(n)]
        opts = game.options
        self._const = (int(opts.get("guess") == "rank-only") << (self.s_match.start + 1)) | (
            int(bool(opts.get("empty_stock_penalty"))) << (self.s_match.start + 2)
        )
        """The option bits of ``match`` (the same in every observation)."""
        self._at = (
            self.s_codes.start,
            self.s_dealer.start,
            self.s_drawn.start,
            self.s_flags.start,
            self.s_next.start,
            self.s_phase.start,
            self.s_seats.start,
            self.s_target.start,
            self.s_terminal.start,
            self.s_to_act.start,
        )
        """Segment starts read by :meth:`observe` (in its order)."""
        self._fractions = np.array(
            [self.s_stock.start, self.s_match.start]
            + [self.s_seats.start + r * SEAT + i for r in range(n) for i in (0, 1, 4, 5)]
        )
        """The elements that are fractions (see :meth:`observe`)."""

    compiled_twin = ("koodinmurtaja", "KoodinmurtajaObserver")

    def _compiled_args(self) -> tuple[type, tuple[Any, ...]]:
        return KMState, (CONTINUE, _CARD_BITS, PAT_UP, PAT_OWN, PAT_HIDDEN)

    def observe(self, state: State[Any], seat: int) -> FloatArray:
        """As :meth:`Encoder.observe`, from the fields ``KMState._view(seat)`` reads
        (bit-identical; tested)."""
        n = self.num_players
        if type(state) is not KMState or type(seat) is not int or not 0 <= seat < n:
            return super().observe(state, seat)
        rel = self._rel[seat]
        (
            s_codes,
            s_dealer,
            s_drawn,
            s_flags,
            s_next,
            s_phase,
            s_seats,
            s_target,
            s_terminal,
            s_to_act,
        ) = self._at
        cp = state.cp
        over = cp is None
        phase = state.phase
        bits = self._const | (1 << (s_phase + phase))
        if cp is None:
            bits |= 1 << s_terminal
        else:
            bits |= (1 << (s_to_act + rel[cp])) | (1 << (s_target + rel[state.target]))
        hidden = state.hidden
        if phase == CONTINUE:
            if state.next_target >= 0:
                bits |= 1 << (s_next + rel[state.next_target])
            if hidden[state.target]:
                bits |= 1 << s_flags
        if state.right:
            bits |= 1 << (s_flags + 1)
        bits |= 1 << (s_dealer + rel[state.dealer])
        drawn = state.drawn
        if drawn >= 0:
            d = s_drawn
            bits |= 1 << d
            if cp == seat:
                bits |= (1 << (d + 1)) | (_CARD_BITS[drawn] << (d - 1))
            elif over:
                bits |= _CARD_BITS[drawn] << (d - 1)
        up = state.up
        refuted = state.refuted
        eliminated = state.eliminated
        codes = state.code
        rank_refuted = state.rank_refuted
        seats = s_seats
        slots = s_codes
        blocks = [0] * n  # per relative seat: its code's bits
        for p in range(n):
            r = rel[p]
            at = seats + r * SEAT
            if not hidden[p]:
                bits |= 1 << (at + 2)
            if p in eliminated:
                bits |= 1 << (at + 3)
            if rank_refuted[p]:
                bits |= rank_refuted[p] << (at + 6)
            code = codes[p]
            if code:
                own = over or p == seat
                found = self._code_bits(code, up, refuted, own)
                blocks[r] = found
        block = self.max_code * SLOT
        every = 0
        for found in reversed(blocks):  # the last relative seat first, each shifted up
            every = (every << block) | found
        out = bits_to_floats(bits | (every << slots), self.size)
        # the fractions, at the elements of _fractions: stock, game number, then per
        # relative seat hidden / L, length / L, elimination order / n, wins / games
        values = [0.0] * (2 + 4 * n)
        values[0] = len(state.stock) / self.deck_size
        values[1] = (state.game_no + 1) / max(1, state.games_total)
        wins = state.wins
        for p in range(n):
            v = 2 + 4 * rel[p]
            values[v] = hidden[p] / self.max_code
            values[v + 1] = len(codes[p]) / self.max_code
            if p in eliminated:
                values[v + 2] = (eliminated.index(p) + 1) / n
            values[v + 3] = wins[p] / self.games
        out[self._fractions] = values
        return out

    @staticmethod
    def _card(out: FloatArray, at: int, text: str) -> None:
        c = parse_card(text)
        out[at + c.rank - 2] = 1.0
        out[at + 13 + c.suit] = 1.0

    @staticmethod
    def _code_bits(code: list[int], up: list[int], refuted: list[int], own: bool) -> int:
        """The ``codes`` bits of one seat's code (cards by strength, lowest position
        first) from its first element: per card its slot pattern (face up: shown to
        all; hidden: shown to its owner, and to everyone at the end) and refuted ranks."""
        bits = 0
        for k in reversed(code):  # the highest position first, each shifted down in turn
            if up[k]:
                pat = PAT_UP[k]
            elif own:
                pat = PAT_OWN[k]
            else:
                pat = PAT_HIDDEN
            bits = (bits << SLOT) | pat | (refuted[k] << 20)
        return bits

    def fill(self, view: Mapping[str, Any], out: FloatArray) -> None:
        n = self.num_players
        me = view["seat"]

        def rel(p: int) -> int:
            return rel_seat(me, p, n)

        self._fill_status(view, out)
        if view.get("target") is not None:
            out[self.s_target.start + rel(view["target"])] = 1.0
        if view.get("next_target") is not None:
            out[self.s_next.start + rel(view["next_target"])] = 1.0
        out[self.s_flags.start] = float(bool(view.get("same_target")))
        out[self.s_flags.start + 1] = float(bool(view.get("guessed_right")))
        out[self.s_stock.start] = view["stock"] / self.deck_size
        opts = view.get("options", {})
        m = self.s_match.start
        out[m] = view.get("game_number", 1) / max(1, view.get("games", 1))
        out[m + 1] = float(opts.get("guess") == "rank-only")
        out[m + 2] = float(bool(opts.get("empty_stock_penalty")))
        out[self.s_dealer.start + rel(view["dealer"])] = 1.0
        drawn = view.get("drawn")
        if drawn:
            d = self.s_drawn.start
            out[d] = 1.0
            out[d + 1] = float(drawn.get("player") == me)
            if drawn.get("card"):
                self._card(out, d + 2, drawn["card"])
        elim = view.get("eliminated", [])
        for p in range(n):
            at = self.s_seats.start + rel(p) * SEAT
            code = view["codes"][p]
            out[at] = view["hidden"][p] / self.max_code  # a code grows past 4 cards
            out[at + 1] = len(code) / self.max_code
            out[at + 2] = float(bool(view["out"][p]))
            if p in elim:
                out[at + 3] = 1.0
                out[at + 4] = (elim.index(p) + 1) / n
            out[at + 5] = view["wins"][p] / self.games
            for r in view["rank_refuted"][p]:
                out[at + 6 + RANK_INDEX[r]] = 1.0
            base = self.s_codes.start + rel(p) * self.max_code * SLOT
            for i, entry in enumerate(code[: self.max_code]):
                s = base + i * SLOT
                out[s] = 1.0
                out[s + 1] = float(not entry["revealed"])
                if entry.get("card"):
                    out[s + 2] = 1.0
                    self._card(out, s + 3, entry["card"])
                for r in entry.get("not", ()):
                    out[s + 20 + RANK_INDEX[r]] = 1.0
