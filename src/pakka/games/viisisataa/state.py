"""The Viisisataa position: a whole match to 500, hand after hand.

One hand runs through the phases of D-5S-7: deal -> bidding -> (5 players, a
partner by seat) partner choice -> (V5) doubling -> kitty exchange -> (5 players,
``partner_by_card``) the call of the partner card -> (V5) doubling -> play ->
scoring: the partner is always fixed before any doubling. Hands are bitmasks over
card indices; trick strength and suit membership come from the tables in
:mod:`pakka.games.viisisataa.actions`.

:class:`ViisisataaState` is composed of one mixin per section of the rules
(:mod:`.bidding`, :mod:`.doubling`, :mod:`.partner`, :mod:`.kitty`, :mod:`.play`,
:mod:`.scoring`) and the notation (:mod:`.notation`); here are the deal, the phase
dispatch of legality and of applying an action, the views and cloning. Legality is
written once per action kind: ``verify_<kind>`` raises the refusal, ``can_<kind>``
says whether it would, and :meth:`~ViisisataaState.verify`,
:meth:`~ViisisataaState.apply` and :meth:`~ViisisataaState.legal_actions` go through
them.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Final

from pakka.core.cards import CARDS, JOKER_INDEX, SUITS
from pakka.core.errors import IllegalAction
from pakka.core.game import State
from pakka.games.viisisataa import sampling
from pakka.games.viisisataa.actions import (
    ACTIONS,
    BID,
    CALL,
    CALLS,
    DISCARD,
    DISCARD_TABLE,
    DISCARDS,
    DOUBLE,
    DOUBLE_ID,
    HIDDEN,
    HIDDEN_ID,
    JOKER_BIT,
    JOKER_LEAD,
    JOKER_LEADS,
    MISERE,
    NO_TRUMP,
    PARTNER,
    PARTNER_BASE,
    PASS,
    PASS_ID,
    PLAY,
    PLAY_TABLE,
    PLAYS,
    REDOUBLE,
    REDOUBLE_ID,
    Move,
    mask_actions,
)
from pakka.games.viisisataa.base import (
    _CALL_TABLE,
    _CARD_TEXT,
    _FORGET,
    _NEXT_SEAT,
    _P0,
    _P1,
    _P2,
    _P3,
    _PJ,
    FIELDS,
    Refusal,
    _bid_value_of,
    _cards_list,
    _cards_text,
    _popcount,
)
from pakka.games.viisisataa.bidding import _Bidding
from pakka.games.viisisataa.doubling import _Doubling
from pakka.games.viisisataa.kitty import _Kitty
from pakka.games.viisisataa.notation import _Notation
from pakka.games.viisisataa.partner import _Partner
from pakka.games.viisisataa.play import _Play
from pakka.games.viisisataa.rules import (
    BIDDING,
    CALLING,
    DISCARDING,
    DOUBLING,
    HORIZON,
    PARTNERING,
    PHASE_NAMES,
    PLAYING,
    REDOUBLING,
    TARGET,
)
from pakka.games.viisisataa.scoring import _Scoring

if TYPE_CHECKING:
    from pakka.games.viisisataa.rules import Viisisataa

_get_fields: Final = operator.attrgetter(*FIELDS)
PARTNERS: Final = ACTIONS[PARTNER_BASE : PARTNER_BASE + 5]


class ViisisataaState(
    _Play, _Kitty, _Partner, _Doubling, _Bidding, _Scoring, _Notation, State[Move]
):
    """A match of Viisisataa in progress (see the module docstring)."""

    public_history: ClassVar[bool] = False  # the contractor's discards are hidden

    __slots__ = FIELDS

    game: Viisisataa
    is_terminal: bool
    """Whether the match is over: kept up to date with ``turn`` (read on every step of a
    playout, so a plain attribute rather than the base's property)."""

    def __init__(
        self, game: Viisisataa, seed: int, segments: list[list[int]], deck_text: list[str] | None
    ) -> None:
        self._init_base(game, seed, deck_text)
        self.segments = segments
        n = game.num_players
        self.n = n
        self.points = [0] * n
        self.sheet = []
        self.winners_ = []
        self.hand_no = 0
        self.dealer = game.int_option("first_dealer") % n
        self.horizon = 0
        """0, or the last hand to play before stopping at a search horizon (set_horizon)."""
        self.quiet = False
        """Whether the state records no log and no history (silence)."""
        self.is_terminal = False
        self.hidden_discards = []
        self._start_hand()

    # -- the deal (R-5S-6, D-5S-5) ----------------------------------------------------
    def _start_hand(self) -> None:
        g = self.game
        n = self.n
        self.hand_no += 1
        if self.hand_no <= len(self.segments) and self.segments[self.hand_no - 1]:
            seg = self.segments[self.hand_no - 1]
            top = set(seg)
            rest = [c for c in g.deck_indices if c not in top]
            self.rng.shuffle(rest)
            bits = [1 << c for c in seg + rest]
        else:
            # The shuffle's swaps depend only on the deck size, so shuffling the cards'
            # bits deals exactly as shuffling the cards would.
            bits = list(g.deck_bits)
            self.rng.shuffle(bits)
        # Receivers from the dealer's left, the dealer last; with 2 players the
        # dead hand sits at the dealer's left and is dealt first (R-5S-6, D-5S-5).
        # g.deal_takers[k] reads the cards of the k-th receiver from the dealt deck;
        # the last one reads the kitty, and the cards left over are set aside.
        masks: list[int] = [sum(take(bits)) for take in g.deal_takers]
        first = 1 if n == 2 else 0
        d1 = self.dealer + 1
        # seat s is receiver (s - dealer - 1) mod n
        self.hands = [masks[first + (s - d1) % n] for s in range(n)]
        self.dead = masks[0] if n == 2 else 0
        kitty = masks[-1]
        aside = g.deck_mask ^ sum(masks)
        self.aside = aside
        self.kitty = kitty
        self.kitty_taken = 0
        self.discards = 0
        self.discard_order: list[int] = []
        self.phase = BIDDING
        self.turn: int | None = (self.dealer + 1) % n
        self.bids: list[tuple[int, int]] = []
        self.high = 0
        self.high_id = -1
        self.high_seat = -1
        self.passed = 0
        self.bid_count = 0
        self.contractor = -1
        self.contract_id = -1
        self.no_contract = False
        self.tc = NO_TRUMP
        self.mult = 1
        self.doublings: list[tuple[int, int]] = []
        self.dqueue: list[int] = []
        self.partner = -1
        self.partner_card = -1
        self.partner_known = False
        self.sitting_out = -1
        self.nxt = _NEXT_SEAT[n]
        self.nactive = n
        self.leader = -1
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.led = -1
        self.follow = 0
        self.lead_joker = 0
        self.led_suits = 0
        self.last_trick: tuple[int, list[int], list[int]] | None = None
        self.tricks = [0] * n
        self.trick_winners: list[int] = []
        self.voids = [0] * n
        self.seat_played = [0] * n
        self.offered = 0
        self._say("game.deal", hand=self.hand_no, dealer=self.dealer)
        for s in range(n):
            self._say("game.your_hand", to=s, cards=_cards_text(self.hands[s]))

    # -- hooks for search (bots) ----------------------------------------------------------
    def silence(self) -> None:
        """Record neither log entries nor the history any more, in this state, its clones
        and the states sampled from it (``sample_consistent``): for a bot's search over
        sampled states, which nobody views and which would otherwise spend much of their
        time writing and copying both. Nothing else changes: play and scoring are the
        same (views of a silenced state show an empty log and ``moves`` 0)."""
        self.quiet = True
        self._log = _FORGET
        self._actions = _FORGET

    def set_horizon(self, hands: int = 1) -> None:
        """Stop the match after ``hands`` more scored hands, the current one included
        (a search horizon): the state then ends in phase ``HORIZON``, not terminal for
        the match, and :meth:`returns` is :meth:`hand_utility`; 0 removes the horizon."""
        self.horizon = self.hand_no + hands - 1 if hands > 0 else 0

    # -- whose turn ---------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the match is over."""
        return self.turn

    @property
    def view_phase(self) -> str:
        """The phase as views name it (a :class:`~pakka.games.viisisataa.rules.Phase` value)."""
        return PHASE_NAMES[self.phase]

    # -- legality: one verify_<kind> per action kind (in the section mixins) ---------------
    def legal_actions(self) -> list[Move]:
        """Every legal action of the seat to act, in id order within each kind.

        Each kind's legality is its ``verify_<kind>`` (:meth:`verify` dispatches to
        them); the card play, the discards, the calls and the bids are listed here by
        fast generators over the same masks and ladders, and
        ``tests/games/viisisataa/test_legality.py`` proves, over random positions, that
        every id is listed exactly when its ``verify_<kind>`` accepts it."""
        ph = self.phase
        if ph == PLAYING:
            h = self.hands[self.turn]  # type: ignore[index]
            m = h & self.follow  # R-5S-14: follow suit if you can
            if m:
                h = m
            elif h & self.lead_joker and not self.trick:
                # R-5S-15: the joker led in no trump is led declaring a suit.
                self.offered = h & ~JOKER_BIT
                acts = mask_actions(h & ~JOKER_BIT, PLAY_TABLE, PLAYS[JOKER_INDEX])
                acts.extend(JOKER_LEADS[s] for s in self._joker_lead_suits())
                return acts
            self.offered = h
            # mask_actions inlined (the hottest call of a playout)
            out = [
                *_P0[h & 0x1FFF],
                *_P1[(h >> 13) & 0x1FFF],
                *_P2[(h >> 26) & 0x1FFF],
                *_P3[(h >> 39) & 0x1FFF],
            ]
            if h & JOKER_BIT:
                out.append(_PJ)
            return out
        if ph == BIDDING:
            return self._bid_actions()
        if ph == DISCARDING:
            return mask_actions(self.hands[self.contractor], DISCARD_TABLE, DISCARDS[JOKER_INDEX])
        if ph == DOUBLING:
            # D-5S-7: the secret holder of the called card may only pass (verify_double).
            double = ACTIONS[DOUBLE_ID]
            return [ACTIONS[PASS_ID], double] if self.can_double(double) else [ACTIONS[PASS_ID]]
        if ph == REDOUBLING:
            return [
                a
                for a in (ACTIONS[PASS_ID], ACTIONS[REDOUBLE_ID])
                if self.can_redouble(a) or a.id == PASS_ID
            ]
        if ph == PARTNERING:
            return [a for a in PARTNERS[: self.n] if self.can_partner(a)]
        if ph == CALLING:
            return mask_actions(self._callable_mask(), _CALL_TABLE, CALLS[JOKER_INDEX])
        return []

    def verify(self, action: Move) -> None:
        """Raise :class:`IllegalAction` with the reason if ``action`` is not legal now:
        the game is over, not a Viisisataa action, or refused by its kind's
        ``verify_<kind>`` (R-5S-7: misdeals, bids or plays out of turn and revokes are
        impossible, refused with the state unchanged instead of penalised)."""
        if self.turn is None:
            raise IllegalAction("the game is over")
        if (
            not isinstance(action, Move)
            or not (0 <= action.id < len(ACTIONS))
            or (ACTIONS[action.id] is not action and ACTIONS[action.id] != action)
        ):
            raise IllegalAction(f"{action!r} is not a Viisisataa action")
        _VERIFY[action.kind](self, action)

    def verify_hidden(self, action: Move, explain: bool = True) -> None:
        """A discard hidden from this seat (``discard ??``, only in sampled histories)
        is never legal."""
        raise self._not_allowed(action, explain)

    # -- applying -----------------------------------------------------------------------
    def apply(self, action: Move | str) -> None:
        """Apply a legal action (a :class:`Move` or notation); illegal input raises
        :class:`IllegalAction` and changes nothing. (Same as the base method, with a
        fast path for card plays, the bulk of every hand: Python's protocol
        ``isinstance`` check is slow.)"""
        if type(action) is Move:
            if action.kind == PLAY and 0 <= action.id < 53 and PLAYS[action.id] is action:
                # A card legal_actions() has just offered needs no second verify_play.
                if not self.offered >> action.arg & 1:
                    self.verify_play(action)
                self._play(action.arg, -1)
            else:
                self.verify(action)
                self._apply(action)
            self._actions.append(action)
        else:
            super().apply(action)

    def _apply(self, action: Move) -> None:
        k = action.kind
        if k == PLAY:
            self._play(action.arg, -1)
        elif k == JOKER_LEAD:
            self._play(JOKER_INDEX, action.arg)
        elif k in (BID, MISERE) or (k == PASS and self.phase == BIDDING):
            self._bid(action)
        elif k == DISCARD:
            self._discard(action.arg)
        elif k in (PASS, DOUBLE, REDOUBLE):
            self._double(action)
        elif k == PARTNER:
            self._choose_partner(action.arg)
        elif k == CALL:
            self._call(action.arg)
        else:  # pragma: no cover - verify() rejects everything else
            raise IllegalAction(f"{action} cannot be applied")

    # -- cloning ------------------------------------------------------------------------
    def clone(self) -> ViisisataaState:
        """An independent copy (lists copied, nothing deep-copied)."""
        s = ViisisataaState.__new__(ViisisataaState)
        for name, value in zip(FIELDS, _get_fields(self), strict=True):
            setattr(s, name, value)
        self._copy_base(s)
        s.offered = 0  # a copy may be re-dealt (sample_consistent): offer its plays anew
        s.points = self.points.copy()
        s.sheet = self.sheet.copy()
        s.hidden_discards = self.hidden_discards.copy()
        s.hands = self.hands.copy()
        s.discard_order = self.discard_order.copy()
        s.bids = self.bids.copy()
        s.doublings = self.doublings.copy()
        s.dqueue = self.dqueue.copy()
        s.trick = self.trick.copy()
        s.trick_seats = self.trick_seats.copy()
        s.tricks = self.tricks.copy()
        s.trick_winners = self.trick_winners.copy()
        s.voids = self.voids.copy()
        s.seat_played = self.seat_played.copy()
        return s

    # -- views --------------------------------------------------------------------------
    def _view(self, player: int | None) -> dict[str, Any]:
        n = self.n
        c = self.contractor
        # R-5S-8, R-5S-11: the contract's value (none for the grand without contract).
        value = (
            _bid_value_of(self.contract_id)
            if self.contract_id >= 0 and not self.no_contract
            else None
        )
        v: dict[str, Any] = {
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "phase": PHASE_NAMES[self.phase],
            "hand": _cards_list(self.hands[player]) if player is not None else None,
            "hand_sizes": [_popcount(h) for h in self.hands],
            "bids": [{"seat": s, "bid": ACTIONS[a].text} for s, a in self.bids],
            "high_bid": ACTIONS[self.high_id].text if self.high_id >= 0 else None,
            "high_bidder": self.high_seat if self.high_seat >= 0 else None,
            "contractor": c if c >= 0 else None,
            "contract": (
                "6NT*" if self.no_contract else ACTIONS[self.contract_id].text
                if self.contract_id >= 0 else None
            ),
            "contract_value": value,
            "contract_points": None if value is None else value * self.mult,
            "trump": None if self.phase == BIDDING and not self.no_contract
            else (SUITS[self.tc] if self.tc < 4 else "none"),
            "multiplier": self.mult,
            "doublings": [{"seat": s, "call": ACTIONS[a].text} for s, a in self.doublings],
            "partner": self._partner_for(player),
            "partner_card": str(CARDS[self.partner_card]) if self.partner_card >= 0 else None,
            "sitting_out": self.sitting_out if self.sitting_out >= 0 else None,
            "kitty_size": _popcount(self.kitty),
            "kitty": (
                _cards_list(self.kitty_taken) if player is not None and player == c else None
            ),
            "discards": (
                [str(CARDS[x]) for x in self.discard_order]
                if player is not None and player == c else None
            ),
            "discards_left": (
                self.game.kitty_size - len(self.discard_order) if self.phase == DISCARDING else 0
            ),
            "leader": self.leader if self.leader >= 0 else None,
            "trick": [
                {"seat": s, "card": _CARD_TEXT[x]}
                for s, x in zip(self.trick_seats, self.trick, strict=True)
            ],
            "led_suit": SUITS[self.led] if 0 <= self.led < 4 else None,
            "last_trick": None if self.last_trick is None else {
                "leader": self.last_trick[0],
                "cards": [{"seat": s, "card": str(CARDS[x])}
                          for s, x in zip(self.last_trick[2], self.last_trick[1], strict=True)],
                "winner": self.trick_winners[-1] if self.trick_winners else None,
            },
            "tricks": list(self.tricks),
            "trick_winners": list(self.trick_winners),
            "played": _cards_list(self.played),
            "dead_hand_size": _popcount(self.dead) if n == 2 else None,
            "set_aside_size": _popcount(self.aside),
            "sheet": [
                dict(r, deltas=list(r["deltas"]), totals=list(r["totals"])) for r in self.sheet
            ],
            "target": TARGET,
        }  # fmt: skip
        return v

    def _partner_for(self, player: int | None) -> int | None:
        if self.partner < 0:
            return None
        if self.partner_known or (player is not None and player == self.partner):
            return self.partner
        return None

    def _full_view(self) -> dict[str, Any]:
        return {
            "hands": [_cards_list(h) for h in self.hands],
            "kitty_cards": _cards_list(self.kitty),
            "kitty_taken": _cards_list(self.kitty_taken),
            "discard_cards": [str(CARDS[x]) for x in self.discard_order],
            "dead_hand": _cards_list(self.dead),
            "set_aside": _cards_list(self.aside),
            "partner_true": self.partner if self.partner >= 0 else None,
            "voids": [[SUITS[s] for s in range(4) if v >> s & 1] for v in self.voids],
        }

    # -- results ------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """1 shared among the winners; at a search horizon, :meth:`hand_utility`."""
        if self.phase == HORIZON:
            return self.hand_utility()
        return super().returns()

    # -- hidden information -------------------------------------------------------------
    def sample_consistent(self, player: int, rng: random.Random) -> ViisisataaState:
        """A state ``player`` cannot tell from this one (:func:`.sampling.sample_consistent`)."""
        return sampling.sample_consistent(self, player, rng)

    def _scrub(self, player: int, rng: random.Random) -> None:
        """Scrub as the base does, but keep the history's length: discards this seat did
        not make become the placeholder ``discard ??`` (they stay hidden)."""
        actions = self._actions
        super()._scrub(player, rng)
        keep = list(actions)
        for i, seat in self.hidden_discards:
            if seat != player and i < len(keep):
                keep[i] = ACTIONS[HIDDEN_ID]
        self._actions = keep
        if self.quiet:
            self._log = _FORGET
            self._actions = _FORGET


_BY_KIND: Final[dict[int, Callable[[ViisisataaState, Move], None]]] = {
    PLAY: ViisisataaState.verify_play,
    JOKER_LEAD: ViisisataaState.verify_joker_lead,
    DISCARD: ViisisataaState.verify_discard,
    BID: ViisisataaState.verify_bid,
    MISERE: ViisisataaState.verify_bid,
    PASS: ViisisataaState.verify_pass,
    DOUBLE: ViisisataaState.verify_double,
    REDOUBLE: ViisisataaState.verify_redouble,
    PARTNER: ViisisataaState.verify_partner,
    CALL: ViisisataaState.verify_call,
    HIDDEN: ViisisataaState.verify_hidden,
}
_VERIFY: Final = tuple(_BY_KIND[kind] for kind in range(HIDDEN + 1))
"""The ``verify_<kind>`` of every action kind, indexed by kind (misère is a bid)."""

__all__ = ["PHASE_NAMES", "Refusal", "ViisisataaState"]
