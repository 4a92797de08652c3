"""What every section of :class:`~pakka.games.viisisataa.state.ViisisataaState` shares:
the declarations of the state's fields, the refusal of an illegal action, the log, and
the precomputed tables of card texts and log entries.

The section mixins (:mod:`.bidding`, :mod:`.doubling`, :mod:`.partner`, :mod:`.kitty`,
:mod:`.play`, :mod:`.scoring`, :mod:`.notation`) are plain classes with
``__slots__ = ()``: the state's attribute layout is the ``__slots__`` of
:class:`~pakka.games.viisisataa.state.ViisisataaState` (:data:`FIELDS`), as before the
split. Rule ids refer to ``shared/rules/viisisataa.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from pakka.core.cards import CARDS, JOKER_INDEX, SUITS
from pakka.core.errors import IllegalAction
from pakka.core.log import LogEntry
from pakka.core.render import one_based_args, render
from pakka.core.rng import Rng
from pakka.core.seam import Message
from pakka.games.viisisataa.actions import (
    ACTIONS,
    BID,
    BID_BASE,
    CALLS,
    MISERE,
    MISERE_ID,
    MISERE_VALUE,
    PLAY_TABLE,
    PLAYS,
    Move,
    bid_value,
)
from pakka.games.viisisataa.display import card_names, describe_move
from pakka.games.viisisataa.messages import MESSAGES
from pakka.games.viisisataa.rules import PHASE_NAMES

if TYPE_CHECKING:
    from pakka.core.game import RawEntry
    from pakka.games.viisisataa.rules import Viisisataa

FIELDS: Final = (
    # the match
    "n", "segments", "points", "sheet", "winners_", "hand_no", "dealer", "horizon",
    "is_terminal", "hidden_discards", "quiet",
    # the deal and the kitty
    "hands", "dead", "kitty", "aside", "kitty_taken", "discards", "discard_order",
    # bidding, doubling and the contract
    "phase", "turn", "bids", "high", "high_id", "high_seat", "passed", "bid_count",
    "contractor", "contract_id", "no_contract", "tc", "mult", "doublings", "dqueue",
    "partner", "partner_card", "partner_known", "sitting_out",
    # the card play
    "nxt", "nactive", "leader", "trick", "trick_seats", "led", "follow", "lead_joker",
    "led_suits", "last_trick", "tricks", "trick_winners", "voids", "seat_played",
    "offered",
)  # fmt: skip
"""Every field of a :class:`ViisisataaState` (its ``__slots__``: attribute access on a
slot is much faster than on an instance dict, and a playout does little else)."""


NO: Final = IllegalAction("not legal now")
"""What a ``verify_<kind>`` raises when asked by its ``can_<kind>`` (``explain`` false):
the answer without the cost of its reason (which lists the legal actions)."""


def _bid_value_of(action_id: int) -> int:
    """The points of a bid's id (R-5S-8; misère 250, R-5S-11)."""
    return MISERE_VALUE if action_id == MISERE_ID else bid_value(action_id - BID_BASE)


def _popcount(m: int) -> int:
    return m.bit_count()


