"""The judges: for one decision, the value of every candidate action from the seat's
information only.

Every judge sees the replayed state but reads nothing of it beyond what
``state.view(seat)`` shows and what ``state.sample_consistent(seat, rng)`` draws:
its random generators are seeded from a hash of the seat's view
(:func:`view_seed`), so two states the seat cannot tell apart get the same
samples and the same judgement (``tests/review/test_review.py`` checks this on
re-dealt states), and a review is deterministic. The one exception is the
separate "with all cards known" line (``known_cost``), which is labelled as such
and never enters a mark.

- :class:`KoodinmurtajaJudge`: the exact posterior of the ``deduce`` bot's
  deduction; unit: expected cards (a right guess wins a card, a wrong one gives
  one's drawn card away; stopping is 0).
- :class:`SoloJudge`: the exact Solo solver on consistently sampled stock orders;
  unit: points of the final score.
- :class:`RolloutJudge` and its game subclasses (Viisisataa, Räväytys, Tiko, Memo,
  Kubo): every candidate is played out in the same ``worlds`` consistent deals
  (common random numbers) by the game's rules policy in every seat; unit: hand
  points (Viisisataa), round points (Räväytys) or win probability (Zoker games).
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Callable
from typing import Any, ClassVar

from pakka.core.game import Action, State
from pakka.review.model import Alternative, Judgement, Scale

Rollout = Callable[[State[Any], random.Random], Action]


def view_seed(state: State[Any], seat: int) -> int:
    """A seed made of everything ``seat`` knows now (its view) and nothing else."""
    text = json.dumps(state.view(seat), sort_keys=True, ensure_ascii=True, default=str)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


class Evaluation:
    """The value samples of each candidate (same worlds, same order for all)."""

    __slots__ = ("actions", "exact", "samples")

    def __init__(self, actions: list[Action], samples: list[list[float]], exact: bool) -> None:
        self.actions = actions
        self.samples = samples
        self.exact = exact

    def means(self) -> list[float]:
        """The mean value of each candidate."""
        return [sum(v) / len(v) if v else 0.0 for v in self.samples]

    def best_index(self) -> int:
        """The candidate with the highest mean (ties: the first)."""
        m = self.means()
        return max(range(len(m)), key=lambda i: (m[i], -i))

    def paired(self, i: int, j: int) -> tuple[float, float]:
        """Mean and standard error of candidate ``i`` minus candidate ``j``."""
        d = [x - y for x, y in zip(self.samples[i], self.samples[j], strict=True)]
        n = len(d)
        mean = sum(d) / n if n else 0.0
        if self.exact or n < 2:
            return mean, 0.0
        var = sum((x - mean) ** 2 for x in d) / (n - 1)
        return mean, math.sqrt(var / n)


class Judge:
    """The base of every judge: ``evaluate`` the candidates of a decision, then
    ``judge`` the played action against the best of them."""

    name: ClassVar[str] = "judge"
    scale: ClassVar[Scale] = Scale("points", 1.0, 3.0, 6.0)

    def judged(self, state: State[Any], seat: int) -> bool:
        """Whether this decision is judged at all (more than one legal action)."""
        return len(state.legal_actions()) > 1

    def evaluate(self, state: State[Any], seat: int, extra: Action | None = None) -> Evaluation:
        """The candidates of ``seat``'s decision with their value samples; ``extra``
        (the played action) is added to the candidates if the judge left it out."""
        raise NotImplementedError

    def known(self, state: State[Any], seat: int, cands: list[Action]) -> list[float] | None:
        """The "with all cards known" value of each candidate, or ``None`` (no such line)."""
        return None

    def choose(self, state: State[Any], seat: int) -> Action:
        """The action the judge itself thinks best (a game played by this gets no marks)."""
        ev = self.evaluate(state, seat)
        return ev.actions[ev.best_index()]

    def judge(self, state: State[Any], seat: int, played: Action, index: int) -> Judgement:
        """The judgement of ``played`` at ``seat``'s decision (record position ``index``)."""
        ev = self.evaluate(state, seat, played)
        ids = [a.id for a in ev.actions]
        p = ids.index(played.id)
        b = ev.best_index()
        cost, se = ev.paired(b, p) if b != p else (0.0, 0.0)
        cost = max(0.0, cost)
        means = ev.means()
        order = sorted(range(len(means)), key=lambda i: (-means[i], i))
        alts = [Alternative(str(ev.actions[i]), round(means[i], 4)) for i in order[:5]]
        known_cost = None
        kv = self.known(state, seat, ev.actions)
        if kv is not None:
            known_cost = round(max(kv) - kv[p], 4)
        return Judgement(
            index=index,
            seat=seat,
            played=str(played),
            best=str(ev.actions[b]),
            cost=round(cost, 4),
            se=round(se, 4),
            mark=self.scale.mark(cost, se),
            samples=0 if ev.exact else len(ev.samples[0]),
            alternatives=alts,
            known_cost=known_cost,
        )


