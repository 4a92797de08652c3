"""Räväytys's display layer: card names in words, structured legal actions, the
phase prompts, the score sheet and the lay-down hint, for every front end.

Pure: no I/O and no front-end imports. Everything here is computed from a view
(any seat's or a spectator's: the labels need public facts only), so the terminal
and the browser show the same rule values without computing any;
:meth:`RavaytysDisplay.describe` takes a state's spectator view. Rule
ids refer to ``shared/rules/ravaytys.md``.

Card codes: the 53 card values (``"7H"``, ``"10D"``, ``"JK"``) and, for a wild card
in a meld, ``WILD=REP`` as the engine writes groups (:meth:`Meld.describe`):
``"2S=7"`` (a black two standing for a 7 in a set, D-RV-14), ``"JK=QH"`` (the joker
as the queen of hearts in a run, D-RV-2).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from typing_extensions import TypedDict

from pakka.core.cards import parse_card
from pakka.core.seam import ActionKind, Display, LegalAction, Message, Target, msg
from pakka.games.ravaytys import actions as A
from pakka.games.ravaytys.actions import BY_TEXT, RvAction
from pakka.games.ravaytys.cards import (
    CONTRACTS,
    IS_WILD,
    NUM_KINDS,
    VALUES,
    WILDS,
    card_at,
    name,
    pos_name,
    rank_name,
)
from pakka.games.ravaytys.melds import Meld

if TYPE_CHECKING:
    from pakka.core.game import Action, State

_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_SUITS = "SHDC"
_EN_RANK = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}
_EN_SUIT = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_FI_RANK = {"J": "jätkä", "Q": "rouva", "K": "kuningas", "A": "ässä"}
_FI_SUIT = {"S": "pata", "H": "hertta", "D": "ruutu", "C": "risti"}


def _natural_name(code: str, lang: str) -> str:
    """A natural card (or a rank alone) in words."""
    if code == "JK":
        return "jokeri" if lang == "fi" else "joker"
    if code in _RANKS:
        return (_FI_RANK if lang == "fi" else _EN_RANK).get(code, code)
    rank, suit = code[:-1], code[-1]
    if lang == "fi":
        return f"{_FI_SUIT[suit]}-{_FI_RANK.get(rank, rank)}"
    return f"{_EN_RANK.get(rank, rank)} of {_EN_SUIT[suit]}"


def _wild_name(wild: str, rep: str, lang: str) -> str:
    """A wild card in a meld with what it stands for (D-RV-2, D-RV-14)."""
    what = _natural_name(rep, lang)
    if lang == "fi":
        return f"jokeri korttina {what}" if wild == "JK" else f"musta kakkonen jokerina {what}"
    return f"joker as {what}" if wild == "JK" else f"black two as {what}"


@cache
def _card_names(lang: str) -> dict[str, str]:
    lang = "fi" if lang == "fi" else "en"
    out = {name(c): _natural_name(name(c), lang) for c in range(NUM_KINDS)}
    reps = [*_RANKS, *(name(c) for c in range(52))]
    for w in WILDS:
        for rep in reps:
            out[f"{name(w)}={rep}"] = _wild_name(name(w), rep, lang)
    return out


def card_names(lang: str) -> Mapping[str, str]:
    """Every card code (and ``WILD=REP`` code of a wild card in a meld) -> its name
    in words in ``lang`` (Finnish for ``fi``, else English): "hertta-4", "4 of
    hearts", "musta kakkonen jokerina 7"."""
    return _card_names(lang)


def wild_code(wild: int, meld_is_run: bool, key: int, pos: int) -> str:
    """The code ``WILD=REP`` of a wild card at run position ``pos`` (or in a set of
    rank ``key``), as groups are written in the log."""
    rep = name(card_at(key, pos)) if meld_is_run else rank_name(key)
    return f"{name(wild)}={rep}"


def contract_message(sets: int, runs: int) -> Message:
    """The round's contract in words (the table after R-RV-4)."""
    if sets and runs:
        return msg("rv.contract.both", sets=sets, runs=runs)
    if runs:
        return msg("rv.contract.runs", runs=runs)
    return msg("rv.contract.sets", sets=sets)


def _rank_plural(rank: int) -> Message:
    return msg(f"rv.ranks.{rank_name(rank)}")


