"""The frames the server sends on a table's WebSocket, as types, and their JSON Schema.

Each frame is a ``TypedDict`` (unknown keys forbidden); the schema of a game's
frames (``GET /api/games/{name}/schema``) is generated from these types, with
the ``view`` of a state frame referring to the game's view schema (generated
from ``Game.view_type``, :mod:`pakka.core.seam`) and ``legal`` to the
:class:`~pakka.core.seam.LegalAction` schema. Nothing here is written by hand
as JSON: the server tests and the browser tests validate every frame they
receive against this schema, and ``scripts/gen_ts_types.py`` makes the browser
client's JSDoc types from it.

:data:`PROTOCOL_VERSION` is the protocol these frames speak (docs/protocol.md).
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Annotated, Any, Literal, NotRequired

from pydantic import ConfigDict, Field, TypeAdapter, with_config
from typing_extensions import TypedDict

from pakka.core.errors import PakkaError
from pakka.core.registry import game_class
from pakka.core.seam import BaseView, LegalAction, LogLine, Message, view_schema

PROTOCOL_VERSION = 3
"""The WebSocket protocol version (``welcome.protocol``; a ``hello`` may name it).

2: ``legal`` holds structured actions (:class:`~pakka.core.seam.LegalAction`),
error frames carry a message key (``msg``), ``action`` may name an action by ``id``.
3: ``state.steps`` (a bot's compound move in one frame), seat presence and bot marks in
the table summary, the clock's zombie mark, chat.
"""

_FORBID = ConfigDict(extra="forbid")


@with_config(_FORBID)
class SeatSummary(TypedDict):
    """One seat of a table as listed publicly."""

    seat: int
    name: str | None
    kind: Literal["human", "bot"]
    level: str | None
    """A bot seat's level (``easy``/``medium``/``hard``, or a bot's name): the client
    names an unnamed bot seat in the reader's language from it."""
    status: Literal["open", "claimed", "left", "bot"]
    zombie: bool
    """A bot plays this human seat (its player left, let it, or ran out of time)
    until the player takes it back (``resume``)."""
    former: bool
    """Its player deleted their account: no name; shown as "former player"
    (``player.former``) in the reader's language."""
    connected: bool
    presence: Literal["connected", "idle", "gone"]
    """Whether the seat's player is at the table (``connected``), has it open but is
    away (``idle``), or has no connection (``gone``); bots are ``connected``."""


@with_config(_FORBID)
class GameListing(TypedDict):
    """One game played at a table."""

    game_no: int
    finished: bool
    moves: int
    winners: list[int]
    scores: list[int]


@with_config(_FORBID)
class TableSummary(TypedDict):
    """The public summary of a table (``GET /api/tables/{id}``)."""

    table_id: str
    name: str
    game: str
    players: int
    options: dict[str, Any]
    listed: bool
    hotseat: bool
    rated: bool
    """Whether the table's games move the players' ratings (docs/ratings.md)."""
    clock: int | None
    closed: bool
    game_no: int
    state_id: int
    is_terminal: bool
    current_player: int | None
    seats: list[SeatSummary]
    games: list[GameListing]
    spectators: int
    """How many clients watch the table now."""


@with_config(_FORBID)
class LastAction(TypedDict):
    """The action that produced a state (public notation)."""

    seat: int
    action: str
    by: Literal["human", "bot", "zombie", "timeout", "setup"]


@with_config(_FORBID)
class Clock(TypedDict):
    """The running move clock."""

    seat: int
    seconds: int
    remaining: float


@with_config(_FORBID)
class StateFrame(TypedDict):
    """A seat's view of the table after a change (one per held seat)."""

    type: Literal["state"]
    table_id: str
    game_no: int
    state_id: int
    seat: int | None
    view: dict[str, Any]
    """``State.view(seat)`` without its log (schema: the game's view schema)."""
    legal: list[LegalAction]
    """The seat's legal actions when it is to act and no bot plays it, else empty."""
    log_index: int
    log: list[LogLine]
    last_action: LastAction | None
    steps: list[LastAction]
    """Every action this frame shows, in order, ending with ``last_action``: several
    when a bot played the steps of one compound move (a lay-down) together, else
    that one action (or none)."""
    clock: Clock | None
    undo: bool
    table: TableSummary | None


@with_config(_FORBID)
class WelcomeFrame(TypedDict):
    """The answer to ``hello``: who the client is at this table."""

    type: Literal["welcome"]
    protocol: int
    table_id: str
    seats: list[int]
    spectator: bool
    table: TableSummary
    legal: list[LegalAction]
    """The legal actions of the held seat to act (as in its state frame that follows)."""


@with_config(_FORBID)
class ErrorDetail(TypedDict):
    """One field that did not validate."""

    loc: list[str | int]
    msg: str


@with_config(_FORBID)
class ErrorFrame(TypedDict):
    """Something the client sent was refused; nothing changed."""

    type: Literal["error"]
    code: str
    message: str
    """English text for developers (kept from protocol 1)."""
    msg: Message
    """The same in the reader's language: a catalogue key (``error.<code>``) and its args."""
    ref: str | None
    details: NotRequired[list[ErrorDetail]]
    server: NotRequired[int]
    """``unsupported_protocol``: the version the server speaks."""


@with_config(_FORBID)
class TableFrame(TypedDict):
    """Seats or the table changed without a state change."""

    type: Literal["table"]
    table: TableSummary


@with_config(_FORBID)
class PongFrame(TypedDict):
    """The answer to ``ping``."""

    type: Literal["pong"]
    id: int | str | None