# -- Koodinmurtaja: the exact posterior ---------------------------------------------------------
class KoodinmurtajaJudge(Judge):
    """The exact posterior of :mod:`pakka.games.koodinmurtaja.deduction` (through the
    ``deduce`` bot's ``evaluate``, which reads the seat's view only).

    Value of a guess that is right with probability ``q``: ``2q - 1`` expected cards
    (right: one more card named; wrong: the drawn card is shown to everyone), or ``q``
    when a miss costs nothing (empty stock without the penalty option). Stopping is 0.
    The penalty reveal is not judged."""

    name = "posterior"
    scale = Scale("cards", 0.1, 0.3, 0.6)

    def judged(self, state: State[Any], seat: int) -> bool:
        return len(state.legal_actions()) > 1 and state.view(seat, log=False)["phase"] != "reveal"

    def evaluate(self, state: State[Any], seat: int, extra: Action | None = None) -> Evaluation:
        from pakka.bots.base import SeatHandle
        from pakka.bots.koodinmurtaja import DeduceBot
        from pakka.games.koodinmurtaja.actions import Stop

        seed = view_seed(state, seat)
        handle = SeatHandle(state, seat, random.Random(seed))
        view = handle.view()
        bot = DeduceBot(state.game, seed=seed)
        scored = {a.id: p for p, a in bot.evaluate(handle)}
        free_miss = view["drawn"] is None and not view["options"]["empty_stock_penalty"]
        actions = handle.legal_actions()
        values: list[list[float]] = []
        for a in actions:
            if isinstance(a, Stop):
                values.append([0.0])
            else:
                q = scored.get(a.id, 0.0)
                values.append([q if free_miss else 2.0 * q - 1.0])
        return Evaluation(actions, values, exact=True)


