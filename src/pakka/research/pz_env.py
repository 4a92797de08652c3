"""PettingZoo AEC environment for any pakka game.

Agents are ``player_0`` … ``player_{n-1}`` (seat order). Observations are
``{"observation": float32 vector, "action_mask": int8 vector}`` built only
from ``state.view(seat)``; actions are action ids. Rewards: by default each
seat's :meth:`~pakka.State.returns` when the game ends (1 shared among the
winners); with ``reward="scores"`` every change of the game's own score
(e.g. at the end of each hand).

An action outside the legal set is handled as PettingZoo's classic games do
(``TerminateIllegalWrapper``): with ``illegal_action="lose"`` (default) the
game ends for every agent, the offender gets ``illegal_reward`` (−1) and the
others 0, and ``infos[offender]`` has ``illegal_action=True`` and a
``reason``; the state is left as it was. ``illegal_action="raise"`` raises
:class:`~pakka.IllegalAction` instead and changes nothing.

Note on PettingZoo's ``api_test``: it warns "Observation is not a NumPy
array" for every dict observation of an environment whose name is not on its
own list of PettingZoo classic games; here both parts of the dict are NumPy
arrays, exactly as in those games.
"""

from __future__ import annotations

import json
import random
import secrets
from typing import Any

from pakka.research._extra import require

require("numpy", "gymnasium", "pettingzoo")

from pettingzoo import AECEnv  # noqa: E402 (after the extra check)

from pakka.core.errors import IllegalAction  # noqa: E402
from pakka.core.game import Game, State  # noqa: E402
from pakka.research._common import (  # noqa: E402
    Observer,
    action_of,
    check_legal,
    resolve_game,
)
from pakka.research.encoders import Encoder  # noqa: E402

REWARDS = ("returns", "scores")
RENDER_MODES = ("ansi", "human")