@with_config(_FORBID)
class ChatMessage(TypedDict):
    """One chat message (:mod:`pakka.server.chat`): only what a person typed."""

    id: str
    """Its public id: the channel's letter and ``n`` (``p3``, ``s2``); never its
    event number, whose gaps would tell players of the spectators' messages."""
    n: int
    """Its number in its channel (1, 2, 3...; the order of the channel)."""
    channel: Literal["players", "spectators"]
    author: str
    """Who wrote it: ``p…`` a seat's holder, ``s…`` a spectator (for mute and removal)."""
    name: str | None
    """The author's name (a seat's name, a spectator's chosen name); ``None``: the
    client names the seat or says "spectator" in the reader's language."""
    seat: int | None
    """The author's seat; ``None`` for a spectator."""
    game_no: int
    """The game in play when it was written."""
    at: float
    """When (seconds since the epoch)."""
    text: str
    """Plain text, at most 300 characters; empty when removed."""
    removed: bool
    """The table's creator removed it."""


@with_config(_FORBID)
class ChatFrame(TypedDict):
    """A new chat message the reader may read."""

    type: Literal["chat"]
    message: ChatMessage


@with_config(_FORBID)
class ChatHistoryFrame(TypedDict):
    """Chat the reader may read: after ``welcome`` and ``sync`` the recent history
    (``full``: replace what is shown); when a game ends, the players get its
    spectator messages (``full`` false: add them)."""

    type: Literal["chat_history"]
    full: bool
    messages: list[ChatMessage]
    author: str | None
    """This connection's author id (``None`` in an addition)."""
    key: str | None
    """A spectator's chat key, to send back in ``hello.chat_key`` on reconnecting."""
    channel: Literal["players", "spectators"] | None
    """The channel this connection writes to (``None``: it may not write)."""


@with_config(_FORBID)
class ChatRemovedFrame(TypedDict):
    """The table's creator removed message ``id``: drop it."""

    type: Literal["chat_removed"]
    id: str


@with_config(_FORBID)
class ChatReportedFrame(TypedDict):
    """The reader's report of message ``id`` reached the operator."""

    type: Literal["chat_reported"]
    id: str


Frame = Annotated[
    StateFrame
    | WelcomeFrame
    | ErrorFrame
    | TableFrame
    | PongFrame
    | ChatFrame
    | ChatHistoryFrame
    | ChatRemovedFrame
    | ChatReportedFrame,
    Field(discriminator="type"),
]
"""Any frame the server sends."""

_VIEW = "View"


def _rename_refs(node: Any, prefix: str) -> Any:
    """``node`` with every local ``$ref`` to ``#/$defs/X`` pointing at ``prefix + X``."""
    if isinstance(node, dict):
        out = {}
        for k, v in node.items():
            if k == "$ref" and isinstance(v, str) and v.startswith("#/$defs/"):
                out[k] = "#/$defs/" + prefix + v[len("#/$defs/") :]
            else:
                out[k] = _rename_refs(v, prefix)
        return out
    if isinstance(node, list):
        return [_rename_refs(x, prefix) for x in node]
    return node


def untyped_view_schema() -> dict[str, Any]:
    """The view schema of a game without ``view_type``: the base fields every view
    has, any other fields allowed."""
    schema = copy.deepcopy(view_schema(BaseView))
    schema["additionalProperties"] = True
    schema["title"] = "UntypedView"
    return schema


def game_view_schema(name: str) -> tuple[dict[str, Any], bool]:
    """The view schema of game ``name`` and whether it is the game's own typed one."""
    cls = game_class(name)
    if cls.view_type is None:
        return untyped_view_schema(), False
    return cls.view_schema(), True


def _with_view(base: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    """The frame schema ``base`` with the state frame's ``view`` being ``view``
    (whose own definitions are moved beside the frame's, prefixed ``View.``)."""
    schema = copy.deepcopy(base)
    defs = schema.setdefault("$defs", {})
    view = _rename_refs(copy.deepcopy(view), _VIEW + ".")
    for k, v in view.pop("$defs", {}).items():
        defs[_VIEW + "." + k] = v
    defs[_VIEW] = view
    defs["StateFrame"]["properties"]["view"] = {"$ref": f"#/$defs/{_VIEW}"}
    return schema


@cache
def _base_schema() -> dict[str, Any]:
    return TypeAdapter(Frame).json_schema()


@cache
def _game_schema(name: str) -> dict[str, Any]:
    view, typed = game_view_schema(name)
    return {
        "game": name,
        "protocol": PROTOCOL_VERSION,
        "typed_view": typed,
        "frame": _with_view(_base_schema(), view),
        "view": view,
        "legal_action": TypeAdapter(LegalAction).json_schema(),
    }


def game_schema(name: str) -> dict[str, Any]:
    """The schemas of game ``name``: ``frame`` (any frame the server sends at one of
    its tables), ``view`` and ``legal_action``; ``typed_view`` says whether the view
    schema is the game's own (else the base fields only, other fields allowed).

    Raises :class:`~pakka.core.errors.PakkaError` for an unknown game.
    """
    return copy.deepcopy(_game_schema(name))


def generic_frame_schema() -> dict[str, Any]:
    """The frame schema with any view (for frames before the game is known)."""
    return _with_view(_base_schema(), untyped_view_schema())


__all__ = [
    "PROTOCOL_VERSION",
    "ChatFrame",
    "ChatHistoryFrame",
    "ChatMessage",
    "ErrorFrame",
    "Frame",
    "PakkaError",
    "PongFrame",
    "StateFrame",
    "TableFrame",
    "TableSummary",
    "WelcomeFrame",
    "game_schema",
    "generic_frame_schema",
]
