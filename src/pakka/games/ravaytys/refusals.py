"""Why an action is refused: :class:`Refusal` (its reason in English and Finnish)
and the state's explanations of an illegal action, one reason per rule."""

from __future__ import annotations

from typing import Any, ClassVar

from pakka.core.errors import IllegalAction
from pakka.core.render import render
from pakka.games.ravaytys import actions as A
from pakka.games.ravaytys.actions import RvAction
from pakka.games.ravaytys.base import _Base
from pakka.games.ravaytys.cards import (
    IS_WILD,
    card_at,
    name,
    pos_name,
    rank_name,
)
from pakka.games.ravaytys.display import card_names, group_cards
from pakka.games.ravaytys.melds import Meld
from pakka.games.ravaytys.messages import MESSAGES
from pakka.games.ravaytys.rules import BUILD, BUY, OPEN, OVER, PLACE, PLAY, START

Reason = tuple[str, dict[str, Any]]
"""One part of a refusal: a message key of the catalogue and its arguments."""


def _alternatives(v: list[Any]) -> dict[str, Any]:
    """A list of alternatives as the message ``rv.or.<n>`` ("a, b or c"); an
    alternative is a nested message (``{"key", "args"}``) or a catalogue key
    (``rv.word.*``) of one; more than four are ``rv.or.more`` (the first, then the
    others)."""
    if len(v) > 4:
        return {"key": "rv.or.more", "args": {"first": v[0], "rest": _alternatives(v[1:])}}
    args = {
        f"a{i}": {"key": w, "args": {}} if isinstance(w, str) and w.startswith("rv.") else w
        for i, w in enumerate(v)
    }
    return {"key": f"rv.or.{len(v)}", "args": args}


def _card(code: str) -> dict[str, Any]:
    """A card code as a nested message that names it in words (``rv.word.card``)."""
    return {"key": "rv.word.card", "args": {"card": code}}


def _rank(rank: int) -> dict[str, Any]:
    """A rank in the plural in words (``rv.ranks.*``: "sevens", "seiskat")."""
    return {"key": f"rv.ranks.{rank_name(rank)}", "args": {}}


def _action(a: RvAction) -> dict[str, Any]:
    """An action in words, from its structure alone (no position: it may be
    illegal now), as a nested message: ``discard the 7 of hearts``."""
    k = a.kind
    m = a.meld + 1
    if k in (A.DISCARD, A.ADD):
        word = "discard" if k == A.DISCARD else "add"
        return {"key": f"rv.act.{word}", "args": {"card": name(a.card)}}
    if k == A.SET:
        return {"key": "rv.act.set", "args": {"rank": _rank(a.arg)}}
    if k == A.RUN:
        suit, start = divmod(a.arg, 16)
        return {"key": "rv.act.run", "args": {"card": name(card_at(suit, start))}}
    if k == A.LAY:
        end = "" if a.arg == A.NO_END else ("_lo" if a.arg == A.LOW else "_hi")
        return {"key": f"rv.do.lay{end}", "args": {"card": name(a.card), "meld": m}}
    if k == A.PLACE:
        end = "" if a.arg == A.NO_END else ("_lo" if a.arg == A.LOW else "_hi")
        return {"key": f"rv.do.place{end}", "args": {"meld": m}}
    if k == A.SWAP:
        return {"key": "rv.do.swap", "args": {"card": name(a.card), "wild": name(a.arg), "meld": m}}
    key = {
        A.TAKE: "rv.do.take",
        A.DRAW: "rv.act.draw",
        A.BUY: "rv.do.buy",
        A.PASS: "rv.do.pass",
        A.MELD: "rv.do.meld",
        A.CLOSE: "rv.do.close",
        A.CANCEL: "rv.act.cancel",
    }[k]
    return {"key": key, "args": {}}


def _message(key: str, args: dict[str, Any]) -> dict[str, Any]:
    """One part of a refusal as a catalogue message (lists as alternatives)."""
    return {
        "key": key,
        "args": {k: _alternatives(v) if isinstance(v, list) else v for k, v in args.items()},
    }


