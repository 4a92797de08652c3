"""Exact observation encoder for Räväytys (built from ``view(seat, log=False)`` only).

Cards are the 53 kinds of :mod:`pakka.core.cards` (``suit·13 + rank − 2``, the
joker 52); the two decks' equal cards are interchangeable, so a *card
multiset* is 53 counts divided by 4 (two of each ordinary card, four
jokers). Seats are relative to the observer (0 = me). ``G`` = 4 groups per
seat (a contract has at most four) plus 4 for the contract being built. Layout
(n players):

- ``to_act`` (n), ``terminal`` (1), ``phase`` (7): open, start, buy, play,
  build, place, over; ``stage`` (3); ``round`` (8) one-hot;
- ``dealer`` (n), ``turn_player`` (n), ``asked`` (n): relative one-hots;
- ``hand`` (53), ``drawn`` (53: the card I just drew), ``top`` (53: the
  discard on offer), ``in_transit`` (53: a freed wild card);
- ``known`` (n × 53): per relative seat, the cards publicly known to be in
  its hand (taken from the discard pile or bought);
- ``unseen`` (53): the deck minus my hand, everyone's known cards, the
  groups on the table, the top discard and the card in transit;
- ``down`` (n): has laid its contract down; ``hand_sizes`` (n) / 108;
  ``buys`` (n) / 54;
- ``counts`` (4): pile / 108, stock / 108, turns / max_turns_per_round,
  pending group open;
- ``groups`` (G·n + 4 slots × (102 + n)): the groups on the table in the
  view's order (``M1`` first), then the pending ones: present, pending,
  owner (n, relative), set, run, set rank (13), run suit (4), run positions
  covered (14: A low … A high), positions held by wild cards (14), the
  cards (53 counts / 4);
- ``totals`` (n): match minus points per relative seat / 1000 (cut to 0..1).

Speed: :meth:`RavaytysEncoder.observe` builds the same vector straight from
the state's public fields (count lists, groups, seat numbers) instead of from
the view's dict of card names: card multisets as bytes of quarter counts (one
byte per element, 4 = 1.0) scaled once to float32, the unseen cards by byte
arithmetic. ``tests/research/test_fast_encoders.py`` checks that it gives the
same bytes as :meth:`~pakka.research.encoders.base.Encoder.encode` of the view.

Not in the view and so not encoded: the discard pile below its top card
(every card in it was once public), and who discarded what.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from pakka.core.cards import CARDS
from pakka.core.game import Game, State
from pakka.games.ravaytys.cards import CONTRACTS, IS_WILD, pos_name, rank_name
from pakka.games.ravaytys.melds import Meld
from pakka.games.ravaytys.rules import BUY, OVER, PHASE_NAMES
from pakka.games.ravaytys.state import RavaytysState
from pakka.research.encoders.base import Encoder, FloatArray, rel_seat

KINDS = 53
DECK = 108
CARD_INDEX: dict[str, int] = {str(c): i for i, c in enumerate(CARDS)}
FULL = np.array([2.0] * 52 + [4.0], dtype=np.float32)
"""How many of each kind the two decks hold (R-RV-2)."""
PHASES = ("open", "start", "buy", "play", "build", "place", "over")
RANKS = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10}
RANKS |= {"J": 11, "Q": 12, "K": 13, "A": 14}
SUIT_LETTERS = "SHDC"
GROUPS_PER_SEAT = 4
PENDING = 4
_ONE_AT = tuple(1 << (8 * c) for c in range(KINDS))
"""A card's 1 in a byte-per-kind count integer (``int.to_bytes(53, "little")``)."""
SEEN = 1024
"""States whose known-card bytes an encoder keeps (then all are dropped and rebuilt)."""
_LEFT = bytes(max(0, 2 - x) for x in range(256))
"""``bytes.translate`` table: unseen copies of an ordinary card seen ``x`` times."""
_LEFT_JOKERS = bytes(max(0, 4 - x) for x in range(256))
_QUARTER = np.float32(0.25)


def _run_from(lo: int) -> int:
    """The lowest position a run's view shows (its ``from`` read back as the encoder does)."""
    text = pos_name(lo)
    return 1 if text == "A" else RANKS.get(text, 1)