# -- Zoker Solo: the exact solver on sampled stock orders ---------------------------------------
class SoloJudge(Judge):
    """Each candidate move is solved exactly (:func:`~pakka.games.zoker.solo.solver.solve`)
    in ``worlds`` stock orders drawn by ``sample_consistent`` (the same orders for every
    candidate); the value is the best final score reachable. The "all cards known" line
    solves the real stock."""

    name = "solver"
    scale = Scale("points", 1.0, 3.0, 6.0)

    MEMO_LIMIT: ClassVar[int] = 200_000
    """Solved positions kept between decisions (the cache starts again beyond this)."""

    def __init__(self, worlds: int = 3, max_nodes: int = 1_500) -> None:
        self.worlds = worlds
        self.max_nodes = max_nodes
        self.memo: dict[Any, float] = {}
        """Abstract position (upper cards, pile tops and heights, stock order) -> its
        solved score. The solver is deterministic, so a value depends on its key
        alone and the cache is kept across decisions and between the sampled deals
        and the "all cards known" line: consecutive decisions meet the same
        positions (above all once the stock is dealt out, where the sampled line
        and the known line solve the very same positions), and a review comes out
        the same with or without it."""

    def _solve(self, s: State[Any], a: Action, memo: dict[Any, float] | None = None) -> float:
        from pakka.games.zoker.solo import SoloState
        from pakka.games.zoker.solo.solver import solve

        t = s.clone()
        t.apply_legal(a)
        assert isinstance(t, SoloState)
        if t.is_terminal:
            return float(t.score)
        # Places do not matter for play (D-SO-1): moves reaching the same abstract
        # position are solved once.
        key = (
            sum(1 << c for c in t.upper if c >= 0),
            tuple(sorted((p[-1], len(p)) for p in t.piles if p)),
            tuple(t.stock),
        )
        if memo is not None and key in memo:
            return memo[key]
        v = float(solve(t, max_nodes=self.max_nodes, playouts=20, line=False).score)
        if memo is not None:
            if len(memo) >= self.MEMO_LIMIT:
                memo.clear()
            memo[key] = v
        return v

    def evaluate(self, state: State[Any], seat: int, extra: Action | None = None) -> Evaluation:
        seed = view_seed(state, seat)
        actions = list(state.legal_actions())
        memo = self.memo
        if not state.view(seat, log=False)["stock"]:
            return Evaluation(actions, [[self._solve(state, a, memo)] for a in actions], True)
        worlds = [
            state.sample_consistent(seat, random.Random(f"{seed}:{i}")) for i in range(self.worlds)
        ]
        values = [[self._solve(w, a, memo) for w in worlds] for a in actions]
        return Evaluation(actions, values, exact=False)

    def known(self, state: State[Any], seat: int, cands: list[Action]) -> list[float] | None:
        return [self._solve(state, a, self.memo) for a in cands]


# -- search games: rollouts by the rules policy in consistent deals -----------------------------
class RolloutJudge(Judge):
    """Determinized evaluation with common random numbers: ``worlds`` deals drawn by
    ``sample_consistent`` from the seat's information set; in each, every candidate is
    applied and the game is played on to the judge's horizon by the game's rules
    policy in every seat (the same policy seed per deal for every candidate), and
    :meth:`value` of the seat is recorded. With more than ``max_candidates`` legal
    actions the candidates are the policy's choices in the first deals and a seeded
    draw of the rest (the played action is always added)."""

    name = "rollouts"
    max_depth: ClassVar[int] = 600

    def __init__(self, worlds: int = 16, max_candidates: int = 8) -> None:
        self.worlds = worlds
        self.max_candidates = max_candidates

    # hooks -----------------------------------------------------------------------
    def policy(self, state: State[Any]) -> Rollout:
        """The rollout policy for this game (made once per decision)."""
        raise NotImplementedError

    def prepare(self, world: State[Any]) -> Any:
        """Silence a sampled deal and set its horizon; returns what :meth:`done` and
        :meth:`value` need (e.g. the round being played)."""
        return None

    def done(self, s: State[Any], ctx: Any) -> bool:
        """Whether a playout has reached the judge's horizon."""
        return s.is_terminal

    def value(self, s: State[Any], seat: int, ctx: Any) -> float:
        """The seat's outcome at the end of a playout (higher is better)."""
        r = s.returns() if s.is_terminal else s.heuristic_returns()
        return float(r[seat])

    # search ----------------------------------------------------------------------
    def _playout(
        self, w: State[Any], a: Action, seat: int, ctx: Any, policy: Rollout, seed: str
    ) -> float:
        s = w.clone()
        s.apply_legal(a)
        rng = random.Random(seed)
        depth = 0
        while not self.done(s, ctx) and depth < self.max_depth:
            s.apply_legal(policy(s, rng))
            depth += 1
        return self.value(s, seat, ctx)

    def evaluate(self, state: State[Any], seat: int, extra: Action | None = None) -> Evaluation:
        seed = view_seed(state, seat)
        legal = list(state.legal_actions())
        worlds = [
            state.sample_consistent(seat, random.Random(f"{seed}:{i}")) for i in range(self.worlds)
        ]
        ctxs = [self.prepare(w) for w in worlds]
        policy = self.policy(state)
        # The policy's choices come first, so that a tie goes to them (a game the judge
        # plays then moves on as the policy would, never round in circles).
        picked: dict[int, Action] = {}
        for i, w in enumerate(worlds[:3]):
            a = policy(w.clone(), random.Random(f"{seed}:{i}:p"))
            picked.setdefault(a.id, a)
        rest = [a for a in legal if a.id not in picked]
        if len(legal) > self.max_candidates:
            random.Random(f"{seed}:c").shuffle(rest)
            rest = sorted(rest[: max(0, self.max_candidates - len(picked))], key=legal.index)
        cands = [*picked.values(), *rest]
        if extra is not None and all(a.id != extra.id for a in cands):
            cands = [*cands, extra]
        values = [
            [
                self._playout(w, a, seat, ctx, policy, f"{seed}:{i}:r")
                for i, (w, ctx) in enumerate(zip(worlds, ctxs, strict=True))
            ]
            for a in cands
        ]
        return Evaluation(cands, values, exact=False)