class _Base:
    """Field declarations and shared helpers of a Viisisataa state."""

    if TYPE_CHECKING:
        # the fields are the ``__slots__`` of ViisisataaState
        __slots__ = ("__dict__",)
    else:
        __slots__ = ()

    game: Viisisataa
    rng: Rng
    _log: list[RawEntry]
    _actions: list[Move]
    # the match
    n: int
    segments: list[list[int]]
    points: list[int]
    sheet: list[dict[str, Any]]
    winners_: list[int]
    hand_no: int
    dealer: int
    horizon: int
    is_terminal: bool
    hidden_discards: list[tuple[int, int]]
    quiet: bool
    # the deal and the kitty
    hands: list[int]
    dead: int
    kitty: int
    aside: int
    kitty_taken: int
    discards: int
    discard_order: list[int]
    # bidding, doubling and the contract
    phase: int
    turn: int | None
    bids: list[tuple[int, int]]
    high: int
    high_id: int
    high_seat: int
    passed: int
    bid_count: int
    contractor: int
    contract_id: int
    no_contract: bool
    tc: int
    mult: int
    doublings: list[tuple[int, int]]
    dqueue: list[int]
    partner: int
    partner_card: int
    partner_known: bool
    sitting_out: int
    # the card play
    nxt: tuple[int, ...]
    nactive: int
    leader: int
    trick: list[int]
    trick_seats: list[int]
    led: int
    follow: int
    lead_joker: int
    led_suits: int
    last_trick: tuple[int, list[int], list[int]] | None
    tricks: list[int]
    trick_winners: list[int]
    voids: list[int]
    seat_played: list[int]
    offered: int
    """The cards :meth:`legal_actions` last offered as plain plays in this position (a
    mask; 0 once any card is played): :meth:`apply` accepts a play of one of them
    without asking ``verify_play`` again, the legality having been decided by it."""

    if TYPE_CHECKING:
        # implemented by one section or the state, called from another
        def legal_actions(self) -> list[Move]:
            raise NotImplementedError

        def _start_hand(self) -> None: ...
        def _score_hand(self) -> None: ...
        def _take_kitty(self) -> None: ...
        def _doubling_or_kitty(self) -> None: ...
        def _start_play(self, leader: int) -> None: ...

    def _say(self, key: str, to: int | None = None, **args: Any) -> None:
        """Append a log entry (as the base does, without the named tuple's extra call)."""
        self._log.append(_entry(LogEntry, (key, args, to)))

    def _allowed(self) -> dict[str, Any]:
        """What the phase allows, as the message ``error.allowed``: the phase, the seat
        to act (numbered from 1, as players see seats) and its legal actions."""
        acts = self.legal_actions()
        labels: list[Any] = [self._words(a) for a in acts]
        if len(labels) > 14:
            labels = [*labels[:12], {"key": "vs.list.ellipsis", "args": {}}, labels[-1]]
        phase = {"key": f"vs.phase.{PHASE_NAMES[self.phase]}", "args": {}}
        seat = self.turn or 0  # a seat index, as in every message; read from 1
        return {
            "key": "error.allowed",
            "args": {"phase": phase, "seat": seat, "legal": word_list(labels)},
        }

    def _words(self, action: Move) -> Message:
        """``action`` in words, as the display layer labels it in this position."""
        tc = self.tc
        return describe_move(action, PHASE_NAMES[self.phase], SUITS[tc] if tc < 4 else None)[
            "label"
        ]

    def _not_allowed(self, action: Move, explain: bool = True) -> IllegalAction:
        """The refusal of an action its phase does not allow (R-5S-7, "Penalties": out of
        turn or out of order is impossible, never penalised); without ``explain`` (a
        ``can_<kind>`` asking) the shared :data:`NO` (no reason is built)."""
        if not explain:
            return NO
        if self.turn is None:
            return Refusal("error.over")
        return Refusal("error.not_allowed", action=self._words(action), allowed=self._allowed())


class _Forget(list):  # type: ignore[type-arg]
    """A list that keeps nothing: the log and history of a silenced state."""

    __slots__ = ()

    def append(self, item: Any) -> None:
        pass

    def copy(self) -> _Forget:
        return self


_FORGET: Final[Any] = _Forget()


