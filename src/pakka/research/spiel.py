"""OpenSpiel: every pakka game as a registered ``pyspiel`` Python game.

``openspiel_game("koodinmurtaja", players=3)`` returns a ``pyspiel.Game``
(also loadable as ``pyspiel.load_game("pakka_koodinmurtaja", {"players": 3})``
once registered). Declared type: sequential, imperfect information,
**sampled stochastic** chance (a pakka state owns its seeded generator: the
deal happens inside ``new_initial_state()``, whose seed comes from the game
parameter ``rng_seed``; there are no explicit chance nodes), terminal
rewards, and the utility the game's :meth:`~pakka.State.returns` gives
(1 shared among the winners: constant-sum 1 when a game always has a
winner, else general-sum).

Information state and observation strings are the canonical JSON of
``state.view(player)`` (the view includes every log entry the player may
see, so it has perfect recall); tensors are the research encoder of the
game. ``resample_from_infostate`` uses the game's ``sample_consistent``,
so OpenSpiel's ISMCTS searches without seeing hidden cards. Note that
OpenSpiel's plain MCTS clones the true state: it sees hidden cards and the
future deal (as it does in every OpenSpiel imperfect-information game).
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from pakka.bots import make_bot
from pakka.core.game import Action, Game, State
from pakka.core.options import Option
from pakka.core.registry import game_class
from pakka.research._common import LazySeatHandle
from pakka.research.encoders import Encoder, encoder_for

PREFIX = "pakka_"
DEFAULT_MAX_GAME_LENGTH = 20_000

CONSTANT_SUM: frozenset[str] = frozenset({"koodinmurtaja"})
"""Games whose every finished game has at least one winner (so returns sum to 1)."""

MAX_GAME_LENGTH: dict[str, int] = {}
"""Per-game bounds on the number of actions (else :data:`DEFAULT_MAX_GAME_LENGTH`)."""

_registered: dict[str, type[PakkaSpielGame]] = {}


def _param_default(opt: Option, players: int, cls: type[Game[Any]]) -> Any:
    if opt.name in cls.automated_options:
        return cls.automated_options[opt.name]  # e.g. a match cap (research needs one)
    d = opt.default_for(players)
    if opt.kind == "ints" or callable(opt.default):
        return "" if callable(opt.default) else ",".join(str(x) for x in d)  # type: ignore[union-attr]
    return d


def _game_type(cls: type[Game[Any]]) -> Any:
    params: dict[str, Any] = {"players": cls.min_players, "rng_seed": 0}
    for opt in cls.option_specs:
        # Options whose default depends on the player count are text; "" means that default.
        params[opt.name] = _param_default(opt, cls.min_players, cls)
    utility = (
        pyspiel.GameType.Utility.CONSTANT_SUM
        if cls.name in CONSTANT_SUM and cls.min_players > 1
        else pyspiel.GameType.Utility.GENERAL_SUM
    )
    return pyspiel.GameType(
        short_name=PREFIX + cls.name,
        long_name=f"pakka {cls.title.get('en', cls.name)}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class PakkaSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A pakka game as an OpenSpiel game (``self.pakka_game`` is the pakka :class:`Game`)."""

    pakka_class: type[Game[Any]]
    """The pakka game class (set on the per-game subclass that :func:`register` makes)."""

    def __init__(self, params: dict[str, Any] | None = None, game: Game[Any] | None = None) -> None:
        cls = self.pakka_class
        params = dict(params or {})
        players = int(params.get("players", cls.min_players))
        if game is None:
            # The game's automated options (e.g. a match cap) unless the params give them.
            options = dict(cls.automated_options) | {
                o.name: params[o.name]
                for o in cls.option_specs
                if o.name in params and params[o.name] != ""
            }
            game = cls(players, **options)
        self.pakka_game: Game[Any] = game
        self.rng_seed = int(params.get("rng_seed", 0))
        gtype = _game_type(cls)
        constant = gtype.utility == pyspiel.GameType.Utility.CONSTANT_SUM
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions,
            max_chance_outcomes=0,
            num_players=game.num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0 if constant else None,
            max_game_length=MAX_GAME_LENGTH.get(cls.name, DEFAULT_MAX_GAME_LENGTH),
        )
        spiel_params: dict[str, Any] = {"players": players, "rng_seed": self.rng_seed}
        for o in cls.option_specs:
            v = game.options[o.name]
            spiel_params[o.name] = ",".join(map(str, v)) if isinstance(v, tuple) else v
        super().__init__(gtype, info, spiel_params)
        self._seeds = random.Random(self.rng_seed)
        self.encoder: Encoder = encoder_for(game)

    def new_initial_state(self, seed: int | None = None) -> PakkaSpielState:
        """A new deal; its seed is the next draw from ``rng_seed`` unless given."""
        if seed is None:
            return PakkaSpielState(self)  # dealt from rng_seed's sequence when first used
        return PakkaSpielState(self, self.pakka_game.new_state(seed=seed))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> PakkaObserver:
        """The observer: tensor from the encoder, string as view JSON (both from view only)."""
        return PakkaObserver(self, params)


