"""Viisisataa's display layer: cards, bids and actions in words, for every front end.

Pure: no I/O and no front-end imports. Rule values (a bid's points, what a
card is under a trump) come from the engine's own tables in
:mod:`pakka.games.viisisataa.actions`; this module only names them. Texts are
:class:`~pakka.core.seam.Message` values whose keys are in ``messages.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, Final

from pakka.core.cards import CARDS, JOKER_INDEX, SUITS
from pakka.core.game import Action, State
from pakka.core.seam import ActionKind, Display, LegalAction, Message, Target, msg
from pakka.games.viisisataa.actions import (
    ACTIONS,
    BID,
    BID_SUIT_LETTERS,
    CALL,
    DISCARD,
    DOUBLE,
    EFFECTIVE,
    HIDDEN,
    JOKER_LEAD,
    MISERE,
    MISERE_VALUE,
    NO_TRUMP,
    PARTNER,
    PASS,
    PLAY,
    REDOUBLE,
    SAME_COLOUR,
    Move,
    bid_tricks,
    bid_value,
    trump_rank,
)

_RANK_EN: Final = {
    2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
    11: "jack", 12: "queen", 13: "king", 14: "ace",
}  # fmt: skip
_RANK_FI: Final = {
    2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
    11: "jätkä", 12: "rouva", 13: "kuningas", 14: "ässä",
}  # fmt: skip
_SUIT_EN: Final = ("spades", "hearts", "diamonds", "clubs")
"""Card suits in pakka order (``SUITS`` = ``SHDC``)."""
_SUIT_FI: Final = ("pata", "hertta", "ruutu", "risti")

_BY_TEXT: Final = {a.text: a for a in ACTIONS}
"""Canonical notation -> action (the view names bids and contracts by notation)."""

PHASE_KEYS: Final = {
    "bidding": "vs.phase.bidding",
    "doubling": "vs.phase.doubling",
    "redoubling": "vs.phase.redoubling",
    "partner": "vs.phase.partner",
    "discard": "vs.phase.discard",
    "call": "vs.phase.call",
    "play": "vs.phase.play",
    "over": "vs.phase.over",
}
"""Phase (a view's ``phase``) -> the message key of its name."""


def card_name(code: str, lang: str) -> str:
    """One card code (``AS``, ``10H``, ``JK``) in words."""
    return _card_names(lang).get(code, code)


def card_names(lang: str) -> Mapping[str, str]:
    """Every card code -> its name in ``lang`` (Finnish for ``fi``, else English)."""
    return _card_names("fi" if lang == "fi" else "en")


@cache
def _card_names(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for c in CARDS:
        code = str(c)
        if c.index == JOKER_INDEX:
            out[code] = "jokeri" if lang == "fi" else "joker"
        elif lang == "fi":
            out[code] = f"{_SUIT_FI[c.suit]}-{_RANK_FI[c.rank]}"
        else:
            out[code] = f"{_RANK_EN[c.rank]} of {_SUIT_EN[c.suit]}"
    return out


def bid_message(move: Move) -> Message:
    """A bid in words with its points (R-5S-8, R-5S-11): "seven hearts, 200 points"."""
    if move.kind == MISERE:
        return msg("vs.bid.misere", value=MISERE_VALUE)
    b = move.arg
    return msg(f"vs.bid.{bid_tricks(b)}{BID_SUIT_LETTERS[b % 5]}", value=bid_value(b))


def bid_target(move: Move) -> Target:
    """The Target of a bid (seam conventions): ``tricks``, ``suit`` and ``value``.

    Misère promises no tricks (it must take none, R-5S-11): its target has
    ``suit`` ``"misere"`` and ``value`` 250, and no ``tricks``.
    """
    if move.kind == MISERE:
        return {"suit": "misere", "value": MISERE_VALUE}
    b = move.arg
    return {"tricks": bid_tricks(b), "suit": BID_SUIT_LETTERS[b % 5], "value": bid_value(b)}


def notation_message(text: str | None) -> Message | None:
    """A bid or contract as the view gives it (``bid 7H``, ``misere``, ``pass``,
    ``6NT*``) in words; ``None`` for ``None``."""
    if text is None:
        return None
    if text == "6NT*":
        return msg("vs.no_contract")
    move = _BY_TEXT.get(text)
    if move is None:
        return msg("action.generic", text=text)
    if move.kind in (BID, MISERE):
        return bid_message(move)
    if move.kind == PASS:
        return msg("vs.pass")
    if move.kind == DOUBLE:
        return msg("vs.doubled")
    if move.kind == REDOUBLE:
        return msg("vs.redoubled")
    return msg("action.generic", text=text)


def trump_context(trump: str | None) -> int:
    """A view's ``trump`` (``S H D C``, ``none`` or ``None``) as the engine's trump
    context (a card suit index, or ``NO_TRUMP``)."""
    return SUITS.index(trump) if trump and trump in SUITS else NO_TRUMP


def trump_message(trump: str | None) -> Message:
    """The trump suit in words (``none``: no trumps but the joker, R-5S-4)."""
    if trump and trump in SUITS:
        return msg(f"vs.suit.{trump}")
    return msg("vs.no_trump")


def sort_hand(cards: list[str], trump: str | None) -> list[str]:
    """Cards by suit (black and red alternating), high to low, with the trumps together
    last in trump order once the trump suit is known: joker, right bower, left bower,
    A K Q … (R-5S-2); the left bower belongs to the trump suit."""
    t = trump_context(trump)
    order = (0, 1, 3, 2)  # S H C D: the colours alternate
    index = {str(c): c.index for c in CARDS}

    def key(code: str) -> tuple[int, int]:
        c = index[code]
        if t < 4 and EFFECTIVE[t][c] == t:
            return (9, -trump_rank(t, c))
        if c == JOKER_INDEX:
            return (9, -100)
        return (order.index(c // 13), -(c % 13))

    return sorted(cards, key=key)


def bower(code: str, trump: str | None) -> str | None:
    """``"right"`` or ``"left"`` if the card is a bower under ``trump`` (R-5S-2)."""
    t = trump_context(trump)
    if t == NO_TRUMP or len(code) != 2 or code[0] != "J" or code[1] not in SUITS:
        return None
    s = SUITS.index(code[1])
    if s == t:
        return "right"
    if s == SAME_COLOUR[t]:
        return "left"
    return None


def contract_message(view: Mapping[str, Any]) -> Message | None:
    """The contract line: who, what, the multiplier and the trump (or ``None``)."""
    if view.get("contract") == "6NT*":
        return msg("vs.contract_none")
    if view.get("contractor") is None or view.get("contract") is None:
        return None
    return msg(
        "vs.contract_line",
        seat=view["contractor"],
        contract=notation_message(view["contract"]),
        mult=msg(f"vs.mult.{view.get('multiplier', 1)}"),
        trump=trump_message(view.get("trump")),
    )


def prompt(view: Mapping[str, Any]) -> Message:
    """What the phase asks of the player to act (D-5S-7), as one message."""
    phase = view.get("phase")
    if view.get("is_terminal") or phase == "over":
        return msg("vs.prompt.over")
    seat = view.get("current_player")
    if phase == "bidding":
        high = view.get("high_bid")
        if high is None:
            return msg("vs.prompt.bid_open", seat=seat)
        return msg("vs.prompt.bid_over", seat=seat, high=notation_message(high))
    if phase == "doubling":
        return msg("vs.prompt.double", seat=seat, contract=notation_message(view.get("contract")))
    if phase == "redoubling":
        return msg("vs.prompt.redouble", seat=seat)
    if phase == "partner":
        return msg("vs.prompt.partner", seat=seat)
    if phase == "discard":
        return msg("vs.prompt.discard", seat=seat, left=view.get("discards_left", 0))
    if phase == "call":
        return msg("vs.prompt.call", seat=seat)
    led = view.get("led_suit")
    if view.get("trick") and led:
        return msg("vs.prompt.follow", seat=seat, suit=msg(f"vs.suit.{led}"))
    return msg("vs.prompt.lead", seat=seat)


def sheet_rows(view: Mapping[str, Any], last: int = 8) -> dict[str, Any]:
    """The score sheet as a front end shows it: the last ``last`` hands (contract in
    words, the points per seat), the totals, and every total as its difference from
    500 (R-5S "score sheet": the others are recorded as 500 minus their points)."""
    target = int(view.get("target", 500))
    rows = []
    for r in view.get("sheet", [])[-last:]:
        rows.append(
            {
                "hand": r["hand"],
                "contractor": r["contractor"],
                "contract": notation_message(r["contract"]),
                "deltas": list(r["deltas"]),
            }
        )
    scores = list(view.get("scores", []))
    return {"rows": rows, "totals": scores, "to_go": [x - target for x in scores]}


def describe_move(move: Move, phase: str, trump: str | None) -> LegalAction:
    """``move`` as a structured legal action in ``phase`` under ``trump`` (a view's
    ``phase`` and ``trump``): what :meth:`ViisisataaDisplay.describe` returns."""
    k = move.kind
    cards: list[str] = []
    target: Target | None = None
    if k == PLAY:
        code = str(CARDS[move.arg])
        cards = [code]
        which = bower(code, trump) if phase == "play" else None
        if which:
            label = msg("vs.act.play_bower", card=code, bower=msg(f"vs.bower.{which}"))
        else:
            label = msg("vs.act.play", card=code)
        kind = ActionKind.PLAY
    elif k == JOKER_LEAD:
        # R-5S-15: the joker led in no trump declares the suit to follow.
        cards = [str(CARDS[JOKER_INDEX])]
        target = {"suit": SUITS[move.arg]}
        label = msg("vs.act.joker_lead", card=cards[0], suit=msg(f"vs.suit.{SUITS[move.arg]}"))
        kind = ActionKind.PLAY
    elif k == DISCARD:
        cards = [str(CARDS[move.arg])]
        label = msg("vs.act.discard", card=cards[0])
        kind = ActionKind.DISCARD
    elif k == HIDDEN:
        label = msg("vs.act.hidden")
        kind = ActionKind.DISCARD
    elif k in (BID, MISERE):
        target = bid_target(move)
        label = msg("vs.act.bid", bid=bid_message(move))
        kind = ActionKind.BID
    elif k == PASS:
        label = msg(
            {"doubling": "vs.act.no_double", "redoubling": "vs.act.no_redouble"}.get(
                phase, "vs.act.pass"
            )
        )
        kind = ActionKind.PASS
    elif k == DOUBLE:
        label = msg("vs.act.double")
        kind = ActionKind.DOUBLE
    elif k == REDOUBLE:
        label = msg("vs.act.redouble")
        kind = ActionKind.REDOUBLE
    elif k == PARTNER:
        target = {"seat": move.arg}
        label = msg("vs.act.partner", seat=move.arg)
        kind = ActionKind.PARTNER
    else:
        assert k == CALL
        cards = [str(CARDS[move.arg])]
        label = msg("vs.act.call", card=cards[0])
        kind = ActionKind.CALL
    return {
        "id": move.id,
        "text": move.text,
        "kind": kind.value,
        "cards": cards,
        "target": target,
        "label": label,
    }


def describe_text(view: Mapping[str, Any], text: str) -> LegalAction | None:
    """A legal action given by its canonical notation (as the terminal's menu lists
    them) described in the position of ``view``; ``None`` for other text."""
    move = _BY_TEXT.get(text)
    if move is None:
        return None
    return describe_move(move, str(view.get("phase", "")), view.get("trump"))


class ViisisataaDisplay(Display):
    """Cards, bids and actions of Viisisataa in words (English and Finnish)."""

    def card_names(self, lang: str) -> Mapping[str, str]:
        """Every card code -> its name: "ace of spades", "joker"; "pata-ässä", "jokeri"."""
        return _card_names("fi" if lang == "fi" else "en")

    def describe(self, state: State[Any], action: Action) -> LegalAction:
        """``action`` (legal in ``state``) with its kind, cards, target and label."""
        move = ACTIONS[action.id]
        phase: str = state.view_phase  # type: ignore[attr-defined]
        tc: int = state.tc  # type: ignore[attr-defined]
        return describe_move(move, phase, SUITS[tc] if tc < 4 else None)

    def notation_words(self) -> Mapping[str, Message]:
        """Every bid and contract as the view holds it (``bid 7H``, ``misere``,
        ``pass``, ``6NT*``) -> in words (:func:`notation_message`)."""
        out: dict[str, Message] = {}
        for text in [*_BY_TEXT, "6NT*"]:
            m = notation_message(text)
            if m is not None and m["key"] != "action.generic":
                out[text] = m
        return out

    prompt = staticmethod(prompt)
    sort_hand = staticmethod(sort_hand)
    contract = staticmethod(contract_message)
    sheet = staticmethod(sheet_rows)
    bid = staticmethod(notation_message)
    trump = staticmethod(trump_message)
    phase_key = staticmethod(PHASE_KEYS.get)


DISPLAY: Final = ViisisataaDisplay()
