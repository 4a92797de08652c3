"""Exact observation encoder for Viisisataa (built from ``view(seat, log=False)`` only).

Cards are indexed as in :mod:`pakka.core.cards` (``suit·13 + rank − 2``, suits
S H D C, the joker 52); a *card set* is 53 floats. Seats are relative to the
observer (0 = me). Bids are indexed 0..24 (``bid 6S`` … ``bid 10NT``, the
engine's order), 25 = misère, 26 = pass; contracts add 27 = the no-contract
grand ``6NT*``. Layout (n players):

- ``to_act`` (n), ``terminal`` (1), ``phase`` (8): bidding, doubling,
  redoubling, partner, discard, call, play, over;
- card sets (53 each): ``hand``; ``played`` (every card played this hand);
  ``kitty`` and ``discards`` (the kitty I took and what I discarded: only
  the contractor sees them); ``unseen`` (in this game's deck, not mine, not
  played, not my discards);
- ``trick`` (n × 53): the card each relative seat played to the trick in
  progress; ``led_suit`` (4); ``last_trick`` (n × 53) and
  ``last_trick_winner`` (n);
- ``trump`` (5): S H D C none (grand, misère); all 0 while unknown;
- ``bids`` (n × 27): each relative seat's latest call in the auction;
  ``high_bid`` (27), ``high_bidder`` (n);
- ``contract`` (28), ``contractor`` (n), ``multiplier`` (1) / 4;
  ``doublings`` (n × 2): double, redouble per relative seat;
- ``partner`` (n), ``partner_card`` (53), ``sitting_out`` (n);
- ``dealer`` (n), ``leader`` (n);
- ``counts`` (n + n + 5): hand sizes / deck, tricks won / deck, kitty
  size / deck, discards left / deck, dead-hand size / deck, set-aside size
  / deck, hand number / max_hands (the research cap if uncapped; cut to 1);
- ``totals`` (n): match points / 1000 (cut to −1..1).

Not in the view and so not encoded: who played which card in tricks before
the last (the view keeps the cards played, the trick winners and the last
trick only), so a seat's earlier failures to follow suit are not recalled.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from pakka.core.cards import CARDS, SUITS
from pakka.core.game import Game
from pakka.games.viisisataa.game import AUTOMATED_MAX_HANDS
from pakka.research.encoders.base import Encoder, FloatArray, rel_seat

NUM_CARDS = 53
CARD_INDEX: dict[str, int] = {str(c): i for i, c in enumerate(CARDS)}
PHASES = ("bidding", "doubling", "redoubling", "partner", "discard", "call", "play", "over")
_BID_SUITS = ("S", "C", "D", "H", "NT")
CALL_INDEX: dict[str, int] = {f"bid {6 + b // 5}{_BID_SUITS[b % 5]}": b for b in range(25)} | {
    "misere": 25,
    "pass": 26,
}
"""An auction call's text -> its index (the engine's bid order, then misère and pass)."""
CONTRACT_INDEX = CALL_INDEX | {"6NT*": 27}
TRUMPS = ("S", "H", "D", "C", "none")


class ViisisataaEncoder(Encoder):
    """Viisisataa's exact encoder (see the module docstring for the layout)."""

    name = "viisisataa"
    uses_log = False
    signed_segments = ("totals",)

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        n = self.num_players
        self.deck = np.zeros(NUM_CARDS, dtype=bool)
        self.deck[[CARD_INDEX[str(c)] for c in game.full_deck()]] = True
        self.deck_size = int(self.deck.sum())
        # R-5S-22: an uncapped match (max_hands 0) scales by the research cap instead.
        cap = int(str(game.options.get("max_hands", 0)))
        self.max_hands = cap if cap > 0 else AUTOMATED_MAX_HANDS
        self._status_segments(PHASES, over="match")
        seg = self._segment
        self.s_hand = seg("hand", NUM_CARDS, "card set: my hand")
        self.s_played = seg("played", NUM_CARDS, "card set: played this hand")
        self.s_kitty = seg("kitty", NUM_CARDS, "card set: the kitty I took (contractor)")
        self.s_discards = seg("discards", NUM_CARDS, "card set: my discards (contractor)")
        self.s_unseen = seg("unseen", NUM_CARDS, "card set: in the deck, not seen by me")
        self.s_trick = seg("trick", n * NUM_CARDS, "per relative seat: its card in this trick")
        self.s_led = seg("led_suit", 4, "suit led: S H D C")
        self.s_last = seg("last_trick", n * NUM_CARDS, "per relative seat: its card last trick")
        self.s_last_winner = seg("last_trick_winner", n, "winner of the last trick, relative")
        self.s_trump = seg("trump", 5, "trump: S H D C none")
        self.s_bids = seg("bids", n * 27, "per relative seat: latest call (25 bids, misere, pass)")
        self.s_high = seg("high_bid", 27, "highest call so far")
        self.s_high_bidder = seg("high_bidder", n, "its seat, relative")
        self.s_contract = seg("contract", 28, "contract: 25 bids, misere, -, 6NT* (no contract)")
        self.s_contractor = seg("contractor", n, "contractor, relative")
        self.s_mult = seg("multiplier", 1, "multiplier / 4")
        self.s_doublings = seg("doublings", n * 2, "per relative seat: doubled, redoubled")
        self.s_partner = seg("partner", n, "the contractor's partner if known to me, relative")
        self.s_partner_card = seg("partner_card", NUM_CARDS, "the called partner card")
        self.s_sitting_out = seg("sitting_out", n, "seat sitting out this hand, relative")
        self.s_dealer = seg("dealer", n, "dealer, relative")
        self.s_leader = seg("leader", n, "leader of this trick, relative")
        self.s_counts = seg(
            "counts",
            2 * n + 5,
            "hand sizes, tricks (per relative seat) / deck; kitty, discards left, dead hand, "
            "set aside / deck; hand number / max_hands",
        )
        self.s_totals = seg("totals", n, "match points per relative seat / 1000 (cut to -1..1)")

    def _cards(self, out: FloatArray, start: int, names: Any) -> list[int]:
        ids = [CARD_INDEX[x] for x in names or ()]
        if ids:
            out[np.asarray(ids) + start] = 1.0
        return ids

    def fill(self, view: Mapping[str, Any], out: FloatArray) -> None:
        n = self.num_players
        me = self._fill_status(view, out)

        def rel(p: int) -> int:
            return rel_seat(me, p, n)

        hand = self._cards(out, self.s_hand.start, view.get("hand"))
        played = self._cards(out, self.s_played.start, view["played"])
        self._cards(out, self.s_kitty.start, view.get("kitty"))
        discards = self._cards(out, self.s_discards.start, view.get("discards"))
        unseen = self.deck.copy()
        unseen[hand + played + discards] = False
        out[self.s_unseen.start : self.s_unseen.stop] = unseen
        for play in view["trick"]:
            out[self.s_trick.start + rel(play["seat"]) * NUM_CARDS + CARD_INDEX[play["card"]]] = 1
        if view.get("led_suit"):
            out[self.s_led.start + SUITS.index(view["led_suit"])] = 1.0
        last = view.get("last_trick")
        if last:
            for play in last["cards"]:
                at = self.s_last.start + rel(play["seat"]) * NUM_CARDS
                out[at + CARD_INDEX[play["card"]]] = 1.0
            self._one_hot_seat(out, self.s_last_winner.start, me, last.get("winner"))
        if view.get("trump"):
            out[self.s_trump.start + TRUMPS.index(view["trump"])] = 1.0
        latest: dict[int, int] = {}
        for call in view["bids"]:
            latest[call["seat"]] = CALL_INDEX[call["bid"]]
        for p, k in latest.items():
            out[self.s_bids.start + rel(p) * 27 + k] = 1.0
        if view.get("high_bid"):
            out[self.s_high.start + CALL_INDEX[view["high_bid"]]] = 1.0
        self._one_hot_seat(out, self.s_high_bidder.start, me, view.get("high_bidder"))
        if view.get("contract"):
            out[self.s_contract.start + CONTRACT_INDEX[view["contract"]]] = 1.0
        self._one_hot_seat(out, self.s_contractor.start, me, view.get("contractor"))
        out[self.s_mult.start] = view["multiplier"] / 4.0
        for d in view["doublings"]:
            if d["call"] in ("double", "redouble"):
                k = d["call"] == "redouble"
                out[self.s_doublings.start + rel(d["seat"]) * 2 + k] = 1.0
        self._one_hot_seat(out, self.s_partner.start, me, view.get("partner"))
        if view.get("partner_card"):
            out[self.s_partner_card.start + CARD_INDEX[view["partner_card"]]] = 1.0
        self._one_hot_seat(out, self.s_sitting_out.start, me, view.get("sitting_out"))
        self._one_hot_seat(out, self.s_dealer.start, me, view["dealer"])
        self._one_hot_seat(out, self.s_leader.start, me, view.get("leader"))
        c = self.s_counts.start
        d = self.deck_size
        for p in range(n):
            out[c + rel(p)] = view["hand_sizes"][p] / d
            out[c + n + rel(p)] = view["tricks"][p] / d
        c += 2 * n
        out[c] = view["kitty_size"] / d
        out[c + 1] = view["discards_left"] / d
        out[c + 2] = (view.get("dead_hand_size") or 0) / d
        out[c + 3] = view["set_aside_size"] / d
        out[c + 4] = min(1.0, view["hand_no"] / self.max_hands)
        for p, pts in enumerate(view["scores"]):
            out[self.s_totals.start + rel(p)] = max(-1.0, min(1.0, pts / 1000.0))
