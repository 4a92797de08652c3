"""Scoring a hand and winning the match (R-5S-17..23, R-5S-24, V2, V3, V5, D-5S-3,
D-5S-4, D-5S-6), and the results a search reads (returns, hand utility)."""

from __future__ import annotations

import math

from pakka.games.viisisataa.actions import ACTIONS, BID_BASE, MISERE_ID, MISERE_VALUE, bid_tricks
from pakka.games.viisisataa.base import _Base, _bid_value_of
from pakka.games.viisisataa.rules import HORIZON, OVER, TARGET, UTILITY_SCALE


class _Scoring(_Base):
    """The scoring section of :class:`~pakka.games.viisisataa.state.ViisisataaState`."""

    __slots__ = ()

    def _side(self, seat: int) -> list[int]:
        """The seats that share ``seat``'s score (R-5S-24: a team with 4 players)."""
        return [seat, (seat + 2) % 4] if self.n == 4 else [seat]

    def _add(self, seat: int, pts: int, deltas: list[int]) -> None:
        for s in self._side(seat):
            self.points[s] += pts
            deltas[s] += pts

    def _score_hand(self) -> None:
        n = self.n
        deltas = [0] * n
        winners: list[int] = []
        c = self.contractor
        made: bool | None = None
        side_tricks: int | None = None
        if c < 0 and not self.no_contract:
            pass  # R-5S-12: thrown in, nobody scores
        elif self.no_contract:
            # R-5S-21: each player (team) scores 10 per trick; first to 500 wins (R-5S-23).
            for w in self.trick_winners:
                self._add(w, 10, deltas)
                if not winners and self.points[w] >= TARGET:
                    winners = self._side(w)
        else:
            misere = self.contract_id == MISERE_ID
            side = [c]
            if self.partner >= 0 and self.partner != self.sitting_out:
                side.append(self.partner)
            side_tricks = sum(self.tricks[s] for s in side)
            value = _bid_value_of(self.contract_id)
            if misere:
                made = self.tricks[c] == 0  # R-5S-20
                result = MISERE_VALUE if made else -MISERE_VALUE
            else:
                made = side_tricks >= bid_tricks(self.contract_id - BID_BASE)
                if made and value < MISERE_VALUE and side_tricks == 10:
                    value = MISERE_VALUE  # R-5S-18 slam
                result = value if made else -value  # R-5S-18 / R-5S-19
            result *= self.mult  # V5
            if n == 5 and len(side) == 2:
                share = result // 2 if self.game.partner_scoring == "half" else result
                for s in side:
                    self._add(s, share, deltas)  # D-5S-4
            else:
                self._add(c, result, deltas)
            # R-5S-23: the contractor's side counts first; D-5S-6: partners may both win.
            winners = [s for s in range(n) if s in side and self.points[s] >= TARGET]
            if n == 4 and winners:
                winners = self._side(c)
            opponents = [s for s in range(n) if s not in side and s != self.sitting_out]
            if n == 4:
                opponents = [(c + 1) % 4]  # one entry per opposing team
            for w in self.trick_winners:
                if misere:
                    # D-5S-3: each opponent side scores 10 for each trick the contractor took.
                    if w != c:
                        continue
                    crossed = []
                    for o in opponents:
                        self._add(o, 10, deltas)
                        if self.points[o] >= TARGET:
                            crossed.extend(self._side(o))
                    if not winners and crossed:
                        winners = crossed
                elif w not in side:
                    # R-5S-17
                    if n == 4:
                        self._add(w, 10, deltas)
                    else:
                        self.points[w] += 10
                        deltas[w] += 10
                    if not winners and self.points[w] >= TARGET:
                        winners = self._side(w)
        over = bool(winners)
        if not over and self.game.lose_at_minus_500 and min(self.points) <= -TARGET:
            # V2: the game also ends at -500; the most points win (ties share).
            top = max(self.points)
            winners = [s for s in range(n) if self.points[s] == top]
            over = True
        if not over and 0 < self.game.max_hands <= self.hand_no:
            # R-5S-22: only an explicit cap (bots, arenas, research; never the default)
            # ends the match after max_hands hands, the highest total winning.
            top = max(self.points)
            winners = [s for s in range(n) if self.points[s] == top]
            over = True
        if over and self.game.winner_bonus:
            # V3: the winner (team) gets an extra 250.
            done: set[int] = set()
            for s in winners:
                if s not in done:
                    for t in self._side(s):
                        done.add(t)
                    self._add(s, 250, deltas)
        self.sheet.append(
            {"hand": self.hand_no, "dealer": self.dealer,
             "contractor": None if c < 0 else c,
             "contract": "6NT*" if self.no_contract else (
                 ACTIONS[self.contract_id].text if c >= 0 else None),
             "multiplier": self.mult, "tricks": side_tricks, "made": made,
             "deltas": deltas, "totals": list(self.points)}
        )  # fmt: skip
        self._say("game.hand_scored", hand=self.hand_no, deltas=deltas, totals=list(self.points))
        if over:
            self.winners_ = sorted(set(winners))
            self.phase = OVER
            self.turn = None
            self.is_terminal = True
            self._say("game.over", winners=self.winners_)
            return
        if self.horizon and self.hand_no >= self.horizon:
            self.phase = HORIZON
            self.turn = None
            self.is_terminal = True
            return
        self._next_hand()

    def _next_hand(self) -> None:
        self.dealer = (self.dealer + 1) % self.n  # R-5S-5: the deal passes left
        self._start_hand()

    @property
    def scores(self) -> list[int]:
        """Match points per seat (with 4 players both partners show the team's points)."""
        return list(self.points)

    @property
    def winners(self) -> list[int]:
        """The seats that won the match (R-5S-22, R-5S-23, D-5S-6, V2)."""
        return list(self.winners_) if self.phase == OVER else []

    def hand_utility(self) -> list[float]:
        """A 0..1 value per seat of the last scored hand, for search at a hand horizon.

        With a contract the two sides are opposed: the contractor's side values its
        points minus the defenders' average, and every defender the reverse (so the
        defenders co-operate). Without a contract each seat against the others.
        """
        n = self.n
        deltas = self.sheet[-1]["deltas"] if self.sheet else [0] * n
        c = self.contractor
        out = []
        if c >= 0:
            side = {c} | ({self.partner} if self.partner >= 0 else set())
            if n == 4:
                side = {c, (c + 2) % 4}
            defenders = [t for t in range(n) if t not in side and t != self.sitting_out]
            if n == 4:
                defenders = [(c + 1) % 4]
            d_def = sum(deltas[t] for t in defenders) / len(defenders) if defenders else 0.0
            diff = deltas[c] - d_def
            for s in range(n):
                x = diff if s in side else -diff
                out.append(1.0 / (1.0 + math.exp(-x / UTILITY_SCALE)))
            return out
        for s in range(n):
            others = [deltas[t] for t in range(n) if t not in self._side(s)]
            diff = deltas[s] - (sum(others) / len(others) if others else 0)
            out.append(1.0 / (1.0 + math.exp(-diff / UTILITY_SCALE)))
        return out

    def heuristic_returns(self) -> list[float]:
        """An estimate from the match points: a softmax over the scores."""
        if self.phase == HORIZON:
            return self.hand_utility()
        ex = [math.exp(p / 200.0) for p in self.points]
        tot = sum(ex)
        return [e / tot for e in ex]