class RavaytysEncoder(Encoder):
    """Räväytys's exact encoder (see the module docstring for the layout)."""

    name = "ravaytys"
    uses_log = False

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        n = self.num_players
        self.max_turns = max(1, int(str(game.options.get("max_turns_per_round", 500))))
        self.group_size = 102 + n
        self.groups = GROUPS_PER_SEAT * n + PENDING
        self._status_segments(PHASES)
        seg = self._segment
        self.s_stage = seg("stage", 3, "turn stage one-hot (0, 1, 2)")
        self.s_round = seg("round", 8, "round one-hot (contracts 1..8)")
        self.s_dealer = seg("dealer", n, "dealer, relative")
        self.s_turn = seg("turn_player", n, "player in turn, relative")
        self.s_asked = seg("asked", n, "seat asked in the buy window, relative")
        self.s_hand = seg("hand", KINDS, "card multiset: my hand / 4")
        self.s_drawn = seg("drawn", KINDS, "the card I just drew")
        self.s_top = seg("top", KINDS, "the discard on offer")
        self.s_transit = seg("in_transit", KINDS, "a wild card freed by a swap")
        self.s_known = seg("known", n * KINDS, "per relative seat: publicly known cards / 4")
        self.s_unseen = seg("unseen", KINDS, "card multiset: not seen anywhere / 4")
        self.s_down = seg("down", n, "per relative seat: contract laid down")
        self.s_sizes = seg("hand_sizes", n, "per relative seat: cards in hand / 108")
        self.s_buys = seg("buys", n, "per relative seat: buys this round / 54")
        self.s_counts = seg(
            "counts", 4, "pile / 108, stock / 108, turns / max_turns_per_round, pending open"
        )
        self.s_groups = seg(
            "groups",
            self.groups * self.group_size,
            f"{self.groups} group slots: present, pending, owner (n), set, run, rank (13), "
            "suit (4), positions covered (14), wild positions (14), cards (53) / 4",
        )
        self.s_totals = seg("totals", n, "match minus points per relative seat / 1000")
        self._rel = [[rel_seat(me, p, n) for p in range(n)] for me in range(n)]
        self._phase_of = tuple(PHASES.index(p) for p in PHASE_NAMES)
        self._rounds = len(CONTRACTS)
        self._order = [[(me + r) % n for r in range(n)] for me in range(n)]
        """``_order[me][r]``: the seat ``r`` places clockwise from ``me``."""
        assert self.s_buys.stop == self.s_counts.start and self.s_totals.stop == self.size
        self._known: dict[int, list[Any]] = {}
        """id(state) -> [state, per seat: its known cards as last seen (a copy), their
        byte-per-kind count integer, its bytes]: a seat's known cards change only when
        it takes or buys a card or plays a known one, so most observations compare the
        dicts and reuse the bytes."""

    compiled_twin = ("ravaytys", "RavaytysObserver")

    def _compiled_args(self) -> tuple[type, tuple[Any, ...]]:
        return RavaytysState, (self._phase_of, BUY, OVER, IS_WILD)

    def observe(self, state: State[Any], seat: int) -> FloatArray:
        """As :meth:`Encoder.observe`, built from the state's fields (bit-identical)."""
        if (
            type(state) is not RavaytysState
            or type(seat) is not int
            or not 0 <= seat < self.num_players
        ):
            return super().observe(state, seat)
        return self._observe(state, seat)

    def _observe(self, st: RavaytysState, me: int) -> FloatArray:
        """What :meth:`fill` writes for ``st.view(me)``, from the fields ``_view(me)``
        reads: every card count and one-hot as a byte of quarters in ``q``, then
        one scaling to float32 and the few other scalars."""
        n = self.num_players
        rel = self._rel[me]
        q = bytearray(self.size)
        cp = st.current_player
        if cp is None:
            q[self.s_terminal.start] = 4
        else:
            q[self.s_to_act.start + rel[cp]] = 4
        phase = st.phase
        q[self.s_phase.start + self._phase_of[phase]] = 4
        q[self.s_stage.start + int(st.stage)] = 4
        q[self.s_round.start + min(8, min(st.round + 1, self._rounds)) - 1] = 4
        q[self.s_dealer.start + rel[st.dealer]] = 4
        tp = st.turn_player
        q[self.s_turn.start + rel[tp]] = 4
        if phase == BUY:
            q[self.s_asked.start + rel[st.askers[0]]] = 4
        hand = bytes(st.hands[me])
        q[self.s_hand.start : self.s_hand.stop] = hand
        seen = int.from_bytes(hand, "little")
        if st.drawn >= 0 and me == tp:
            q[self.s_drawn.start + st.drawn] = 4
        pile = st.pile
        if pile:
            q[self.s_top.start + pile[-1]] = 4
            seen += _ONE_AT[pile[-1]]
        if st.transit >= 0:
            q[self.s_transit.start + st.transit] = 4
            seen += _ONE_AT[st.transit]
        cache = self._known.get(id(st))
        if cache is None or cache[0] is not st:
            if len(self._known) >= SEEN:
                self._known.clear()
            cache = self._known[id(st)] = [st, [None] * n, [0] * n, [b""] * n]
        _, snaps, ks, kbs = cache
        for p, kn in enumerate(st.known):
            if kn:
                if kn != snaps[p]:
                    k = 0
                    for c, cnt in kn.items():
                        k += cnt * _ONE_AT[c]
                    snaps[p] = kn.copy()
                    ks[p] = k
                    kbs[p] = k.to_bytes(KINDS, "little")
                at = self.s_known.start + rel[p] * KINDS
                q[at : at + KINDS] = kbs[p]
                if p != me:
                    seen += ks[p]
        at = self.s_groups.start
        size = self.group_size
        left = self.groups
        for groups, pending in ((st.melds, 0), (st.pending, 4)):
            for g in groups:
                if not left:
                    break
                seen += self._group_bytes(q, at, g, rel, pending)
                at += size
                left -= 1
        seen_b = seen.to_bytes(KINDS, "little")
        q[self.s_unseen.start : self.s_unseen.stop - 1] = seen_b[:52].translate(_LEFT)
        q[self.s_unseen.stop - 1] = _LEFT_JOKERS[seen_b[52]]
        at = self.s_down.start
        for p, d in enumerate(st.down):
            if d:
                q[at + rel[p]] = 4
        if st.pending_open:
            q[self.s_counts.start + 3] = 4
        out: FloatArray = np.multiply(np.frombuffer(q, np.uint8), _QUARTER, dtype=np.float32)
        # hand sizes, buys (per relative seat) and three counts are contiguous, and
        # the totals are the last elements: two slice assignments
        order = self._order[me]
        sizes = st.sizes
        buys = st.buys
        totals = st.totals
        out[self.s_sizes.start : self.s_counts.start + 3] = [
            *[sizes[p] / DECK for p in order],
            *[min(1.0, buys[p] / 54) for p in order],
            len(pile) / DECK,
            len(st.stock) / DECK,
            min(1.0, st.turns / self.max_turns),
        ]
        out[self.s_totals.start :] = [min(1.0, max(0.0, totals[p] / 1000.0)) for p in order]
        return out

    def _group_bytes(self, q: bytearray, at: int, g: Meld, rel: list[int], pending: int) -> int:
        """Write one group as quarters (as :meth:`_group` does from its view); its
        card counts as a byte-per-kind integer."""
        q[at] = 4
        q[at + 1] = pending
        q[at + 2 + rel[g.owner]] = 4
        k = at + 2 + self.num_players
        counts = 0
        cards = g.cards
        for c in cards:
            counts += _ONE_AT[c]
        if g.is_run:
            q[k + 1] = 4
            q[k + 2 + 13 + g.key] = 4
            lo = _run_from(g.lo)
            hi = min(14, lo + len(cards) - 1)
            if hi >= lo:
                q[k + 19 + lo - 1 : k + 19 + hi] = b"\x04" * (hi - lo + 1)
            for i, c in enumerate(cards):
                if IS_WILD[c] and lo + i <= 14:
                    q[k + 33 + lo - 1 + i] = 4
        else:
            q[k] = 4
            q[k + 2 + RANKS[rank_name(g.key)] - 2] = 4
        q[k + 47 : k + 47 + KINDS] = counts.to_bytes(KINDS, "little")
        return counts

    def _group(
        self, out: FloatArray, at: int, g: Mapping[str, Any], me: int, pending: bool
    ) -> np.ndarray:
        """Write one group; its card counts."""
        n = self.num_players
        out[at] = 1.0
        out[at + 1] = float(pending)
        self._one_hot_seat(out, at + 2, me, g.get("owner"))
        k = at + 2 + n
        counts = np.zeros(KINDS, dtype=np.float32)
        for entry in g["cards"]:
            counts[CARD_INDEX[entry["card"]]] += 1.0
        if g["kind"] == "run":
            out[k + 1] = 1.0
            out[k + 2 + 13 + SUIT_LETTERS.index(g["suit"])] = 1.0
            # The view names the lowest position ("A" = the ace low, 1); the
            # cards follow it one position each (an empty run being built
            # covers nothing).
            lo = 1 if g["from"] == "A" else RANKS.get(g["from"], 1)
            hi = min(14, lo + len(g["cards"]) - 1)
            if hi >= lo:
                out[k + 19 + lo - 1 : k + 19 + hi] = 1.0
            for i, entry in enumerate(g["cards"]):
                if "as" in entry and lo + i <= 14:
                    out[k + 33 + lo - 1 + i] = 1.0
        else:
            out[k] = 1.0
            out[k + 2 + RANKS[g["rank"]] - 2] = 1.0
        out[k + 47 : k + 47 + KINDS] = counts / 4.0
        return counts

    def fill(self, view: Mapping[str, Any], out: FloatArray) -> None:
        n = self.num_players
        me = self._fill_status(view, out)

        def rel(p: int) -> int:
            return rel_seat(me, p, n)

        out[self.s_stage.start + int(view["stage"])] = 1.0
        out[self.s_round.start + min(8, int(view["round"])) - 1] = 1.0
        self._one_hot_seat(out, self.s_dealer.start, me, view["dealer"])
        self._one_hot_seat(out, self.s_turn.start, me, view["turn_player"])
        self._one_hot_seat(out, self.s_asked.start, me, view.get("asked"))
        seen = np.zeros(KINDS, dtype=np.float32)
        hand = np.zeros(KINDS, dtype=np.float32)
        for c in view.get("hand") or ():
            hand[CARD_INDEX[c]] += 1.0
        out[self.s_hand.start : self.s_hand.stop] = hand / 4.0
        seen += hand
        if view.get("drawn"):
            out[self.s_drawn.start + CARD_INDEX[view["drawn"]]] = 1.0
        for key, s in (("top", self.s_top), ("in_transit", self.s_transit)):
            if view.get(key):
                out[s.start + CARD_INDEX[view[key]]] = 1.0
                seen[CARD_INDEX[view[key]]] += 1.0
        for p, cards in enumerate(view["known"]):
            known = np.zeros(KINDS, dtype=np.float32)
            for c in cards:
                known[CARD_INDEX[c]] += 1.0
            at = self.s_known.start + rel(p) * KINDS
            out[at : at + KINDS] = known / 4.0
            if p != me:
                seen += known  # my own known cards are in my hand already
        groups = [(g, False) for g in view["melds"]] + [(g, True) for g in view["pending"]]
        for slot, (g, pending) in enumerate(groups[: self.groups]):
            at = self.s_groups.start + slot * self.group_size
            seen += self._group(out, at, g, me, pending)
        out[self.s_unseen.start : self.s_unseen.stop] = np.clip(FULL - seen, 0.0, 4.0) / 4.0
        for p in range(n):
            out[self.s_down.start + rel(p)] = float(bool(view["down"][p]))
            out[self.s_sizes.start + rel(p)] = view["hand_sizes"][p] / DECK
            out[self.s_buys.start + rel(p)] = min(1.0, view["buys"][p] / 54)
            out[self.s_totals.start + rel(p)] = min(1.0, max(0.0, view["scores"][p] / 1000.0))
        c = self.s_counts.start
        out[c] = view["pile_size"] / DECK
        out[c + 1] = view["stock_size"] / DECK
        out[c + 2] = min(1.0, view["turns"] / self.max_turns)
        out[c + 3] = float(bool(view["pending_open"]))
