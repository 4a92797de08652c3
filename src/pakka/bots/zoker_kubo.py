"""Bots for Zoker Kubo: ``greedy`` (most points now, fewest chances left for the
next player), ``rollout`` (flat Monte Carlo over the legal actions with short greedy
playouts of sampled deals) and ``search`` (ISMCTS with greedy rollouts and a depth
limit)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pakka.bots.base import SeatHandle
from pakka.bots.ismcts import ISMCTSBot
from pakka.core.game import Action, Game, State
from pakka.games.zoker.deck import (
    LINE_KINDS,
    LINE_MASKS,
    LINES_THROUGH,
    SPACE_DIAGONAL,
    parse_card,
)
from pakka.games.zoker.kubo.actions import CLAIM_BASE, END, PASS, PASS_ID, PLACE, KuboAction
from pakka.games.zoker.kubo.rules import Geometry, geometry
from pakka.games.zoker.kubo.state import KuboState

DEFAULT_POINTS = (1, 2, 4)

POINT = 10
"""The planner's unit: one point of score."""
KEEP = 5
"""A card still in hand at the end of the turn: half a minus point (it counts -1
at the end of the round, R-KU-10, unless placed later)."""
EMPTY_HAND = 40
"""Emptying the hand ends the round at once (R-KU-9b): the others keep their
hands as minus points (about four each)."""
RISK = 10
"""A line left one card short whose missing card can be placed now: the next
player may hold it; the penalty per point of the line (half that if the place
is not reachable yet)."""


def plan_turn(
    board: int,
    hand: list[int],
    geo: Geometry,
    line_points: tuple[int, ...],
    risk: int = RISK,
    keep: int = KEEP,
) -> tuple[int, int]:
    """The best placement order for the rest of this turn, as (value, first card)
    with first card -1 for ending the turn now.

    The value counts the points scored now (R-KU-7, ten per point), the cards
    kept, the round ending with an empty hand (R-KU-9b) or a Zoker (R-KU-9a) and,
    against it, each line the placed cards leave one card short for the next
    player (the fewer chances the better). Placement legality follows R-KU-3..5;
    the hand holds at most five cards, so the search is tiny (memoised on the set
    of cards placed).
    """
    above, near, below = geo.above, geo.neighbours, geo.below
    hand_mask = 0
    for c in hand:
        hand_mask |= 1 << c
    memo: dict[int, tuple[int, int]] = {}

    def stop_value(b: int, left: int) -> int:
        placed = b & ~board
        v = -keep * left.bit_count()
        seen = 0
        m = placed
        while m:
            low = m & -m
            m ^= low
            for ln in LINES_THROUGH[low.bit_length() - 1]:
                if seen >> ln & 1:
                    continue
                seen |= 1 << ln
                missing = LINE_MASKS[ln] & ~b
                if missing and missing & (missing - 1) == 0 and not missing & left:
                    x = missing.bit_length() - 1
                    if b & above[x]:
                        continue  # covered for good (R-KU-5): nobody can complete it
                    weight = 2 if b & (near[x] | below[x]) else 1
                    v -= risk * weight * line_points[ln] // 2
        return v

    def go(b: int, left: int) -> tuple[int, int]:
        known = memo.get(b)
        if known is not None:
            return known
        best = (stop_value(b, left), -1)
        m = left
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            if b & above[c] or not b & (near[c] | below[c]):
                continue
            nb = b | low
            gained = 0
            zoker = False
            for ln in LINES_THROUGH[c]:
                if LINE_MASKS[ln] & ~nb == 0:
                    gained += line_points[ln]
                    zoker = zoker or LINE_KINDS[ln] == SPACE_DIAGONAL
            nleft = left ^ low
            if zoker or not nleft:
                # R-KU-9: the round ends at once; an empty hand costs nothing.
                v = POINT * gained + (EMPTY_HAND if not nleft else -keep * nleft.bit_count())
            else:
                v = POINT * gained + go(nb, nleft)[0]
            if v > best[0]:
                best = (v, c)
        memo[b] = best
        return best

    return go(board, hand_mask)


def _points(game: Game[Any]) -> tuple[int, ...]:
    p = game.options.get("points", DEFAULT_POINTS)
    return tuple(p) if isinstance(p, tuple) else DEFAULT_POINTS