class _Box:
    """The Python side of a :class:`PakkaSpielState`.

    OpenSpiel's C++ ``Clone()`` makes a fresh initial state and deep-copies
    every attribute of the Python object; keeping everything in one box
    whose ``__deepcopy__`` is pakka's cheap :meth:`~pakka.State.clone` makes
    that fast, shares the (immutable) game, and the fresh initial state deals
    nothing (its deal is drawn only when first used).
    """

    __slots__ = ("game", "legal", "state")

    def __init__(self, game: PakkaSpielGame, state: State[Any] | None) -> None:
        self.game = game
        self.state = state
        self.legal: dict[int, Action] | None = None

    def get(self) -> State[Any]:
        if self.state is None:
            self.state = self.game.pakka_game.new_state(seed=self.game._seeds.getrandbits(63))
        return self.state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.game, self.get().clone())


class PakkaSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping a pakka state (``self.pakka_state``)."""

    def __init__(self, game: PakkaSpielGame, state: State[Any] | None = None) -> None:
        super().__init__(game)
        self._box = _Box(game, state)

    @property
    def pakka_state(self) -> State[Any]:
        """The wrapped pakka state (omniscient: for tests and pakka bots' handles)."""
        return self._box.get()

    @property
    def pakka_game(self) -> Game[Any]:
        """The pakka game."""
        return self._box.game.pakka_game

    def current_player(self) -> int:
        """The seat to act or ``pyspiel.PlayerId.TERMINAL``."""
        cp = self.pakka_state.current_player
        return int(pyspiel.PlayerId.TERMINAL) if cp is None else cp

    def _legal_map(self) -> dict[int, Action]:
        box = self._box
        if box.legal is None:
            box.legal = {a.id: a for a in box.get().legal_actions()}
        return box.legal

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.pakka_state.current_player:
            return []
        return sorted(self._legal_map())

    def _apply_action(self, action: int) -> None:
        act = self._legal_map().get(int(action))
        if act is None:
            # OpenSpiel checks legality before this; keep pakka's clear message otherwise.
            self.pakka_state.apply_id(int(action))
        else:
            self.pakka_state.apply_legal(act)
        self._box.legal = None

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.pakka_game.action_from_id(int(action)))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.pakka_state.is_terminal

    def returns(self) -> list[float]:
        """The game's returns at the end, zeros before."""
        s = self.pakka_state
        return [float(x) for x in s.returns()] if s.is_terminal else [0.0] * s.game.num_players

    def information_state_string(self, player: int | None = None) -> str:
        """Canonical JSON of ``view(player)`` (perfect recall through its log)."""
        return view_string(self.pakka_state, self._player(player))

    def observation_string(self, player: int | None = None) -> str:
        """The same text as :meth:`information_state_string`."""
        return view_string(self.pakka_state, self._player(player))

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The research encoding of ``view(player)``."""
        return self._box.game.encoder.observe(self.pakka_state, self._player(player)).tolist()  # type: ignore[no-any-return]

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The same vector as :meth:`information_state_tensor`."""
        return self.information_state_tensor(player)

    def _player(self, player: int | None) -> int:
        if player is None:
            cp = self.pakka_state.current_player
            return 0 if cp is None else cp
        return int(player)

    def resample_from_infostate(self, player: int, sampler: Any = None) -> PakkaSpielState:
        """A state ``player`` cannot tell apart from this one (the game's ``sample_consistent``).

        ``sampler`` is OpenSpiel's probability sampler (or any callable returning
        floats in [0, 1), or an int seed). When every action is public the
        result keeps OpenSpiel's history; otherwise its history is empty (the
        real one would reveal hidden actions).
        """
        if callable(sampler):
            rng = random.Random(int(float(sampler()) * 2**53))
        else:
            rng = random.Random(int(sampler or 0))
        sample = self.pakka_state.sample_consistent(player, rng)
        if type(self.pakka_state).public_history:
            out: PakkaSpielState = self.clone()  # OpenSpiel's clone keeps the history
            out._box = _Box(self._box.game, sample)
            return out
        return PakkaSpielState(self._box.game, sample)

    def serialize(self) -> str:
        """The pakka state JSON (secret: it holds hidden cards)."""
        return self.pakka_state.to_json()

    def __str__(self) -> str:
        return json.dumps(self.pakka_state.full_view(), ensure_ascii=False, sort_keys=True)