class PakkaAECEnv(AECEnv):  # type: ignore[misc]
    """One pakka game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo API)
        "render_modes": list(RENDER_MODES),
        "name": "pakka_v0",
        "is_parallelizable": False,
    }
    agent_selection: str

    def __init__(
        self,
        game: str | Game[Any],
        players: int | None = None,
        *,
        encoder: str | Encoder = "auto",
        reward: str = "returns",
        max_steps: int | None = None,
        illegal_action: str = "lose",
        illegal_reward: float = -1.0,
        view_in_info: bool = False,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward={reward!r}: use one of {REWARDS}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode={render_mode!r}: use None, 'ansi' or 'human'")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action={illegal_action!r}: use 'lose' or 'raise'")
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.game = resolve_game(game, players, options)
        self.observer = Observer(self.game, encoder)
        self._reward_kind = reward
        self._max_steps = max_steps
        self._view_in_info = view_in_info
        self._set_quiet()
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"pakka_{self.game.name}_v0")
        n = self.game.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        # copied at every reset (a copy of a small dict is several times cheaper than
        # dict.fromkeys, which the one-deal games pay once per few dozen steps)
        self._zeros = dict.fromkeys(self.possible_agents, 0.0)
        self._falses = dict.fromkeys(self.possible_agents, False)
        obs_space = self.observer.spaces()
        from gymnasium import spaces

        act_space = spaces.Discrete(self.game.num_distinct_actions)
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, act_space)
        self._seeds: random.Random | None = None
        self.state: State[Any] = self.game.new_state(seed=0)
        # the legal ids of the seat to act (State.legal_ids; empty when nobody is):
        # ids, not actions, because the mask and the learner's choice are ids
        self._legal: list[int] = []
        self._action_of = action_of(self.game)
        self._rewarded = False

    # -- settings (each change updates the step's fast path) ------------------------------
    @property
    def reward_kind(self) -> str:
        """``"returns"`` (at the end) or ``"scores"`` (every change of the score)."""
        return self._reward_kind

    @reward_kind.setter
    def reward_kind(self, value: str) -> None:
        if value not in REWARDS:
            raise ValueError(f"reward={value!r}: use one of {REWARDS}")
        self._reward_kind = value
        self._set_quiet()

    @property
    def max_steps(self) -> int | None:
        """Truncate the episode after so many actions (``None``: never)."""
        return self._max_steps

    @max_steps.setter
    def max_steps(self, value: int | None) -> None:
        self._max_steps = value
        self._set_quiet()

    @property
    def view_in_info(self) -> bool:
        """Whether every step puts each seat's view dict in ``infos``."""
        return self._view_in_info

    @view_in_info.setter
    def view_in_info(self, value: bool) -> None:
        self._view_in_info = value
        self._set_quiet()

    def _set_quiet(self) -> None:
        # Quiet: a step that does not end the game changes only the state, the legal
        # ids and the seat to act (no reward before the end, no truncation, no infos).
        self._quiet = (
            self._reward_kind == "returns" and self._max_steps is None and not self._view_in_info
        )

    # -- PettingZoo API ----------------------------------------------------------------
    def observation_space(self, agent: str) -> Any:
        """The observation space of ``agent`` (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """``Discrete(num_distinct_actions)``; use the action mask for legality."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game. ``seed`` fixes this deal and every later deal of unseeded resets."""
        if seed is not None:
            self._seeds = random.Random(seed)
        elif self._seeds is None:
            self._seeds = random.Random(secrets.randbits(64))
        self.state = self.game.new_state(seed=self._seeds.getrandbits(63))
        self.agents = self.possible_agents[:]
        self.rewards = self._zeros.copy()
        self._cumulative_rewards = self._zeros.copy()
        self.terminations = self._falses.copy()
        self.truncations = self._falses.copy()
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._scores = list(self.state.scores)
        self._rewarded = False
        self._after_change()

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation dict (mask all zero unless ``agent`` is to act)."""
        # self._legal holds the legal ids of agent_selection, the seat to act (empty
        # when nobody is): every other agent's mask is all zeros
        legal = self._legal if agent == self.agent_selection else None
        return self.observer.observe_masked(self.state, self._seat[agent], legal)

    def step(self, action: Any) -> None:
        """Apply ``action`` (an action id) for :attr:`agent_selection`."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        # the common case first: a plain legal int id (anything else is checked in full)
        if type(action) is not int or action not in self._legal:
            try:
                action = check_legal(self.game, self._legal, action, agent)
            except IllegalAction as e:
                if self.illegal_action == "raise":
                    raise
                self._lose_by_illegal_action(agent, str(e))
                return
        self._cumulative_rewards[agent] = 0.0
        state = self.state
        # a legal id of this very state: its action needs no second check
        state.apply_legal(self._action_of(action))
        if self._quiet and not self._rewarded:
            # the hot path (every step but the last, at the default settings)
            cp = state.current_player
            if cp is not None:
                self._legal = state.legal_ids()
                self.agent_selection = self.possible_agents[cp]
                return
        self._after_step(state)

    def _after_step(self, state: State[Any]) -> None:
        """The bookkeeping of a step in general: rewards, the end, truncation, infos."""
        # Rewards are zero on every step but the last (returns) or a score change
        # (scores): clearing and accumulating them is skipped while they are.
        if self._rewarded:
            self._clear_rewards()
            self._rewarded = False
        if self.reward_kind == "scores":
            new = state.scores
            if new != self._scores:
                for i, a in enumerate(self.agents):
                    self.rewards[a] = float(new[i] - self._scores[i])
                self._scores = list(new)
                self._rewarded = True
        # _after_change inlined (the hot path of every step): the seat to act once
        cp = state.current_player
        if cp is None:
            if self.reward_kind == "returns":
                ret = state.returns()
                for i, a in enumerate(self.agents):
                    self.rewards[a] = float(ret[i])
                self._rewarded = True
            self.terminations = dict.fromkeys(self.agents, True)
            self._legal = []
        else:
            # the actions since the deal: every step applies one to a fresh state
            if self._max_steps is not None and state.history_length >= self._max_steps:
                self.truncations = dict.fromkeys(self.agents, True)
            self._legal = state.legal_ids()
            self.agent_selection = self.possible_agents[cp]
        if self.view_in_info:
            for a in self.agents:
                self.infos[a] = {"view": state.view(self._seat[a])}
        if self._rewarded:
            self._accumulate_rewards()

    def _lose_by_illegal_action(self, agent: str, reason: str) -> None:
        """End the game for everyone: the offender gets ``illegal_reward``, the others 0."""
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.rewards[agent] = self.illegal_reward
        self._rewarded = True
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos[agent] = dict(self.infos.get(agent, {}), illegal_action=True, reason=reason)
        self._legal = []
        self._accumulate_rewards()

    def _after_change(self) -> None:
        state = self.state
        cp = state.current_player
        if cp is not None:
            self._legal = state.legal_ids()
            self.agent_selection = self.possible_agents[cp]
        else:
            self._legal = []
        if self.view_in_info:
            for a in self.agents:
                self.infos[a] = {"view": state.view(self._seat[a])}

    def render(self) -> str | None:
        """The spectator's view as JSON text: returned (``"ansi"``) or printed (``"human"``)."""
        if self.render_mode is None:
            return None
        text = json.dumps(self.state.view(None), ensure_ascii=False)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    # -- extras ----------------------------------------------------------------------
    def view(self, agent: str) -> dict[str, Any]:
        """``agent``'s view as the game's JSON dict (what the observation encodes)."""
        return self.state.view(self._seat[agent])

    def action_text(self, action_id: int) -> str:
        """The notation of an action id (for logging)."""
        return str(self.game.action_from_id(action_id))


def pettingzoo_env(game: str | Game[Any], players: int | None = None, **kwargs: Any) -> PakkaAECEnv:
    """A PettingZoo AEC environment for ``game`` (a registered name or a :class:`~pakka.Game`).

    Keyword arguments: ``encoder`` ("auto", "game", "hashing" or an
    :class:`~pakka.research.encoders.Encoder`), ``reward`` ("returns" or
    "scores"), ``max_steps`` (truncate after so many actions),
    ``illegal_action`` ("lose" or "raise") and ``illegal_reward``,
    ``view_in_info`` (put each seat's view dict in ``infos``), ``render_mode``
    (``"ansi"`` or ``"human"``); every other keyword is a game option (over
    the research defaults).

    >>> env = pettingzoo_env("koodinmurtaja", players=2)  # doctest: +SKIP
    >>> env.reset(seed=1)  # doctest: +SKIP
    """
    return PakkaAECEnv(game, players, **kwargs)
