"""Bots for Koodinmurtaja: ``deduce`` (exact probabilistic reasoning) and its hint.

``deduce`` works only from the seat's view: :func:`knowledge_from_view` counts
every deal consistent with the public information (sorted codes, revealed
cards, every refuted guess) and its own cards, giving the exact probability of
each rank at each hidden place. It guesses the most likely (position, rank);
after a correct guess it goes on while the chance of being right is at least
``threshold`` (a wrong guess would reveal its drawn card and tell the others
where it sits), and always goes on when a miss costs nothing (empty stock).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Mapping
from typing import Any

from pakka.bots.base import SeatHandle
from pakka.core.game import Action, Game
from pakka.games.koodinmurtaja.actions import Guess, GuessRank, Reveal, Stop
from pakka.games.koodinmurtaja.cards import rank_of
from pakka.games.koodinmurtaja.deduction import Knowledge, knowledge_from_view

PUBLIC_TABLE_LIMIT = 5**7
"""Largest public fill table the penalty reveal counts exactly (a seat's own view at 8
players is at most this large; the public view of 8 players, 5^8, is not counted)."""

_RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def rank_table(
    view: Mapping[str, Any], rng: random.Random | None = None
) -> dict[int, dict[int, float]]:
    """handle -> {rank: probability} for every opponent's hidden card, from ``view`` alone."""
    know = knowledge_from_view(view)
    out: dict[int, dict[int, float]] = {}
    for h, probs in know.marginals(rng).items():
        ranks: dict[int, float] = {}
        for k, p in probs.items():
            r = rank_of(k)
            ranks[r] = ranks.get(r, 0.0) + p
        out[h] = ranks
    return out