class Refusal(IllegalAction):
    """An illegal action with a message key of the game's catalogue (``key``, ``fields``),
    so front ends can say why in Finnish too; ``str()`` is the English message."""

    key: str

    def __init__(self, key: str, **fields: Any) -> None:
        text = render(MESSAGES["en"], key, one_based_args(fields), card_names("en"))
        super().__init__(text, key, **fields)

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang`` (``en`` or ``fi``; English for anything else), cards
        and bids in words (the display layer's names), seats counted from 1 as players
        count them (the fields hold seat indices, which the browser shows as names)."""
        lang = lang if lang in MESSAGES else "en"
        return render(MESSAGES[lang], self.key, one_based_args(self.fields), card_names(lang))


def word_list(items: list[Any]) -> Message:
    """Items (texts or nested messages) as one message that lists them, "a, b, c"
    (``vs.list.*``), for a refusal's list of legal actions."""
    if len(items) == 1:
        return {"key": "vs.list.1", "args": {"a0": items[0]}}
    return {"key": "vs.list.more", "args": {"first": items[0], "rest": word_list(items[1:])}}


_CALL_TABLE: Final = tuple(
    tuple(tuple(CALLS[s * 13 + r] for r in range(13) if bits >> r & 1) for bits in range(1 << 13))
    for s in range(4)
)


_CARD_TEXT: Final = tuple(str(c) for c in CARDS)
_SUIT_TEXTS: Final = tuple(
    tuple(
        tuple(_CARD_TEXT[st * 13 + r] for r in range(13) if bits >> r & 1)
        for bits in range(1 << 13)
    )
    for st in range(4)
)
_JOKER_TEXT: Final = (_CARD_TEXT[JOKER_INDEX],)
_entry: Final = tuple.__new__
_BIT: Final = tuple(1 << c for c in range(53))
_NEXT_SEAT: Final = {n: tuple((s + 1) % n for s in range(n)) for n in range(2, 6)}
"""_NEXT_SEAT[n][s]: the seat after ``s`` in play (to the left)."""
_BID_TEXT: Final = {a.id: a.text.removeprefix("bid ") for a in ACTIONS if a.kind in (BID, MISERE)}


def _entries(
    key: str, args: Callable[[int, int], dict[str, Any]], count: int, private: bool = False
) -> tuple[tuple[LogEntry, ...], ...]:
    """The log entries ``key`` with ``args(seat, i)`` for every seat and ``i < count``
    (private to the seat if ``private``), built once and shared: nothing changes an
    entry once it is logged, and the hot paths then log without building anything."""
    return tuple(
        tuple(LogEntry(key, args(seat, i), seat if private else None) for i in range(count))
        for seat in range(5)
    )


# [seat][card], [winner][trick number], [seat][bid id - BID_BASE], [seat][0], [seat][count]
_PLAY_LOG: Final = _entries("game.play", lambda p, c: {"seat": p, "card": _CARD_TEXT[c]}, 53)
_TRICK_LOG: Final = _entries("game.trick", lambda p, k: {"seat": p, "number": k}, 11)
_PASS_LOG: Final = _entries("game.pass", lambda p, _: {"seat": p}, 1)
_BID_LOG: Final = _entries(
    "game.bid",
    lambda p, b: {"seat": p, "bid": _BID_TEXT[BID_BASE + b], "value": _bid_value_of(BID_BASE + b)},
    26,
)
_CONTRACT_LOG: Final = _entries(
    "game.contract", lambda p, b: {"seat": p, "contract": _BID_TEXT[BID_BASE + b]}, 26
)
_KITTY_TAKEN_LOG: Final = _entries("game.kitty_taken", lambda p, _: {"seat": p}, 1)
_DISCARD_LOG: Final = _entries("game.discard", lambda p, c: {"card": _CARD_TEXT[c]}, 53, True)
_DISCARDED_LOG: Final = _entries("game.discarded", lambda p, k: {"seat": p, "count": k}, 6)
_P0, _P1, _P2, _P3 = PLAY_TABLE
_PJ: Final = PLAYS[JOKER_INDEX]


def _cards_list(mask: int) -> list[str]:
    t = _SUIT_TEXTS
    out = [
        *t[0][mask & 0x1FFF],
        *t[1][(mask >> 13) & 0x1FFF],
        *t[2][(mask >> 26) & 0x1FFF],
        *t[3][(mask >> 39) & 0x1FFF],
    ]
    if mask >> JOKER_INDEX & 1:
        out.append(_JOKER_TEXT[0])
    return out


_SUIT_WORDS: Final = tuple(
    tuple(" ".join(texts) + " " if texts else "" for texts in suit) for suit in _SUIT_TEXTS
)
"""_SUIT_WORDS[suit][rank bits]: the cards' texts, each followed by a space."""


def _cards_text(mask: int) -> str:
    """The cards of ``mask`` as text separated by spaces (as ``" ".join(_cards_list(mask))``)."""
    t = _SUIT_WORDS
    text = (
        t[0][mask & 0x1FFF]
        + t[1][(mask >> 13) & 0x1FFF]
        + t[2][(mask >> 26) & 0x1FFF]
        + t[3][(mask >> 39) & 0x1FFF]
    )
    if mask >> JOKER_INDEX & 1:
        text += _JOKER_TEXT[0]
        return text
    return text[:-1]