def greedy_choice(
    legal: list[KuboAction],
    board: int,
    hand: list[int],
    geo: Geometry,
    line_points: tuple[int, ...],
    risk: int = RISK,
    keep: int = KEEP,
    plans: dict[tuple[int, tuple[int, ...]], int] | None = None,
) -> KuboAction:
    """Claim whatever can be claimed, never draw extra, then play the first card
    of :func:`plan_turn` (or end the turn). ``plans`` may keep plan_turn's first
    cards by (board, hand) for one geometry, points, ``risk`` and ``keep`` (the plan
    is a pure function of them, so the choice is the same with or without it)."""
    claims = [a for a in legal if CLAIM_BASE <= a.id < PASS_ID]
    if claims:
        return claims[0]
    if PASS in legal:
        return PASS
    if plans is None:
        first = plan_turn(board, hand, geo, line_points, risk, keep)[1]
    else:
        key = (board, tuple(hand))
        known = plans.get(key)
        if known is None:
            known = plans[key] = plan_turn(board, hand, geo, line_points, risk, keep)[1]
        first = known
    return END if first < 0 else PLACE[first]


def _line_points(game: Game[Any]) -> tuple[int, ...]:
    pts = _points(game)
    return tuple(pts[LINE_KINDS[ln]] for ln in range(len(LINE_MASKS)))


class GreedyBot:
    """Most points now, fewest chances left for the next player: plays the
    first card of the best plan for the rest of its turn (:func:`plan_turn`),
    from its own view only."""

    name = "greedy"

    def __init__(self, game: Game[Any], seed: int = 0, risk: int = RISK, keep: int = KEEP) -> None:
        self.geo = geometry(str(game.options.get("layers", "colour")))
        self.line_points = _line_points(game)
        self.risk = int(risk)
        self.keep = int(keep)

    def choose(self, handle: SeatHandle) -> Action:
        """The greedy action from the seat's view."""
        v = handle.view()
        board = sum(1 << int(parse_card(x)) for x in v["board"])
        hand = [int(parse_card(x)) for x in v.get("hand", [])]
        legal = [a for a in handle.legal_actions() if isinstance(a, KuboAction)]
        return greedy_choice(legal, board, hand, self.geo, self.line_points, self.risk, self.keep)


def greedy_rollout(state: State[Any], rng: random.Random) -> Action:
    """The greedy policy on a full state (for ISMCTS rollouts)."""
    assert isinstance(state, KuboState)
    seat = state.current_player
    assert seat is not None
    return greedy_choice(
        state.legal_actions(), state.board, state.hands[state.turn], state.geo, state.line_points
    )


def cached_greedy_rollout(
    plans: dict[tuple[int, tuple[int, ...]], int],
) -> Callable[[State[Any], random.Random], Action]:
    """:func:`greedy_rollout` keeping its plans in ``plans`` (one dict per geometry and
    line points: the post-game review's judge reuses them across playouts and
    decisions, since many playouts meet the same board and hand)."""

    def act(state: State[Any], rng: random.Random) -> Action:
        assert isinstance(state, KuboState)
        return greedy_choice(
            state.legal_actions(),
            state.board,
            state.hands[state.turn],
            state.geo,
            state.line_points,
            plans=plans,
        )

    return act


