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
- ``seats`` (n × 18): per seat hidden cards / L, code length / L, out,
  eliminated (and order / n), wins / games, and the 13 ranks publicly known
  to be absent (rank-only variant);
- ``codes`` (n × L × 33): per seat and position (lowest first): present,
  hidden, known to me, rank (13), suit (4), the 13 ranks publicly refuted
  for that card (the ``not`` list).

Together this is the seat's whole information state (the view keeps every
refuted guess with its card, so no history is needed).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pakka.core.cards import parse_card
from pakka.core.game import Game
from pakka.research.encoders.base import Encoder, FloatArray, rel_seat

PHASES = ("guess", "continue", "reveal", "over")
RANK_INDEX = {
    name: i
    for i, name in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))
}
SLOT = 33
SEAT = 18


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

    @staticmethod
    def _card(out: FloatArray, at: int, text: str) -> None:
        c = parse_card(text)
        out[at + c.rank - 2] = 1.0
        out[at + 13 + c.suit] = 1.0

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
