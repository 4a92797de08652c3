"""The Viisisataa ``expert`` bot: determinized search with the double-dummy solver, as
the best bridge programs play.

Every decision draws deals of the unseen cards from the seat's handle
(``sample_consistent``: the bot sees nothing else), preferring deals in which the
other seats' bids are the ones the rules bot would have made (as ``pimc`` does), and
scores each candidate action in every deal by the *expected hand points* it leads to:

- card play: every legal card (and joker lead with its declared suit) is solved
  exactly in every deal (:class:`pakka.games.viisisataa.dd.Solver`), giving the
  tricks of the hand's "trick-taking" side (the contractor's, the defenders' in
  misère, the seat's own in the grand without contract), turned into hand points;
  a defender who scores its own tricks breaks ties by the tricks it takes itself;
- bids, kitty discards, the partner (5 players, by seat or by card) and doubling:
  the candidate is applied in each deal, the rest of the hand's decisions before
  the play are made by the rules bot (for every seat, this one's later discards
  included), and the play that follows is solved double-dummy from its first lead.
  The solve is keyed on the play position alone, without the contract's level or
  multiplier (they only change what a trick count is worth): 6♠, 7♠ and 8♠ ending the
  auction with the same contractor and discards share one solve, and one solver (its
  table keyed on cards by relative rank) serves every deal of a decision. Measured:
  7.6 → 2.1 s of CPU per bid decision on the first bids of deal seeds 1-5 (15
  decisions, ``benchmarks/viisisataa_bid_cpu.py``, ``bid_worlds=16``), the values
  unchanged. This is a
  double-dummy search, *not* corrected for the hidden cards. Measured with
  ``benchmarks/viisisataa_dd_gap.py --bidder pimc --deals 40`` (contracts bid by
  ``pimc``, played ``pimc`` against ``pimc``), the contractor took 0.33 tricks *more*
  than the double-dummy count at the first lead on average (sd 0.94; 24 of 40 equal):
  the count is not optimistic against this field, so no pessimistic margin is applied.

The hand points of a trick count are the seat's points minus the average of its
opponents' (the other team's with 4 players), as ``pimc`` measures a hand; the
defenders' tricks are split evenly among them (their split does not change the
contract).
"""

from __future__ import annotations

import math
import statistics
from typing import Any

from pakka.bots.base import SeatHandle
from pakka.bots.viisisataa import (
    PimcBot,
    RulesBot,
    hand_gain,
    rules_action,
)
from pakka.core.cards import JOKER_INDEX
from pakka.core.game import Action, Game
from pakka.games.viisisataa.actions import (
    BID,
    BID_BASE,
    DISCARD,
    EFFECTIVE,
    MISERE_ID,
    MISERE_VALUE,
    NO_TRUMP,
    Move,
    bid_tricks,
    trump_rank,
)
from pakka.games.viisisataa.base import _bid_value_of
from pakka.games.viisisataa.dd import Position, Solver, position_of
from pakka.games.viisisataa.rules import PLAYING
from pakka.games.viisisataa.state import ViisisataaState


def taking_side(s: ViisisataaState, seat: int) -> int:
    """The seats whose tricks the solver maximises in the hand of ``s``: the contractor
    and partner, the defenders in misère (the contractor wants none, R-5S-20), the
    seat alone in the grand without contract (R-5S-21)."""
    c = s.contractor
    if c < 0:
        return 1 << seat
    side = [c]
    if s.partner >= 0 and s.partner != s.sitting_out:
        side.append(s.partner)
    if s.contract_id == MISERE_ID:
        return sum(1 << q for q in range(s.n) if q not in side and q != s.sitting_out)
    return sum(1 << q for q in side)


def scores_own_tricks(s: ViisisataaState, seat: int) -> bool:
    """Whether ``seat`` defends a contract in which each defender scores its own tricks
    (R-5S-17 with 3 and 5 players; not the 4-player teams of R-5S-24, not misère,
    where the defenders score the contractor's tricks, R-5S-20/D-5S-3)."""
    c = s.contractor
    if c < 0 or s.n == 4 or s.contract_id == MISERE_ID or seat == c:
        return False
    return not (s.partner >= 0 and s.partner == seat)


