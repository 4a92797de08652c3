"""Räväytys (contract rummy) for 3–6 players: eight contract rounds with buying,
wild cards and wild-card swaps. Rule ids (R-RV-…, D-RV-…) refer to
``shared/rules/ravaytys.md``.

One state is the whole eight-round game. A turn runs through phases: the player
in turn takes the discard or leaves it (``START``); if left, the buy window asks
the other seats one at a time (``BUY``, D-RV-3); then the player plays
(``PLAY``): lays the contract down step by step (``BUILD``), lays off, swaps
wild cards (``PLACE`` puts the freed wild card down) and finally discards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import Enum, StrEnum
from typing import Any, ClassVar

from pakka.core.cards import JOKER_INDEX
from pakka.core.errors import IllegalAction, NotationError
from pakka.core.game import Game, State
from pakka.core.log import LogEntry
from pakka.core.options import Option
from pakka.core.seam import Display
from pakka.games.ravaytys import actions as A
from pakka.games.ravaytys.actions import ACTIONS, BY_TEXT, RvAction
from pakka.games.ravaytys.cards import (
    CONTRACTS,
    IS_WILD,
    NUM_KINDS,
    VALUES,
    WILDS,
    card_at,
    full_deck,
    name,
    pos_name,
    positions_of,
    rank_name,
    rank_of,
    suit_of,
)
from pakka.games.ravaytys.display import RavaytysDisplay
from pakka.games.ravaytys.melds import Meld, runs_adjacent
from pakka.games.ravaytys.messages import MESSAGES
from pakka.games.ravaytys.solver import can_lay_down
from pakka.games.ravaytys.view import RavaytysView

OPEN, START, BUY, PLAY, BUILD, PLACE, OVER = range(7)


class Phase(StrEnum):
    """The phases of a round, as views name them (``PHASE_NAMES[OPEN]`` is ``"open"``)."""

    OPEN = "open"
    START = "start"
    BUY = "buy"
    PLAY = "play"
    BUILD = "build"
    PLACE = "place"
    OVER = "over"


PHASE_NAMES = tuple(p.value for p in Phase)
ROUND_BREAK = "|"


_CAN_MELD: dict[tuple[int, ...], bool] = {}
"""Whether a hand can lay a contract down: (53 counts, sets, runs, keep, max wilds) ->
the meld solver's answer (a pure function of the key, so shared by all states)."""


class RoundBreak:
    """Marker between the stacked cards of consecutive rounds in a test deck."""

    def __str__(self) -> str:
        return ROUND_BREAK


BREAK = RoundBreak()

Reason = tuple[str, dict[str, Any]]
"""One part of a refusal: a message key of the catalogue and its arguments."""