def _contract(view: Mapping[str, Any]) -> Message:
    c = view["contract"]
    return contract_message(c["sets"], c["runs"])


def _card_index(code: str) -> int:
    return parse_card(code).index


def _rank_value(rank: str) -> int:
    """A rank name as 2..14 (``"A"`` is 14)."""
    return _RANKS.index(rank) + 2


def meld_from_view(mv: Mapping[str, Any]) -> Meld:
    """A group of a view (``melds`` or ``pending``) as a :class:`Meld` value."""
    if mv["kind"] == "run":
        frm = mv.get("from")
        # a run that has cards starts at its ``from`` rank (the ace low); an opened
        # run without cards yet never reaches a label that needs its position
        lo = 1 if frm == "A" else (_rank_value(frm) if frm else 1)
        m = Meld(mv["owner"], True, _SUITS.index(mv["suit"]), lo)
    else:
        m = Meld(mv["owner"], False, _rank_value(mv["rank"]))
    m.cards = [_card_index(e["card"]) for e in mv["cards"]]
    return m


def meld_message(m: Meld, index: int) -> Message:
    """A meld on the table in words: its name (``M2``), owner and what it is."""
    if m.is_run:
        return msg(
            "rv.meld.run",
            meld=index + 1,
            owner=m.owner,
            lo=name(card_at(m.key, m.lo)),
            hi=name(card_at(m.key, m.hi)),
        )
    return msg("rv.meld.set", meld=index + 1, owner=m.owner, rank=_rank_plural(m.key))


def group_cards(m: Meld) -> list[str]:
    """A group's cards as codes, each wild card with what it stands for."""
    return [
        wild_code(c, m.is_run, m.key, m.lo + i) if IS_WILD[c] else name(c)
        for i, c in enumerate(m.cards)
    ]


_END = {A.LOW: "lo", A.HIGH: "hi"}


