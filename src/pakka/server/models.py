"""Request bodies and WebSocket messages, validated strictly (unknown fields are errors)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StringConstraints,
    model_validator,
)

from pakka.server.names import player_name, table_name

Name = Annotated[str, StringConstraints(max_length=400), AfterValidator(player_name)]
"""A player's name: control characters, length and reserved names are refused
(:mod:`pakka.server.names`)."""
Credential = Annotated[
    str, StringConstraints(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")
]
Level = Literal["easy", "medium", "hard"]
OptionJson = str | int | bool | list[int]


class Strict(BaseModel):
    """Base of every validated message: unknown fields are rejected."""

    model_config = ConfigDict(extra="forbid")


class SeatSpec(Strict):
    """One seat of a new table."""

    kind: Literal["human", "bot"] = "human"
    level: Level | None = None
    name: Name | None = None


class CreateTable(Strict):
    """``POST /api/tables``."""

    game: Annotated[str, StringConstraints(max_length=40)]
    players: Annotated[int, Field(ge=1, le=16)] | None = None
    options: Annotated[
        dict[Annotated[str, StringConstraints(max_length=40)], OptionJson], Field(max_length=32)
    ] = {}
    name: Annotated[str, StringConstraints(max_length=800), AfterValidator(table_name)] = ""
    seats: Annotated[list[SeatSpec], Field(max_length=16)] | None = None
    take_seat: Annotated[int, Field(ge=0, le=15)] | None = None
    hotseat: bool = False
    listed: bool = False
    rated: bool = False
    """Ask for a rated table (docs/ratings.md); refused when the table cannot be."""
    clock: Annotated[int, Field(ge=1, le=3600)] | None = None
    deck: (
        Annotated[list[Annotated[str, StringConstraints(max_length=8)]], Field(max_length=1000)]
        | None
    ) = None
    """Testing only (refused unless the server allows stacked decks): the first game's
    deck order, top first, in the game's card notation."""
    setup: (
        Annotated[list[Annotated[str, StringConstraints(max_length=200)]], Field(max_length=1000)]
        | None
    ) = None
    """Testing only (as ``deck``): actions played in order, each by the seat to move,
    before the table opens."""


class ClaimBody(Strict):
    """``POST /api/invites/claim``: the invite code (in the body, never in a logged URL)."""

    code: Credential
    name: Name | None = None


class JoinBody(Strict):
    """``POST /api/tables/{id}/join``."""

    seat: Annotated[int, Field(ge=0, le=15)] | None = None
    name: Name | None = None


class EmptyBody(Strict):
    """A body with no fields (``leave``, ``revoke``...)."""


class LeaveBody(Strict):
    """``POST /api/tables/{id}/leave``: which seat, for a session holding several
    seats of the table (with a seat token the token names the seat)."""

    seat: Annotated[int, Field(ge=0)] | None = None


class HintBody(Strict):
    """``POST /api/tables/{id}/hint``: the seat whose hint (with a seat token the
    token names it; with the session cookie, one of the profile's seats) and the
    state the client shows (``state_id``; another one gets ``409 stale_state``)."""

    seat: Annotated[int, Field(ge=0)] | None = None
    state_id: Annotated[int, Field(ge=0)] | None = None


class LevelBody(Strict):
    """``POST /api/tables/{id}/seats/{seat}/bot``."""

    level: Level = "easy"


class AgainBody(Strict):
    """``POST /api/tables/{id}/again``."""

    game_no: Annotated[int, Field(ge=1)]


# -- WebSocket messages (client -> server) ---------------------------------------------


class Hello(Strict):
    """First message: which seats the client holds, or how it watches."""

    type: Literal["hello"]
    tokens: Annotated[list[Credential], Field(max_length=16)] = []
    watch: Credential | None = None
    session: StrictBool = False
    """Also take the seats bound to the profile of the connection's session cookie
    (another device of an account plays without the seat tokens)."""
    protocol: Annotated[int, Field(ge=0, le=1000)] | None = None
    """The protocol version the client speaks (absent: the server's; another one
    than the server's is refused with ``unsupported_protocol``)."""
    chat_key: Credential | None = None
    """A spectator's chat identity, as the server gave it (``chat_history.key``)."""


class ActionMsg(Strict):
    """An action for a seat at the state the client saw: its ``id`` (from ``legal``)
    or its notation ``action`` (exactly one of the two)."""

    type: Literal["action"]
    seat: Annotated[int, Field(ge=0, le=15)] | None = None
    state_id: Annotated[int, Field(ge=0)]
    id: Annotated[int, Field(ge=0)] | None = None
    action: Annotated[str, StringConstraints(min_length=1, max_length=200)] | None = None

    @model_validator(mode="after")
    def _one_of(self) -> ActionMsg:
        if (self.id is None) == (self.action is None):
            raise ValueError("give exactly one of 'id' and 'action'")
        return self


