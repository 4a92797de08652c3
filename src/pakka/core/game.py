"""The engine contract: every game is a :class:`Game` (rules and options) and a
:class:`State` (one position). Bots, front ends, tests and research adapters use
nothing else.

The shape follows OpenSpiel's Game/State split and python-chess's small frozen
values with one mutable board: actions are frozen values with a stable integer
``id`` and a canonical text (``str(action)``); a state has exactly one player to
act (``current_player``) until it is terminal; hidden information leaves a state
only through :meth:`State.view`.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from enum import Enum
from typing import Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

from pakka.core.errors import IllegalAction, NotationError, RecordError, RulesError
from pakka.core.gametype import DeckKind, GameType, Phase
from pakka.core.log import LogEntry
from pakka.core.options import Option, OptionValue, options_to_json, resolve_options
from pakka.core.rng import Rng, random_seed
from pakka.core.seam import Display

RawEntry = tuple[str, dict[str, Any], int | None]
"""A log entry as a state keeps it: ``(key, args, to)``, a :class:`LogEntry` or a plain
tuple (cheaper to build on a hot path); readers get :class:`LogEntry` values."""

STATE_FORMAT = 1
"""Version of the JSON written by :meth:`State.to_json`."""


@runtime_checkable
class Action(Protocol):
    """A game action: a small frozen value with a stable id and canonical notation."""

    @property
    def id(self) -> int:
        """Its index in ``range(game.num_distinct_actions)``."""
        ...

    def __str__(self) -> str: ...


C = TypeVar("C")
A = TypeVar("A", bound=Action)
S = TypeVar("S", bound="State[Any]")


class Game(ABC, Generic[S]):
    """A game's rules at a fixed player count and options; it makes states.

    Subclasses set the class attributes and implement the abstract methods.
    """

    name: ClassVar[str]
    """Registered name, e.g. ``"koodinmurtaja"``."""
    title: ClassVar[Mapping[str, str]] = {}
    """Display name per language."""
    summary: ClassVar[Mapping[str, str]] = {}
    """One-sentence description per language (for the lobby and ``pakka games``)."""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    option_specs: ClassVar[tuple[Option, ...]] = ()
    hidden_information: ClassVar[bool] = True
    """Whether some seat cannot see everything (see :class:`GameType`)."""
    deck_kind: ClassVar[DeckKind] = DeckKind.FRENCH
    """Which deck the game is played with."""
    move_reveals: ClassVar[bool] = True
    """Whether a move can show a seat cards it could not know (see :class:`GameType`)."""
    phases: ClassVar[type[Enum]] = Phase
    """The game's phases, as its views name them."""
    public_history: ClassVar[bool] = True
    """Whether every action is seen by every seat (else sampled states drop the history)."""
    view_type: ClassVar[type | None] = None
    """The ``TypedDict`` of :meth:`State.view` (its JSON Schema: :meth:`view_schema`)."""
    display: ClassVar[Display] = Display()
    """The game's display layer: structured legal actions, labels and card names."""

    @classmethod
    def view_schema(cls) -> dict[str, Any]:
        """The JSON Schema of the game's views, generated from :attr:`view_type`."""
        from pakka.core.seam import view_schema

        if cls.view_type is None:
            raise RulesError(f"{cls.name} has no typed view")
        return view_schema(cls.view_type)

    @classmethod
    def game_type(cls) -> GameType:
        """The game's descriptor: what kind of game it is, whatever its options."""
        return GameType(
            name=cls.name,
            min_players=cls.min_players,
            max_players=cls.max_players,
            hidden_information=cls.hidden_information,
            public_history=cls.public_history,
            deck=cls.deck_kind,
            move_reveals=cls.hidden_information and cls.move_reveals,
            phases=cls.phases,
        )

    automated_options: ClassVar[Mapping[str, OptionValue]] = {}
    """Options that automated play (``pakka arena``, ``pakka bench``, the research
    adapters) sets unless its caller gives them, e.g. a cap on a match's length; tables
    and ``pakka play`` use the plain defaults (see :func:`pakka.core.registry.load_automated`)."""

    def __init__(self, num_players: int, **options: Any) -> None:
        if (
            not isinstance(num_players, int)
            or isinstance(num_players, bool)
            or not (self.min_players <= num_players <= self.max_players)
        ):
            raise RulesError(
                f"{self.name}: players={num_players!r} is not allowed; use "
                f"{self.min_players}..{self.max_players}",
                "error.players",
                game=self.name,
                players=repr(num_players),
                lo=self.min_players,
                hi=self.max_players,
            )
        self.num_players = num_players
        self.options: dict[str, OptionValue] = resolve_options(
            self.name, self.option_specs, num_players, options
        )
        self._check_options()

    def int_option(self, name: str) -> int:
        """A resolved integer option."""
        value = self.options[name]
        if not isinstance(value, int):
            raise TypeError(f"option {name!r} is not an integer")
        return value

    def _check_options(self) -> None:
        """Hook for checks that involve several options or the player count."""

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"<{type(self).__name__} players={self.num_players} {opts}>"

    # -- actions -----------------------------------------------------------------
    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the action-id space; every legal action's id is below it."""

    @abstractmethod
    def action_from_id(self, action_id: int) -> Action:
        """The action with this id (raises :class:`IllegalAction` for an unknown id)."""

    # -- cards -------------------------------------------------------------------
    @abstractmethod
    def full_deck(self) -> list[Any]:
        """The cards of one deal, in a fixed canonical order."""

    @abstractmethod
    def parse_card(self, text: str) -> Any:
        """Parse a card of this game's notation."""

    def parse_deck(self, deck: str | Sequence[str]) -> list[Any]:
        """Parse an explicit deck order (top first).

        The given cards go on top in that order; the rest of the game's deck
        (if any are left out) follows in a seeded shuffle. A card given more
        often than the deck holds it is an error.
        """
        parts = deck.split() if isinstance(deck, str) else list(deck)
        try:
            cards = [self.parse_card(p) for p in parts]
        except NotationError as e:
            raise RulesError(f"deck: {e}") from None
        pool = self.full_deck()
        for c in cards:
            try:
                pool.remove(c)
            except ValueError:
                raise RulesError(
                    f"deck: {c} appears more often than the {self.name} deck holds it"
                ) from None
        return cards

    # -- states ------------------------------------------------------------------
    def new_state(self, seed: int | None = None, deck: str | Sequence[str] | None = None) -> S:
        """A new game: shuffled from ``seed`` (drawn and recorded if ``None``), or
        dealt from the explicit ``deck`` order (top first) for stacked tests."""
        if seed is None:
            seed = random_seed()
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise RulesError(f"seed must be a non-negative integer, not {seed!r}")
        stacked = None if deck is None else self.parse_deck(deck)
        deck_text = None if deck is None else [str(c) for c in stacked or []]
        return self._new_state(seed, stacked, deck_text)

    @abstractmethod
    def _new_state(self, seed: int, stacked: list[Any] | None, deck_text: list[str] | None) -> S:
        """Create the initial state (after the options and deck were validated)."""

    def state_from_json(self, text: str) -> S:
        """Restore a state written by :meth:`State.to_json` for this game."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError(f"not JSON: {e}") from None
        if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
            raise RecordError(f"not a pakka state (format {STATE_FORMAT} expected)")
        if data.get("game") != self.name:
            raise RecordError(f"state of {data.get('game')!r}, not of {self.name!r}")
        if data.get("players") != self.num_players or data.get("options") != options_to_json(
            self.options
        ):
            raise RecordError("state was saved with other players or options than this game")
        try:
            return self._state_from_data(data)
        except (KeyError, TypeError, ValueError, IndexError) as e:
            raise RecordError(f"corrupt {self.name} state: {e!r}") from None

    def _state_from_data(self, data: Mapping[str, Any]) -> S:
        """Default restore: replay the history from the seed and deck."""
        state = self.new_state(seed=data["seed"], deck=data.get("deck"))
        for i, text in enumerate(data["history"]):
            try:
                state.apply(text)
            except IllegalAction as e:
                raise RecordError(f"action {i + 1} ({text!r}) does not replay: {e}") from None
        return state

    def with_options(self, **changes: Any) -> Game[S]:
        """The same game with some options changed (validated anew)."""
        return type(self)(self.num_players, **(dict(self.options) | changes))


class State(ABC, Generic[A]):
    """One position of a game: the only mutable object of the engine.

    Subclasses implement the abstract members; the base supplies the parts
    that every game shares (text parsing and legality checks around
    :meth:`apply`, history, the log and the JSON envelope).
    """

    __slots__ = ("__dict__", "_actions", "_log", "deck", "game", "rng", "seed")

    public_history: ClassVar[bool] = True
    """Whether every action is public (else sampled states drop the history)."""

    game: Game[Any]
    seed: int
    deck: list[str] | None
    rng: Rng
    _actions: list[A]
    _log: list[RawEntry]

    def _init_base(self, game: Game[Any], seed: int, deck: list[str] | None) -> None:
        self.game = game
        self.seed = seed
        self.deck = deck
        self.rng = Rng(seed)
        self._actions = []
        self._log = []

    def _copy_base(self, other: State[A]) -> None:
        """Copy the shared fields into a fresh clone ``other``."""
        other.game = self.game
        other.seed = self.seed
        other.deck = self.deck
        other.rng = self.rng.clone()
        other._actions = self._actions.copy()
        other._log = self._log.copy()

    # -- whose turn --------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the game is over."""

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player is None

    @property
    def mid_move(self) -> bool:
        """Whether the seat to act is inside one move made of several actions (a
        Räväytys lay-down built group by group): each step stays its own action and
        record entry, but the server plays a bot's steps without a pause and sends
        them in one frame. ``False`` unless a game says otherwise."""
        return False

    # -- actions -----------------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> list[A]:
        """Every legal action for the current player (empty only when terminal)."""

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """Parse action notation in this position (raises :class:`IllegalAction`)."""

    def verify(self, action: A) -> None:
        """Raise :class:`IllegalAction` saying why ``action`` is not legal now.

        The default looks the action up in :meth:`legal_actions`; games override
        it with a cheaper check that gives a precise reason.
        """
        if self.is_terminal:
            raise IllegalAction("the game is over")
        if not hasattr(action, "id"):
            raise IllegalAction(f"{action!r} is not an action")
        if action not in self.legal_actions():
            raise IllegalAction(f"{action} is not a legal action now")

    def is_legal(self, action: A | str) -> bool:
        """Whether ``action`` (a value or text) is legal now."""
        try:
            if isinstance(action, str):
                self.parse_action(action)
            else:
                self.verify(action)
        except IllegalAction:
            return False
        return True

    def apply(self, action: A | str) -> None:
        """Apply a legal action, given as a value or in notation.

        Raises :class:`IllegalAction` for malformed or illegal input and then
        leaves the state unchanged.
        """
        if isinstance(action, str):
            act = self.parse_action(action)
        else:
            # verify() also rejects values that are not actions of this game.
            self.verify(action)
            act = action
        self._apply(act)
        self._actions.append(act)

    def apply_legal(self, action: A) -> None:
        """Apply an action taken from this very state's :meth:`legal_actions`
        without checking it again (the hot path of search and random playouts)."""
        self._apply(action)
        self._actions.append(action)

    def apply_id(self, action_id: int) -> None:
        """Apply the action with this id (see :meth:`Game.action_from_id`)."""
        self.apply(self.game.action_from_id(action_id))  # type: ignore[arg-type]

    @abstractmethod
    def _apply(self, action: A) -> None:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def clone(self) -> State[A]:
        """An independent copy (cheap: no deepcopy)."""

    # -- results -----------------------------------------------------------------
    @property
    @abstractmethod
    def scores(self) -> list[int]:
        """Current totals per seat (points as the game counts them)."""

    @property
    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats once the game is over (empty before, or if nobody won)."""

    def returns(self) -> list[float]:
        """Utility per seat at the end: 1 shared among the winners, 0 for the others."""
        w = self.winners
        share = 1.0 / len(w) if w else 0.0
        return [share if p in w else 0.0 for p in range(self.game.num_players)]

    def heuristic_returns(self) -> list[float]:
        """An estimate of :meth:`returns` for a position that is not terminal
        (search bots use it at their depth limit). Default: equal shares."""
        n = self.game.num_players
        return [1.0 / n] * n

    # -- history and log -----------------------------------------------------------
    @property
    def history(self) -> list[str]:
        """Every applied action in canonical notation."""
        return [str(a) for a in self._actions]

    @property
    def actions(self) -> list[A]:
        """Every applied action as a value."""
        return list(self._actions)

    @property
    def history_length(self) -> int:
        """How many actions were applied: ``len(history)`` without building the list
        (the server asks this of every frame of a one-player table)."""
        return len(self._actions)

    @property
    def last_action(self) -> A | None:
        """The action applied last (``None`` before the first)."""
        return self._actions[-1] if self._actions else None

    @property
    def log(self) -> list[LogEntry]:
        """Every log entry including the private ones (omniscient; use :meth:`log_for`)."""
        return [LogEntry(*e) for e in self._log]

    def log_for(self, seat: int | None, start: int = 0) -> list[dict[str, Any]]:
        """The log entries from index ``start`` of the full log that ``seat`` may see."""
        # The arguments are copied: games may share one entry between states.
        return [
            {"key": key, "args": dict(args)}
            for key, args, to in self._log[start:]
            if to is None or to == seat
        ]

    def _say(self, key: str, to: int | None = None, **args: Any) -> None:
        """Append a log entry (public unless ``to`` names a seat)."""
        self._log.append((key, args, to))

    # -- views -------------------------------------------------------------------
    def view(self, player: int | None, *, log: bool = True) -> dict[str, Any]:
        """Exactly what ``player`` may know (``None``: a spectator), as JSON-ready data.

        ``log=False`` leaves out the ``"log"`` key (the seat's log entries, which
        grow with the game): a cheaper view for callers that read only the
        current position, such as the research encoders. Everything else is
        the same as with the log.
        """
        if player is not None and not (
            isinstance(player, int) and 0 <= player < self.game.num_players
        ):
            raise RulesError(f"no seat {player!r}; seats are 0..{self.game.num_players - 1}")
        cp = self.current_player
        terminal = cp is None
        v: dict[str, Any] = {
            "game": self.game.name,
            "players": self.game.num_players,
            "options": options_to_json(self.game.options),
            "seat": player,
            "current_player": cp,
            "is_terminal": terminal,
            "scores": self.scores,
            "winners": self.winners if terminal else [],
            "moves": len(self._actions),
        }
        v.update(self._view(player))
        if log:
            v["log"] = self.log_for(player)
        return v

    @abstractmethod
    def _view(self, player: int | None) -> dict[str, Any]:
        """The game-specific part of :meth:`view`."""

    def full_view(self) -> dict[str, Any]:
        """Everything, hidden cards included (for tests and debugging only)."""
        v = self.view(None)
        v.update(self._full_view())
        v["log"] = [{"key": key, "args": dict(args), "to": to} for key, args, to in self._log]
        return v

    @abstractmethod
    def _full_view(self) -> dict[str, Any]:
        """The hidden part of :meth:`full_view`."""

    # -- serialisation -------------------------------------------------------------
    def to_json(self) -> str:
        """The whole state as JSON (secret: it holds hidden cards and the seed)."""
        data: dict[str, Any] = {
            "format": STATE_FORMAT,
            "game": self.game.name,
            "players": self.game.num_players,
            "options": options_to_json(self.game.options),
            "seed": self.seed,
            "deck": self.deck,
            "history": self.history,
        }
        snap = self._dump()
        if snap is not None:
            data["snapshot"] = snap
        return json.dumps(data, separators=(",", ":"))

    def _dump(self) -> dict[str, Any] | None:
        """A snapshot of the game-specific fields, or ``None`` to restore by replay."""
        return None

    # -- hidden information ----------------------------------------------------------
    @abstractmethod
    def sample_consistent(self, player: int, rng: random.Random) -> State[A]:
        """A full state drawn (as uniformly as feasible) from those that ``player``
        cannot tell apart from this one: ``view(player)`` is identical."""

    def _scrub(self, player: int, rng: random.Random) -> None:
        """Make a freshly sampled state safe to hand to ``player``'s search.

        Every ``sample_consistent`` implementation calls this on its result: the
        real seed, the explicit deck and the generator would reveal the real
        deal and future shuffles, and other seats' private log entries (and
        hidden actions) would reveal their cards.
        """
        self.seed = rng.getrandbits(63)
        self.deck = None
        self.rng = Rng(rng.getrandbits(64))
        self._log = [e for e in self._log if e[2] is None or e[2] == player]
        if not self.public_history:
            self._actions = []

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.name} moves={len(self._actions)}>"


def first_player_left_of(dealer: int, n: int) -> int:
    """The seat left of ``dealer`` (seats are numbered clockwise)."""
    return (dealer + 1) % n


def seats_from(start: int, n: int) -> Iterable[int]:
    """All ``n`` seats in clockwise order beginning with ``start``."""
    return ((start + i) % n for i in range(n))