class RavaytysDisplay(Display):
    """Labels, card names, prompts, the score sheet and the hint of Räväytys."""

    def card_names(self, lang: str) -> Mapping[str, str]:
        return _card_names(lang)

    def describe(self, state: State[Any], action: Action) -> LegalAction:
        return self.describe_in_view(state.view(None, log=False), action)  # type: ignore[arg-type]

    def legal(self, state: State[Any]) -> list[LegalAction]:
        view = state.view(None, log=False)  # public facts only: one view for all actions
        return [self.describe_in_view(view, a) for a in state.legal_actions()]

    def describe_in_view(self, view: Mapping[str, Any], a: RvAction) -> LegalAction:
        """``a`` (legal in the position of ``view``) as a structured value. Every
        label needs only public facts, so any seat's or a spectator's view serves."""
        kind, cards, target, label = self._describe(view, a)
        return {
            "id": a.id,
            "text": a.text,
            "kind": kind.value,
            "cards": cards,
            "target": target,
            "label": label,
        }

    def _describe(
        self, view: Mapping[str, Any], a: RvAction
    ) -> tuple[ActionKind, list[str], Target | None, Message]:
        k = a.kind
        top: str | None = view["top"]
        tops = [top] if top else []
        if k == A.TAKE:
            return ActionKind.TAKE, tops, {"pile": "discard"}, msg("rv.act.take", card=top)
        if k == A.DRAW:
            if top is None:
                return ActionKind.DRAW, [], {"pile": "stock"}, msg("rv.act.draw")
            return ActionKind.DRAW, [], {"pile": "stock"}, msg("rv.act.leave", card=top)
        if k == A.BUY:
            # R-RV-10; no penalty card once the stock is exhausted (R-RV-20, D-RV-12)
            key = "rv.act.buy_free" if view["stage"] == 2 else "rv.act.buy"
            return ActionKind.BUY, tops, {"pile": "discard"}, msg(key, card=top)
        if k == A.PASS:
            return ActionKind.DECLINE, [], None, msg("rv.act.pass", card=top)
        if k == A.DISCARD:
            c = name(a.card)
            if view["phase"] == "open":
                key = "rv.act.first_discard"  # R-RV-9
            elif view["hand_sizes"][view["turn_player"]] == 1:
                key = "rv.act.discard_out"  # D-RV-4: out by the final discard
            else:
                key = "rv.act.discard"
            return ActionKind.DISCARD, [c], None, msg(key, card=c)
        if k == A.MELD:
            return ActionKind.MELD, [], None, msg("rv.act.meld", contract=_contract(view))
        if k == A.SET:
            rank = rank_name(a.arg)
            return ActionKind.BUILD, [], {"rank": rank}, msg("rv.act.set", rank=_rank_plural(a.arg))
        if k == A.RUN:
            suit, start = divmod(a.arg, 16)
            first = name(card_at(suit, start))
            target: Target = {"suit": _SUITS[suit], "rank": pos_name(start)}
            return ActionKind.BUILD, [], target, msg("rv.act.run", card=first)
        if k == A.ADD:
            g = meld_from_view(view["pending"][-1])
            pos = g.next_pos()
            c = wild_code(a.card, g.is_run, g.key, pos) if IS_WILD[a.card] else name(a.card)
            return ActionKind.BUILD, [name(a.card)], None, msg("rv.act.add", card=c)
        if k == A.CLOSE:
            pending = view["pending"]
            g = meld_from_view(pending[-1])
            sets = sum(1 for p in pending if p["kind"] == "set")
            c = view["contract"]
            done = sets == c["sets"] and len(pending) - sets == c["runs"]  # R-RV-13
            key = "rv.act.close_down" if done else "rv.act.close"
            cards = [name(x) for x in g.cards]
            return ActionKind.BUILD, cards, None, msg(key, cards=group_cards(g))
        if k == A.CANCEL:
            return ActionKind.CANCEL, [], None, msg("rv.act.cancel")
        m = meld_from_view(view["melds"][a.meld])
        meld = meld_message(m, a.meld)
        if k == A.SWAP:
            # the wild card stands for exactly the natural card in a run, for the
            # rank in a set (D-RV-14); the natural takes its place (R-RV-17)
            rep = name(a.card) if m.is_run else rank_name(m.key)
            wild = f"{name(a.arg)}={rep}"
            return (
                ActionKind.SWAP,
                [name(a.card), name(a.arg)],
                {"meld": a.meld, "wild": name(a.card)},
                msg("rv.act.swap", card=name(a.card), wild=wild, meld=meld),
            )
        # LAY (R-RV-14/16) or PLACE (R-RV-17, the wild card freed by a swap)
        card = _card_index(view["in_transit"]) if k == A.PLACE else a.card
        where: Target = {"meld": a.meld}
        pos = 0
        if m.is_run:
            where["end"] = _END[a.arg]
            pos = m.lo - 1 if a.arg == A.LOW else m.hi + 1
        c = wild_code(card, m.is_run, m.key, pos) if IS_WILD[card] else name(card)
        what = "place" if k == A.PLACE else "lay"
        key = f"rv.act.{what}_{'run' if m.is_run else 'set'}"
        end = msg(f"rv.end.{_END.get(a.arg, 'lo')}")
        return (
            ActionKind.PLACE if k == A.PLACE else ActionKind.LAY_OFF,
            [name(card)],
            where,
            msg(key, card=c, meld=meld, end=end),
        )

    # ---------------------------------------------------------- from a view
    def prompt(self, view: Mapping[str, Any]) -> Message:
        """What the phase asks of the player to act (in the view's seat's words)."""
        phase = view["phase"]
        top = view["top"]
        if phase == "over":
            return msg("rv.prompt.over")
        if phase == "open":
            return msg("rv.prompt.open", dealer=view["dealer"])  # R-RV-9
        if phase == "start":
            if top is None:
                return msg("rv.prompt.start_empty", player=view["turn_player"])
            return msg("rv.prompt.start", player=view["turn_player"], card=top)  # R-RV-10
        if phase == "buy":
            key = "rv.prompt.buy_free" if view["stage"] == 2 else "rv.prompt.buy"
            # D-RV-3; ``from`` (a seat argument, as front ends name seats) left the discard
            return msg(key, player=view["asked"], card=top, **{"from": view["turn_player"]})
        if phase == "build":
            c = view["contract"]
            return msg("rv.prompt.build", contract=contract_message(c["sets"], c["runs"]))
        if phase == "place":
            return msg("rv.prompt.place", card=view["in_transit"])  # R-RV-17
        tp = view["turn_player"]
        if view["down"][tp]:
            return msg("rv.prompt.play_down", player=tp)  # R-RV-16/17
        c = view["contract"]
        return msg("rv.prompt.play", player=tp, contract=contract_message(c["sets"], c["runs"]))

    def round_title(self, view: Mapping[str, Any]) -> Message:
        """``Round r/8 — contract: …``."""
        c = view["contract"]
        return msg(
            "rv.ui.round",
            round=view["round"],
            rounds=len(CONTRACTS),
            contract=contract_message(c["sets"], c["runs"]),
        )

    def stage_note(self, view: Mapping[str, Any]) -> Message | None:
        """What the stock's stage changes for a turn (R-RV-19/20), if anything."""
        return {1: msg("rv.ui.stage1"), 2: msg("rv.ui.stage2")}.get(view["stage"])

    def sheet(self, view: Mapping[str, Any]) -> list[SheetRow]:
        """The score sheet, one row per seat (R-RV-21/22)."""
        return [
            {
                "seat": p,
                "to_act": p == view["current_player"],
                "hand_size": view["hand_sizes"][p],
                "rounds": [r[p] for r in view["sheet"]],
                "total": view["scores"][p],
            }
            for p in range(view["players"])
        ]

    hints: ClassVar[bool] = True

    def hint(self, view: Mapping[str, Any]) -> Hint | None:
        """The solver's best lay-down of the round's contract from the viewer's hand
        (R-RV-13, D-RV-4, D-RV-7), or ``None`` without a hand or once the seat is down.

        The one computation of the hint for the terminal and the server."""
        hand = view.get("hand")
        seat = view["seat"]
        if hand is None or seat is None or not hand or view["down"][seat]:
            return None
        return hint_for_hand(hand, view["contract"], view["options"])

    def label_for_text(self, view: Mapping[str, Any], text: str) -> Message | None:
        """The label of an action given in canonical notation, legal in the position of
        ``view`` (for a front end that holds a view, not a state); ``None`` for text that
        is no action."""
        a = BY_TEXT.get(text)
        return None if a is None else self.describe_in_view(view, a)["label"]

    def is_wild(self, code: str) -> bool:
        """Whether a card code is a wild card (R-RV-3: a joker or a black two)."""
        return IS_WILD[_card_index(code)]


