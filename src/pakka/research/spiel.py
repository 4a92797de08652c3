"""OpenSpiel: every pakka game as a registered ``pyspiel`` Python game.

Importing :mod:`pakka.research` registers every game with OpenSpiel, so
``pyspiel.load_game("pakka_koodinmurtaja", {"players": 3})`` works, as does
``openspiel_game("koodinmurtaja", players=3)``. Declared type: sequential,
imperfect information, **explicit stochastic** chance, terminal rewards, and
the utility the game's :meth:`~pakka.State.returns` gives (1 shared among
the winners: constant-sum 1 when a game always has a winner, else
general-sum).

Chance: a pakka state owns a seeded generator that deals every hand of a
match, so the only chance event is the choice of that seed. A new state
starts with :data:`CHANCE_NODES` chance nodes of :data:`CHANCE_OUTCOMES`
equally likely outcomes each (the bytes of a 63-bit seed); after the last
one the deal exists and play begins. No seat observes the seed.

Information state and observation strings are the canonical JSON of
``state.view(player)`` (the view includes every log entry the player may
see, so it has perfect recall); tensors are the research encoder of the
game (zeros before the deal). ``resample_from_infostate`` uses the game's
``sample_consistent``, so OpenSpiel's ISMCTS searches without seeing hidden
cards. Note that OpenSpiel's plain MCTS clones the true state: it sees
hidden cards and the future deal (as it does in every OpenSpiel
imperfect-information game).

Serialization (``state.serialize()``, ``pyspiel.serialize_game_and_state``,
``pickle``) stores a snapshot of the pakka state — the game's own snapshot
JSON where it has one (:meth:`~pakka.State.to_json` with ``_dump``), else
the pickled state object — never a replay of the record, so it costs time
linear in the size of the position, not quadratic in the game length.

OpenSpiel needs a finite ``max_game_length``: Viisisataa needs a hand cap
(``max_hands``) and Räväytys a turn cap (``max_turns_per_round``); the
research defaults set both (:data:`pakka.research._common.RESEARCH_DEFAULTS`).
The bound per game is :func:`max_game_length`; should a game ever reach it,
the state ends there with no winner (all returns 0).
"""

from __future__ import annotations

import importlib
import io
import json
import pickle
import random
import weakref
from typing import Any

from pakka.research._extra import require

require("numpy", "pyspiel")

import numpy as np  # noqa: E402 (after the extra check)
import pyspiel  # noqa: E402

from pakka.bots import handle_for, make_bot  # noqa: E402
from pakka.core.errors import RulesError  # noqa: E402
from pakka.core.game import Game, State  # noqa: E402
from pakka.core.options import Option  # noqa: E402
from pakka.core.registry import game_class, game_module, games  # noqa: E402
from pakka.research._common import action_of, research_options  # noqa: E402
from pakka.research.encoders import Encoder, encoder_for  # noqa: E402

PREFIX = "pakka_"
DEFAULT_MAX_GAME_LENGTH = 20_000
"""The bound for games without one of their own (every game ends far sooner)."""

CHANCE_NODES = 8
CHANCE_OUTCOMES = 256
"""The deal seed is chosen by ``CHANCE_NODES`` chance nodes of ``CHANCE_OUTCOMES``
equally likely bytes (a 64-bit number; its top 63 bits are the pakka seed)."""
_CHANCE = [(i, 1.0 / CHANCE_OUTCOMES) for i in range(CHANCE_OUTCOMES)]

VIISISATAA_ACTIONS_PER_HAND = 120
"""A bound on one Viisisataa hand (bidding, doubling, partner, discards, call and
at most 53 cards played; random play averages 25 at 2 players, 59 at 5)."""
RAVAYTYS_ROUNDS = 8
RAVAYTYS_ACTIONS_PER_TURN = 120
"""A bound on one Räväytys turn (buy window, draw, lay-down, placing, discard;
random play stays below 30)."""