def view_string(state: State[Any], player: int) -> str:
    """Canonical JSON text of ``state.view(player)``."""
    return json.dumps(state.view(player), ensure_ascii=False, separators=(",", ":"))


class PakkaObserver:
    """OpenSpiel PyObserver: ``tensor`` (the encoder's vector) and ``string_from`` (view JSON)."""

    def __init__(self, game: PakkaSpielGame, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.encoder = game.encoder
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {seg.name: self.tensor[seg.start : seg.stop] for seg in self.encoder.layout()}

    def set_from(self, state: PakkaSpielState, player: int) -> None:
        """Fill :attr:`tensor` from ``state.view(player)``."""
        self.tensor.fill(0)
        self.encoder.fill(self.encoder.view_of(state.pakka_state, player), self.tensor)

    def string_from(self, state: PakkaSpielState, player: int) -> str:
        """``state.view(player)`` as canonical JSON."""
        return view_string(state.pakka_state, player)


class PakkaSpielBot(pyspiel.Bot):  # type: ignore[misc]
    """A pakka bot playing in OpenSpiel (``evaluate_bots``): it sees only its seat's handle."""

    def __init__(self, game: PakkaSpielGame, player_id: int, spec: str = "random", seed: int = 0):
        pyspiel.Bot.__init__(self)
        self.player_id = player_id
        self.seed = seed
        self.bot = make_bot(game.pakka_game, spec, seed=seed)
        self._rng = random.Random(seed)

    def step(self, state: PakkaSpielState) -> int:
        """The bot's action id for ``state`` (its seat must be to act)."""
        handle = LazySeatHandle(
            state.pakka_state, self.player_id, random.Random(self._rng.random())
        )
        return int(self.bot.choose(handle).id)

    def restart_at(self, state: Any) -> None:
        """Nothing to reset (pakka bots keep no per-game memory here)."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Ignored: the bot reads the view afresh each turn."""


def resampler(state: PakkaSpielState, player: int) -> PakkaSpielState:
    """For OpenSpiel's Python ISMCTS ``bot.set_resampler``: a consistent sample."""
    return state.resample_from_infostate(player, random.random)


def register(game: str | Game[Any]) -> str:
    """Register ``game``'s class with OpenSpiel (once); returns the short name."""
    cls = type(game) if isinstance(game, Game) else game_class(game)
    name = PREFIX + cls.name
    if name not in _registered:
        # A class, not a closure: OpenSpiel keeps the factory until interpreter exit.
        sub = type(f"PakkaSpielGame_{cls.name}", (PakkaSpielGame,), {"pakka_class": cls})
        pyspiel.register_game(_game_type(cls), sub)
        _registered[name] = sub
    return name


def openspiel_game(
    game: str | Game[Any], players: int | None = None, rng_seed: int = 0, **options: Any
) -> PakkaSpielGame:
    """``game`` (a registered name, or a :class:`~pakka.Game`) as a ``pyspiel.Game``."""
    sub = _registered[register(game)]
    if isinstance(game, Game):
        if options or (players is not None and players != game.num_players):
            raise ValueError("pass players and options to pakka.load, or a game name here")
        return sub({"players": game.num_players, "rng_seed": rng_seed}, game=game)
    cls = sub.pakka_class
    params = {"players": cls.min_players if players is None else players, "rng_seed": rng_seed}
    return sub(params | options)
