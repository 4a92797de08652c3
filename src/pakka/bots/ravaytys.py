"""Räväytys bots.

* ``rules`` — solver-driven play: keeps the cards that advance the round's
  contract, takes or buys a discard when it helps enough to be worth the penalty
  card, lays the contract down as soon as the meld solver finds it (with the
  arrangement that leaves the fewest points) unless it is one card short of
  going out all at once and nobody else is close to going out (then it holds
  the contract: räväytys), lays off and swaps wild cards, and
  discards the least useful card (the most expensive one once down).
* ``search`` — determinized search: at each real decision the rules bot's choice
  and its closest alternatives are played out by the rules bot in sampled deals
  of the seat's information set, and the best average outcome is played.
  (The generic ``ismcts`` with ``rollout=rules`` also works.)

The same decision function serves a bot (from its seat's view) and an ISMCTS
rollout (from a sampled state).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from pakka.bots.base import SeatHandle
from pakka.core.cards import parse_card
from pakka.core.game import Action, Game, State
from pakka.games.ravaytys import actions as A
from pakka.games.ravaytys.actions import BY_TEXT, RvAction
from pakka.games.ravaytys.cards import (
    CONTRACTS,
    IS_WILD,
    NUM_KINDS,
    VALUES,
    card_at,
    name,
    rank_of,
    suit_of,
)
from pakka.games.ravaytys.melds import Meld
from pakka.games.ravaytys.rules import PHASE_NAMES
from pakka.games.ravaytys.solver import Arrangement, best_contract, build_steps, layoffs
from pakka.games.ravaytys.state import RavaytysState


@dataclass
class Info:
    """What the decision rules look at: one seat's knowledge in a handy form."""

    phase: str
    hand: list[int]
    size: int
    melds: list[Meld]
    down: bool
    sets: int
    runs: int
    top: int
    keep: int
    max_wilds: int
    values: tuple[int, ...]
    pending: list[Meld] = field(default_factory=list)
    pending_open: bool = False
    buys: int = 0
    others_min: int = 11
    """The smallest hand among the other players (danger of someone going out)."""
    stock: int = 60
    """Cards left in the stock."""
    others_down: int = 0
    """How many other players have laid their contract down."""


def info_from_state(s: RavaytysState, seat: int) -> Info:
    """The decision input for ``seat`` in a (sampled) state."""
    sets, runs, _ = CONTRACTS[min(s.round, 7)]
    others_min = 999
    others_down = 0
    for q in range(s.n):
        if q != seat:
            if s.sizes[q] < others_min:
                others_min = s.sizes[q]
            if s.down[q]:
                others_down += 1
    return Info(
        PHASE_NAMES[s.phase],
        s.hands[seat],
        s.sizes[seat],
        s.melds,
        s.down[seat],
        sets,
        runs,
        s.pile[-1] if s.pile else -1,
        s.keep,
        s.max_wilds,
        s.values,
        s.pending,
        s.pending_open,
        s.buys[seat],
        others_min,
        len(s.stock),
        others_down,
    )


def _meld_from_json(d: dict[str, Any]) -> Meld:
    cards = [parse_card(c["card"]).index for c in d["cards"]]
    if d["kind"] == "run":
        lo = 1 if d["from"] == "A" else int({"J": 11, "Q": 12, "K": 13}.get(d["from"], d["from"]))
        m = Meld(d["owner"], True, "SHDC".index(d["suit"]), lo)
    else:
        r = d["rank"]
        m = Meld(d["owner"], False, int({"J": 11, "Q": 12, "K": 13, "A": 14}.get(r, r)))
    m.cards = cards
    return m


def info_from_view(v: dict[str, Any]) -> Info:
    """The decision input from a seat's view."""
    seat = v["seat"]
    hand = [0] * NUM_KINDS
    for t in v["hand"]:
        hand[parse_card(t).index] += 1
    opts = v["options"]
    return Info(
        v["phase"],
        hand,
        v["hand_sizes"][seat],
        [_meld_from_json(m) for m in v["melds"]],
        v["down"][seat],
        v["contract"]["sets"],
        v["contract"]["runs"],
        parse_card(v["top"]).index if v["top"] else -1,
        0 if opts["go_out_by_melding"] else 1,
        opts["max_wilds_per_group"],
        VALUES[opts["scoring"]],
        [_meld_from_json(m | {"owner": seat}) for m in v["pending"]],
        v["pending_open"],
        v["buys"][seat],
        min(v["hand_sizes"][q] for q in range(v["players"]) if q != seat),
        v["stock_size"],
        sum(1 for q in range(v["players"]) if q != seat and v["down"][q]),
    )