class ViisisataaJudge(RolloutJudge):
    """Viisisataa: each candidate played to the end of the hand by the rules bot in
    every seat; the value is the seat's hand gain (its points of the hand minus the
    opponents' average), as the ``pimc`` bot measures it."""

    scale = Scale("points", 20.0, 60.0, 150.0)

    def __init__(self, worlds: int = 32, max_candidates: int = 10) -> None:
        super().__init__(worlds, max_candidates)

    def policy(self, state: State[Any]) -> Rollout:
        from pakka.bots.viisisataa import RulesBot, rules_action

        rules = RulesBot(state.game, seed=0)

        def act(s: State[Any], rng: random.Random) -> Action:
            return rules_action(s, rules)  # type: ignore[arg-type]

        return act

    def prepare(self, world: State[Any]) -> Any:
        world.silence()  # type: ignore[attr-defined]
        world.set_horizon(1)  # type: ignore[attr-defined]
        return None

    def done(self, s: State[Any], ctx: Any) -> bool:
        return s.current_player is None

    def value(self, s: State[Any], seat: int, ctx: Any) -> float:
        from pakka.bots.viisisataa import hand_gain

        return float(hand_gain(s, seat))  # type: ignore[arg-type]

    def known(self, state: State[Any], seat: int, cands: list[Action]) -> list[float] | None:
        """The "with all cards known" line of a card play: each candidate solved by the
        double-dummy solver on the real hands, as the seat's hand gain of the tricks
        its side then takes (:func:`pakka.bots.viisisataa_expert.hand_points`). Only
        the card play has it, and with 5 seats in play only from 6 cards on (a full
        5-hand solve costs seconds)."""
        from pakka.bots.viisisataa_expert import hand_points, taking_side
        from pakka.games.viisisataa.dd import Solver, position_of
        from pakka.games.viisisataa.rules import PLAYING
        from pakka.games.viisisataa.state import ViisisataaState

        s = state
        if not isinstance(s, ViisisataaState) or s.phase != PLAYING or s.turn != seat:
            return None
        if s.nactive >= 5 and s.hands[seat].bit_count() > 6:
            return None
        side = taking_side(s, seat)
        done = sum(s.tricks[q] for q in range(s.n) if side >> q & 1)
        values = {m.id: v for m, v in Solver().move_values(position_of(s, side))}
        return [hand_points(s, seat, side, done + values[a.id]) for a in cands]


class RavaytysJudge(RolloutJudge):
    """Räväytys: each candidate played to the end of the round by the rules bot in every
    seat; the value is the others' mean points of the round minus the seat's own (as
    the ``search`` bot measures it)."""

    scale = Scale("points", 5.0, 15.0, 30.0)

    def __init__(self, worlds: int = 12, max_candidates: int = 6) -> None:
        super().__init__(worlds, max_candidates)

    def policy(self, state: State[Any]) -> Rollout:
        from pakka.bots.ravaytys import rules_policy

        return rules_policy

    def prepare(self, world: State[Any]) -> Any:
        world.silence()  # type: ignore[attr-defined]
        return world.round  # type: ignore[attr-defined]

    def done(self, s: State[Any], ctx: Any) -> bool:
        return s.is_terminal or s.round != ctx  # type: ignore[attr-defined]

    def value(self, s: State[Any], seat: int, ctx: Any) -> float:
        from pakka.bots.ravaytys import _estimate

        return float(_estimate(s, seat, ctx))  # type: ignore[arg-type]


