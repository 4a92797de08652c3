"""The seam between engines and front ends: typed views, structured legal actions,
and texts as catalogue keys.

Front ends (the terminal, the server and the browser it serves) consume only
these values. They never parse notation or re-derive a rule:

* a **view** is a ``TypedDict`` per game (``Game.view_type``), built by
  :meth:`~pakka.core.game.State.view`, the only exit of hidden information; its
  JSON Schema is generated from the type (:func:`view_schema`), never written
  by hand;
* a **legal action** is a :class:`LegalAction`: its id, canonical notation, kind,
  the cards and target it involves, and a label in words;
* every text is a :class:`Message` (a key of the game's catalogue and its
  arguments), rendered in the reader's language by :mod:`pakka.i18n` or by the
  browser from the same catalogue, so a client can switch language live.

A game's display layer (``games/<game>/display.py``, a :class:`Display`) makes
the labels and card names; the generic :class:`Display` here serves games
that have none yet (test toys).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, NotRequired

from pydantic import ConfigDict, TypeAdapter, with_config
from typing_extensions import TypedDict

if TYPE_CHECKING:
    from pakka.core.game import Action, State


class Message(TypedDict):
    """A text as a catalogue key with its arguments (e.g. ``{"key": "vs.bid",
    "args": {"bid": "7H"}}``); the reader's language renders it."""

    key: str
    args: dict[str, Any]


def msg(key: str, **args: Any) -> Message:
    """A :class:`Message` (shorthand for display layers)."""
    return {"key": key, "args": args}


class ActionKind(StrEnum):
    """What a legal action does, in one word every front end can switch on."""

    BID = "bid"
    PASS = "pass"
    DOUBLE = "double"
    REDOUBLE = "redouble"
    PARTNER = "partner"
    CALL = "call"
    DISCARD = "discard"
    PLAY = "play"
    DRAW = "draw"
    TAKE = "take"
    GUESS = "guess"
    STOP = "stop"
    REVEAL = "reveal"
    MELD = "meld"
    BUILD = "build"
    CANCEL = "cancel"
    LAY_OFF = "lay-off"
    SWAP = "swap"
    BUY = "buy"
    DECLINE = "decline"
    PLACE = "place"
    CLAIM = "claim"
    DEAL = "deal"
    MOVE = "move"
    """Anything else (a game without a display layer)."""


@with_config(ConfigDict(extra="forbid"))
class Target(TypedDict, total=False):
    """Where an action points and what it names, beyond its cards (all optional).

    Conventions per kind (every game's display layer follows them, and the
    browser relies on them instead of parsing notation):

    * ``guess``: ``seat`` and ``rank``, and ``position`` when the guess points
      at one hidden card; ``reveal``: ``position`` of one's own hidden card;
    * ``bid``: ``tricks``, ``suit`` (``S C D H NT``, or ``misere``) and its
      ``value`` in points; ``partner``: ``seat``;
    * ``play`` of a joker that names a suit: ``suit``;
    * ``lay-off``: ``meld`` and, on a run, ``end``; ``swap``: ``meld`` and the
      natural card ``wild`` it takes the joker's place with;
    * ``draw``/``take``: ``pile``;
    * moves of a card between places (Solo, Kubo, Memo): ``source`` and
      ``position``.
    """

    seat: int
    """A seat (a guess's target, a partner)."""
    position: int
    """A place in a row or grid (0-based): a hidden card, a cell, a pile."""
    source: int
    """The place a moved card leaves (0-based)."""
    meld: int
    """A meld on the table (0-based, in the view's order)."""
    end: str
    """Which end of a run: ``"lo"`` or ``"hi"``."""
    pile: str
    """A named pile: ``"stock"``, ``"discard"``, ``"kitty"``."""
    rank: str
    """A rank that the action names (``"Q"``, ``"10"``)."""
    suit: str
    """A suit or bid denomination that the action names (``"H"``, ``"NT"``)."""
    tricks: int
    """The number of tricks of a bid."""
    value: int
    """The points an action is worth where the rules give it a value (a bid's value)."""
    wild: str
    """The natural card a swap puts in a joker's place."""


