"""Stepping many games at once: one learner seat per game, bots elsewhere, arrays in and out.

:class:`BatchEnv` keeps ``num_envs`` games of one (game, players, options),
writes every observation straight into preallocated ``(num_envs, size)``
and ``(num_envs, num_actions)`` arrays, and deals a new game as soon as one
ends (its final reward is reported; the observation is already the next
deal's). It saves the per-step dict building of :class:`PakkaGymEnv`: 1.3–1.6×
the learner steps of as many single environments on the multi-player games
(``docs/benchmarks.md``, research section; ``benchmarks/research_speed.py --batch``).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt

from pakka.bots import Bot, make_bot
from pakka.core.errors import RulesError
from pakka.core.game import Action, Game, State
from pakka.research._common import Observer, check_legal, legal_by_id, play_bot_turn, resolve_game
from pakka.research.encoders import Encoder


class BatchEnv:
    """``num_envs`` games stepped together; seat ``seat`` learns in each."""

    def __init__(
        self,
        game: str | Game[Any],
        num_envs: int,
        players: int | None = None,
        seat: int = 0,
        opponents: str | list[str] = "random",
        *,
        encoder: str | Encoder = "auto",
        seed: int = 0,
        **options: Any,
    ) -> None:
        self.game = resolve_game(game, players, options)
        n = self.game.num_players
        if not 0 <= seat < n:
            raise RulesError(f"seat={seat!r}: seats are 0..{n - 1}")
        others = [p for p in range(n) if p != seat]
        specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(specs) != len(others):
            raise RulesError(f"{len(specs)} opponents given for {len(others)} other seats")
        self.seat = seat
        self.specs = dict(zip(others, specs, strict=True))
        self.num_envs = num_envs
        self.observer = Observer(self.game, encoder)
        self.obs = np.zeros((num_envs, self.observer.encoder.size), np.float32)
        self.mask = np.zeros((num_envs, self.game.num_distinct_actions), np.int8)
        self._seeds = random.Random(seed)
        self.states: list[State[Any]] = []
        self._bots: list[dict[int, Bot]] = []
        self._rngs: list[random.Random] = []
        self._legal: list[dict[int, Action]] = []
        self.episodes = 0

    def reset(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """Deal every game anew; returns the observation and mask arrays (reused buffers)."""
        self.states, self._bots, self._rngs, self._legal = [], [], [], []
        for i in range(self.num_envs):
            self.states.append(self.game.new_state(seed=0))
            self._bots.append({})
            self._rngs.append(random.Random(0))
            self._legal.append({})
            self._deal(i)
        return self.obs, self.mask

    def _deal(self, i: int) -> None:
        while True:
            s = self.game.new_state(seed=self._seeds.getrandbits(63))
            rng = random.Random(s.seed)
            self.states[i] = s
            self._rngs[i] = rng
            self._bots[i] = {
                p: make_bot(self.game, spec, seed=rng.getrandbits(32))
                for p, spec in self.specs.items()
            }
            self._advance(i)
            if not s.is_terminal:
                return

    def _advance(self, i: int) -> None:
        s, bots, rng = self.states[i], self._bots[i], self._rngs[i]
        while True:
            cp = s.current_player
            if cp is None or cp == self.seat:
                break
            play_bot_turn(bots[cp], s, random.Random(rng.getrandbits(32)))
        legal = legal_by_id(s) if s.current_player == self.seat else {}
        self._legal[i] = legal
        self.obs[i] = self.observer.encoder.observe(s, self.seat)
        self.mask[i] = self.observer.mask(legal)

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.int8],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]:
        """Apply one action id per game; returns ``(obs, mask, rewards, dones)``.

        A finished game is dealt anew at once (``dones[i]`` is True and
        ``rewards[i]`` is its return for the learner). Illegal ids raise
        :class:`~pakka.IllegalAction` before any game changes.
        """
        acts = np.asarray(actions).reshape(-1)
        if acts.shape[0] != self.num_envs:
            raise RulesError(f"{acts.shape[0]} actions for {self.num_envs} games")
        chosen = [
            check_legal(self.game, self._legal[i], acts[i], f"game {i} seat {self.seat}")
            for i in range(self.num_envs)
        ]
        rewards = np.zeros(self.num_envs, np.float32)
        dones = np.zeros(self.num_envs, np.bool_)
        for i, act in enumerate(chosen):
            s = self.states[i]
            s.apply_legal(act)
            self._advance(i)
            if s.is_terminal:
                rewards[i] = s.returns()[self.seat]
                dones[i] = True
                self.episodes += 1
                self._deal(i)
        return self.obs, self.mask, rewards, dones
