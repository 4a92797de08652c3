"""The end of a round and the scoring (R-RV-18, R-RV-21, R-RV-22, D-RV-7, D-RV-13)."""

from __future__ import annotations

from pakka.games.ravaytys.base import _Base
from pakka.games.ravaytys.cards import CONTRACTS
from pakka.games.ravaytys.rules import OVER


class _Scoring(_Base):
    """The scoring section of :class:`~pakka.games.ravaytys.state.RavaytysState`."""

    __slots__ = ()

    def _end_round(self, reason: str) -> None:
        """End the round (R-RV-18, or the turn cap of D-RV-6): every player scores
        minus points for the cards left in hand (R-RV-21, values D-RV-7); after the
        eighth round the game is over (R-RV-1, R-RV-22), else the deal passes left."""
        pts = [sum(self.values[c] * k for c, k in enumerate(h) if k) for h in self.hands]
        for p in range(self.n):
            self.totals[p] += pts[p]  # R-RV-22: the round points are summed
        self.sheet.append(pts)
        self._say("rv.round_end", round=self.round + 1, reason=reason, points=pts)
        self.round += 1
        if self.round == len(CONTRACTS):  # R-RV-1: a game is 8 rounds
            self.phase = OVER
            self._say("rv.game_end", totals=list(self.totals), winners=self.winners)
            return
        self.dealer = (self.dealer + 1) % self.n  # R-RV-1: the deal passes left
        self._start_round()

    def _went_out(self, seat: int) -> None:
        """R-RV-18: the round ends when a player runs out of hand cards."""
        self.went_out.append(seat)
        self._say("rv.out", player=seat)
        self._end_round("out")

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    @property
    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        low = min(self.totals)  # R-RV-22: the lowest total wins
        return [p for p in range(self.n) if self.totals[p] == low]  # D-RV-13

    def heuristic_returns(self) -> list[float]:
        """Estimated shares: the lowest total plus what is left in hand does best."""
        est = [
            self.totals[p]
            + sum(self.values[c] * k for c, k in enumerate(self.hands[p]) if k)
            + 30 * (len(CONTRACTS) - self.round - 1)
            for p in range(self.n)
        ]
        low = min(est)
        w = [1.0 / (1.0 + (e - low) / 25.0) ** 2 for e in est]
        t = sum(w)
        return [x / t for x in w]