CONSTANT_SUM: frozenset[str] = frozenset({"koodinmurtaja"})
"""Games whose every finished game has at least one winner (so returns sum to 1)."""

_registered: dict[str, type[PakkaSpielGame]] = {}
_live_games: weakref.WeakValueDictionary[str, PakkaSpielGame] = weakref.WeakValueDictionary()
"""The newest game object per game string, for states restored by OpenSpiel."""


def max_game_length(game: Game[Any]) -> int:
    """The most actions (chance nodes not counted) a game of ``game`` can take here.

    Viisisataa needs ``max_hands`` and Räväytys ``max_turns_per_round`` (both set by
    the research defaults); every other game ends within :data:`DEFAULT_MAX_GAME_LENGTH`.
    """
    o = game.options
    if game.name == "viisisataa":
        hands = int(o["max_hands"])  # type: ignore[arg-type]
        if hands <= 0:
            raise RulesError(
                "OpenSpiel needs a finite game: give Viisisataa a hand cap "
                "(max_hands; the research default is 30)"
            )
        return hands * VIISISATAA_ACTIONS_PER_HAND
    if game.name == "ravaytys":
        turns = int(o["max_turns_per_round"])  # type: ignore[arg-type]
        return RAVAYTYS_ROUNDS * turns * RAVAYTYS_ACTIONS_PER_TURN
    return DEFAULT_MAX_GAME_LENGTH


def _param_default(opt: Option, players: int, defaults: dict[str, Any]) -> Any:
    if opt.name in defaults:
        return _param_text(opt.coerce(defaults[opt.name]))
    if callable(opt.default):
        return ""
    return _param_text(opt.default_for(players))


def _param_text(value: Any) -> Any:
    """An option value as an OpenSpiel parameter (int lists as ``1;2;4``: commas
    would split OpenSpiel's game string)."""
    return ";".join(map(str, value)) if isinstance(value, tuple) else value