class Refusal(IllegalAction):
    """An illegal Räväytys action with its reason in English and Finnish.

    ``parts`` are catalogue keys (``rv.why.*``, ``rv.what.*`` in
    :mod:`pakka.games.ravaytys.messages`) with their arguments; :meth:`text` joins
    them with ``; `` in a language. The exception's message is the English text.
    An argument that is a list is a choice of alternatives joined by "or"; an
    alternative that is a catalogue key (``rv.word.*``) is translated."""

    def __init__(self, *parts: Reason) -> None:
        self.parts = parts
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang`` (``en`` or ``fi``; English for anything else)."""
        cat = MESSAGES.get(lang, MESSAGES["en"])

        def word(w: str) -> str:
            return cat.get(w, w) if w.startswith("rv.word.") else w

        out = []
        for key, args in self.parts:
            fmt = {
                k: cat["rv.word.or"].join(word(w) for w in v) if isinstance(v, list) else v
                for k, v in args.items()
            }
            out.append(cat[key].format(**fmt))
        return "; ".join(out)


def _card(text: str) -> int:
    from pakka.core.cards import parse_card

    return parse_card(text).index


class Ravaytys(Game["RavaytysState"]):
    """The rules of Räväytys at a player count and options."""

    name = "ravaytys"
    title: ClassVar[dict[str, str]] = {"en": "Räväytys", "fi": "Räväytys"}
    summary: ClassVar[dict[str, str]] = {
        "en": "Contract rummy over eight rounds with buying, wild jokers and black twos.",
        "fi": "Kahdeksan kierroksen sitoumusrommi: ostot, villit jokerit ja mustat kakkoset.",
    }
    min_players = 3
    max_players = 6
    phases: ClassVar[type[Enum]] = Phase
    view_type: ClassVar[type | None] = RavaytysView
    display: ClassVar[Display] = RavaytysDisplay()
    option_specs = (
        Option(
            "go_out_by_melding",
            "bool",
            False,
            {
                "en": "A hand emptied by melding or laying off ends the round (no final discard).",
                "fi": "Kierros päättyy myös, kun käsi tyhjenee pöytäämällä (ilman poisheittoa).",
            },
            rule="D-RV-4",
        ),
        Option(
            "reshuffles",
            "choice",
            "once",
            {
                "en": "How often the discard pile may be shuffled into a new stock in a round.",
                "fi": "Kuinka monta kertaa avopakka sekoitetaan uudeksi umpipakaksi kierroksella.",
            },
            choices=("once", "unlimited"),
            rule="D-RV-5",
        ),
        Option(
            "max_buys_per_round",
            "int",
            0,
            {
                "en": "Most buys per player in one round (0 = no limit).",
                "fi": "Ostojen enimmäismäärä pelaajaa kohden kierroksella (0 = ei rajaa).",
            },
            minimum=0,
            rule="D-RV-3",
        ),
        Option(
            "max_wilds_per_group",
            "int",
            0,
            {
                "en": "Most wild cards in a group (0 = no limit); a natural card is always needed.",
                "fi": "Villejä enintään ryhmää kohden (0 = ei rajaa); luonnollinen kortti aina.",
            },
            minimum=0,
            rule="D-RV-1",
        ),
        Option(
            "scoring",
            "choice",
            "default",
            {
                "en": "Card values for the cards left in hand: default, high or flat.",
                "fi": "Käteen jääneiden korttien arvot: default, high tai flat.",
            },
            choices=("default", "high", "flat"),
            rule="D-RV-7",
        ),
        Option(
            "max_turns_per_round",
            "int",
            500,
            {
                "en": "A round that reaches this many turns ends and every hand is scored.",
                "fi": "Kierros päättyy tämän vuoromäärän jälkeen ja kaikki kädet lasketaan.",
            },
            minimum=1,
            rule="D-RV-6",
        ),
    )

    @property
    def num_distinct_actions(self) -> int:
        return A.NUM_ACTIONS

    def action_from_id(self, action_id: int) -> RvAction:
        if not isinstance(action_id, int) or not 0 <= action_id < A.NUM_ACTIONS:
            raise IllegalAction(f"no action id {action_id!r}; ids are 0..{A.NUM_ACTIONS - 1}")
        return ACTIONS[action_id]

    def full_deck(self) -> list[Any]:
        from pakka.core.cards import CARDS

        return [CARDS[i] for i in full_deck()]

    def parse_card(self, text: str) -> Any:
        from pakka.core.cards import parse_card

        return parse_card(text)

    def parse_deck(self, deck: str | Sequence[str]) -> list[Any]:
        """Stacked cards per round, rounds separated by ``|`` (each checked against
        the 108-card deck on its own)."""
        parts = deck.split() if isinstance(deck, str) else list(deck)
        out: list[Any] = []
        seg: list[str] = []
        for p in [*parts, ROUND_BREAK]:
            if p == ROUND_BREAK:
                out.extend(super().parse_deck(seg))
                seg = []
                out.append(BREAK)
            else:
                seg.append(p)
        return out[:-1]

    def _new_state(
        self, seed: int, stacked: list[Any] | None, deck_text: list[str] | None
    ) -> RavaytysState:
        stacks: list[list[int]] = [[]]
        for c in stacked or []:
            if c is BREAK:
                stacks.append([])
            else:
                stacks[-1].append(c.index)
        return RavaytysState(self, seed, deck_text, stacks if stacked else [])


class RavaytysState(State[RvAction]):
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

    def _say(self, key: str, to: int | None = None, **args: Any) -> None:
        if not self.quiet:
            self._log.append(LogEntry(key, args, to))

    # ------------------------------------------------------------------ rounds
    def _start_round(self) -> None:
        n = self.n
        sets, runs, k = CONTRACTS[self.round]
        self.need_sets, self.need_runs = sets, runs
        deck = full_deck()
        top: list[int] = []
        if self.round < len(self._stacks):
            top = self._stacks[self.round]
            for c in top:
                deck.remove(c)
        self.rng.shuffle(deck)
        order = top + deck
        self.hands = [[0] * NUM_KINDS for _ in range(n)]
        self.sizes = [0] * n
        pos = 0
        # R-RV-8: k cards each, the dealer one more; the stacked deck deals in blocks
        # beginning with the player left of the dealer.
        for i in range(1, n + 1):
            seat = (self.dealer + i) % n
            cnt = k + (1 if seat == self.dealer else 0)
            h = self.hands[seat]
            for c in order[pos : pos + cnt]:
                h[c] += 1
            self.sizes[seat] = cnt
            pos += cnt
        self.stock = order[pos:][::-1]  # top of the stock is the end of the list
        self.pile: list[int] = []
        self.melds: list[Meld] = []
        self.down = [False] * n
        self.known: list[dict[int, int]] = [{} for _ in range(n)]
        self.buys = [0] * n
        self.stage = 0
        self.reshuffles_done = 0
        self.pool: list[int] | None = None
        self.drawn = -1
        self.turns = 0
        self.pending: list[Meld] = []
        self.pending_open = False
        self.cancelled = False
        """Whether the player in turn took a lay-down back this turn (D-RV-6)."""
        self.transit = -1
        self.transit_from = -1
        self.askers: list[int] = []
        self.turn_player = self.dealer
        self.phase = OPEN
        self._say("rv.round", round=self.round + 1, dealer=self.dealer, sets=sets, runs=runs)
        for seat in range(n):
            self._say("rv.hand", to=seat, cards=self._hand_text(seat))

    def _hand_text(self, seat: int) -> list[str]:
        h = self.hands[seat]
        return [name(c) for c in range(NUM_KINDS) for _ in range(h[c])]

    def _end_round(self, reason: str) -> None:
        pts = [sum(self.values[c] * k for c, k in enumerate(h) if k) for h in self.hands]
        for p in range(self.n):
            self.totals[p] += pts[p]
        self.sheet.append(pts)
        self._say("rv.round_end", round=self.round + 1, reason=reason, points=pts)
        self.round += 1
        if self.round == len(CONTRACTS):
            self.phase = OVER
            self._say("rv.game_end", totals=list(self.totals), winners=self.winners)
            return
        self.dealer = (self.dealer + 1) % self.n
        self._start_round()

    # ------------------------------------------------------------------- turns
    def _can_refill(self) -> bool:
        return len(self.pile) > 1 and (self.unlimited_reshuffles or self.reshuffles_done == 0)

    def _refill(self) -> None:
        """R-RV-19/D-RV-5: the discard pile but its top card becomes the new stock."""
        top = self.pile.pop()
        cards = self.pile
        self.pile = [top]
        self.rng.shuffle(cards)
        self.stock = cards
        self.reshuffles_done += 1
        self.stage = 1
        pool = [0] * NUM_KINDS
        for c in cards:
            pool[c] += 1
        self.pool = pool
        self._say("rv.reshuffle", cards=len(cards))

    def _stock_card(self) -> int:
        """The top stock card, refilling first (D-RV-11); -1 once exhausted (R-RV-20)."""
        if not self.stock:
            if self._can_refill():
                self._refill()
            else:
                if self.stage != 2:
                    self.stage = 2
                    self._say("rv.exhausted")
                return -1
        return self.stock.pop()

    def _begin_turn(self) -> None:
        self.turns += 1
        self.drawn = -1
        self.cancelled = False
        if self.stage != 2 and not self.stock and not self._can_refill():
            self.stage = 2
            self._say("rv.exhausted")
        if self.stage == 2:
            # R-RV-20/D-RV-12: no drawing and no taking; the others may still buy.
            self._open_window()
        else:
            self.phase = START

    def _open_window(self) -> None:
        """D-RV-3: the seats after the player in turn, in order, never the discarder."""
        n = self.n
        tp = self.turn_player
        discarder = (tp - 1) % n
        self.askers = []
        if self.pile:
            for i in range(1, n):
                seat = (tp + i) % n
                if seat == discarder:
                    break
                if self.max_buys == 0 or self.buys[seat] < self.max_buys:
                    self.askers.append(seat)
        if self.askers:
            self.phase = BUY
        else:
            self._after_window()

    def _after_window(self) -> None:
        self.askers = []
        self.phase = PLAY
        if self.stage != 2:
            tp = self.turn_player
            c = self._stock_card()
            if c >= 0:
                self.hands[tp][c] += 1
                self.sizes[tp] += 1
                if self.stage == 1:
                    self.drawn = c  # R-RV-19: may not be discarded this turn
                self._say("rv.draw", player=tp)
                self._say("rv.drew", to=tp, card=name(c))

    def _end_turn(self) -> None:
        if self.turns >= self.max_turns:
            self._say("rv.turn_cap", turns=self.turns)  # D-RV-6
            self._end_round("cap")
            return
        self.turn_player = (self.turn_player + 1) % self.n
        self._begin_turn()

    def _went_out(self, seat: int) -> None:
        self.went_out.append(seat)
        self._say("rv.out", player=seat)
        self._end_round("out")

    # ----------------------------------------------------------------- helpers
    def _remove(self, seat: int, c: int) -> None:
        self.hands[seat][c] -= 1
        self.sizes[seat] -= 1
        k = self.known[seat]
        if c in k:
            if k[c] <= 1:
                del k[c]
            else:
                k[c] -= 1

    def _gain_known(self, seat: int, c: int) -> None:
        self.hands[seat][c] += 1
        self.sizes[seat] += 1
        k = self.known[seat]
        k[c] = k.get(c, 0) + 1

    def _wild_room(self, m: Meld) -> bool:
        return self.max_wilds == 0 or m.wild_count() < self.max_wilds

    def _fits(self, c: int, m: Meld, end: int) -> bool:
        """Whether card ``c`` may go onto meld ``m`` (at ``end`` of a run)."""
        if not m.is_run:
            if end != A.NO_END:
                return False
            if IS_WILD[c]:
                return self._wild_room(m)
            return rank_of(c) == m.key
        if end == A.LOW:
            if not m.can_grow_low():
                return False
            pos = m.lo - 1
        elif end == A.HIGH:
            if not m.can_grow_high():
                return False
            pos = m.hi + 1
        else:
            return False
        if IS_WILD[c]:
            return self._wild_room(m)
        return card_at(m.key, pos) == c

    def _wild_index(self, m: Meld, natural: int, wild: int) -> int:
        """Where in ``m`` the wild card ``wild`` stands for ``natural`` (or -1)."""
        if m.is_run:
            if suit_of(natural) != m.key:
                return -1
            for p in positions_of(natural):
                i = p - m.lo
                if 0 <= i < len(m.cards) and m.cards[i] == wild:
                    return i
            return -1
        if rank_of(natural) != m.key:
            return -1
        try:
            return m.cards.index(wild)
        except ValueError:
            return -1

    def _has_place(self, source: int) -> bool:
        """Whether the wild card freed from meld ``source`` has a new place (R-RV-17);
        the source meld then holds one wild card fewer."""
        for i, m in enumerate(self.melds):
            room = self.max_wilds == 0 or m.wild_count() - (i == source) < self.max_wilds
            if room and (not m.is_run or m.can_grow_low() or m.can_grow_high()):
                return True
        return False

    def _build_counts(self, seat: int) -> tuple[int, int]:
        sets = sum(1 for g in self.pending if not g.is_run)
        return sets, len(self.pending) - sets

    def _min_contract_cards(self) -> int:
        return 3 * self.need_sets + 4 * self.need_runs

    def _meld_ok(self, size: int) -> bool:
        """Whether the player in turn (not down) may start laying down the contract:
        not after taking a lay-down back this turn (D-RV-6), and only when the hand
        can lay the whole contract down keeping ``keep`` cards (R-RV-13, D-RV-4; the
        meld solver decides, so ``meld`` never leads into a dead end)."""
        if self.cancelled or size < self._min_contract_cards() + self.keep:
            return False
        key = (
            *self.hands[self.turn_player],
            self.need_sets,
            self.need_runs,
            self.keep,
            self.max_wilds,
        )
        ok = _CAN_MELD.get(key)
        if ok is None:
            if len(_CAN_MELD) > 100_000:
                _CAN_MELD.clear()
            ok = can_lay_down(key[:NUM_KINDS], *key[NUM_KINDS:])
            _CAN_MELD[key] = ok
        return ok

    def _open_ok(self, kind: int, arg: int) -> bool:
        """A cheap necessary condition for opening a group (not the solver)."""
        h = self.hands[self.turn_player]
        wilds = h[JOKER_INDEX] + h[0] + h[39]
        if kind == A.SET:
            r = arg
            nat = sum(h[s * 13 + r - 2] for s in range(4) if not IS_WILD[s * 13 + r - 2])
            return nat >= 1 and nat + wilds >= 3
        # a run from ``start`` exists if some length >= 4 has a natural card and
        # wild cards for the other positions (D-RV-1); no corner (D-RV-8)
        s, start = divmod(arg, 16)
        top = 13 if start == 1 else 14
        have = 0
        for p in range(start, top + 1):
            c = card_at(s, p)
            if not IS_WILD[c] and h[c]:
                have += 1
            length = p - start + 1
            if length >= 4 and have >= 1 and length - have <= wilds:
                return True
            if length - have > wilds:
                return False
        return False

    # ------------------------------------------------------------------- state
    @property
    def current_player(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase == BUY:
            return self.askers[0]
        return self.turn_player

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

    def _build_actions(self) -> list[RvAction]:
        tp = self.turn_player
        h = self.hands[tp]
        out: list[RvAction] = []
        if not self.pending_open:
            sets, runs = self._build_counts(tp)
            if sets < self.need_sets:
                for r in range(2, 15):
                    if self._open_ok(A.SET, r):
                        out.append(A.A_SET[r])
            if runs < self.need_runs:
                for s in range(4):
                    for p in range(1, 12):
                        if self._open_ok(A.RUN, s * 16 + p):
                            out.append(A.A_RUN[s][p - 1])
            out.append(A.A_CANCEL)
            return out
        g = self.pending[-1]
        if self.sizes[tp] - 1 >= self.keep:
            wild_ok = self.max_wilds == 0 or g.wild_count() < self.max_wilds
            if g.is_run:
                nxt = g.next_pos()
                if nxt <= 14 and not (g.lo == 1 and nxt == 14):
                    c = card_at(g.key, nxt)
                    if h[c] and not IS_WILD[c]:
                        out.append(A.A_ADD[c])
                    if wild_ok:
                        for w in WILDS:
                            if h[w]:
                                out.append(A.A_ADD[w])
            else:
                r = g.key
                for s in range(4):
                    c = s * 13 + r - 2
                    if h[c] and not IS_WILD[c]:
                        out.append(A.A_ADD[c])
                if wild_ok:
                    for w in WILDS:
                        if h[w]:
                            out.append(A.A_ADD[w])
            out.sort(key=lambda a: a.id)
        if self._close_reason() is None:
            out.append(A.A_CLOSE)
        out.append(A.A_CANCEL)
        return out

    def _close_reason(self) -> str | None:
        """Why the open group cannot be closed now (a catalogue key; None if it can)."""
        g = self.pending[-1]
        if not g.is_complete():
            return "rv.why.small_run" if g.is_run else "rv.why.small_set"
        if g.is_run:
            for o in self.pending[:-1]:
                if o.is_run and o.key == g.key and runs_adjacent(o.lo, o.hi, g.lo, g.hi):
                    return "rv.why.adjacent"
        return None

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
        if not isinstance(action, RvAction) or not (
            0 <= action.id < A.NUM_ACTIONS
            and (ACTIONS[action.id] is action or ACTIONS[action.id] == action)
        ):
            raise IllegalAction(f"{action!r} is not a Räväytys action")
        if self.phase == OVER:
            raise Refusal(("rv.why.over", {}))
        if not self._is_legal(ACTIONS[action.id]):
            raise self._refusal(ACTIONS[action.id])

    def _is_legal(self, a: RvAction) -> bool:
        """The per-action legality check (the same conditions as :meth:`legal_actions`)."""
        ph = self.phase
        k = a.kind
        if ph == BUY:
            return k == A.BUY or k == A.PASS
        if ph == START:
            return k == A.DRAW or (k == A.TAKE and bool(self.pile))
        tp = self.turn_player
        h = self.hands[tp]
        if ph == OPEN:
            return k == A.DISCARD and h[a.card] > 0
        if ph == PLACE:
            if k != A.PLACE or a.meld >= len(self.melds):
                return False
            m = self.melds[a.meld]
            if not self._wild_room(m):
                return False
            if not m.is_run:
                return a.arg == A.NO_END
            return (a.arg == A.LOW and m.can_grow_low()) or (a.arg == A.HIGH and m.can_grow_high())
        if ph == BUILD:
            if k == A.CANCEL:
                return True
            if k in (A.SET, A.RUN):
                if self.pending_open:
                    return False
                sets, runs = self._build_counts(tp)
                if k == A.SET and sets >= self.need_sets:
                    return False
                if k == A.RUN and runs >= self.need_runs:
                    return False
                return self._open_ok(k, a.arg)
            if not self.pending_open:
                return False
            if k == A.CLOSE:
                return self._close_reason() is None
            return k == A.ADD and a in self._build_actions()
        # PLAY
        size = self.sizes[tp]
        if k == A.DISCARD:
            c = a.card
            return h[c] > 0 and not (c == self.drawn and h[c] == 1 and size > 1)
        if k == A.MELD:
            return not self.down[tp] and self._meld_ok(size)
        if k not in (A.LAY, A.SWAP) or not self.down[tp] or size - 1 < self.keep:
            return False
        c = a.card
        if not h[c] or a.meld >= len(self.melds):
            return False
        m = self.melds[a.meld]
        if k == A.LAY:
            return self._fits(c, m, a.arg)
        return a.arg in m.cards and self._wild_index(m, c, a.arg) >= 0 and self._has_place(a.meld)

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
        why = self._why_not(a)
        return (
            Refusal(*why)
            if why
            else Refusal(("rv.why.not_allowed", {"action": str(a)}), self._what())
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
            return [("rv.why.no_group_for", {"group": str(a)})]
        if k == A.CLOSE and self.pending_open:
            return [(self._close_reason() or "rv.why.not_allowed", {"action": "close"})]
        if k == A.ADD:
            if not self.pending_open:
                return [("rv.why.no_group_open", {})]
            if self.sizes[tp] - 1 < self.keep:
                return [("rv.why.keep", {})]
            g = self.pending[-1]
            c = a.card
            desc = g.describe() or str(self._group_text(g))
            if IS_WILD[c]:
                return [("rv.why.wild_limit", {"group": desc})]
            if g.is_run:
                nxt = g.next_pos()
                if nxt > 14 or (g.lo == 1 and nxt == 14):
                    return [("rv.why.add_run_end", {"to": pos_name(g.hi)})]
                return [("rv.why.add_run", {"want": name(card_at(g.key, nxt)), "card": name(c)})]
            return [("rv.why.add_set", {"rank": rank_name(g.key), "card": name(c)})]
        return []

    @staticmethod
    def _group_text(g: Meld) -> str:
        if g.is_run:
            return f"run {'SHDC'[g.key]} {pos_name(g.lo)}"
        return f"set {rank_name(g.key)}"

    def _ends(self, c: int, m: Meld) -> list[str]:
        """The alternatives that fit a run (for a refusal): ``4H lo``, ``9H hi``, a wild."""
        out = []
        if m.can_grow_low():
            out.append(name(card_at(m.key, m.lo - 1)) + " lo")
        if m.can_grow_high():
            out.append(name(card_at(m.key, m.hi + 1)) + " hi")
        if out and self._wild_room(m):
            out.append("rv.word.wild_card")
        return out

    def _why_no_fit(self, c: int, mi: int, end: int, place: bool = False) -> list[Reason]:
        """Why card ``c`` (or the wild card in transit) does not go on meld ``mi`` at ``end``."""
        m = self.melds[mi]
        meld = mi + 1
        if IS_WILD[c] and not self._wild_room(m):
            return [("rv.why.wild_limit", {"group": f"M{meld}"})]
        if not m.is_run:
            if end != A.NO_END:
                text = f"place M{meld}" if place else f"lay {name(c)} M{meld}"
                return [("rv.why.set_end", {"meld": meld, "text": text})]
            return [("rv.why.fit_set", {"card": name(c), "meld": meld, "rank": rank_name(m.key)})]
        lo, hi = pos_name(m.lo), pos_name(m.hi)
        if not m.can_grow_low() and not m.can_grow_high():
            return [("rv.why.run_full", {"meld": meld, "lo": lo, "hi": hi})]
        ends = self._ends(c, m)
        if place:
            ends = [e.split()[-1] for e in ends if not e.startswith("rv.")]
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
                reps = [name(card_at(m.key, m.lo + i)) for i, c in enumerate(m.cards) if c == w]
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
        except NotationError as e:
            raise IllegalAction(str(e)) from None
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
            what = [name(a.card)] if a.kind == A.LAY else ["rv.word.wild"]
            forms = f"{fits[0]} | {fits[1]}"
            raise Refusal(("rv.why.which_end", {"what": what, "meld": a.meld + 1, "forms": forms}))
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
                self._went_out(tp)  # D-RV-4: out by the final discard
                return
            self._end_turn()
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

    def _after_hand_change(self, tp: int) -> None:
        if self.sizes[tp] == 0 and self.phase == PLAY:
            self._went_out(tp)  # D-RV-4 option go_out_by_melding

    def _lay_down(self, tp: int) -> None:
        """R-RV-13: the whole contract goes to the table at once."""
        groups = []
        for g in self.pending:
            self.melds.append(g)
            groups.append(g.describe())
        self.pending = []
        self.down[tp] = True
        self.phase = PLAY
        self._say("rv.laid_down", player=tp, groups=groups)
        self._after_hand_change(tp)

    # ----------------------------------------------------------------- results
    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    @property
    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        low = min(self.totals)
        return [p for p in range(self.n) if self.totals[p] == low]  # D-RV-13

    def heuristic_returns(self) -> list[float]:
        """Estimated shares: the lowest total plus what is left in hand does best."""
        est = [
            self.totals[p]
            + sum(self.values[c] * k for c, k in enumerate(self.hands[p]) if k)
            + 30 * (len(CONTRACTS) - self.round - 1)
            for p in range(self.n)
        ]
        low = min(est)
        w = [1.0 / (1.0 + (e - low) / 25.0) ** 2 for e in est]
        t = sum(w)
        return [x / t for x in w]

    # ------------------------------------------------------------------- views
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
            "top": name(self.pile[-1]) if self.pile else None,
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
        only cards of the reshuffled pile."""
        s = self.clone()
        s._stacks = []
        hidden = [2] * 52 + [4]
        hidden[JOKER_INDEX] = 4
        for c in range(NUM_KINDS):
            hidden[c] -= self.hands[player][c]
        for m in (*self.melds, *self.pending):
            for c in m.cards:
                hidden[c] -= 1
        for c in self.pile:
            hidden[c] -= 1
        if self.transit >= 0:
            hidden[self.transit] -= 1
        others = [q for q in range(self.n) if q != player]
        for q in others:
            for c, cnt in self.known[q].items():
                hidden[c] -= cnt
        stock_n = len(self.stock)
        pool_list: list[int] = []
        rest: list[int] = []
        if self.pool is not None:
            for c in range(NUM_KINDS):
                a = min(hidden[c], self.pool[c])
                pool_list.extend([c] * a)
                rest.extend([c] * (hidden[c] - a))
            rng.shuffle(pool_list)
            if len(pool_list) >= stock_n:
                stock = pool_list[:stock_n]
                rest.extend(pool_list[stock_n:])
            else:
                rest.extend(pool_list)
                rng.shuffle(rest)
                stock = rest[:stock_n]
                rest = rest[stock_n:]
        else:
            for c in range(NUM_KINDS):
                rest.extend([c] * hidden[c])
            rng.shuffle(rest)
            stock = rest[:stock_n]
            rest = rest[stock_n:]
        rng.shuffle(stock)
        rng.shuffle(rest)
        s.stock = stock
        i = 0
        for q in others:
            h = [0] * NUM_KINDS
            for c, cnt in self.known[q].items():
                h[c] += cnt
            u = self.sizes[q] - sum(self.known[q].values())
            for c in rest[i : i + u]:
                h[c] += 1
            i += u
            s.hands[q] = h
        if self.drawn >= 0 and self.turn_player != player:
            cands = [c for c in range(NUM_KINDS) if s.hands[self.turn_player][c]]
            s.drawn = cands[rng.randrange(len(cands))] if cands else -1
        s._scrub(player, rng)
        return s
