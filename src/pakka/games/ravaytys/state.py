"""The state of a game of Räväytys: :class:`RavaytysState`, composed of one mixin
per section of the rules (:mod:`.turn`, :mod:`.laydown`, :mod:`.scoring`) and the
refusals (:mod:`.refusals`); here the phase dispatch, the legality checks, the
notation, the views and cloning. Rule ids refer to ``shared/rules/ravaytys.md``."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar

from pakka.core.errors import IllegalAction, NotationError
from pakka.core.game import State
from pakka.games.ravaytys import actions as A
from pakka.games.ravaytys import sampling
from pakka.games.ravaytys.actions import ACTIONS, BY_TEXT, RvAction
from pakka.games.ravaytys.cards import (
    CONTRACTS,
    IS_WILD,
    NUM_KINDS,
    VALUES,
    WILDS,
    name,
    rank_of,
)
from pakka.games.ravaytys.legality import CAN, _Legality
from pakka.games.ravaytys.melds import Meld
from pakka.games.ravaytys.refusals import Refusal
from pakka.games.ravaytys.rules import (
    BUILD,
    BUY,
    OPEN,
    OVER,
    PHASE_NAMES,
    PLACE,
    PLAY,
    START,
    _card,
)
from pakka.games.ravaytys.scoring import _Scoring
from pakka.games.ravaytys.turn import _Turn

if TYPE_CHECKING:
    from pakka.games.ravaytys.rules import Ravaytys


class RavaytysState(_Turn, _Legality, _Scoring, State[RvAction]):
    """A whole game of Räväytys (eight rounds)."""

    public_history: ClassVar[bool] = True
    quiet: bool = False
    """Whether the log is switched off (a search's own playouts, see :meth:`silence`)."""

    def __init__(
        self, game: Ravaytys, seed: int, deck: list[str] | None, stacks: list[list[int]]
    ) -> None:
        self._init_base(game, seed, deck)
        o = game.options
        self.n = game.num_players
        self.go_out_by_melding = bool(o["go_out_by_melding"])
        self.keep = 0 if self.go_out_by_melding else 1
        self.unlimited_reshuffles = o["reshuffles"] == "unlimited"
        self.max_buys = int(o["max_buys_per_round"])  # type: ignore[arg-type]
        self.max_wilds = int(o["max_wilds_per_group"])  # type: ignore[arg-type]
        self.values = VALUES[str(o["scoring"])]
        self.max_turns = int(o["max_turns_per_round"])  # type: ignore[arg-type]
        self._stacks = stacks
        self.round = 0
        self.dealer = 0  # D-RV-0
        self.totals = [0] * self.n
        self.sheet: list[list[int]] = []
        self.went_out: list[int] = []
        self._start_round()

    def silence(self) -> None:
        """Drop the log and record no more entries (also in clones): for a bot's
        playouts of a sampled state, which nobody views and which would otherwise
        spend much of their time writing and copying the log."""
        self.quiet = True
        self._log = []

    @property
    def current_player(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase == BUY:
            return self.askers[0]
        return self.turn_player

    @property
    def mid_move(self) -> bool:
        """A lay-down being built (after ``meld``) or a freed wild card to place
        (after ``swap``): the turn player's steps make one move (R-RV-17)."""
        return self.phase == BUILD or self.phase == PLACE

    def legal_actions(self) -> list[RvAction]:
        ph = self.phase
        if ph == OVER:
            return []
        if ph == BUY:
            return [A.A_BUY, A.A_PASS]
        if ph == START:
            return [A.A_TAKE, A.A_DRAW] if self.pile else [A.A_DRAW]
        tp = self.turn_player
        h = self.hands[tp]
        if ph == OPEN:
            return [A.A_DISCARD[c] for c in range(NUM_KINDS) if h[c]]
        if ph == PLACE:
            out = []
            for mi, m in enumerate(self.melds):
                if not self._wild_room(m):
                    continue
                if not m.is_run:
                    out.append(A.A_PLACE[mi][A.NO_END])
                else:
                    if m.can_grow_low():
                        out.append(A.A_PLACE[mi][A.LOW])
                    if m.can_grow_high():
                        out.append(A.A_PLACE[mi][A.HIGH])
            return out
        if ph == BUILD:
            return self._build_actions()
        # PLAY
        out = []
        size = self.sizes[tp]
        drawn = self.drawn
        for c in range(NUM_KINDS):
            k = h[c]
            # R-RV-19: not the card drawn from a new stock (D-RV-15: unless it is the last)
            if k and not (c == drawn and k == 1 and size > 1):
                out.append(A.A_DISCARD[c])
        if not self.down[tp]:
            if self._meld_ok(size):
                out.append(A.A_MELD)
            return out
        if size - 1 < self.keep:
            return out
        melds = self.melds
        for c in range(NUM_KINDS):
            if not h[c]:
                continue
            lay = A.A_LAY[c]
            wild = IS_WILD[c]
            for mi, m in enumerate(melds):
                if m.is_run:
                    if self._fits(c, m, A.LOW):
                        out.append(lay[mi][A.LOW])
                    if self._fits(c, m, A.HIGH):
                        out.append(lay[mi][A.HIGH])
                elif (wild and self._wild_room(m)) or (not wild and rank_of(c) == m.key):
                    out.append(lay[mi][A.NO_END])
            if not wild:
                for mi, m in enumerate(melds):
                    for w in WILDS:
                        if w in m.cards and self._wild_index(m, c, w) >= 0 and self._has_place(mi):
                            out.append(A.A_SWAP[(c, mi, w)])
        return out

    def apply(self, action: RvAction | str) -> None:
        """As :meth:`State.apply`, with a fast path for action values (the base
        class's runtime Protocol check costs more than the whole move)."""
        if type(action) is RvAction:
            self.verify(action)
            self._apply(action)
            self._actions.append(action)
        else:
            super().apply(action)

    # ---------------------------------------------------------------- legality
    def verify(self, action: RvAction) -> None:
        """Raise :class:`IllegalAction` with the reason if ``action`` is not legal now:
        not a Räväytys action, the game over, or refused by its kind's ``can_<kind>``
        (:mod:`.legality`; the reason from :mod:`.refusals`)."""
        if not isinstance(action, RvAction) or not (
            0 <= action.id < A.NUM_ACTIONS
            and (ACTIONS[action.id] is action or ACTIONS[action.id] == action)
        ):
            raise IllegalAction(f"{action!r} is not a Räväytys action")
        if self.phase == OVER:
            raise Refusal(("rv.why.over", {}))
        a = ACTIONS[action.id]
        if not CAN[a.kind](self, a):
            raise self._refusal(a)

    def parse_action(self, text: str) -> RvAction:
        if not isinstance(text, str):
            raise IllegalAction(f"{text!r} is not action text")
        toks = text.strip().split()
        if not toks:
            raise Refusal(("rv.why.not_action", {"text": ""}), self._what())
        if self.phase == OVER:
            raise Refusal(("rv.why.over", {}))
        words = [toks[0].lower()]
        try:
            for t in toks[1:]:
                u = t.upper()
                if u in ("LO", "HI"):
                    words.append(u.lower())
                elif u.startswith("M") and u[1:].isdigit():
                    words.append("M" + str(int(u[1:])))
                elif words[0] in ("set", "run"):
                    words.append(u)
                else:
                    words.append(name(_card(t)))
        except NotationError:
            raise Refusal(("rv.why.not_card", {"text": t}), self._what()) from None
        if words[0] == "run" and len(words) == 3 and words[2] in ("1", "14"):
            words[2] = "A"
        if words[0] == "set" and len(words) == 2 and words[1] in ("1", "14"):
            words[1] = "A"
        a = BY_TEXT.get(" ".join(words))
        if a is None:
            raise Refusal(("rv.why.not_action", {"text": text.strip()[:40]}), self._what())
        if a.kind in (A.LAY, A.PLACE) and a.arg == A.NO_END and a.meld < len(self.melds):
            a = self._short_end(a)
        self.verify(a)
        return a

    def _short_end(self, a: RvAction) -> RvAction:
        """``lay CARD Mn`` / ``place Mn`` on a run: the one end that fits; both ends
        fitting is refused, naming both forms; neither end is refused by :meth:`verify`."""
        if not self.melds[a.meld].is_run:
            return a
        if a.kind == A.LAY:
            opts = [A.A_LAY[a.card][a.meld][e] for e in (A.LOW, A.HIGH)]
        else:
            opts = [A.A_PLACE[a.meld][e] for e in (A.LOW, A.HIGH)]
        fits = [o for o in opts if self._is_legal(o)]
        if len(fits) == 1:
            return fits[0]
        if len(fits) == 2:
            what: list[object] = (
                [{"key": "rv.word.card", "args": {"card": name(a.card)}}]
                if a.kind == A.LAY
                else ["rv.word.wild"]
            )
            raise Refusal(("rv.why.which_end", {"what": what, "meld": a.meld + 1}))
        return a

    # ------------------------------------------------------------------- apply
    def _apply(self, a: RvAction) -> None:
        k = a.kind
        tp = self.turn_player
        if k == A.DISCARD:
            c = a.card
            self._remove(tp, c)
            self.pile.append(c)
            self._say("rv.discard", player=tp, card=name(c))
            if self.phase == OPEN:
                self.turn_player = (self.dealer + 1) % self.n
                self._begin_turn()
                return
            if self.sizes[tp] == 0:
                self._went_out(tp)  # R-RV-18, D-RV-4: out by the final discard
                return
            self._end_turn()  # R-RV-12: the discard ends the turn
        elif k == A.TAKE:
            c = self.pile.pop()
            self._gain_known(tp, c)
            self._say("rv.take", player=tp, card=name(c))
            self.phase = PLAY
        elif k == A.DRAW:
            self._say("rv.leave", player=tp)
            self._open_window()
        elif k == A.PASS:
            self._say("rv.no_buy", player=self.askers[0])
            self.askers.pop(0)
            if not self.askers:
                self._after_window()
        elif k == A.BUY:
            buyer = self.askers[0]
            c = self.pile.pop()
            self._gain_known(buyer, c)
            self.buys[buyer] += 1
            self._say("rv.buy", player=buyer, card=name(c))
            if self.stage != 2:
                pen = self._stock_card()
                if pen >= 0:
                    self.hands[buyer][pen] += 1
                    self.sizes[buyer] += 1
                    self._say("rv.penalty", player=buyer)
                    self._say("rv.penalty_card", to=buyer, card=name(pen))
                else:
                    self._say("rv.no_penalty", player=buyer)
            else:
                self._say("rv.no_penalty", player=buyer)
            self._after_window()
        elif k == A.MELD:
            self.phase = BUILD
            self._say("rv.meld_start", player=tp)
        elif k == A.SET or k == A.RUN:
            if k == A.SET:
                g = Meld(tp, False, a.arg)
            else:
                s, p = divmod(a.arg, 16)
                g = Meld(tp, True, s, p)
            self.pending.append(g)
            self.pending_open = True
            self._say("rv.group", player=tp, group=str(a)[4:], kind="run" if g.is_run else "set")
        elif k == A.ADD:
            self._remove(tp, a.card)
            self.pending[-1].cards.append(a.card)
            self._say("rv.add", player=tp, card=name(a.card))
        elif k == A.CLOSE:
            self.pending_open = False
            sets, runs = self._build_counts(tp)
            self._say("rv.close", player=tp, group=self.pending[-1].describe())
            if sets == self.need_sets and runs == self.need_runs:
                self._lay_down(tp)
        elif k == A.CANCEL:
            for g in self.pending:
                for c in g.cards:
                    self._gain_known(tp, c)
            self.pending = []
            self.pending_open = False
            self.cancelled = True  # D-RV-6: no new lay-down this turn
            self.phase = PLAY
            self._say("rv.cancel", player=tp)
        elif k == A.LAY:
            m = self.melds[a.meld]
            c = a.card
            self._remove(tp, c)
            if a.arg == A.LOW:
                m.cards.insert(0, c)
                m.lo -= 1
            else:
                m.cards.append(c)
            self._say("rv.lay", player=tp, card=name(c), meld=f"M{a.meld + 1}", group=m.describe())
            self._after_hand_change(tp)
        elif k == A.SWAP:
            m = self.melds[a.meld]
            i = self._wild_index(m, a.card, a.arg)
            self._remove(tp, a.card)
            m.cards[i] = a.card
            self.transit = a.arg
            self.transit_from = a.meld
            self.phase = PLACE
            self._say(
                "rv.swap", player=tp, card=name(a.card), wild=name(a.arg), meld=f"M{a.meld + 1}"
            )
        elif k == A.PLACE:
            m = self.melds[a.meld]
            w = self.transit
            if a.arg == A.LOW:
                m.cards.insert(0, w)
                m.lo -= 1
            else:
                m.cards.append(w)
            self.transit = -1
            self.transit_from = -1
            self.phase = PLAY
            self._say(
                "rv.place", player=tp, wild=name(w), meld=f"M{a.meld + 1}", group=m.describe()
            )
            self._after_hand_change(tp)

    def _view(self, player: int | None) -> dict[str, Any]:
        sets, runs, k = CONTRACTS[min(self.round, len(CONTRACTS) - 1)]
        v: dict[str, Any] = {
            "round": min(self.round + 1, len(CONTRACTS)),
            "contract": {"sets": sets, "runs": runs, "cards": k},
            "dealer": self.dealer,
            "turn_player": self.turn_player,
            "phase": PHASE_NAMES[self.phase],
            "stage": self.stage,
            "hand_sizes": list(self.sizes),
            "known": [
                sorted(name(c) for c, cnt in kn.items() for _ in range(cnt)) for kn in self.known
            ],
            "down": list(self.down),
            "melds": [m.to_json(i) for i, m in enumerate(self.melds)],
            "pending": [g.to_json(None) for g in self.pending],
            "pending_open": self.pending_open,
            "in_transit": name(self.transit) if self.transit >= 0 else None,
            "top": name(self.pile[-1]) if self.pile else None,  # R-RV-12: top card only
            "pile_size": len(self.pile),
            "stock_size": len(self.stock),
            "buys": list(self.buys),
            "asked": self.askers[0] if self.phase == BUY else None,
            "turns": self.turns,
            "sheet": [list(r) for r in self.sheet],
        }
        if player is not None:
            v["hand"] = self._hand_text(player)
            v["drawn"] = (
                name(self.drawn) if self.drawn >= 0 and player == self.turn_player else None
            )
        return v

    def _full_view(self) -> dict[str, Any]:
        return {
            "hands": [self._hand_text(p) for p in range(self.n)],
            "stock": [name(c) for c in reversed(self.stock)],
            "pile": [name(c) for c in self.pile],
            "drawn_card": name(self.drawn) if self.drawn >= 0 else None,
        }

    # ------------------------------------------------------------------- clone
    def clone(self) -> RavaytysState:
        s = RavaytysState.__new__(RavaytysState)
        self._copy_base(s)
        s.__dict__.update(self.__dict__)
        s.rng = self.rng.clone()
        s._actions = self._actions.copy()
        s._log = self._log.copy()
        s.totals = self.totals.copy()
        s.sheet = [r.copy() for r in self.sheet]
        s.went_out = self.went_out.copy()
        s.hands = [h.copy() for h in self.hands]
        s.sizes = self.sizes.copy()
        s.stock = self.stock.copy()
        s.pile = self.pile.copy()
        s.melds = [m.copy() for m in self.melds]
        s.down = self.down.copy()
        s.known = [k.copy() for k in self.known]
        s.buys = self.buys.copy()
        s.pending = [g.copy() for g in self.pending]
        s.askers = self.askers.copy()
        return s

    # ------------------------------------------------------ hidden information
    def sample_consistent(self, player: int, rng: random.Random) -> RavaytysState:
        """Redeal what ``player`` cannot see: the other hands' unknown cards and the
        stock. Publicly known cards (taken or bought discards, cards shown in a
        cancelled lay-down) stay in their hands; after a reshuffle the stock holds
        only cards of the reshuffled pile (:func:`.sampling.sample_consistent`)."""
        return sampling.sample_consistent(self, player, rng)