# ----------------------------------------------------------------- heuristics
def usefulness(info: Info, c: int, hand: list[int] | None = None) -> float:
    """How much card ``c`` helps toward the contract with ``hand`` (excluding itself)."""
    if IS_WILD[c]:
        return 10.0
    h = info.hand if hand is None else hand
    r = rank_of(c)
    same = (
        sum(h[s * 13 + r - 2] for s in range(4) if not IS_WILD[s * 13 + r - 2])
        - h[c]
        + (h[c] - 1 if h[c] else 0)
    )
    score = 0.0
    if info.sets:
        score = max(score, float(same))
    if info.runs:
        s = suit_of(c)
        near = 0.0
        for d in (-3, -2, -1, 1, 2, 3):
            for p in {r + d, (1 if r + d == 14 else r + d)}:
                if 1 <= p <= 14:
                    cc = card_at(s, p)
                    if cc != c and not IS_WILD[cc] and h[cc]:
                        near += 1.0 if abs(d) == 1 else (0.7 if abs(d) == 2 else 0.4)
                        break
        score = max(score, near * 0.8)
    return score


def _fits_table(info: Info, c: int) -> bool:
    for m in info.melds:
        if not m.is_run:
            if IS_WILD[c] or rank_of(c) == m.key:
                return True
        elif IS_WILD[c]:
            return True
        else:
            if m.can_grow_low() and card_at(m.key, m.lo - 1) == c:
                return True
            if m.can_grow_high() and card_at(m.key, m.hi + 1) == c:
                return True
    return False


_PLANS: dict[tuple[Any, ...], Arrangement | None] = {}
_STEPS: dict[tuple[Any, ...], list[str]] = {}


def _plan_key(info: Info) -> tuple[Any, ...]:
    hand = list(info.hand)
    for g in info.pending:
        for c in g.cards:
            hand[c] += 1
    return (*hand, info.sets, info.runs, info.keep, info.max_wilds, info.values[0])


def _plan(info: Info) -> Arrangement | None:
    """The solver's best lay-down for the hand (pending groups counted back in);
    cached, since every step of a lay-down asks again for the same hand."""
    key = _plan_key(info)
    if key in _PLANS:
        return _PLANS[key]
    if len(_PLANS) > 50_000:
        _PLANS.clear()
        _STEPS.clear()
    arr = best_contract(
        list(key[:53]), info.sets, info.runs, info.values, info.keep, info.max_wilds
    )
    _PLANS[key] = arr
    if arr is not None:
        _STEPS[key] = build_steps(arr)
    return arr


def _build_step(info: Info, legal: list[RvAction]) -> RvAction:
    arr = _plan(info)
    if arr is None:
        return A.A_CANCEL
    steps = _STEPS[_plan_key(info)]
    done = 1
    for i, g in enumerate(info.pending):
        done += 1 + len(g.cards) + (0 if (i == len(info.pending) - 1 and info.pending_open) else 1)
    if done < len(steps):
        a = BY_TEXT.get(steps[done])
        if a is not None and a in legal:
            return a
    return A.A_CANCEL


def _choose_discard(info: Info, legal: list[RvAction]) -> RvAction:
    discards = [a for a in legal if a.kind == A.DISCARD]
    if info.down:
        # keep nothing useful: throw the most expensive card that fits nowhere
        return max(discards, key=lambda a: (not _fits_table(info, a.card), info.values[a.card]))
    return min(
        discards,
        key=lambda a: (usefulness(info, a.card), -info.values[a.card], a.card),
    )


