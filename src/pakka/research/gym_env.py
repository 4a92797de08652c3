"""Gymnasium single-agent environment: one seat learns, pakka bots play the others.

Observation: ``{"observation": float32 vector, "action_mask": int8 vector}``
from ``state.view(seat)`` only (the mask is also in ``info["action_mask"]``
and :meth:`PakkaGymEnv.action_masks`, the convention of maskable PPO).
Action: an action id (``Discrete(num_distinct_actions)``). Reward: the
seat's :meth:`~pakka.State.returns` at the end (``reward="returns"``) or the
change of its score (``reward="scores"``).

An action outside the legal set follows PettingZoo's classic games
(``TerminateIllegalWrapper``): by default (``illegal_action="lose"``) the
episode ends at once (``terminated``) with ``illegal_reward`` (−1) for the
learner, ``info["illegal_action"] = True`` and ``info["reason"]`` saying
which action was not legal; the move is never replaced by a legal one and
the game state is left as it was. ``illegal_action="raise"`` raises
:class:`~pakka.IllegalAction` instead (and changes nothing).

Every registered game is also a Gymnasium id: ``gymnasium.make("pakka/zoker-tiko-v0",
players=2)`` (registered when this module is imported).
"""

from __future__ import annotations

import json
import random
from typing import Any

from pakka.research._extra import require

require("numpy", "gymnasium")

import gymnasium  # noqa: E402 (after the extra check)
from gymnasium.envs.registration import EnvSpec  # noqa: E402

from pakka.bots import Bot, make_bot  # noqa: E402
from pakka.core.errors import IllegalAction, RulesError  # noqa: E402
from pakka.core.game import Game, State  # noqa: E402
from pakka.research._common import (  # noqa: E402
    MaskArray,
    Observer,
    action_of,
    check_legal,
    play_bot_turn,
    resolve_game,
)
from pakka.research.encoders import Encoder  # noqa: E402

MAX_REDEALS = 1000
ENV_PREFIX = "pakka/"
RENDER_MODES = ("ansi", "human")