@with_config(ConfigDict(extra="forbid"))
class LegalAction(TypedDict):
    """One legal action as it reaches every front end."""

    id: int
    """Its index in ``range(game.num_distinct_actions)``; send it back to act."""
    text: str
    """Its canonical notation (shown only where a player is invited to type)."""
    kind: str
    """An :class:`ActionKind` value."""
    cards: list[str]
    """The cards it involves, in canonical notation (card faces, highlighting)."""
    target: Target | None
    """Where it points, if anywhere beyond its cards."""
    label: Message
    """What it does, in words."""


@with_config(ConfigDict(extra="forbid"))
class LogLine(TypedDict):
    """One entry of a seat's log (its text is a :class:`Message`)."""

    key: str
    args: dict[str, Any]


@with_config(ConfigDict(extra="forbid"))
class BaseView(TypedDict):
    """The part of every game's view that the contract itself fills in."""

    game: str
    """The registered name of the game."""
    players: int
    options: dict[str, Any]
    """The resolved options (JSON form)."""
    seat: int | None
    """Whose view this is (``None``: a spectator's)."""
    current_player: int | None
    is_terminal: bool
    scores: list[int]
    winners: list[int]
    """The winning seats once the game is over (empty before)."""
    moves: int
    """How many actions have been applied."""
    log: NotRequired[list[LogLine]]
    """The seat's log entries (left out by ``view(seat, log=False)``)."""


class Display:
    """A game's display layer: labels and card names in words, for every front end.

    The default serves games without a display module of their own: a generic
    label around the notation, no card names. Games subclass it in their
    ``display`` module; it holds no state and does no I/O.
    """

    def card_names(self, lang: str) -> Mapping[str, str]:
        """Every card code of the game -> its name in words in ``lang``."""
        return {}

    def notation_words(self) -> Mapping[str, Message]:
        """Notation that a view holds as text (a bid, a contract) -> the same in words,
        for a front end that must not parse notation; empty by default."""
        return {}

    def prompt(self, view: Mapping[str, Any]) -> Message:
        """What the phase of ``view`` asks of the player to act, in words."""
        if view.get("is_terminal"):
            return msg("prompt.over")
        return msg("prompt.generic")

    def describe(self, state: State[Any], action: Action) -> LegalAction:
        """``action`` (legal in ``state``) as a structured value."""
        return {
            "id": action.id,
            "text": str(action),
            "kind": ActionKind.MOVE.value,
            "cards": [],
            "target": None,
            "label": msg("action.generic", text=str(action)),
        }

    def legal(self, state: State[Any]) -> list[LegalAction]:
        """Every legal action of ``state`` as a structured value, in engine order."""
        return [self.describe(state, a) for a in state.legal_actions()]

    hints: ClassVar[bool] = False
    """Whether the game offers a hint (:meth:`hint`; the server's hint endpoint)."""

    def hint(self, view: Mapping[str, Any]) -> Mapping[str, Any] | None:
        """A hint for the seat of ``view``, computed from that view alone (so it cannot
        reveal anything hidden from the seat), as JSON-ready data; ``None`` when the
        position offers none. The one computation for the terminal and the server."""
        return None


@cache
def _adapter(tp: type) -> TypeAdapter[Any]:
    return TypeAdapter(tp)


def view_schema(view_type: type) -> dict[str, Any]:
    """The JSON Schema of a view type (generated from the ``TypedDict``)."""
    return _adapter(view_type).json_schema()


def check_view(view_type: type, view: Mapping[str, Any]) -> None:
    """Raise ``pydantic.ValidationError`` unless ``view`` has exactly the type's shape
    (strict: no coercion, no extra keys)."""
    _adapter(view_type).validate_python(view, strict=True)


LEGAL_ACTION_SCHEMA: dict[str, Any] = TypeAdapter(LegalAction).json_schema()
"""The JSON Schema of one structured legal action."""