def stuck_cards(info: Info, arr: Arrangement) -> list[int]:
    """The cards of ``arr``'s remainder that fit nowhere once it is laid down: not
    on its own new groups and not on the melds already on the table (R-RV-14/16).
    Single lay-offs only, so chains (4H then 3H below a run) count as stuck."""
    table = list(info.melds)
    for g in arr.groups:
        m = Meld(-1, g.is_run, g.key, g.lo)
        m.cards = list(g.cards)
        table.append(m)
    fits = {c for c, _, _ in layoffs(arr.remainder, table, info.max_wilds)}
    return [c for c in range(NUM_KINDS) if c not in fits for _ in range(arr.remainder[c])]


def laydown_risk(info: Info) -> float:
    """How dangerous it is to keep a finished contract in hand: 0 when nobody is
    close to going out and the stock is deep; it grows with every opponent who
    is down, with small opponent hands and with a thinning stock."""
    risk = 1.5 * info.others_down
    risk += max(0, 7 - info.others_min)
    risk += max(0, 25 - info.stock) / 5
    return risk


HOLD_RISK = 2.0
"""The risk below which the rules bot holds a finished contract to go out at once."""


def _hold_discard(
    info: Info, arr: Arrangement, legal: list[RvAction], hold_risk: float = HOLD_RISK
) -> RvAction | None:
    """Räväytys judgement (R-RV-15): the discard that keeps a finished contract in
    hand to go out all at once later, or ``None`` to lay it down now.

    Hold only when the hand is one card short of going out in one turn (laid down
    now, exactly one card beyond the discard would be stuck) and the risk of
    someone else going out first is low (:func:`laydown_risk`): holding keeps the
    table free of melds the opponents could lay off on, but a round that ends
    while the contract is still in hand costs every card of it."""
    stuck = stuck_cards(info, arr)
    if len(stuck) != info.keep + 1 or laydown_risk(info) >= hold_risk:
        return None
    # throw away the dearer of the stuck cards; the contract stays whole
    for c in sorted(stuck, key=lambda c: (-info.values[c], c)):
        a = A.A_DISCARD[c]
        if a in legal:
            return a
    return None


def decide(
    info: Info, legal: list[RvAction], rng: random.Random, hold_risk: float = HOLD_RISK
) -> RvAction:
    """The rules bot's choice among ``legal`` (``hold_risk`` 0 never holds a contract)."""
    if len(legal) == 1:
        return legal[0]
    ph = info.phase
    if ph == "buy":
        c = info.top
        if info.down:
            want = _fits_table(info, c) and IS_WILD[c]
        else:
            want = IS_WILD[c] or usefulness(info, c) >= 2.0
        if want and info.size <= 14 and info.buys < 3 and info.others_min > 3:
            return A.A_BUY
        return A.A_PASS
    if ph == "start":
        c = info.top
        if c >= 0 and A.A_TAKE in legal:
            if info.down:
                if _fits_table(info, c):
                    return A.A_TAKE
            elif IS_WILD[c] or usefulness(info, c) >= 1.0:
                return A.A_TAKE
        return A.A_DRAW
    if ph == "place":
        return _choose_place(info, legal)
    if ph == "build":
        return _build_step(info, legal)
    if ph == "open":
        return _choose_discard(info, legal)
    # play
    if not info.down:
        arr = _plan(info) if A.A_MELD in legal else None
        if arr is not None:
            hold = _hold_discard(info, arr, legal, hold_risk)
            return A.A_MELD if hold is None else hold
        return _choose_discard(info, legal)
    lays = [a for a in legal if a.kind == A.LAY]
    if lays:
        # naturals first, then wild cards
        return min(lays, key=lambda a: (IS_WILD[a.card], -info.values[a.card], a.id))
    swaps = [a for a in legal if a.kind == A.SWAP]
    if swaps:
        return swaps[0]
    return _choose_discard(info, legal)


def _choose_place(info: Info, legal: list[RvAction]) -> RvAction:
    # prefer a run end that makes a hand card fit next to the wild card
    for a in legal:
        m = info.melds[a.meld]
        if not m.is_run:
            continue
        if a.arg == A.LOW and m.lo - 2 >= 1 and info.hand[card_at(m.key, m.lo - 2)]:
            return a
        if a.arg == A.HIGH and m.hi + 2 <= 14 and info.hand[card_at(m.key, m.hi + 2)]:
            return a
    sets = [a for a in legal if a.arg == A.NO_END]
    return sets[0] if sets else legal[0]