def hand_points(s: ViisisataaState, seat: int, side: int, side_tricks: int) -> float:
    """The seat's hand gain (its points minus its opponents' average, as
    :func:`pakka.bots.viisisataa.hand_gain`) when the seats of ``side`` (the
    :func:`taking_side`) end the hand with ``side_tricks`` of the 10 tricks
    (R-5S-17..21, R-5S-24, D-5S-3, D-5S-4, V5)."""
    n = s.n
    c = s.contractor
    deltas = [0.0] * n
    if c < 0:
        if not s.no_contract:
            return 0.0
        mine = 10.0 * side_tricks
        team = [seat, (seat + 2) % 4] if n == 4 else [seat]
        rest = [q for q in range(n) if q not in team]
        for q in team:
            deltas[q] = mine
        per = 10.0 * (10 - side_tricks) / max(1, len(rest) // (2 if n == 4 else 1))
        for q in rest:
            deltas[q] = per
    else:
        cside = [c]
        if s.partner >= 0 and s.partner != s.sitting_out:
            cside.append(s.partner)
        misere = s.contract_id == MISERE_ID
        ctricks = 10 - side_tricks if misere else side_tricks
        value = _bid_value_of(s.contract_id)
        if misere:
            result = MISERE_VALUE if ctricks == 0 else -MISERE_VALUE
        else:
            made = ctricks >= bid_tricks(s.contract_id - BID_BASE)
            if made and value < MISERE_VALUE and ctricks == 10:
                value = MISERE_VALUE
            result = value if made else -value
        result *= s.mult
        if n == 4:
            cside = [c, (c + 2) % 4]
        halved = n == 5 and len(cside) == 2 and s.game.partner_scoring == "half"
        share = result / 2 if halved else result
        for q in cside:
            deltas[q] = share
        opponents = [q for q in range(n) if q not in cside and q != s.sitting_out]
        if misere:
            for q in opponents:
                deltas[q] = 10.0 * ctricks
        elif opponents:
            teams = 1 if n == 4 else len(opponents)
            for q in opponents:
                deltas[q] = 10.0 * (10 - ctricks) / teams
    others = [deltas[q] for q in range(n) if q != seat and not (n == 4 and q == (seat + 2) % 4)]
    return deltas[seat] - (sum(others) / len(others) if others else 0.0)


class ExpertBot(PimcBot):
    """PIMC with the double-dummy solver for every decision (see the module docstring).

    Every decision comes from search: card play, bids, kitty discards, the partner
    (by seat or by card) and doubling. The rules bot only proposes candidates (its
    bid, its least valuable discards, the strongest cards to call) and plays the
    other decisions inside a sampled deal.

    ``worlds``: deals per card decision; ``bid_worlds``: deals per bid decision (the
    same deals for every candidate); ``discard_worlds``: deals per discard, partner
    or doubling decision (three discards of 3 candidates each, every one a solve of
    its own, cost most at many deals); ``tries``:
    draws per wanted deal when looking for deals that explain the other seats' bids;
    ``discards``: how many of the rules bot's least valuable cards are tried as each
    discard; ``above``: bids are tried from one trick below the rules estimate to
    this many above it, in every suit; ``margin``: a higher bid in the same suit is
    taken only when its mean gain beats the lower one's by more than this many
    paired standard errors (0: the best mean, see :meth:`_lower_in_suit`).

    The defaults are the settings measured against ``pimc`` in ``docs/benchmarks.md``
    ("Strength: Viisisataa `expert` against `pimc`": +10.1 points per hand, p 0.021,
    125 duplicate deals), so ``expert`` by name is the bot of that figure.
    """

    name = "expert"

    def __init__(
        self,
        game: Game[Any],
        seed: int = 0,
        worlds: int = 8,
        bid_worlds: int = 32,
        tries: int = 20,
        discards: int = 3,
        above: float = 3.0,
        margin: float = 1.0,
        discard_worlds: int = 16,
    ) -> None:
        super().__init__(game, seed=seed, worlds=worlds, bid_worlds=bid_worlds, tries=tries)
        self.discards = int(discards)
        self.above = float(above)
        self.margin = float(margin)
        self.discard_worlds = int(discard_worlds)
        self.rules = RulesBot(game, seed=seed)
        self.solves = 0
        """Double-dummy solves of the last bid, discard, partner or doubling decision
        (for benchmarks and tests)."""

    def choose(self, handle: SeatHandle) -> Action:
        """Search every decision over sampled deals with the double-dummy solver."""
        legal: list[Move] = handle.legal_actions()  # type: ignore[assignment]
        self.last_values = []
        if len(legal) == 1:
            return legal[0]
        view = handle.view()
        phase = view["phase"]
        if phase == "play":
            return self._play(handle, legal)
        if phase == "bidding":
            cands = self._bid_candidates(handle, legal, self.above)
        elif phase == "discard":
            cands = self._discard_candidates(view, legal)
        elif phase == "call":
            cands = self._call_candidates(view, legal)
        else:  # doubling, redoubling, partner by seat: every choice
            cands = list(legal)
        if len(cands) == 1:
            return cands[0]
        if phase == "bidding":
            return self._decide(handle, cands)
        return self._decide(handle, cands, worlds=self.discard_worlds)

    # -- candidates ------------------------------------------------------------------------
    def _discard_candidates(self, view: dict[str, Any], legal: list[Move]) -> list[Move]:
        """The ``discards`` cards the rules bot values least (R-5S-13)."""
        from pakka.bots.viisisataa import _SUIT_INDEX, _suit_len

        t = _SUIT_INDEX.get(view["trump"], NO_TRUMP)
        misere = view["contract"] == "misere"
        hand = 0
        for a in legal:
            hand |= 1 << a.arg

        def keep(a: Move) -> float:
            c = a.arg
            r = c % 13 + 2 if c != JOKER_INDEX else 20
            if misere:
                return -r
            if c == JOKER_INDEX:
                return 100.0
            if t < 4 and EFFECTIVE[t][c] == t:
                return 50.0 + trump_rank(t, c)
            length = _suit_len(hand, t, c)
            v = r / 2 + (20.0 if r == 14 else 0.0) + (6.0 if r == 13 and length >= 2 else 0.0)
            return v + length * (1.0 if t < 4 else 2.5)

        plays = [a for a in legal if a.kind == DISCARD]
        return sorted(plays, key=keep)[: max(1, self.discards)]

    def _call_candidates(self, view: dict[str, Any], legal: list[Move]) -> list[Move]:
        """The strongest cards the contractor may call (R-5S-25 variant): the partner
        holding one of them helps most."""
        t = {"S": 0, "H": 1, "D": 2, "C": 3}.get(view["trump"], NO_TRUMP)

        def strength(a: Move) -> int:
            c = a.arg
            if c == JOKER_INDEX:
                return 100
            if t < 4 and EFFECTIVE[t][c] == t:
                return trump_rank(t, c) + 20
            return c % 13 + 2

        return sorted(legal, key=strength, reverse=True)[:4]

    # -- search ----------------------------------------------------------------------------
    def _play(self, handle: SeatHandle, legal: list[Move]) -> Move:
        """Solve every legal card in every sampled deal; the best mean hand gain wins.

        A defender who scores its own tricks (R-5S-17: 3 and 5 players) breaks ties
        between cards of the same mean by the tricks it takes itself: the side's count
        is the same, but a trick of its own is 10 points to it and one of a fellow
        defender's 10 points to a rival. That count is solved with the seat alone
        against the others (a lower bound of what it takes), only when there is a tie.
        """
        seat = handle.seat
        worlds = self._worlds(handle, self.worlds)
        totals = {a.id: 0.0 for a in legal}
        solver = Solver()  # its table holds cards by relative rank: valid in every deal
        for w in worlds:
            side = taking_side(w, seat)
            pos = position_of(w, side)
            done = sum(w.tricks[q] for q in range(w.n) if side >> q & 1)
            for m, v in solver.move_values(pos):
                if m.id in totals:
                    totals[m.id] += hand_points(w, seat, side, done + v)
        best = self._best(legal, totals, len(worlds))
        if not worlds or not scores_own_tricks(worlds[0], seat):
            return best
        top = totals[best.id]
        tied = [a for a in legal if totals[a.id] >= top - 1e-6]
        if len(tied) < 2:
            return best
        own = {a.id: 0.0 for a in tied}
        for w in worlds:
            for m, v in solver.move_values(position_of(w, 1 << seat)):
                if m.id in own:
                    own[m.id] += v
        pick = tied[0]
        for a in tied[1:]:
            if own[a.id] > own[pick.id] + 1e-9:
                pick = a
        return pick

    def _decide(
        self, handle: SeatHandle, cands: list[Move], share: bool = True, worlds: int = 0
    ) -> Move:
        """Apply each candidate in each deal, let the rules bot make the decisions left
        before the play, and solve the play double-dummy.

        The solve is keyed on the play position alone (hands, trump, seat to lead, the
        side whose tricks count): bids of different levels, or doublings, that end
        the auction with the same contractor, trump and discards reach the same
        position, and the level and multiplier only change what its trick count is
        worth (:func:`hand_points`). One solver serves the whole decision: its
        transposition table is keyed on cards by relative rank, valid in every deal.
        ``share=False`` solves every candidate of every deal afresh (the reference the
        tests compare with). ``worlds``: how many deals (default ``bid_worlds``)."""
        seat = handle.seat
        deals = self._worlds(handle, worlds or self.bid_worlds)
        per: dict[int, list[float]] = {a.id: [] for a in cands}
        self.solves = 0
        solver = Solver()
        cache: dict[Position, int] = {}
        for w in deals:
            for a in cands:
                s = w.clone()
                s.apply_legal(a)
                hand = s.hand_no
                while s.turn is not None and s.phase != PLAYING and s.hand_no == hand:
                    s.apply_legal(rules_action(s, self.rules))
                if s.turn is None or s.phase != PLAYING or s.hand_no != hand:
                    per[a.id].append(hand_gain(s, seat))
                    continue
                side = taking_side(s, seat)
                pos = position_of(s, side)
                if not share:
                    self.solves += 1
                    per[a.id].append(hand_points(s, seat, side, Solver().tricks(pos)))
                    continue
                got = cache.get(pos)
                if got is None:
                    self.solves += 1
                    got = cache[pos] = solver.tricks(pos)
                per[a.id].append(hand_points(s, seat, side, got))
        totals = {a.id: sum(per[a.id]) for a in cands}
        best = self._best(cands, totals, len(deals))
        return self._lower_in_suit(cands, best, per) if self.margin > 0 else best

    def _lower_in_suit(self, cands: list[Move], best: Move, per: dict[int, list[float]]) -> Move:
        """The lowest bid of ``best``'s suit whose mean hand gain is below ``best``'s by
        no more than ``margin`` paired standard errors (the same deals for both), else
        ``best``.

        Why: the highest of many candidate means, each from a few deals, is biased
        upwards, and most for the candidates with the widest spread; a higher bid in
        the same suit is the same play at a higher stake (R-5S-8: +100 a trick, lost
        in full when one trick short, R-5S-19), so its mean is the noisiest. Taking
        it only when it is better by more than the noise of the difference keeps
        the deals where it would be right from deciding on chance."""
        if best.kind != BID:
            return best
        suit = (best.id - BID_BASE) % 5
        top = per[best.id]
        n = len(top)
        if n < 2:
            return best
        pick = best
        for a in cands:
            if a.kind != BID or a.id >= pick.id or (a.id - BID_BASE) % 5 != suit:
                continue
            d = [x - y for x, y in zip(top, per[a.id], strict=True)]
            se = statistics.stdev(d) / math.sqrt(n)
            if statistics.fmean(d) <= self.margin * se:
                pick = a
        return pick

    def _best(self, cands: list[Move], totals: dict[int, float], count: int) -> Move:
        best = cands[0]
        best_v = -math.inf
        self.last_values = []
        for a in cands:
            v = totals[a.id] / max(1, count)
            self.last_values.append((a, v))
            if v > best_v + 1e-9:
                best, best_v = a, v
        return best


__all__ = ["ExpertBot", "hand_points", "scores_own_tricks", "taking_side"]