class Refusal(IllegalAction):
    """An illegal Räväytys action with its reason as a catalogue message.

    ``parts`` are catalogue keys (``rv.why.*``, ``rv.what.*`` in
    :mod:`pakka.games.ravaytys.messages`) with their arguments: one part is the
    refusal's ``key`` and ``fields``; two (why, and what the phase allows) are the
    message ``rv.why.and`` with both nested. An argument that is a list is a choice of
    alternatives (``rv.or.<n>``); an alternative that is a catalogue key
    (``rv.word.*``) is translated. The exception's message is the English text."""

    def __init__(self, *parts: Reason) -> None:
        self.parts = parts
        msgs = [_message(k, a) for k, a in parts]
        if len(msgs) == 1:
            key, fields = msgs[0]["key"], msgs[0]["args"]
        else:
            assert len(msgs) == 2
            key, fields = "rv.why.and", {"why": msgs[0], "what": msgs[1]}
        super().__init__(render(MESSAGES["en"], key, fields, card_names("en")), key, **fields)

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang`` (``en`` or ``fi``; English for anything else), cards
        named in words (:func:`~pakka.games.ravaytys.display.card_names`)."""
        assert self.key is not None
        lang = lang if lang in MESSAGES else "en"
        return render(MESSAGES[lang], self.key, self.fields, card_names(lang))


class _Refusals(_Base):
    """The refusal section of :class:`~pakka.games.ravaytys.state.RavaytysState`."""

    __slots__ = ()

    _WHAT: ClassVar[dict[int, str]] = {
        OPEN: "rv.what.open",
        START: "rv.what.start",
        BUY: "rv.what.buy",
        PLAY: "rv.what.play",
        BUILD: "rv.what.build",
        PLACE: "rv.what.place",
    }

    def _what(self) -> Reason:
        """What the phase allows (the last part of a general refusal)."""
        return (self._WHAT[self.phase], {})

    def _refusal(self, a: RvAction) -> Refusal:
        """Why ``a`` (not legal now) is refused; the first reason that applies."""
        if self.phase == OVER:
            return Refusal(("rv.why.over", {}))
        why = self._why_not(a)
        return (
            Refusal(*why)
            if why
            else Refusal(("rv.why.not_allowed", {"action": _action(a)}), self._what())
        )

    def _why_not(self, a: RvAction) -> list[Reason]:
        ph = self.phase
        k = a.kind
        tp = self.turn_player
        h = self.hands[tp]
        held = (
            (k == A.DISCARD and ph in (OPEN, PLAY))
            or (k in (A.LAY, A.SWAP) and ph == PLAY)
            or (k == A.ADD and ph == BUILD and self.pending_open)
        )
        if held and not h[a.card]:
            return [("rv.why.not_held", {"card": name(a.card)})]
        if ph == PLAY:
            if k == A.DISCARD and a.card == self.drawn:
                return [("rv.why.drawn", {})]
            if k in (A.LAY, A.SWAP) and not self.down[tp]:
                return [("rv.why.not_down", {})]
            if k == A.MELD:
                return self._why_not_meld()
            if k in (A.LAY, A.SWAP) and self.sizes[tp] - 1 < self.keep:
                return [("rv.why.keep", {})]
            if k in (A.LAY, A.SWAP) and a.meld >= len(self.melds):
                return [("rv.why.no_meld", {"meld": a.meld + 1})]
            if k == A.LAY:
                return self._why_no_fit(a.card, a.meld, a.arg)
            if k == A.SWAP:
                return self._why_no_swap(a)
        if ph == BUILD:
            return self._why_not_build(a)
        if ph == PLACE and k == A.PLACE:
            if a.meld >= len(self.melds):
                return [("rv.why.no_meld", {"meld": a.meld + 1})]
            return self._why_no_fit(self.transit, a.meld, a.arg, place=True)
        return []

    def _why_not_meld(self) -> list[Reason]:
        tp = self.turn_player
        if self.down[tp]:
            return [("rv.why.down", {})]
        if self.cancelled:
            return [("rv.why.cancelled", {})]
        key = "rv.why.no_contract" if self.keep else "rv.why.no_contract_all"
        return [(key, {"sets": self.need_sets, "runs": self.need_runs})]

    def _why_not_build(self, a: RvAction) -> list[Reason]:
        k = a.kind
        tp = self.turn_player
        if k in (A.SET, A.RUN):
            if self.pending_open:
                return [("rv.why.group_open", {})]
            sets, runs = self._build_counts(tp)
            if k == A.SET and sets >= self.need_sets:
                return [("rv.why.no_more_sets", {})]
            if k == A.RUN and runs >= self.need_runs:
                return [("rv.why.no_more_runs", {})]
            if k == A.SET:
                group = {"key": "rv.word.set", "args": {"rank": _rank(a.arg)}}
            else:
                suit, start = divmod(a.arg, 16)
                group = {"key": "rv.word.run", "args": {"card": name(card_at(suit, start))}}
            return [("rv.why.no_group_for", {"group": group})]
        if k == A.CLOSE and self.pending_open:
            return [(self._close_reason() or "rv.why.not_allowed", {"action": _action(a)})]
        if k == A.ADD:
            if not self.pending_open:
                return [("rv.why.no_group_open", {})]
            if self.sizes[tp] - 1 < self.keep:
                return [("rv.why.keep", {})]
            g = self.pending[-1]
            c = a.card
            if IS_WILD[c]:
                return [("rv.why.wild_limit", {"group": self._group_words(g)})]
            if g.is_run:
                nxt = g.next_pos()
                if nxt > 14 or (g.lo == 1 and nxt == 14):
                    return [("rv.why.add_run_end", {"to": pos_name(g.hi)})]
                return [("rv.why.add_run", {"want": name(card_at(g.key, nxt)), "card": name(c)})]
            return [("rv.why.add_set", {"rank": rank_name(g.key), "card": name(c)})]
        return []

    @staticmethod
    def _group_words(g: Meld) -> dict[str, Any]:
        """The open group in words: its cards (each wild card with what it stands
        for), or what it is while it has none."""
        if g.cards:
            return {"key": "rv.word.group", "args": {"cards": group_cards(g)}}
        if g.is_run:
            return {"key": "rv.word.run", "args": {"card": name(card_at(g.key, g.lo))}}
        return {"key": "rv.word.set", "args": {"rank": _rank(g.key)}}

    def _ends(self, c: int, m: Meld) -> list[Any]:
        """The alternatives that fit a run (for a refusal), as nested messages: the
        4 of hearts at the low end, the 9 of hearts at the high end, a wild card."""
        out: list[Any] = []
        if m.can_grow_low():
            out.append({"key": "rv.word.at_lo", "args": {"card": name(card_at(m.key, m.lo - 1))}})
        if m.can_grow_high():
            out.append({"key": "rv.word.at_hi", "args": {"card": name(card_at(m.key, m.hi + 1))}})
        if out and self._wild_room(m):
            out.append("rv.word.wild_card")
        return out

    def _why_no_fit(self, c: int, mi: int, end: int, place: bool = False) -> list[Reason]:
        """Why card ``c`` (or the wild card in transit) does not go on meld ``mi`` at ``end``."""
        m = self.melds[mi]
        meld = mi + 1
        if IS_WILD[c] and not self._wild_room(m):
            return [
                ("rv.why.wild_limit", {"group": {"key": "rv.word.meld", "args": {"meld": meld}}})
            ]
        if not m.is_run:
            if end != A.NO_END:
                return [("rv.why.set_end", {"meld": meld})]
            return [("rv.why.fit_set", {"card": name(c), "meld": meld, "rank": rank_name(m.key)})]
        lo, hi = pos_name(m.lo), pos_name(m.hi)
        if not m.can_grow_low() and not m.can_grow_high():
            return [("rv.why.run_full", {"meld": meld, "lo": lo, "hi": hi})]
        ends = self._ends(c, m)
        if place:
            ends = [
                {"key": "rv.end." + e["key"][-2:], "args": {}} for e in ends if isinstance(e, dict)
            ]
            return [("rv.why.place_end", {"meld": meld, "lo": lo, "hi": hi, "ends": ends})]
        return [
            ("rv.why.fit_run", {"card": name(c), "meld": meld, "lo": lo, "hi": hi, "ends": ends})
        ]

    def _why_no_swap(self, a: RvAction) -> list[Reason]:
        m = self.melds[a.meld]
        meld = a.meld + 1
        w = a.arg
        if w not in m.cards:
            return [("rv.why.no_wild", {"wild": name(w), "meld": meld})]
        if self._wild_index(m, a.card, w) < 0:
            if m.is_run:
                reps = [
                    _card(name(card_at(m.key, m.lo + i))) for i, c in enumerate(m.cards) if c == w
                ]
                return [
                    (
                        "rv.why.swap_run",
                        {"wild": name(w), "meld": meld, "rep": reps, "card": name(a.card)},
                    )
                ]
            return [
                (
                    "rv.why.swap_set",
                    {"wild": name(w), "meld": meld, "rank": rank_name(m.key), "card": name(a.card)},
                )
            ]
        return [("rv.why.no_place", {})]
