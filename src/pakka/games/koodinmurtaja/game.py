"""Koodinmurtaja ("Codebreaker"): the game, its options and its states.

Rules: ``shared/rules/koodinmurtaja.md`` (R-KM-1..14, D-KM-0..8). Keep your
sorted hidden code; break the others' by pointing at a hidden card and naming
its rank. A :class:`KMState` is a whole match of ``games`` games.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right, insort
from collections.abc import Callable, Sequence
from enum import Enum, StrEnum
from operator import itemgetter
from typing import Any, ClassVar

from pakka.core.errors import IllegalAction, RulesError
from pakka.core.game import Game, State
from pakka.core.log import LogEntry
from pakka.core.options import Option
from pakka.core.seam import Display
from pakka.games.koodinmurtaja.actions import (
    ActionTable,
    Guess,
    GuessRank,
    KMAction,
    Reveal,
    Stop,
)
from pakka.games.koodinmurtaja.cards import (
    FULL_DECK,
    HALF_DECK,
    card_of,
    parse_card,
    rank_of,
    strength,
    text_of,
)
from pakka.games.koodinmurtaja.deduction import Knowledge, knowledge_from_view
from pakka.games.koodinmurtaja.display import DISPLAY
from pakka.games.koodinmurtaja.view import KoodinmurtajaView

CODE_SIZE = 4
"""R-KM-4: four cards are dealt to each player."""

# Phases of a turn.
GUESS = 0  # must guess at the current target (the first guess, R-KM-8)
CONTINUE = 1  # after a correct guess: same target, next target, or stop (R-KM-10)
REVEAL = 2  # empty_stock_penalty: reveal one of one's own hidden cards (D-KM-7)
OVER = 3


class Phase(StrEnum):
    """The phases of a turn, as views name them (``PHASE_NAMES[GUESS]`` is ``"guess"``)."""

    GUESS = "guess"
    CONTINUE = "continue"
    REVEAL = "reveal"
    OVER = "over"


PHASE_NAMES = tuple(p.value for p in Phase)

_TEXT = tuple(text_of(k) for k in range(52))
_entry = tuple.__new__
"""``((key, args, to))``: a log entry without the NamedTuple call layer."""


def _picker(mask: int) -> Callable[[Sequence[Guess]], tuple[Guess, ...]]:
    """The guesses of a row (ranks 2..A) whose rank survives a refuted-rank bitmask."""
    keep = [r for r in range(13) if not (mask >> r) & 1]
    if len(keep) >= 2:
        return itemgetter(*keep)  # one C call returns the tuple
    return lambda row: tuple(row[r] for r in keep)  # itemgetter(r) would not return a tuple


_PICK = tuple(_picker(mask) for mask in range(1 << 13))
"""_PICK[mask](row): the guesses at one card that D-KM-7 still allows, given its refuted ranks."""
_RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

_DRAW_LOG: dict[int, tuple[LogEntry, LogEntry]] = {}
"""The log entries of each distinct draw (public, then the drawer's own), built once and
shared by every state: an entry never changes once logged. At most 8 seats x 52 handles
x 52 cards x 52 stock sizes, and far fewer in practice (a handle fixes the stock size)."""

_NO_DRAW_LOG = tuple(LogEntry("koodinmurtaja.no_draw", {"player": p}) for p in range(8))
"""R-KM-13: "seat p has no card to draw", one shared entry per seat."""


def _draw_entries(
    key: int, player: int, handle: int, stock: int, card: int
) -> tuple[LogEntry, LogEntry]:
    entries = (
        LogEntry("koodinmurtaja.draw", {"player": player, "handle": handle, "stock": stock}),
        LogEntry("koodinmurtaja.draw_private", {"card": _TEXT[card], "handle": handle}, player),
    )
    _DRAW_LOG[key] = entries
    return entries


class Koodinmurtaja(Game["KMState"]):
    """Koodinmurtaja for 2–8 players (R-KM-1)."""

    name = "koodinmurtaja"
    title: ClassVar = {"en": "Codebreaker", "fi": "Koodinmurtaja"}
    summary: ClassVar = {
        "en": "Keep your sorted hidden code and break the others' by naming their cards.",
        "fi": "Pidä oma järjestetty koodisi piilossa ja murra muiden koodit arvaamalla.",
    }
    min_players = 2
    max_players = 8
    phases: ClassVar[type[Enum]] = Phase
    view_type: ClassVar[type | None] = KoodinmurtajaView
    display: ClassVar[Display] = DISPLAY
    option_specs = (
        Option(
            "deck",
            "choice",
            lambda n: "half" if n <= 4 else "full",
            {
                "en": "half: spades and hearts (26 cards, up to 6 players); full: all 52 cards",
                "fi": "half: padat ja hertat (26 korttia, enintään 6 pelaajaa); full: koko pakka",
            },
            choices=("half", "full"),
            rule="R-KM-2",
        ),
        Option(
            "guess",
            "choice",
            "positional",
            {
                "en": "positional: point at a card and name its rank; rank-only: name a rank",
                "fi": "positional: osoita korttia ja nimeä arvo; rank-only: nimeä pelkkä arvo",
            },
            choices=("positional", "rank-only"),
            rule="D-KM-2",
        ),
        Option(
            "empty_stock_penalty",
            "bool",
            False,
            {
                "en": "when the stock is empty, a wrong guess costs one of your own hidden cards",
                "fi": "kun pakka on loppu, väärä arvaus paljastaa yhden omista piilokorteistasi",
            },
            rule="D-KM-7",
        ),
        Option(
            "games",
            "int",
            1,
            {
                "en": "number of games in a match (the deal passes left; 1 point per win)",
                "fi": "pelien määrä ottelussa (jako siirtyy vasemmalle; voitosta 1 piste)",
            },
            minimum=1,
            maximum=99,
            rule="D-KM-5",
        ),
        Option(
            "dealer",
            "int",
            0,
            {
                "en": "the seat that deals the first game (the player to its left starts)",
                "fi": "ensimmäisen pelin jakajan paikka (vasemmalla oleva aloittaa)",
            },
            minimum=0,
            maximum=7,
            rule="D-KM-8",
        ),
    )

    def _check_options(self) -> None:
        if self.int_option("dealer") >= self.num_players:
            raise RulesError(
                f"option 'dealer': seat {self.options['dealer']} does not exist; use "
                f"0..{self.num_players - 1}"
            )
        # D-KM-0: the half deck cannot deal four cards each to 7 or 8 players.
        if self.options["deck"] == "half" and self.num_players > 6:
            raise RulesError(
                f"option 'deck': 'half' (26 cards) cannot deal 4 cards to {self.num_players} "
                "players; use 'full' with 7-8 players (D-KM-0)"
            )
        self.cards: tuple[int, ...] = HALF_DECK if self.options["deck"] == "half" else FULL_DECK
        self.table = ActionTable(self.num_players)
        n = self.num_players
        self.clockwise: tuple[tuple[int, ...], ...] = tuple(
            tuple((p + i) % n for i in range(1, n + 1)) for p in range(n)
        )
        """clockwise[p]: the seats after p in turn order, ending with p itself."""
        self.next_seat = tuple(order[0] for order in self.clockwise)
        """next_seat[p]: the seat to the left of p."""

    @property
    def num_distinct_actions(self) -> int:
        return len(self.table)

    def action_from_id(self, action_id: int) -> KMAction:
        if not isinstance(action_id, int) or not 0 <= action_id < len(self.table):
            raise IllegalAction(f"no action id {action_id!r}; ids are 0..{len(self.table) - 1}")
        return self.table.all[action_id]

    def full_deck(self) -> list[Any]:
        return [card_of(k) for k in self.cards]

    def parse_card(self, text: str) -> Any:
        return parse_card(text)

    def _new_state(
        self, seed: int, stacked: list[Any] | None, deck_text: list[str] | None
    ) -> KMState:
        return KMState(self, seed, [strength(c) for c in stacked] if stacked else None, deck_text)

    def _state_from_data(self, data: Any) -> KMState:
        snap = data.get("snapshot")
        if snap is None:
            return super()._state_from_data(data)
        state = KMState.__new__(KMState)
        state._init_base(self, data["seed"], data.get("deck"))
        state._load(snap, data["history"])
        return state


class KMState(State[KMAction]):
    """A Koodinmurtaja match in progress (one or more games)."""

    __slots__ = (
        "_kcache",
        "card_at",
        "code",
        "concealed",
        "cp",
        "dealer",
        "drawn",
        "eliminated",
        "game_no",
        "games_total",
        "handle_of",
        "hidden",
        "is_terminal",
        "n",
        "next_target",
        "offered",
        "order",
        "penalty",
        "phase",
        "rank_only",
        "rank_refuted",
        "refuted",
        "results",
        "right",
        "stock",
        "succ",
        "table",
        "target",
        "up",
        "wins",
    )

    game: Koodinmurtaja
    is_terminal: bool  # a slot here, set where the match ends: playout loops ask often

    def __init__(
        self, game: Koodinmurtaja, seed: int, stacked: list[int] | None, deck_text: list[str] | None
    ) -> None:
        self._init_base(game, seed, deck_text)
        n = game.num_players
        self.n = n
        self.table = game.table
        self.order = game.clockwise
        self.penalty = bool(game.options["empty_stock_penalty"])
        self.rank_only = game.options["guess"] == "rank-only"
        self.games_total = game.int_option("games")
        self.game_no = 0
        self.dealer = game.int_option("dealer")  # D-KM-8: seat 0 by default
        self.wins = [0] * n
        self.results: list[dict[str, Any]] = []
        self._kcache: tuple[int, Knowledge] | None = None
        self._deal(stacked)

    # -- dealing --------------------------------------------------------------------
    def _deal(self, stacked: list[int] | None) -> None:
        n = self.n
        deck = list(self.game.cards)
        self.rng.shuffle(deck)
        if stacked:
            # The given cards go on top in order; the shuffled rest follows.
            on_top = set(stacked)
            rest = [k for k in deck if k not in on_top]
            deck = stacked + rest
        # handle = position in the dealt deck (0 = top): stable, reveals nothing.
        self.card_at = list(deck)
        self.handle_of = dict(zip(deck, range(len(deck)), strict=True))
        first = (self.dealer + 1) % n
        # R-KM-4: one card at a time, clockwise from the dealer's left: the seat j places
        # after the first gets every n-th card of the top 4n, starting at index j.
        dealt = CODE_SIZE * n
        code: list[list[int]] = [[]] * n
        for j in range(n):
            code[(first + j) % n] = sorted(deck[j:dealt:n])
        self.code = code
        self.concealed = [c.copy() for c in code]
        # R-KM-5: the rest is the stock; pop() takes the top card.
        self.stock = deck[CODE_SIZE * n :][::-1]
        self.up = [0] * 52  # by card strength: 1 = face up (revealed)
        self.hidden = [CODE_SIZE] * n
        self.succ = self.game.next_seat  # nobody is out yet
        self.refuted = [0] * 52  # by card strength: bit (rank-2) publicly refuted
        self.offered: list[tuple[Guess, ...] | None] = [None] * 52
        """offered[k]: the legal guesses at hidden card k, kept until its position or its
        refutations change (None: not known yet)."""
        self.rank_refuted = [0] * n  # rank-only variant: seat holds no hidden card of rank
        self.eliminated: list[int] = []
        self.drawn = -1
        self.right = False
        self.target = -1
        self.next_target = -1
        self.phase = GUESS
        self.cp: int | None = None
        self.is_terminal = False  # an attribute, not a property: every playout loop asks
        self._say(
            "koodinmurtaja.deal", dealer=self.dealer, game=self.game_no + 1, stock=len(self.stock)
        )
        for p in range(n):
            self._say("koodinmurtaja.your_code", to=p, cards=[_TEXT[k] for k in self.code[p]])
        # R-KM-6: the player to the dealer's left starts.
        self._start_turn(first)

    def _update_succ(self) -> None:
        """Recompute ``succ[p]``: the next player clockwise after ``p`` who still has
        hidden cards (``p`` itself if nobody else has). Only an elimination changes it."""
        hidden = self.hidden
        self.succ = tuple(next((q for q in self.order[p] if hidden[q]), p) for p in range(self.n))

    def _start_turn(self, player: int) -> None:
        self.cp = player
        self.right = False
        self.phase = GUESS
        self.next_target = -1
        if self.stock:
            # R-KM-7: draw the top card without showing it.
            self.drawn = k = self.stock.pop()
            h = self.handle_of[k]
            key = ((player * 64 + h) * 64 + len(self.stock)) * 64 + k
            entries = _DRAW_LOG.get(key)
            if entries is None:
                entries = _draw_entries(key, player, h, len(self.stock), k)
            self._log += entries
        else:
            # R-KM-13: with the stock empty a turn is guessing only.
            self.drawn = -1
            self._log.append(_NO_DRAW_LOG[player])
        # R-KM-9: the first target is the next active player to the left.
        self.target = self.succ[player]

    # -- whose turn and what is legal ----------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.cp

    def _guesses_at(self, t: int, out: list[KMAction]) -> None:
        code = self.code[t]
        if self.rank_only:
            # D-KM-7 (rank-only): "t holds no hidden card of rank r" is refuted.
            rr = self.rank_refuted[t]
            ranks = self.table.rank_rows[t]
            out.extend(ranks if not rr else [a for a in ranks if not (rr >> (a.rank - 2)) & 1])
            return
        refuted = self.refuted
        rows = self.table.guess_rows[t]  # rows[pos]: the guesses at position pos, ranks 2..A
        offered = self.offered
        for k in self.concealed[t]:
            row = offered[k]
            if row is None:
                # D-KM-7: a publicly refuted guess at the same card is not legal.
                row = offered[k] = _PICK[refuted[k]](rows[bisect_left(code, k)])
            out += row

    def legal_actions(self) -> list[KMAction]:
        cp = self.cp
        if cp is None:
            return []
        out: list[KMAction] = []
        phase = self.phase
        if phase == GUESS:
            self._guesses_at(self.target, out)
        elif phase == CONTINUE:
            # R-KM-10 / D-KM-3: the same target (if it still has hidden cards), the next
            # active player after it (never the guesser), or stop.
            if self.hidden[self.target]:
                self._guesses_at(self.target, out)
            if self.next_target >= 0:
                self._guesses_at(self.next_target, out)
            out.append(self.table.stop)
        else:  # REVEAL
            code = self.code[cp]
            reveals = self.table.reveals
            out.extend(reveals[pos] for pos, k in enumerate(code) if not self.up[k])
        return out

    def parse_action(self, text: str) -> KMAction:
        if not isinstance(text, str):
            raise IllegalAction(f"{text!r} is not action notation")
        action = self.table.parse(text)
        self.verify(action)
        return action

    def _quick_guess(self, action: object) -> int:
        """The card guessed at if ``action`` is the commonest legal move, else -1 (then
        :meth:`_verify` decides, with a reason).

        That move is the first guess of a turn (R-KM-8) at a hidden card of the target
        that is not publicly refuted (D-KM-7), given as this game's own action value.
        """
        if type(action) is Guess and self.phase == GUESS and action.target == self.target:
            try:
                if self.table.all[action.id] is action:
                    k = self.code[action.target][action.position]
                    if not (
                        self.up[k] or (self.refuted[k] >> (action.rank - 2)) & 1 or self.rank_only
                    ):
                        return k
            except IndexError:  # a foreign id, or a position beyond the code
                pass
        return -1

    def verify(self, action: KMAction) -> None:
        if self._quick_guess(action) < 0:
            self._verify(action)

    def apply(self, action: KMAction | str) -> None:
        # The commonest move skips the general route (parse or verify, then dispatch).
        k = self._quick_guess(action)
        if k < 0:
            State.apply(self, action)
            return
        self._kcache = None
        # _quick_guess has established that action is a Guess of this game.
        guess: Guess = action  # type: ignore[assignment]
        if k // 4 + 2 == guess.rank:
            self._right_guess(self.cp, guess.target, guess.position, guess.rank, k)  # type: ignore[arg-type]
        else:
            self._wrong_guess(self.cp, guess.target, guess.position, guess.rank, k)  # type: ignore[arg-type]
        self._actions.append(guess)

    def _verify(self, action: KMAction) -> None:
        """The full legality check, with the reason for a refusal."""
        cp = self.cp
        if cp is None:
            raise IllegalAction("the game is over")
        try:
            known = self.table.all[action.id] is action or self.table.all[action.id] == action
        except (AttributeError, IndexError, TypeError):
            known = False
        if not known:
            raise IllegalAction(f"{action!r} is not a Koodinmurtaja action of this game")
        phase = self.phase
        if phase == REVEAL:
            if not isinstance(action, Reveal):
                raise IllegalAction(
                    "after a wrong guess with an empty stock you must reveal one of your own "
                    "hidden cards: 'reveal POSITION'"
                )
            code = self.code[cp]
            if action.position >= len(code) or self.up[code[action.position]]:
                raise IllegalAction(f"your card {action.position + 1} is not a hidden card")
            return
        if isinstance(action, Reveal):
            raise IllegalAction("'reveal' is only for the empty-stock penalty")
        if isinstance(action, Stop):
            if phase != CONTINUE:
                # R-KM-12: the drawn card may be hidden only after a correct guess.
                raise IllegalAction("you may stop only after a correct guess this turn (R-KM-12)")
            return
        t = action.target
        allowed = (
            [self.target]
            if phase == GUESS
            else (
                ([self.target] if self.hidden[self.target] else [])
                + ([self.next_target] if self.next_target >= 0 else [])
            )
        )
        if t not in allowed:
            who = " or ".join(str(s) for s in allowed) or "nobody"
            raise IllegalAction(
                f"you may guess at seat {who} now, not seat {t} (R-KM-9, R-KM-10, R-KM-12)"
            )
        if isinstance(action, GuessRank):
            if not self.rank_only:
                raise IllegalAction("point at a card: SEAT/POSITION=RANK (positional game)")
            if (self.rank_refuted[t] >> (action.rank - 2)) & 1:
                raise IllegalAction(
                    f"it is already known that seat {t} holds no hidden "
                    f"{_RANK_NAMES[action.rank - 2]} (D-KM-7)"
                )
            return
        if self.rank_only:
            raise IllegalAction("this is the rank-only game: write SEAT=RANK")
        code = self.code[t]
        if action.position >= len(code) or self.up[code[action.position]]:
            hidden = [str(i + 1) for i, k in enumerate(code) if not self.up[k]]
            raise IllegalAction(
                f"card {action.position + 1} of seat {t} is not a hidden card; hidden: "
                + ", ".join(hidden)
            )
        if (self.refuted[code[action.position]] >> (action.rank - 2)) & 1:
            raise IllegalAction(
                f"card {action.position + 1} of seat {t} is already known not to be "
                f"{_RANK_NAMES[action.rank - 2]} (D-KM-7)"
            )

    # -- carrying out actions ------------------------------------------------------------
    def _apply(self, action: KMAction) -> None:
        self._kcache = None
        cp = self.cp
        assert cp is not None
        if action.__class__ is Guess:
            t = action.target
            pos = action.position
            rank = action.rank
            self._resolve_guess(cp, t, pos, rank, self.code[t][pos])
        elif isinstance(action, GuessRank):
            t = action.target
            pos = next(
                (
                    i
                    for i, k in enumerate(self.code[t])
                    if not self.up[k] and rank_of(k) == action.rank
                ),
                -1,
            )
            self._resolve_guess(cp, t, pos, action.rank, self.code[t][pos] if pos >= 0 else -1)
        elif isinstance(action, Stop):
            if self.drawn >= 0:
                pos = self._insert(cp, self.drawn)
                insort(self.concealed[cp], self.drawn)
                self._moved_up(cp, self.drawn)
                # R-KM-10.3: the drawn card goes hidden into the code at its sorted place.
                self.hidden[cp] += 1
                self.rank_refuted[cp] = 0  # a new hidden card lifts rank-only refutations
                self._say(
                    "koodinmurtaja.stop",
                    player=cp,
                    position=pos + 1,
                    handle=self.handle_of[self.drawn],
                )
                self.drawn = -1
            else:
                self._say("koodinmurtaja.stop_empty", player=cp)
            self._end_turn(cp)
        else:  # Reveal (D-KM-7 option empty_stock_penalty)
            k = self.code[cp][action.position]
            self._reveal(cp, k)
            self._say(
                "koodinmurtaja.penalty_reveal",
                player=cp,
                position=action.position + 1,
                card=text_of(k),
                handle=self.handle_of[k],
            )
            if self._over_check():
                return
            self._end_turn(cp)

    def _insert(self, seat: int, k: int) -> int:
        code = self.code[seat]
        pos = bisect_left(code, k)
        code.insert(pos, k)
        return pos

    def _reveal(self, seat: int, k: int) -> None:
        self.up[k] = 1
        self.concealed[seat].remove(k)
        self.hidden[seat] -= 1
        if not self.hidden[seat]:
            # D-KM-6: a player whose code is all revealed is out.
            self.eliminated.append(seat)
            self._update_succ()
            self._say("koodinmurtaja.out", player=seat)

    def _resolve_guess(self, cp: int, t: int, pos: int, rank: int, k: int) -> None:
        """Carry out a guess of ``rank`` at card ``k`` (position ``pos``) of seat ``t``;
        in the rank-only game ``k`` is the first hidden card of that rank, or -1."""
        if k >= 0 and k // 4 + 2 == rank:
            if self.rank_only:
                self._none_below(t, rank, k)
            self._right_guess(cp, t, pos, rank, k)
        elif self.rank_only:
            self._wrong_rank(cp, t, rank)
        else:
            self._wrong_guess(cp, t, pos, rank, k)

    def _none_below(self, t: int, rank: int, k: int) -> None:
        """D-KM-2 (rank-only): a right guess reveals the *lowest* hidden card of ``rank``,
        ``k``; so everyone learns that no card of ``t`` hidden now and lower than ``k``
        (R-KM-3 strength, which is also code position: codes are sorted, R-KM-4) is of
        ``rank``. Kept per card like a refuted guess (D-KM-7), so the fact stays with
        these cards when positions shift, and a card hidden later is not covered."""
        bit = 1 << (rank - 2)
        refuted = self.refuted
        for c in self.concealed[t]:
            if c >= k:
                break
            refuted[c] |= bit

    def _right_guess(self, cp: int, t: int, pos: int, rank: int, k: int) -> None:
        self._log.append(
            (
                "koodinmurtaja.right",
                {
                    "player": cp,
                    "target": t,
                    "position": pos + 1,
                    "rank": _RANK_NAMES[rank - 2],
                    "card": _TEXT[k],
                    "handle": self.handle_of[k],
                },
                None,
            )
        )
        self._reveal(t, k)  # R-KM-10: the card is turned face up
        self.right = True
        self.target = t
        # R-KM-14: only a code turned all face up can end the game.
        if not self.hidden[t] and self._over_check():
            return
        self.phase = CONTINUE
        nxt = self.succ[t]
        self.next_target = nxt if nxt != cp else -1  # the chain never wraps (R-KM-10.2)

    def _wrong_guess(self, cp: int, t: int, pos: int, rank: int, k: int) -> None:
        """A wrong guess at card ``k``: D-KM-7, everyone now knows it is not ``rank``."""
        self.refuted[k] |= 1 << (rank - 2)
        self.offered[k] = None
        drawn = self.drawn
        if drawn < 0:
            self._log.append(
                (
                    "koodinmurtaja.wrong",
                    {
                        "player": cp,
                        "target": t,
                        "position": pos + 1,
                        "rank": _RANK_NAMES[rank - 2],
                        "handle": self.handle_of[k],
                    },
                    None,
                )
            )
            self._wrong_without_card(cp)
            return
        placed = self._place_face_up(cp, drawn)
        handle_of = self.handle_of
        self._log.append(
            (
                "koodinmurtaja.wrong_open",
                {
                    "player": cp,
                    "target": t,
                    "position": pos + 1,
                    "rank": _RANK_NAMES[rank - 2],
                    "handle": handle_of[k],
                    "placed": placed + 1,
                    "card": _TEXT[drawn],
                    "placed_handle": handle_of[drawn],
                },
                None,
            )
        )
        self._start_turn(self.succ[cp])

    def _wrong_rank(self, cp: int, t: int, rank: int) -> None:
        """A wrong guess in the rank-only game: D-KM-7, seat ``t`` holds no hidden ``rank``."""
        bit = 1 << (rank - 2)
        self.rank_refuted[t] |= bit
        for k in self.code[t]:
            if not self.up[k]:
                self.refuted[k] |= bit
                self.offered[k] = None
        self._say("koodinmurtaja.wrong_rank", player=cp, target=t, rank=_RANK_NAMES[rank - 2])
        drawn = self.drawn
        if drawn < 0:
            self._wrong_without_card(cp)
            return
        placed = self._place_face_up(cp, drawn)
        self._say(
            "koodinmurtaja.placed_open",
            player=cp,
            position=placed + 1,
            card=_TEXT[drawn],
            handle=self.handle_of[drawn],
        )
        self._start_turn(self.succ[cp])

    def _place_face_up(self, cp: int, k: int) -> int:
        """R-KM-11: after a wrong guess the drawn card ``k`` goes face up into the
        guesser's code at its sorted place (returned)."""
        code = self.code[cp]
        pos = bisect_left(code, k)
        code.insert(pos, k)
        self.up[k] = 1
        self.drawn = -1
        self._moved_up(cp, k)
        return pos

    def _moved_up(self, seat: int, k: int) -> None:
        """Card ``k`` went into ``seat``'s code: the hidden cards above it moved one place
        up, so their kept guesses (which name positions) are stale."""
        offered = self.offered
        concealed = self.concealed[seat]
        for c in concealed[bisect_right(concealed, k) :]:
            offered[c] = None

    def _wrong_without_card(self, cp: int) -> None:
        if self.penalty:
            # D-KM-7 option: with no drawn card the guesser reveals a hidden card instead.
            self.phase = REVEAL
        else:
            # D-KM-4: no drawn card, no further cost.
            self._start_turn(self.succ[cp])

    def _end_turn(self, cp: int) -> None:
        self._start_turn(self.succ[cp])

    def _over_check(self) -> bool:
        """R-KM-14: the game ends when at most one player still has hidden cards."""
        active = [q for q in range(self.n) if self.hidden[q]]
        if len(active) > 1:
            return False
        winner = active[0] if active else None
        ranking = ([winner] if winner is not None else []) + self.eliminated[::-1]
        codes = [[_TEXT[k] for k in c] for c in self.code]
        self.results.append({"game": self.game_no + 1, "winner": winner, "ranking": ranking})
        if winner is not None:
            self.wins[winner] += 1  # D-KM-5: winner 1, others 0
        self._say(
            "koodinmurtaja.game_over",
            winner=winner,
            game=self.game_no + 1,
            ranking=ranking,
            codes=codes,
            drawn=text_of(self.drawn) if self.drawn >= 0 else None,
        )
        if self.game_no + 1 < self.games_total:
            # D-KM-8: in a match the deal passes left.
            self.game_no += 1
            self.dealer = (self.dealer + 1) % self.n
            self._deal(None)
        else:
            self.cp = None
            self.is_terminal = True
            self.phase = OVER
            self._say("koodinmurtaja.match_over", winners=self.winners, wins=list(self.wins))
        return True

    # -- copies ------------------------------------------------------------------------
    def clone(self) -> KMState:
        s = KMState.__new__(KMState)
        self._copy_base(s)
        s.n = self.n
        s.table = self.table
        s.order = self.order
        s.succ = self.succ
        s.penalty = self.penalty
        s.rank_only = self.rank_only
        s.games_total = self.games_total
        s.game_no = self.game_no
        s.dealer = self.dealer
        s.wins = self.wins.copy()
        s.results = self.results.copy()
        s._kcache = self._kcache  # same information sets until either side moves
        s.card_at = self.card_at.copy()
        s.handle_of = self.handle_of.copy()
        s.code = [c.copy() for c in self.code]
        s.concealed = [c.copy() for c in self.concealed]
        s.stock = self.stock.copy()
        s.up = self.up[:]
        s.hidden = self.hidden.copy()
        s.refuted = self.refuted.copy()
        s.offered = self.offered.copy()
        s.rank_refuted = self.rank_refuted.copy()
        s.eliminated = self.eliminated.copy()
        s.drawn = self.drawn
        s.right = self.right
        s.target = self.target
        s.next_target = self.next_target
        s.phase = self.phase
        s.cp = self.cp
        s.is_terminal = self.is_terminal
        return s

    @property
    def revealed(self) -> int:
        """The face-up cards as a bitmask over card strengths (bit k: card k is face up)."""
        return sum(1 << k for k, u in enumerate(self.up) if u)

    # -- results -----------------------------------------------------------------------
    @property
    def scores(self) -> list[int]:
        return list(self.wins)

    @property
    def winners(self) -> list[int]:
        if self.cp is not None:
            return []
        if self.games_total == 1:
            w = self.results[-1]["winner"]
            return [] if w is None else [w]
        best = max(self.wins)
        return [p for p in range(self.n) if self.wins[p] == best] if best > 0 else []

    def heuristic_returns(self) -> list[float]:
        # More hidden cards left = closer to being the last codebreaker standing.
        total = sum(self.hidden) or 1
        return [h / total for h in self.hidden]

    # -- views -------------------------------------------------------------------------
    def _card_entry(self, k: int, show: bool) -> dict[str, Any]:
        h = self.handle_of[k]
        revealed = bool(self.up[k])
        bad = self.refuted[k]
        return {
            "handle": h,
            "card": text_of(k) if show or revealed else None,
            "revealed": revealed,
            "not": [_RANK_NAMES[r] for r in range(13) if (bad >> r) & 1],
        }

    def _view(self, player: int | None) -> dict[str, Any]:
        over = self.cp is None
        codes = [
            [self._card_entry(k, over or q == player) for k in self.code[q]] for q in range(self.n)
        ]
        drawn = None
        if self.drawn >= 0:
            drawn = {
                "player": self.cp,
                "handle": self.handle_of[self.drawn],
                "card": text_of(self.drawn) if over or player == self.cp else None,
            }
        cont = self.phase == CONTINUE
        return {
            "dealer": self.dealer,
            "game_number": self.game_no + 1,
            "games": self.games_total,
            "phase": PHASE_NAMES[self.phase],
            "target": self.target if self.cp is not None else None,
            "same_target": cont and bool(self.hidden[self.target]),
            "next_target": self.next_target if cont and self.next_target >= 0 else None,
            "guessed_right": self.right,
            "stock": len(self.stock),
            "drawn": drawn,
            "codes": codes,
            "hidden": list(self.hidden),
            "out": [not h for h in self.hidden],
            "eliminated": list(self.eliminated),
            "rank_refuted": [
                [_RANK_NAMES[r] for r in range(13) if (m >> r) & 1] for m in self.rank_refuted
            ],
            "results": [dict(r) for r in self.results],
            "wins": list(self.wins),
        }

    def _full_view(self) -> dict[str, Any]:
        return {
            "codes": [[self._card_entry(k, True) for k in self.code[q]] for q in range(self.n)],
            "drawn": None
            if self.drawn < 0
            else {
                "player": self.cp,
                "handle": self.handle_of[self.drawn],
                "card": text_of(self.drawn),
            },
            "stock_cards": [text_of(k) for k in self.stock[::-1]],
        }

    # -- serialisation -------------------------------------------------------------------
    def _dump(self) -> dict[str, Any]:
        return {
            "game_no": self.game_no,
            "dealer": self.dealer,
            "wins": self.wins,
            "results": self.results,
            "card_at": self.card_at,
            "code": self.code,
            "stock": self.stock,
            "revealed": self.revealed,
            "hidden": self.hidden,
            "refuted": [self.refuted[k] for k in self.card_at],  # by handle
            "rank_refuted": self.rank_refuted,
            "eliminated": self.eliminated,
            "drawn": self.drawn,
            "right": self.right,
            "target": self.target,
            "next_target": self.next_target,
            "phase": self.phase,
            "cp": self.cp,
            "rng": self.rng.state,
            "log": [[key, args, to] for key, args, to in self._log],
        }

    def _load(self, snap: dict[str, Any], history: list[str]) -> None:
        from pakka.core.rng import Rng

        g = self.game
        self.n = g.num_players
        self.table = g.table
        self.order = g.clockwise
        self.penalty = bool(g.options["empty_stock_penalty"])
        self.rank_only = g.options["guess"] == "rank-only"
        self.games_total = g.int_option("games")
        self.game_no = int(snap["game_no"])
        self.dealer = int(snap["dealer"])
        self.wins = [int(x) for x in snap["wins"]]
        self.results = [dict(r) for r in snap["results"]]
        self._kcache = None
        self.card_at = [int(x) for x in snap["card_at"]]
        self.handle_of = dict(zip(self.card_at, range(len(self.card_at)), strict=True))
        self.code = [[int(x) for x in c] for c in snap["code"]]
        self.stock = [int(x) for x in snap["stock"]]
        bits = int(snap["revealed"])
        self.up = [(bits >> k) & 1 for k in range(52)]
        self.concealed = [[k for k in c if not self.up[k]] for c in self.code]
        self.hidden = [int(x) for x in snap["hidden"]]
        self._update_succ()
        self.offered = [None] * 52
        self.refuted = [0] * 52
        for k, bits in zip(self.card_at, snap["refuted"], strict=True):
            self.refuted[k] = int(bits)
        self.rank_refuted = [int(x) for x in snap["rank_refuted"]]
        self.eliminated = [int(x) for x in snap["eliminated"]]
        self.drawn = int(snap["drawn"])
        self.right = bool(snap["right"])
        self.target = int(snap["target"])
        self.next_target = int(snap["next_target"])
        self.phase = int(snap["phase"])
        self.cp = None if snap["cp"] is None else int(snap["cp"])
        self.is_terminal = self.cp is None
        self.rng = Rng(int(snap["rng"]))
        self._log = [
            LogEntry(str(k), dict(a), None if t is None else int(t)) for k, a, t in snap["log"]
        ]
        self._actions = [self.table.parse(t) for t in history]

    # -- hidden information ----------------------------------------------------------------
    def knowledge(self, player: int) -> Knowledge:
        """What ``player`` knows about the unseen cards (cached until the next action)."""
        cache = self._kcache
        if cache is not None and cache[0] == player:
            return cache[1]
        k = knowledge_from_view(self.view(player))
        self._kcache = (player, k)
        return k

    def sample_consistent(self, player: int, rng: random.Random) -> KMState:
        if not (isinstance(player, int) and 0 <= player < self.n):
            raise RulesError(f"no seat {player!r}")
        s = self.clone()
        if self.cp is not None:
            know = self.knowledge(player)
            # The real deal is one consistent assignment: the start of the Metropolis
            # chain when neither exact method is fast enough (see Knowledge.sample).
            start = {
                self.handle_of[k]: k for q in know.seats for k in self.code[q] if not self.up[k]
            }
            assign, pool = know.sample(rng, start)
            s._kcache = (player, know)
            for h, k in assign.items():
                s.card_at[h] = k
            # Rebuild every hidden code from its handles (positions stay; cards change).
            for q in know.seats:
                s.code[q] = [s.card_at[self.handle_of[k]] for k in self.code[q]]
                s.concealed[q] = [s.card_at[self.handle_of[k]] for k in self.concealed[q]]
            if self.drawn >= 0 and self.cp != player:
                s.drawn = pool.pop()
                s.card_at[self.handle_of[self.drawn]] = s.drawn
            # The rest of the pool is the stock. Stock cards take the highest handles
            # (their deck positions), the top card the lowest of them.
            s.stock = pool
            base = len(s.card_at) - len(pool)
            for i, k in enumerate(reversed(pool)):
                s.card_at[base + i] = k
            s.handle_of = {}
            # Refutations belong to the card at a handle: carry them to the new cards.
            s.refuted = [0] * 52
            s.offered = [None] * 52
            refuted, card_at = self.refuted, self.card_at
            for h, k in enumerate(s.card_at):
                s.handle_of[k] = h
                s.refuted[k] = refuted[card_at[h]]
        s._scrub(player, rng)
        return s
