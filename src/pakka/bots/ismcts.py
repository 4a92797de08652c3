"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration draws a determinization with ``handle.sample_consistent`` (so the
search never sees the real hidden cards), descends the shared tree with UCB1
over the actions legal in that determinization (counting availability, as
ISMCTS requires), expands one node, finishes the game with a rollout policy
(random by default, or a game's own policy) up to a depth limit, and backs up
each seat's return. The move played is the most visited root action.
Deterministic for a given seed and iteration budget; ``seconds`` gives a time
budget for interactive play instead.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable
from typing import Any

from pakka.bots.base import SeatHandle
from pakka.core.game import Action, Game, State

RolloutPolicy = Callable[[State[Any], random.Random], Action]


class _Node:
    __slots__ = ("avail", "children", "player", "value", "visits")

    def __init__(self, player: int) -> None:
        self.player = player  # the seat that chose the action leading here
        self.visits = 0
        self.avail = 0
        self.value = 0.0
        self.children: dict[int, _Node] = {}


def _rollout_policy(game: Game[Any], name: str) -> RolloutPolicy | None:
    if name == "random":
        return None
    from pakka.bots import GAME_BOT_MODULES

    mod_name = GAME_BOT_MODULES.get(game.name)
    policies = (
        getattr(importlib.import_module(mod_name), "ROLLOUT_POLICIES", {}) if mod_name else {}
    )
    if name not in policies:
        raise ValueError(
            f"no rollout policy {name!r} for {game.name}; have random, {list(policies)}"
        )
    policy: RolloutPolicy = policies[name]
    return policy


class ISMCTSBot:
    """Generic ISMCTS for any game that implements the engine contract."""

    name = "ismcts"

    def __init__(
        self,
        game: Game[Any],
        seed: int = 0,
        iterations: int = 1000,
        seconds: float = 0.0,
        c: float = 0.7,
        max_depth: int = 400,
        rollout: str = "random",
    ) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.iterations = int(iterations)
        self.seconds = float(seconds)
        self.c = float(c)
        self.max_depth = int(max_depth)
        self.policy = _rollout_policy(game, rollout)
        self.last_iterations = 0

    def choose(self, handle: SeatHandle) -> Action:
        """The most visited root action after the search budget is spent."""
        legal = handle.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = self.search(handle)
        by_id = {a.id: a for a in legal}
        best = max(
            (aid for aid in root.children if aid in by_id),
            key=lambda aid: (root.children[aid].visits, root.children[aid].value),
        )
        return by_id[best]

    def search(self, handle: SeatHandle) -> _Node:
        """Run the search from ``handle``'s information set and return the root."""
        rng = self.rng
        root = _Node(-1)
        deadline = time.perf_counter() + self.seconds if self.seconds > 0 else None
        it = 0
        while True:
            if deadline is None:
                if it >= self.iterations:
                    break
            elif it > 0 and time.perf_counter() >= deadline:
                break
            it += 1
            self._iterate(root, handle.sample_consistent(rng), rng)
        self.last_iterations = it
        return root

    def _iterate(self, root: _Node, s: State[Any], rng: random.Random) -> None:
        node = root
        path = [root]
        c = self.c
        # Selection and expansion over the actions legal in this determinization.
        while not s.is_terminal:
            player = s.current_player
            assert player is not None
            legal = s.legal_actions()
            children = node.children
            untried = []
            for a in legal:
                ch = children.get(a.id)
                if ch is None:
                    untried.append(a)
                else:
                    ch.avail += 1
            if untried:
                a = untried[rng.randrange(len(untried))]
                child = _Node(player)
                child.avail = 1
                children[a.id] = child
                s.apply_legal(a)
                path.append(child)
                break
            best_a = legal[0]
            best_u = -math.inf
            for a in legal:
                ch = children[a.id]
                u = ch.value / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if u > best_u:
                    best_u, best_a = u, a
            s.apply_legal(best_a)
            node = children[best_a.id]
            path.append(node)
        # Rollout.
        depth = 0
        policy = self.policy
        while not s.is_terminal and depth < self.max_depth:
            if policy is None:
                legal = s.legal_actions()
                s.apply_legal(legal[rng.randrange(len(legal))])
            else:
                s.apply_legal(policy(s, rng))
            depth += 1
        returns = s.returns() if s.is_terminal else s.heuristic_returns()
        for n in path[1:]:
            n.visits += 1
            n.value += returns[n.player]