class PakkaGymEnv(gymnasium.Env[dict[str, Any], Any]):
    """One seat of a pakka game against bots (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (gymnasium API)
        "render_modes": list(RENDER_MODES),
        "render_fps": 4,  # text frames; declared because the checker asks
    }

    def __init__(
        self,
        game: str | Game[Any],
        players: int | None = None,
        seat: int = 0,
        opponents: str | list[str] | None = None,
        *,
        encoder: str | Encoder = "auto",
        reward: str = "returns",
        illegal_action: str = "lose",
        illegal_reward: float = -1.0,
        max_steps: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game = resolve_game(game, players, options)
        n = self.game.num_players
        if not (isinstance(seat, int) and 0 <= seat < n):
            raise RulesError(f"seat={seat!r}: seats are 0..{n - 1}")
        others = [p for p in range(n) if p != seat]
        if opponents is None:
            opponents = ["random"] * len(others)
        elif isinstance(opponents, str):
            opponents = [opponents] * len(others)
        if len(opponents) != len(others):
            raise RulesError(
                f"{len(opponents)} opponents given for {len(others)} other seats "
                f"(players={n}, seat={seat})"
            )
        if reward not in ("returns", "scores"):
            raise RulesError(f"reward={reward!r}: use 'returns' or 'scores'")
        if illegal_action not in ("raise", "lose"):
            raise RulesError(f"illegal_action={illegal_action!r}: use 'raise' or 'lose'")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise RulesError(f"render_mode={render_mode!r}: use None, 'ansi' or 'human'")
        self.seat = seat
        self.opponent_specs = dict(zip(others, opponents, strict=True))
        for spec in opponents:  # fail early on an unknown bot name
            make_bot(self.game, spec)
        self.observer = Observer(self.game, encoder)
        self.reward_kind = reward
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.max_steps = max_steps
        self._steps = 0
        self.render_mode = render_mode
        self.observation_space = self.observer.spaces()
        self.action_space = gymnasium.spaces.Discrete(self.game.num_distinct_actions)
        self.state: State[Any] = self.game.new_state(seed=0)
        self._bots: dict[int, Bot] = {}
        self._rng = random.Random(0)
        self._legal: list[int] = []  # the learner's legal ids (empty when not to act)
        self._action_of = action_of(self.game)
        self._over = True
        if isinstance(game, str):  # what check_env and gymnasium.make(spec) rebuild it from
            self.spec = EnvSpec(
                id=f"{ENV_PREFIX}{game}-v0",
                entry_point="pakka.research.gym_env:PakkaGymEnv",
                kwargs={
                    "game": game,
                    "players": players,
                    "seat": seat,
                    "opponents": opponents,
                    "encoder": encoder,
                    "reward": reward,
                    "illegal_action": illegal_action,
                    "illegal_reward": illegal_reward,
                    "max_steps": max_steps,
                    **options,
                },
            )

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a new game and let the bots play until the learner is to act.

        A deal that ends before the learner's first turn is skipped (the next
        seed from the same generator is used; ``info["redeals"]`` counts them).
        """
        super().reset(seed=seed)
        for redeals in range(MAX_REDEALS):  # noqa: B007 (reported in info)
            game_seed = int(self.np_random.integers(0, 2**63 - 1))
            self.state = self.game.new_state(seed=game_seed)
            self._rng = random.Random(game_seed)
            self._bots = {
                p: make_bot(self.game, spec, seed=self._rng.getrandbits(32))
                for p, spec in self.opponent_specs.items()
            }
            self._play_bots()
            if not self.state.is_terminal:
                break
        else:
            raise RulesError(f"{self.game.name}: the learner's seat never gets to act")
        self._over = False
        self._steps = 0
        self._score = self.state.scores[self.seat]
        obs = self._obs()
        return obs, {"action_mask": obs["action_mask"], "redeals": redeals, "seed": game_seed}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Play the learner's ``action`` (an id), then the bots until the learner's next turn."""
        if self._over:
            raise RulesError("the episode is over; call reset()")
        try:
            i = check_legal(self.game, self._legal, action, f"seat {self.seat}")
        except IllegalAction as e:
            if self.illegal_action == "raise":
                raise
            self._over = True
            obs = self._obs()
            info = {"action_mask": obs["action_mask"], "illegal_action": True, "reason": str(e)}
            return obs, self.illegal_reward, True, False, info
        # a legal id of this very state: its action needs no second check
        self.state.apply_legal(self._action_of(i))
        self._play_bots()
        done = self.state.is_terminal
        if self.reward_kind == "returns":
            reward = float(self.state.returns()[self.seat]) if done else 0.0
        else:
            new = self.state.scores[self.seat]
            reward = float(new - self._score)
            self._score = new
        self._steps += 1
        truncated = not done and self.max_steps is not None and self._steps >= self.max_steps
        self._over = done or truncated
        obs = self._obs()
        return obs, reward, done, truncated, {"action_mask": obs["action_mask"]}

    def _play_bots(self) -> None:
        s = self.state
        while True:
            cp = s.current_player
            if cp is None or cp == self.seat:
                break
            play_bot_turn(self._bots[cp], s, random.Random(self._rng.getrandbits(32)))
        self._legal = s.legal_ids() if s.current_player == self.seat else []

    def _obs(self) -> dict[str, Any]:
        return self.observer.observe(self.state, self.seat, self._legal)

    def action_masks(self) -> MaskArray:
        """The legal-action mask (for maskable policy-gradient learners)."""
        return self.observer.mask(self._legal)

    def view(self) -> dict[str, Any]:
        """The learner's view as the game's JSON dict."""
        return self.state.view(self.seat)

    def render(self) -> str | None:
        """The learner's view as JSON text: returned (``"ansi"``) or printed (``"human"``)."""
        if self.render_mode is None:
            return None
        text = json.dumps(self.view(), ensure_ascii=False)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def gymnasium_env(
    game: str | Game[Any],
    players: int | None = None,
    seat: int = 0,
    opponents: str | list[str] | None = None,
    **kwargs: Any,
) -> PakkaGymEnv:
    """A Gymnasium environment: ``seat`` learns, ``opponents`` (bot specs, one per other
    seat in seat order, or one spec for all; default ``random``) play the rest.

    Keyword arguments: ``encoder``, ``reward`` ("returns"/"scores"),
    ``illegal_action`` ("lose"/"raise"), ``illegal_reward``, ``max_steps``
    (truncate an episode after so many learner actions), ``render_mode``
    ("ansi"/"human"); every other keyword is a game option (over the
    research defaults, :data:`pakka.research._common.RESEARCH_DEFAULTS`).
    """
    return PakkaGymEnv(game, players, seat, opponents, **kwargs)


def register_envs() -> list[str]:
    """Register ``pakka/<game>-v0`` with Gymnasium for every registered game (idempotent)."""
    import pakka

    ids = []
    for name in pakka.games():
        env_id = f"{ENV_PREFIX}{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id, entry_point="pakka.research.gym_env:PakkaGymEnv", kwargs={"game": name}
            )
        ids.append(env_id)
    return ids


register_envs()