def rules_policy(state: State[Any], rng: random.Random) -> RvAction:
    """ISMCTS rollout policy: the rules bot playing from a sampled state."""
    assert isinstance(state, RavaytysState)
    seat = state.current_player
    assert seat is not None
    return decide(info_from_state(state, seat), state.legal_actions(), rng)


def lay_down_at_once(s: RavaytysState) -> int:
    """After ``meld`` in a playout: every remaining step of the rules bot's lay-down
    at once (the steps :func:`_build_step` would choose one by one, all legal by
    construction of the solver's arrangement); returns how many were applied."""
    info = info_from_state(s, s.turn_player)
    steps = _STEPS.get(_plan_key(info))
    if steps is None or _PLANS.get(_plan_key(info)) is None:
        return 0
    for t in steps[1:]:
        s.apply_legal(BY_TEXT[t])
    return len(steps) - 1


class RulesBot:
    """Solver-driven Räväytys play (see the module docstring)."""

    name = "rules"

    def __init__(self, game: Game[Any], seed: int = 0, hold_risk: float = HOLD_RISK) -> None:
        self.rng = random.Random(seed)
        self.hold_risk = float(hold_risk)

    def choose(self, handle: SeatHandle) -> Action:
        """The rules bot's action for the handle's seat."""
        legal = [a for a in handle.legal_actions() if isinstance(a, RvAction)]
        return decide(info_from_view(handle.view()), legal, self.rng, self.hold_risk)


def _discard_rank(info: Info, a: RvAction) -> tuple[float, ...]:
    """The rules bot's order of discards, the most discardable first."""
    if info.down:
        return (_fits_table(info, a.card), -info.values[a.card], a.card)
    return (usefulness(info, a.card), -info.values[a.card], a.card)


def _candidates(info: Info, legal: list[RvAction], rng: random.Random, k: int) -> list[RvAction]:
    """The rules bot's choice first, then its most plausible alternatives: the other
    answer of a take/draw or buy/pass question; laying the contract down or holding
    it (R-RV-15); the next discards in the rules bot's order."""
    first = decide(info, legal, rng)
    out = [first]
    if info.phase in ("start", "buy"):
        return out + [a for a in legal if a is not first]
    if info.phase not in ("play", "open") or first.kind not in (A.DISCARD, A.MELD):
        return out  # mechanical steps: building, lay-offs, placing a wild card
    if not info.down and A.A_MELD in legal and first is not A.A_MELD:
        out.append(A.A_MELD)
    discards = sorted(
        (a for a in legal if a.kind == A.DISCARD and a is not first),
        key=lambda a: _discard_rank(info, a),
    )
    return out + discards[: max(0, k - len(out))]


def _worth_searching(info: Info) -> bool:
    """Whether a take/draw or buy/pass question is open at all: a discard that helps
    nothing is left alone without spending search time on it."""
    c = info.top
    if c < 0:
        return False
    if info.phase == "buy":
        return not info.down and (IS_WILD[c] or usefulness(info, c) >= 1.0)
    if info.down:
        return _fits_table(info, c)
    return IS_WILD[c] or usefulness(info, c) > 0.0


def _estimate(s: RavaytysState, seat: int, round_index: int) -> float:
    """How well ``seat`` did: the others' mean points minus its own (this round)."""
    if s.round != round_index:
        pts = s.sheet[round_index]
    else:
        pts = [
            sum(s.values[c] * k for c, k in enumerate(s.hands[p]) if k) + (0 if s.down[p] else 30)
            for p in range(s.n)
        ]
    others = [pts[p] for p in range(s.n) if p != seat]
    return sum(others) / len(others) - pts[seat]


