"""The Koodinmurtaja state: a whole match of ``games`` games.

:class:`KMState` is composed of one mixin per section of the rules
(``shared/rules/koodinmurtaja.md``): :class:`~.deal._Deal` (dealing, the turn and the
draw), :class:`~.guessing._Guessing` (guesses, continue or stop, the penalty reveal)
and :class:`~.scoring._Scoring` (going out, the end of a game and of a match). This
module holds what is not one section's: the fields, copies, views and snapshots;
hidden information is in :mod:`.sampling`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from pakka.core.game import State
from pakka.core.log import LogEntry
from pakka.games.koodinmurtaja import sampling
from pakka.games.koodinmurtaja.actions import KMAction
from pakka.games.koodinmurtaja.cards import text_of
from pakka.games.koodinmurtaja.deal import _Deal
from pakka.games.koodinmurtaja.guessing import _Guessing
from pakka.games.koodinmurtaja.rules import CONTINUE, PHASE_NAMES, RANK_NAMES
from pakka.games.koodinmurtaja.scoring import _Scoring

if TYPE_CHECKING:
    from pakka.games.koodinmurtaja.deduction import Knowledge
    from pakka.games.koodinmurtaja.rules import Koodinmurtaja


class KMState(_Deal, _Guessing, _Scoring, State[KMAction]):
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
        "offered_ids",
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
        self.results = []
        self._kcache = None
        self._deal(stacked)

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
        s.offered_ids = self.offered_ids.copy()
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

    # -- views -------------------------------------------------------------------------
    def _card_entry(self, k: int, show: bool) -> dict[str, Any]:
        h = self.handle_of[k]
        revealed = bool(self.up[k])
        bad = self.refuted[k]
        return {
            "handle": h,
            "card": text_of(k) if show or revealed else None,
            "revealed": revealed,
            "not": [RANK_NAMES[r] for r in range(13) if (bad >> r) & 1],
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
                [RANK_NAMES[r] for r in range(13) if (m >> r) & 1] for m in self.rank_refuted
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
        self.offered_ids = [None] * 52
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
        return sampling.knowledge(self, player)

    def sample_consistent(self, player: int, rng: random.Random) -> KMState:
        return sampling.sample_consistent(self, player, rng)