class DeduceBot:
    """Exact deduction: guess the likeliest card, continue while it is likely enough."""

    name = "deduce"

    def __init__(
        self, game: Game[Any], seed: int = 0, threshold: float = 0.5, blunder: float = 0.0
    ) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.threshold = float(threshold)
        self.blunder = float(blunder)  # chance of an unreasoned guess (weaker levels)

    def evaluate(self, handle: SeatHandle) -> list[tuple[float, Action]]:
        """Every legal guess with its probability of being right, best first."""
        view = handle.view()
        legal = handle.legal_actions()
        know = knowledge_from_view(view)
        scored: list[tuple[float, Action]] = []
        if any(isinstance(a, GuessRank) for a in legal):
            for a in legal:
                if isinstance(a, GuessRank):
                    scored.append((know.prob_holds_rank(a.target, a.rank), a))
        else:
            # Exact counts for the target's hidden cards only (every legal guess is at
            # one target), summed per rank before the one division.
            targets = {a.target for a in legal if isinstance(a, Guess)}
            total, counts = know.marginal_counts(sorted(targets))
            table: dict[int, dict[int, int]] = {}
            for h, by_card in counts.items():
                ranks: dict[int, int] = {}
                for k, c in by_card.items():
                    ranks[rank_of(k)] = ranks.get(rank_of(k), 0) + c
                table[h] = ranks
            codes = view["codes"]
            for a in legal:
                if isinstance(a, Guess):
                    h = codes[a.target][a.position]["handle"]
                    scored.append((table.get(h, {}).get(a.rank, 0) / total, a))
        scored.sort(key=lambda pa: -pa[0])
        return scored

    def choose(self, handle: SeatHandle) -> Action:
        """The action this bot plays (see the module docstring)."""
        legal = handle.legal_actions()
        if len(legal) == 1:
            return legal[0]
        view = handle.view()
        if view["phase"] == "reveal":
            return self._penalty_reveal(view, legal)
        scored = self.evaluate(handle)
        if self.blunder and self.rng.random() < self.blunder:
            guesses = [a for p, a in scored if p > 0]
            pick = self.rng.choice(guesses or [a for _p, a in scored])
        else:
            best_p = scored[0][0]
            ties = [a for p, a in scored if p >= best_p - 1e-12]
            pick = ties[self.rng.randrange(len(ties))]
            p_pick = best_p
            stop = next((a for a in legal if isinstance(a, Stop)), None)
            if stop is not None:
                free_miss = view["drawn"] is None and not view["options"]["empty_stock_penalty"]
                if not free_miss and p_pick < self.threshold:
                    return stop
        return pick

    def _penalty_reveal(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        # Give away the card the others can most nearly name already: the one with the
        # fewest possible cards under public information (ties: the lowest position).
        me = view["seat"]
        code = view["codes"][me]
        public = dict(view)
        public["codes"] = [
            [dict(e, card=None) if (q == me and not e["revealed"]) else e for e in c]
            for q, c in enumerate(view["codes"])
        ]
        public["seat"] = -1
        know = knowledge_from_view(public)
        support: dict[int, int]
        if know.num_states <= PUBLIC_TABLE_LIMIT:
            _total, counts = know.marginal_counts([me])
            support = {h: len(c) for h, c in counts.items()}
        else:
            # The public table of many players (up to 5^8 fill vectors) is too large to
            # count: each place's own bounds and refutations give its possible cards.
            j = know.seats.index(me)
            support = {
                sl.handle: know.allowed[j][f].bit_count() for f, sl in enumerate(know.slots[me])
            }
        best = min(
            (a for a in legal if isinstance(a, Reveal)),
            key=lambda a: (support.get(code[a.position]["handle"], 0), a.position),
        )
        return best


def hint(game: Game[Any], handle: SeatHandle, lang: str = "en") -> dict[str, Any]:
    """What ``deduce`` would play, with the probabilities behind it."""
    bot = DeduceBot(game, seed=0)
    view = handle.view()
    best = bot.choose(handle)
    probs: dict[str, dict[str, dict[str, float]]] = {}
    lines: list[str] = []
    if view["phase"] != "reveal" and view["options"]["guess"] == "positional":
        table = rank_table(view)
        for q, code in enumerate(view["codes"]):
            for pos, e in enumerate(code):
                h = e["handle"]
                if h in table:
                    ranked = sorted(table[h].items(), key=lambda rp: -rp[1])
                    probs.setdefault(str(q), {})[str(pos + 1)] = {
                        _RANK_NAMES[r - 2]: round(p, 4) for r, p in ranked
                    }
        for p, a in bot.evaluate(handle)[:3]:
            lines.append(f"{a}: {p:.0%} todennäköisyys" if lang == "fi" else f"{a}: {p:.0%} chance")
    if isinstance(best, Stop):
        lines.append(
            "Lopeta ja piilota nostettu kortti."
            if lang == "fi"
            else "Stop and hide your drawn card."
        )
    return {"best": str(best), "lines": lines, "probabilities": probs}


def _bench_deduce(decisions: int = 200, players: int = 4, seed: int = 0) -> dict[str, Any]:
    """Milliseconds per ``deduce`` decision (4 players, half deck) over seeded positions."""
    from pakka.core.registry import load

    game = load("koodinmurtaja", players=players)
    bot = DeduceBot(game, seed=seed)
    rng = random.Random(seed)
    times: list[float] = []
    g = 0
    while len(times) < decisions:
        state = game.new_state(seed=seed + g)
        g += 1
        while not state.is_terminal and len(times) < decisions:
            h = SeatHandle(state, state.current_player or 0, rng)
            t0 = time.perf_counter()
            a = bot.choose(h)
            times.append((time.perf_counter() - t0) * 1000)
            state.apply(a)
    times.sort()
    return {
        "players": players,
        "deck": "half",
        "decisions": len(times),
        "median_ms": round(statistics.median(times), 3),
        "p90_ms": round(times[int(0.9 * len(times))], 3),
        "max_ms": round(times[-1], 3),
    }


BOTS: dict[str, Callable[..., Any]] = {"deduce": DeduceBot}
LEVELS = {
    "easy": "deduce:blunder=0.5,threshold=0.9",
    "medium": "deduce:threshold=0.8",
    "hard": "deduce:threshold=0.5",
}
BENCHMARKS: dict[str, Callable[..., dict[str, Any]]] = {"deduce": _bench_deduce}
__all__ = ["BENCHMARKS", "BOTS", "LEVELS", "DeduceBot", "Knowledge", "hint", "rank_table"]