def _game_type(cls: type[Game[Any]]) -> Any:
    params: dict[str, Any] = {"players": cls.min_players}
    defaults = research_options(cls.name, {})
    for opt in cls.option_specs:
        # Options whose default depends on the player count are text; "" means that default.
        params[opt.name] = _param_default(opt, cls.min_players, defaults)
    utility = (
        pyspiel.GameType.Utility.CONSTANT_SUM
        if cls.name in CONSTANT_SUM and cls.min_players > 1
        else pyspiel.GameType.Utility.GENERAL_SUM
    )
    return pyspiel.GameType(
        short_name=PREFIX + cls.name,
        long_name=f"pakka {cls.title.get('en', cls.name)}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
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
            options = {
                o.name: _option_value(o, params[o.name])
                for o in cls.option_specs
                if o.name in params and params[o.name] != ""
            }
            game = cls(players, **research_options(cls.name, options))
        self.pakka_game: Game[Any] = game
        self.max_length = max_game_length(game)
        gtype = _game_type(cls)
        constant = gtype.utility == pyspiel.GameType.Utility.CONSTANT_SUM
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions,
            max_chance_outcomes=CHANCE_OUTCOMES,
            num_players=game.num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0 if constant else None,
            max_game_length=self.max_length,
        )
        spiel_params: dict[str, Any] = {"players": players}
        for o in cls.option_specs:
            spiel_params[o.name] = _param_text(game.options[o.name])
        super().__init__(gtype, info, spiel_params)
        self.encoder: Encoder = encoder_for(game)
        self.observe = self.encoder.observer()
        """The encoder's fastest ``observe`` (compiled when ``pakka[fast]`` is there)."""
        self.action_of = action_of(game)
        """The game's id → action table (for ids known to be legal: it checks nothing)."""
        _live_games[str(self)] = self

    def new_initial_state(self, seed: int | None = None) -> PakkaSpielState:
        """A new state at its first chance node; with ``seed``, the chance nodes are
        already resolved to deal from that pakka seed."""
        state = PakkaSpielState(self)
        if seed is not None:
            if not 0 <= seed < 2**63:
                raise ValueError("seed must be in 0..2**63-1")
            for byte in (seed << 1).to_bytes(CHANCE_NODES, "big"):
                state.apply_action(byte)
        return state

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game string (loaded again through OpenSpiel's registry)."""
        return (pyspiel.load_game, (str(self),))

    def max_chance_nodes_in_history(self) -> int:
        """The chance nodes of a game: the bytes of the deal seed."""
        return CHANCE_NODES

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> PakkaObserver:
        """The observer: tensor from the encoder, string as view JSON (both from view only)."""
        return PakkaObserver(self, params)


def _option_value(opt: Option, value: Any) -> Any:
    if opt.kind == "ints" and isinstance(value, str):
        return value.replace(";", ",")
    return value


def _game_for(key: str) -> PakkaSpielGame:
    game = _live_games.get(key)
    if game is None:
        game = pyspiel.load_game(key)
    return game


class _GamePickler(pickle.Pickler):
    """Pickles a pakka state without its (immutable, shared) game object."""

    def __init__(self, file: io.BytesIO, game: Game[Any]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self._game = game

    def persistent_id(self, obj: Any) -> str | None:
        return "game" if obj is self._game else None


class _GameUnpickler(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, game: Game[Any]) -> None:
        super().__init__(file)
        self._game = game

    def persistent_load(self, pid: Any) -> Any:
        if pid != "game":
            raise pickle.UnpicklingError(f"unknown persistent id {pid!r}")
        return self._game


def snapshot(state: State[Any]) -> tuple[str, Any]:
    """A snapshot of ``state`` (not its record): the game's own snapshot JSON where it
    has one, else the pickled state without its game."""
    if type(state)._dump is not State._dump:
        return ("json", state.to_json())
    buf = io.BytesIO()
    _GamePickler(buf, state.game).dump(state)
    return ("pickle", buf.getvalue())


def restore(game: Game[Any], snap: tuple[str, Any]) -> State[Any]:
    """The state of a :func:`snapshot` (for ``game``, equal to the one it was taken in)."""
    kind, data = snap
    if kind == "json":
        restored: State[Any] = game.state_from_json(data)
        return restored
    state: State[Any] = _GameUnpickler(io.BytesIO(data), game).load()
    return state


def _restore_box(key: str, chance: tuple[int, ...], moves: int, snap: Any) -> _Box:
    game = _game_for(key)
    box = _Box(game)
    box.chance = list(chance)
    box.moves = moves
    box.state = None if snap is None else restore(game.pakka_game, snap)
    return box


class _Box:
    """The Python side of a :class:`PakkaSpielState`.

    OpenSpiel's C++ ``Clone()`` makes a fresh initial state and deep-copies
    every attribute of the Python object, and its serialization pickles
    them; keeping everything in one box whose ``__deepcopy__`` is pakka's
    cheap :meth:`~pakka.State.clone` and whose pickle is a snapshot makes
    both fast and shares the (immutable) game.
    """

    __slots__ = ("__weakref__", "chance", "game", "legal", "logs", "moves", "seen", "state")

    def __init__(self, game: PakkaSpielGame, state: State[Any] | None = None) -> None:
        self.game = game
        self.state = state
        self.chance: list[int] = [] if state is None else [0] * CHANCE_NODES
        self.moves = 0
        self.legal: list[int] | None = None
        """The sorted legal ids of this position (``State.legal_ids``), once asked for."""
        self.seen: dict[tuple[str, int], Any] = {}
        """Strings and tensors per seat of this position (OpenSpiel asks for the
        observation and the information state, which are the same here)."""
        self.logs: dict[int, tuple[int, list[str]]] = {}
        """Per seat: how many entries of the full log were read, and the JSON text of
        those the seat may see (so an information-state string costs no re-encoding)."""

    def view_string(self, player: int) -> str:
        """``view_string(self.state, player)``, with the log's JSON kept between calls."""
        key = ("s", player)
        text: str | None = self.seen.get(key)
        if text is None:
            text = self.seen[key] = self._view_string(player)
        return text

    def tensor(self, player: int) -> Any:
        """The encoder's vector of ``player`` (a NumPy array; do not mutate it)."""
        key = ("t", player)
        vec = self.seen.get(key)
        if vec is None:
            vec = self.seen[key] = self.game.observe(self.get(), player)
        return vec

    def _view_string(self, player: int) -> str:
        state = self.get()
        full = state._log
        done, texts = self.logs.get(player, (0, []))
        if done > len(full):  # not an extension of what was read: start again
            done, texts = 0, []
        for key, args, to in full[done:]:
            if to is None or to == player:
                texts.append(_dumps({"key": key, "args": dict(args)}))
        self.logs[player] = (len(full), texts)
        head = _dumps(state.view(player, log=False))
        return head[:-1] + ',"log":[' + ",".join(texts) + "]}"

    def get(self) -> State[Any]:
        if self.state is None:
            raise RuntimeError("the deal has not happened yet (the state is a chance node)")
        return self.state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        out = _Box(self.game)
        out.chance = list(self.chance)
        out.moves = self.moves
        out.state = None if self.state is None else self.state.clone()
        out.logs = {p: (n, list(texts)) for p, (n, texts) in self.logs.items()}
        return out

    def __reduce__(self) -> tuple[Any, ...]:
        snap = None if self.state is None else snapshot(self.state)
        return (_restore_box, (str(self.game), tuple(self.chance), self.moves, snap))


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

    def _dealt(self) -> bool:
        return self._box.state is not None

    def current_player(self) -> int:
        """The seat to act, ``pyspiel.PlayerId.CHANCE`` before the deal, or ``TERMINAL``."""
        box = self._box
        if box.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        cp = box.state.current_player
        if cp is None or box.moves >= box.game.max_length:
            return int(pyspiel.PlayerId.TERMINAL)
        return cp

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next byte of the deal seed: 256 equally likely outcomes."""
        return list(_CHANCE) if self._box.state is None else []

    def _legal_ids(self) -> list[int]:
        """The legal ids in ascending order (OpenSpiel's order), kept until the next move."""
        box = self._box
        legal = box.legal
        if legal is None:
            legal = box.legal = sorted(box.get().legal_ids())
        return legal

    def _legal_actions(self, player: int) -> list[int]:
        if not self._dealt() or player != self.current_player():
            return []
        return list(self._legal_ids())

    def _apply_action(self, action: int) -> None:
        box = self._box
        if box.state is None:
            if not 0 <= int(action) < CHANCE_OUTCOMES:
                raise ValueError(f"chance outcome {action} is not a byte")
            box.chance.append(int(action))
            if len(box.chance) == CHANCE_NODES:
                seed = int.from_bytes(bytes(box.chance), "big") >> 1
                box.state = box.game.pakka_game.new_state(seed=seed)
                box.seen = {}
            return
        i = int(action)
        if i in self._legal_ids():
            # a legal id of this very state: its action needs no second check
            box.state.apply_legal(box.game.action_of(i))
        else:
            # OpenSpiel checks legality before this; keep pakka's clear message otherwise.
            box.state.apply_id(i)
        box.legal = None
        box.seen = {}
        box.moves += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {int(action)}"
        return str(self.pakka_game.action_from_id(int(action)))

    def is_terminal(self) -> bool:
        """Whether the game is over (or reached :func:`max_game_length`)."""
        return bool(self.current_player() == pyspiel.PlayerId.TERMINAL)

    def returns(self) -> list[float]:
        """The game's returns at the end, zeros before (and at the length bound)."""
        s = self._box.state
        if s is None or not s.is_terminal:
            return [0.0] * self.pakka_game.num_players
        return [float(x) for x in s.returns()]

    def information_state_string(self, player: int | None = None) -> str:
        """Canonical JSON of ``view(player)`` (perfect recall through its log)."""
        return self._view_string(self._player(player))

    def observation_string(self, player: int | None = None) -> str:
        """The same text as :meth:`information_state_string`."""
        return self._view_string(self._player(player))

    def _view_string(self, player: int) -> str:
        if self._box.state is None:
            return _predeal_string(self.pakka_game, player)
        return self._box.view_string(player)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The research encoding of ``view(player)`` (zeros before the deal)."""
        if self._box.state is None:
            return [0.0] * self._box.game.encoder.size
        return self._box.tensor(self._player(player)).tolist()  # type: ignore[no-any-return]

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The same vector as :meth:`information_state_tensor`."""
        return self.information_state_tensor(player)

    def _player(self, player: int | None) -> int:
        if player is None:
            cp = self.current_player()
            return cp if cp >= 0 else 0
        return int(player)

    def resample_from_infostate(self, player: int, sampler: Any = None) -> PakkaSpielState:
        """A state ``player`` cannot tell apart from this one (the game's ``sample_consistent``).

        ``sampler`` is OpenSpiel's probability sampler (or any callable returning
        floats in [0, 1), or an int seed). The result's OpenSpiel history is
        empty: the real one holds the deal seed (and maybe hidden actions).
        """
        if callable(sampler):
            rng = random.Random(int(float(sampler()) * 2**53))
        else:
            rng = random.Random(int(sampler or 0))
        game = self._box.game
        if self._box.state is None:
            return PakkaSpielState(game)
        out = PakkaSpielState(game, self._box.state.sample_consistent(player, rng))
        out._box.moves = self._box.moves
        return out

    def __str__(self) -> str:
        s = self._box.state
        if s is None:
            return f"chance: seed bytes {self._box.chance}"
        full = s.view(None, log=False)
        full.update(s._full_view())
        return json.dumps(full, ensure_ascii=False, sort_keys=True)


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def view_string(state: State[Any], player: int) -> str:
    """Canonical JSON text of ``state.view(player)``."""
    return _dumps(state.view(player))


def _predeal_string(game: Game[Any], player: int) -> str:
    return json.dumps(
        {"game": game.name, "players": game.num_players, "seat": player, "dealt": False},
        separators=(",", ":"),
    )


class PakkaObserver:
    """OpenSpiel PyObserver: ``tensor`` (the encoder's vector) and ``string_from`` (view JSON)."""

    def __init__(self, game: PakkaSpielGame, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.encoder = game.encoder
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {seg.name: self.tensor[seg.start : seg.stop] for seg in self.encoder.layout()}

    def set_from(self, state: PakkaSpielState, player: int) -> None:
        """Fill :attr:`tensor` from ``state.view(player)`` (zeros before the deal)."""
        if state._box.state is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = state._box.tensor(player)

    def string_from(self, state: PakkaSpielState, player: int) -> str:
        """``state.view(player)`` as canonical JSON."""
        return state._view_string(player)


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
        rng = random.Random(self._rng.random())
        return int(self.bot.choose(handle_for(self.bot, state.pakka_state, self.player_id, rng)).id)

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


def register_all() -> list[str]:
    """Register every registered pakka game with OpenSpiel (``pakka_<name>``)."""
    names = []
    for name in games():
        module = game_module(name) or ""
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as e:  # a game registered before its module landed
            if e.name and module.startswith(e.name):
                continue
            raise
        names.append(register(name))
    return names


def openspiel_game(
    game: str | Game[Any], players: int | None = None, **options: Any
) -> PakkaSpielGame:
    """``game`` (a registered name, or a :class:`~pakka.Game`) as a ``pyspiel.Game``.

    By name, ``options`` are game options over the research defaults."""
    sub = _registered[register(game)]
    if isinstance(game, Game):
        if options or (players is not None and players != game.num_players):
            raise ValueError("pass players and options to pakka.load, or a game name here")
        return sub({"players": game.num_players}, game=game)
    cls = sub.pakka_class
    params = {"players": cls.min_players if players is None else players}
    return sub(params | options)


register_all()