class PlayAgainMsg(Strict):
    """Start the next game after game ``game_no`` ended."""

    type: Literal["play_again"]
    game_no: Annotated[int, Field(ge=1)]


class ResumeMsg(Strict):
    """Take a seat back from its zombie bot."""

    type: Literal["resume"]
    seat: Annotated[int, Field(ge=0, le=15)] | None = None


class AutoplayMsg(Strict):
    """The seat's holder lets a bot play for it (a zombie) until ``resume``."""

    type: Literal["autoplay"]
    seat: Annotated[int, Field(ge=0, le=15)] | None = None
    level: Level = "easy"


class UndoMsg(Strict):
    """Take back the last ``count`` actions (one-player tables only)."""

    type: Literal["undo"]
    seat: Annotated[int, Field(ge=0, le=15)] | None = None
    state_id: Annotated[int, Field(ge=0)]
    count: Annotated[int, Field(ge=1, le=100)] = 1


class PresenceMsg(Strict):
    """The client says whether its player is away from the table (``idle``: the page
    is hidden or untouched) or back (presence, :mod:`pakka.server.presence`)."""

    type: Literal["presence"]
    idle: StrictBool


class SyncMsg(Strict):
    """Ask for a fresh full state frame."""

    type: Literal["sync"]


class PingMsg(Strict):
    """Keep-alive; answered by ``pong`` with the same id."""

    type: Literal["ping"]
    id: int | Annotated[str, StringConstraints(max_length=40)] | None = None


ChatId = Annotated[str, StringConstraints(min_length=2, max_length=12, pattern=r"^[ps][0-9]+$")]
"""A chat message's public id: its channel's letter and its number there (``p3``)."""


class ChatMsg(Strict):
    """A chat message (:mod:`pakka.server.chat`): a player writes to the players'
    channel, a spectator to the spectators'; ``name`` is a spectator's name."""

    type: Literal["chat"]
    text: Annotated[str, StringConstraints(max_length=2000)]
    """Checked after cleaning (at most 300 characters, ``chat_length``)."""
    channel: Literal["players", "spectators"] | None = None
    seat: Annotated[int, Field(ge=0, le=15)] | None = None
    name: Name | None = None


class ChatRemoveMsg(Strict):
    """The table's creator removes chat message ``id``."""

    type: Literal["chat_remove"]
    id: ChatId
    admin: Credential


class ChatKickMsg(Strict):
    """The table's creator removes spectator ``author`` (from a chat message)."""

    type: Literal["chat_kick"]
    author: Annotated[str, StringConstraints(min_length=1, max_length=32)]
    admin: Credential


class ChatReportMsg(Strict):
    """Report chat message ``id`` to the site's operator."""

    type: Literal["chat_report"]
    id: ChatId


WS_MESSAGES: dict[str, type[Strict]] = {
    "hello": Hello,
    "action": ActionMsg,
    "play_again": PlayAgainMsg,
    "resume": ResumeMsg,
    "autoplay": AutoplayMsg,
    "undo": UndoMsg,
    "sync": SyncMsg,
    "presence": PresenceMsg,
    "ping": PingMsg,
    "chat": ChatMsg,
    "chat_remove": ChatRemoveMsg,
    "chat_kick": ChatKickMsg,
    "chat_report": ChatReportMsg,
}


# -- HTTP responses (for the OpenAPI schema) ---------------------------------------------


class InviteOut(BaseModel):
    """A one-time invite link for a seat."""

    seat: int
    code: str
    url: str


class SpectatorOut(BaseModel):
    """The reusable spectator link of a table."""

    code: str
    url: str


class CreatedTable(BaseModel):
    """The answer to ``POST /api/tables``: credentials shown only this once."""

    table_id: str
    admin_token: str
    seat_tokens: dict[str, str]
    invites: list[InviteOut]
    spectator: SpectatorOut
    table: dict[str, object]


class SeatGrant(BaseModel):
    """A seat and its credential (after claiming an invite or joining)."""

    table_id: str
    seat: int
    token: str


class Ok(BaseModel):
    """A request that needs no other answer."""

    ok: bool = True


class HumanOut(Ok):
    """``POST .../seats/{seat}/human``: a seat nobody holds gets a fresh invite."""

    invite: InviteOut | None = None


class OpenTable(BaseModel):
    """A listed table that is looking for players."""

    table_id: str
    name: str
    game: str
    players: int
    free_seats: list[int]
    game_no: int
    state_id: int
    created: float


class OpenTables(BaseModel):
    """``GET /api/tables``."""

    tables: list[OpenTable]


class LiveTable(BaseModel):
    """A listed table with a game in play, to watch."""

    table_id: str
    name: str
    game: str
    players: int
    names: list[str | None]
    bots: list[str | None]
    """Each seat's bot level when a bot plays it (the client names it "Bot, easy"),
    else ``None``."""
    spectators: int
    game_no: int
    moves: int
    created: float


class LiveTables(BaseModel):
    """``GET /api/tables/live``: the newest 100."""

    tables: list[LiveTable]