def _paired(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """Mean and standard error of the paired differences ``xs - ys``."""
    d = [x - y for x, y in zip(xs, ys, strict=False)]
    m = len(d)
    mean = sum(d) / m
    if m < 2:
        return mean, float("inf")
    var = sum((x - mean) ** 2 for x in d) / (m - 1)
    return mean, (var / m) ** 0.5


class SearchBot:
    """Determinized search at the real decisions (take or draw, buy or pass, lay the
    contract down or hold it, which card to discard): each candidate — the rules
    bot's choice and its closest alternatives — is played out by the rules bot (for
    every seat) to the end of the round in the same sampled deals of the seat's
    information set (``sample_consistent``), and the outcomes (this round's point
    difference to the others) are compared pairwise.

    Racing: deals come in batches of ``batch`` up to ``samples``; after each batch
    an alternative that is not ahead of the rules choice on the paired differences
    is dropped, and the search stops once only the rules choice is left. The rules
    choice stands unless an alternative beats it by ``margin`` points and two
    standard errors. Discard-pile questions about
    a card that helps nothing, building a lay-down, lay-offs and placing a freed
    wild card are left to the rules bot."""

    name = "search"

    def __init__(
        self,
        game: Game[Any],
        seed: int = 0,
        samples: int = 24,
        batch: int = 8,
        candidates: int = 3,
        depth: int = 300,
        margin: float = 1.0,
    ) -> None:
        self.rng = random.Random(seed)
        self.samples = int(samples)
        self.batch = max(1, int(batch))
        self.k = int(candidates)
        self.depth = int(depth)
        self.margin = float(margin)

    def _rollout(self, base: RavaytysState, a: RvAction, seed: int, seat: int) -> float:
        s = base.clone()
        r0 = s.round
        prng = random.Random(seed)
        n = 0
        while True:
            s.apply_legal(a)
            n += 1
            if a is A.A_MELD:
                n += lay_down_at_once(s)
            if s.round != r0 or s.phase == 6 or n >= self.depth:
                return _estimate(s, seat, r0)
            a = rules_policy(s, prng)

    def choose(self, handle: SeatHandle) -> Action:
        """Search at decisions, rules elsewhere."""
        legal = [a for a in handle.legal_actions() if isinstance(a, RvAction)]
        info = info_from_view(handle.view())
        if len(legal) == 1 or (info.phase in ("start", "buy") and not _worth_searching(info)):
            return decide(info, legal, self.rng)
        cands = _candidates(info, legal, self.rng, self.k)
        if len(cands) == 1:
            return cands[0]
        seat = handle.seat
        values: list[list[float]] = [[] for _ in cands]
        alive = list(range(len(cands)))
        drawn = 0
        while drawn < self.samples and len(alive) > 1:
            for _ in range(min(self.batch, self.samples - drawn)):
                base = handle.sample_consistent(self.rng)
                assert isinstance(base, RavaytysState)
                base.silence()
                seed = self.rng.getrandbits(32)
                for i in alive:
                    values[i].append(self._rollout(base, cands[i], seed, seat))
                drawn += 1
            # drop the alternatives that are not ahead of the rules choice: they
            # would hardly come out ahead by two standard errors at the end
            alive = [0] + [i for i in alive[1:] if _paired(values[i], values[0])[0] > 0]
        best, best_gain = 0, 0.0
        for i in alive[1:]:
            mean, se = _paired(values[i], values[0])
            if mean > max(self.margin, 2 * se) and mean > best_gain:
                best, best_gain = i, mean
        return cands[best]


def hint(game: Game[Any], handle: SeatHandle, lang: str = "en") -> dict[str, Any]:
    """The rules bot's suggestion and the solver's best lay-down for the seat."""
    v = handle.view()
    info = info_from_view(v)
    legal = [a for a in handle.legal_actions() if isinstance(a, RvAction)]
    best = decide(info, legal, random.Random(0))
    lines: list[str] = []
    if not info.down:
        arr = _plan(info)
        if arr is None:
            lines.append(
                "Ei vielä tavoitetta." if lang == "fi" else "The contract is not possible yet."
            )
        else:
            for g in arr.groups:
                lines.append(" ".join(name(c) for c in g.cards))
            left = " ".join(name(c) for c in range(NUM_KINDS) for _ in range(arr.remainder[c]))
            lines.append(
                (f"Käteen jää: {left} ({arr.value})")
                if lang == "fi"
                else f"Left in hand: {left} ({arr.value} points)"
            )
    return {"best": str(best), "lines": lines}


BOTS = {"rules": RulesBot, "search": SearchBot}
LEVELS = {"easy": "random", "medium": "rules", "hard": "search"}
ROLLOUT_POLICIES = {"rules": rules_policy}
