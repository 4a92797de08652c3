"""Bots for Zoker Kubo: ``greedy`` (most points now, fewest chances left for the
next player) and ``search`` (ISMCTS with greedy rollouts and a depth limit)."""

from __future__ import annotations

import random
from typing import Any

from pakka.bots.base import SeatHandle
from pakka.bots.ismcts import ISMCTSBot
from pakka.core.game import Action, Game, State
from pakka.games.zoker.deck import LINE_KINDS, LINE_MASKS, LINES_THROUGH, parse_card
from pakka.games.zoker.kubo import (
    CLAIM_BASE,
    END,
    PASS,
    PASS_ID,
    PLACE,
    KuboAction,
    KuboState,
)

DEFAULT_POINTS = (1, 2, 4)


def placement_value(board: int, c: int, points: tuple[int, ...]) -> int:
    """Points scored by placing ``c`` now, times 10, minus 3 per line it leaves one
    card short (a chance for the next player), plus 1 for shedding a card."""
    b = board | 1 << c
    value = 1
    for ln in LINES_THROUGH[c]:
        missing = LINE_MASKS[ln] & ~b
        if missing == 0:
            value += 10 * points[LINE_KINDS[ln]]
        elif missing & (missing - 1) == 0:
            value -= 3
    return value


def greedy_choice(
    legal: list[KuboAction],
    board: int,
    points: tuple[int, ...],
    hand_size: int,
    threshold: int = -3,
) -> KuboAction:
    """The greedy decision among ``legal`` actions: claim, then place the card of
    highest :func:`placement_value` (every card placed is one minus point less and
    brings the end nearer), then end the turn."""
    ids = {a.id for a in legal}
    claims = [a for a in legal if CLAIM_BASE <= a.id < PASS_ID]
    if claims:
        return claims[0]
    if PASS.id in ids:
        return PASS
    best: KuboAction | None = None
    best_v = threshold
    for a in legal:
        if a.id < 64:
            v = placement_value(board, a.id, points)
            if v > best_v:
                best, best_v = a, v
    if best is not None:
        return best
    return END


def greedy_rollout(state: State[Any], rng: random.Random) -> Action:
    """The greedy policy on a full state (for ISMCTS rollouts)."""
    assert isinstance(state, KuboState)
    legal = state.legal_actions()
    seat = state.current_player
    assert seat is not None
    return greedy_choice(legal, state.board, _points(state.game), len(state.hands[seat]))


def _points(game: Game[Any]) -> tuple[int, ...]:
    p = game.options.get("points", DEFAULT_POINTS)
    return tuple(p) if isinstance(p, tuple) else DEFAULT_POINTS


class GreedyBot:
    """Places the best-valued card while it is worth it, claims whatever it can."""

    name = "greedy"

    def __init__(self, game: Game[Any], seed: int = 0, threshold: int = -3) -> None:
        self.points = _points(game)
        self.threshold = int(threshold)

    def choose(self, handle: SeatHandle) -> Action:
        """The greedy action from the seat's view."""
        v = handle.view()
        board = sum(1 << int(parse_card(x)) for x in v["board"])
        legal = [a for a in handle.legal_actions() if isinstance(a, KuboAction)]
        return greedy_choice(legal, board, self.points, len(v.get("hand", [])), self.threshold)


def search_bot(game: Game[Any], seed: int = 0, **params: Any) -> ISMCTSBot:
    """ISMCTS with greedy rollouts, 40 plies deep (default 200 iterations per move)."""
    opts: dict[str, Any] = {"iterations": 200, "rollout": "greedy", "max_depth": 40} | params
    bot = ISMCTSBot(game, seed=seed, **opts)
    bot.name = "search"
    return bot


BOTS: dict[str, Any] = {"greedy": GreedyBot, "search": search_bot}
LEVELS: dict[str, str] = {"easy": "random", "medium": "greedy", "hard": "search"}
ROLLOUT_POLICIES: dict[str, Any] = {"greedy": greedy_rollout}

__all__ = ["BOTS", "LEVELS", "PLACE", "ROLLOUT_POLICIES", "GreedyBot", "greedy_choice"]