class SheetRow(TypedDict):
    """One seat's line of the score sheet."""

    seat: int
    to_act: bool
    """Whether the seat is to act now."""
    hand_size: int
    rounds: list[int]
    """Minus points per finished round (R-RV-21)."""
    total: int
    """The running total (R-RV-22: the lowest wins)."""


class Hint(TypedDict):
    """The solver's proposed lay-down (R-RV-13)."""

    possible: bool
    """Whether the contract can be laid down from the hand now (keeping a card to
    discard unless ``go_out_by_melding``, D-RV-4)."""
    groups: list[list[str]]
    """The groups, each as card codes, a wild card as ``WILD=REP``."""
    steps: list[str]
    """The action texts that lay it down step by step (``meld``, ``set 7``, …)."""
    left: list[str]
    """The cards that stay in hand."""
    value: int
    """Their minus points (D-RV-7)."""


def hint_for_hand(hand: list[str], contract: Mapping[str, Any], options: Mapping[str, Any]) -> Hint:
    """The hint for a hand (codes), the round's contract and the game's options."""
    from pakka.games.ravaytys.solver import best_contract, build_steps

    counts = [0] * NUM_KINDS
    for code in hand:
        counts[parse_card(code).index] += 1
    arr = best_contract(
        counts,
        int(contract["sets"]),
        int(contract["runs"]),
        VALUES[str(options.get("scoring", "default"))],
        0 if options.get("go_out_by_melding") else 1,
        int(options.get("max_wilds_per_group", 0)),
    )
    if arr is None:
        return {"possible": False, "groups": [], "steps": [], "left": [], "value": 0}
    groups = []
    for g in arr.groups:
        m = Meld(-1, g.is_run, g.key, g.lo)
        m.cards = list(g.cards)
        groups.append(group_cards(m))
    left = [name(c) for c in range(NUM_KINDS) for _ in range(arr.remainder[c])]
    return {
        "possible": True,
        "groups": groups,
        "steps": list(build_steps(arr)),
        "left": left,
        "value": arr.value,
    }