class TikoJudge(RolloutJudge):
    """Tiko: candidates played to the end of the game by the rules policy; value: the
    seat's share of the win."""

    scale = Scale("win", 0.05, 0.15, 0.30)

    def __init__(self, worlds: int = 48, max_candidates: int = 8) -> None:
        super().__init__(worlds, max_candidates)

    def policy(self, state: State[Any]) -> Rollout:
        from pakka.bots.zoker_tiko import rules_rollout

        return rules_rollout


class KuboJudge(RolloutJudge):
    """Kubo: candidates played to the end of the game by the greedy policy; value: the
    seat's share of the win."""

    scale = Scale("win", 0.05, 0.15, 0.30)

    PLAN_LIMIT: ClassVar[int] = 200_000
    """Greedy plans kept between decisions (the cache starts again beyond this)."""

    def __init__(self, worlds: int = 8, max_candidates: int = 4) -> None:
        super().__init__(worlds, max_candidates)
        self.plans: dict[Any, dict[tuple[int, tuple[int, ...]], int]] = {}
        """(layers, line points) -> the greedy policy's plans by (board, hand): a plan
        is a pure function of them, so playouts of every candidate, deal and decision
        share it and the review is the same with or without it."""

    def policy(self, state: State[Any]) -> Rollout:
        from pakka.bots.zoker_kubo import cached_greedy_rollout

        plans = self.plans.setdefault(
            (state.geo.layer_attr, state.line_points),  # type: ignore[attr-defined]
            {},
        )
        if len(plans) >= self.PLAN_LIMIT:
            plans.clear()
        return cached_greedy_rollout(plans)


def memo_policy(s: State[Any], rng: random.Random) -> Action:
    """Perfect memory on a full Memo state: turn a remembered partner (or one card of a
    remembered pair), else a card never seen, else any card."""
    from pakka.games.zoker.memo import MemoState
    from pakka.games.zoker.memo.actions import TURNS

    assert isinstance(s, MemoState)
    legal = {a.id for a in s.legal_actions()}
    places, seen, partners = s.places, s.seen, s.partners
    known = [(i, c) for i, c in enumerate(places) if c >= 0 and seen >> c & 1 and i != s.first]
    if s.first >= 0:
        a = places[s.first]
        for i, c in known:
            if partners[a] >> c & 1 and i in legal:
                return TURNS[i]
    else:
        for k, (i, a) in enumerate(known):
            for _j, b in known[k + 1 :]:
                if partners[a] >> b & 1 and i in legal:
                    return TURNS[i]
    unseen = [i for i, c in enumerate(places) if c >= 0 and not seen >> c & 1 and i in legal]
    pool = unseen or sorted(legal)
    return TURNS[pool[rng.randrange(len(pool))]]


class MemoJudge(RolloutJudge):
    """Memo: candidates played to the end of the game with perfect memory in every seat;
    value: the seat's share of the win."""

    scale = Scale("win", 0.05, 0.15, 0.30)

    def __init__(self, worlds: int = 24, max_candidates: int = 8) -> None:
        super().__init__(worlds, max_candidates)

    def policy(self, state: State[Any]) -> Rollout:
        return memo_policy


JUDGES: dict[str, Callable[[], Judge]] = {
    "koodinmurtaja": KoodinmurtajaJudge,
    "zoker-solo": SoloJudge,
    "viisisataa": ViisisataaJudge,
    "ravaytys": RavaytysJudge,
    "zoker-tiko": TikoJudge,
    "zoker-kubo": KuboJudge,
    "zoker-memo": MemoJudge,
}
"""Game name -> the judge its review uses."""


def judge_for(game: str) -> Judge:
    """The judge of ``game`` (raises ``KeyError`` for a game without one)."""
    return JUDGES[game]()
