"""Going out, the end of a game and of a match, and the points (R-KM-14, D-KM-5,
D-KM-8).

The section of :class:`~pakka.games.koodinmurtaja.state.KMState` that ends a game
when at most one code is still hidden, scores it and deals the next game of a match.
"""

from __future__ import annotations

from pakka.games.koodinmurtaja.cards import text_of
from pakka.games.koodinmurtaja.fields import KMFields
from pakka.games.koodinmurtaja.rules import CARD_TEXT, OVER


class _Scoring(KMFields):
    """Going out (D-KM-6), the end of a game (R-KM-14), its points and ranking
    (D-KM-5), and the next deal of a match (D-KM-8)."""

    __slots__ = ()

    def _reveal(self, seat: int, k: int) -> None:
        """Turn ``seat``'s hidden card ``k`` face up (a right guess, R-KM-10, or the
        penalty of D-KM-7); a seat with no hidden card left goes out (D-KM-6)."""
        self.up[k] = 1
        self.concealed[seat].remove(k)
        self.hidden[seat] -= 1
        if not self.hidden[seat]:
            # D-KM-6: a player whose code is all revealed is out.
            self.eliminated.append(seat)
            self._update_succ()
            self._say("koodinmurtaja.out", player=seat)

    def _over_check(self) -> bool:
        """R-KM-14: the game ends when at most one player still has hidden cards."""
        active = [q for q in range(self.n) if self.hidden[q]]
        if len(active) > 1:
            return False
        winner = active[0] if active else None
        ranking = ([winner] if winner is not None else []) + self.eliminated[::-1]
        codes = [[CARD_TEXT[k] for k in c] for c in self.code]
        self.results.append({"game": self.game_no + 1, "winner": winner, "ranking": ranking})
        if winner is not None:
            self.wins[winner] += 1  # D-KM-5: winner 1, others 0
        self._say(
            "koodinmurtaja.game_over",
            winner=winner,
            game=self.game_no + 1,
            ranking=ranking,
            codes=codes,
            drawn=text_of(self.drawn) if self.drawn >= 0 else None,
        )
        if self.game_no + 1 < self.games_total:
            # D-KM-8: in a match the deal passes left.
            self.game_no += 1
            self.dealer = (self.dealer + 1) % self.n
            self._deal(None)
        else:
            self.cp = None
            self.is_terminal = True
            self.phase = OVER
            self._say("koodinmurtaja.match_over", winners=self.winners, wins=list(self.wins))
        return True

    # -- results -----------------------------------------------------------------------
    @property
    def scores(self) -> list[int]:
        return list(self.wins)

    @property
    def winners(self) -> list[int]:
        if self.cp is not None:
            return []
        if self.games_total == 1:
            w = self.results[-1]["winner"]
            return [] if w is None else [w]
        best = max(self.wins)
        return [p for p in range(self.n) if self.wins[p] == best] if best > 0 else []

    def heuristic_returns(self) -> list[float]:
        # More hidden cards left = closer to being the last codebreaker standing.
        total = sum(self.hidden) or 1
        return [h / total for h in self.hidden]
