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

Not in the view and so not encoded: the discard pile below its top card
(every card in it was once public), and who discarded what.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from pakka.core.cards import CARDS
from pakka.core.game import Game
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