class RolloutBot:
    """Flat Monte Carlo over the legal actions with the greedy policy as rollout policy:
    for each of ``worlds`` deals sampled from the seat's view (``sample_consistent``,
    never the hidden cards), every candidate is played and the game continued by
    :func:`greedy_choice` in every seat for ``turns`` more turns (0: to the end of the
    round); the candidate with the best mean score margin is played.

    The same sampled deals serve every candidate (common random numbers: the draws
    after the decision are the same, so the comparison is not drowned by the luck of
    the draw), and the greedy plans are kept by (board, hand) across playouts and
    decisions (a plan is a pure function of them), which makes a playout cost a few
    dictionary look-ups for the seat's own known hand. The value at the end of a
    playout is the seat's points minus the best other seat's, each less ``keep`` per
    card still in hand (R-KU-10 charges one point per card at the end of the round).
    With ``margin`` > 0 the bot plays the greedy choice unless another candidate's mean
    margin is more than ``margin`` points better (a correction of the greedy plan where
    the playouts see it clearly wrong).
    Deterministic from ``seed``: the deals are drawn from the bot's own generator.
    """

    name = "rollout"

    PLAN_LIMIT = 200_000
    """Greedy plans kept (the cache starts again beyond this)."""
    MAX_PLAN_HAND = 10
    """A playout stops (and is valued) when the seat to move holds more cards than this:
    :func:`plan_turn` tries every order of the placeable cards, which a hand grown by
    turns without placing makes costly."""

    def __init__(
        self,
        game: Game[Any],
        seed: int = 0,
        worlds: int = 8,
        turns: int = 3,
        keep: float = 1.0,
        margin: float = 0.0,
    ) -> None:
        self.rng = random.Random(seed)
        self.worlds = max(1, int(worlds))
        self.turns = max(0, int(turns))
        self.keep = float(keep)
        self.margin = float(margin)
        self.greedy = GreedyBot(game)
        self.plans: dict[tuple[int, tuple[int, ...]], int] = {}

    def _value(self, s: KuboState, seat: int) -> float:
        if s.over:
            t = [float(x) for x in s.totals]
        else:
            k = self.keep
            t = [a + b - k * len(h) for a, b, h in zip(s.totals, s.points, s.hands, strict=True)]
        mine = t[seat]
        return mine - max(x for i, x in enumerate(t) if i != seat)

    def _playout(self, s: KuboState, seat: int) -> float:
        """Continue ``s`` with the greedy policy for ``turns`` turns (or to the end of
        the round) and value it for ``seat``."""
        plans = self.plans
        rnd = s.round_no
        turns = 0
        last = s.turn
        while not s.over and s.round_no == rnd:
            if s.turn != last:
                turns += 1
                last = s.turn
                if self.turns and turns >= self.turns:
                    break
            if len(s.hands[s.turn]) > self.MAX_PLAN_HAND:
                break  # the greedy plan grows exponentially with the hand: value it here
            legal = s.legal_actions()
            s.apply_legal(
                greedy_choice(legal, s.board, s.hands[s.turn], s.geo, s.line_points, plans=plans)
            )
        return self._value(s, seat)

    def choose(self, handle: SeatHandle) -> Action:
        """The candidate with the best mean margin over the sampled deals (claims and
        passes as the greedy bot makes them)."""
        legal = [a for a in handle.legal_actions() if isinstance(a, KuboAction)]
        if len(legal) == 1:
            return legal[0]
        if any(CLAIM_BASE <= a.id <= PASS_ID for a in legal):
            return self.greedy.choose(handle)  # R-KU-8: a claim is always worth making
        if len(self.plans) >= self.PLAN_LIMIT:
            self.plans.clear()
        seat = handle.seat
        totals = [0.0] * len(legal)
        for _ in range(self.worlds):
            world = handle.sample_consistent(self.rng)
            assert isinstance(world, KuboState)
            for i, a in enumerate(legal):
                s = world.clone()
                s.apply_legal(a)
                totals[i] += self._playout(s, seat)
        best = max(range(len(legal)), key=lambda i: totals[i])
        if self.margin > 0:
            # Keep the greedy choice unless a candidate beats it clearly: the playouts'
            # mean is noisy over a few deals, the greedy plan's judgement is not.
            g = legal.index(self.greedy.choose(handle))  # type: ignore[arg-type]
            if totals[best] - totals[g] <= self.margin * self.worlds:
                return legal[g]
        return legal[best]


def search_bot(game: Game[Any], seed: int = 0, **params: Any) -> ISMCTSBot:
    """ISMCTS with greedy rollouts, 40 plies deep (default 200 iterations per move)."""
    opts: dict[str, Any] = {"iterations": 200, "rollout": "greedy", "max_depth": 40} | params
    bot = ISMCTSBot(game, seed=seed, **opts)
    bot.name = "search"
    return bot


BOTS: dict[str, Any] = {"greedy": GreedyBot, "rollout": RolloutBot, "search": search_bot}
LEVELS: dict[str, str] = {"easy": "random", "medium": "greedy", "hard": "greedy"}
"""``hard`` is the best bot measured so far, ``greedy``: ``search`` (about 2 s a decision)
has never been shown stronger than ``greedy`` in a duplicate arena (post-game review
issue), and ``rollout:worlds=8,turns=3`` (7 ms a decision) lost to it clearly over 150
duplicate deals (docs/benchmarks.md), so no level points at either until one is; both
stay available by name."""
ROLLOUT_POLICIES: dict[str, Any] = {"greedy": greedy_rollout}

__all__ = ["BOTS", "LEVELS", "ROLLOUT_POLICIES", "GreedyBot", "greedy_choice", "plan_turn"]
