"""The pairs trainer (R-ZK-6): 20 cards face up; pick pairs and straights.

A pick of two cards is right when they are compatible (R-ZK-3) and a pick of
four is right when they are a straight; right picks leave the table and score
(a pair 1 point, a straight 3). A wrong pair pick stays on the table and the
log explains which attributes differ; picking the same two cards again is then
illegal (like a publicly refuted guess in Koodinmurtaja, D-KM-7), so every pick
either clears cards or rules out one of the finitely many wrong pairs and the
round always ends. It ends when no pair remains or the player stops. A timed
mode is a front-end feature: the engine keeps no clock.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, ClassVar

from pakka.core.bits import set_bits
from pakka.core.errors import IllegalAction, NotationError
from pakka.core.game import Game, State
from pakka.core.options import Option
from pakka.core.seam import Display
from pakka.games.zoker.common import ZokerDeckMixin, opt_int
from pakka.games.zoker.deck import (
    COMPATIBLE,
    LINE_MASKS,
    LINES,
    NAMES,
    STRAIGHT_LINES,
    deal_order,
    differing_attributes,
    has_pair,
    line_of,
    parse_card,
)
from pakka.games.zoker.display import PairsDisplay
from pakka.games.zoker.view import PairsView

PAIR_POINTS = 1
STRAIGHT_POINTS = 3


@dataclass(frozen=True, slots=True)
class PairsAction:
    """Pick two cards (``BS1+BS2``), a straight (``BS1+BS2+BS3+BS4``) or ``stop``."""

    id: int
    cards: tuple[int, ...]

    def __str__(self) -> str:
        return "+".join(NAMES[c] for c in self.cards) if self.cards else "stop"


_PAIR_ACTIONS: list[PairsAction] = []
PAIR_ID: list[list[int]] = [[-1] * 64 for _ in range(64)]
for _a in range(64):
    for _b in range(_a + 1, 64):
        PAIR_ID[_a][_b] = PAIR_ID[_b][_a] = len(_PAIR_ACTIONS)
        _PAIR_ACTIONS.append(PairsAction(len(_PAIR_ACTIONS), (_a, _b)))
STRAIGHT_BASE = len(_PAIR_ACTIONS)
STRAIGHT_ACTION: dict[int, PairsAction] = {}
for _k, _ln in enumerate(STRAIGHT_LINES):
    STRAIGHT_ACTION[_ln] = PairsAction(STRAIGHT_BASE + _k, tuple(LINES[_ln]))
STOP = PairsAction(STRAIGHT_BASE + len(STRAIGHT_LINES), ())
ACTIONS: tuple[PairsAction, ...] = (*_PAIR_ACTIONS, *STRAIGHT_ACTION.values(), STOP)


_bits = set_bits


class Pairs(ZokerDeckMixin, Game["PairsState"]):
    """The pairs trainer: practise seeing compatible cards and straights."""

    name = "zoker-pairs"
    view_type: ClassVar[type | None] = PairsView
    display: ClassVar[Display] = PairsDisplay()
    title: ClassVar[dict[str, str]] = {
        "en": "Zoker pairs trainer",
        "fi": "Zoker-parien harjoittelu",
    }
    summary: ClassVar[dict[str, str]] = {
        "en": "Practice: find compatible pairs and straights among 20 face-up cards.",
        "fi": "Harjoitus: etsi pareja ja suoria 20 kuvapuoli ylöspäin olevasta kortista.",
    }
    min_players = 1
    max_players = 1
    hidden_information: ClassVar[bool] = False  # all 20 cards lie face up
    move_reveals: ClassVar[bool] = False
    option_specs = (
        Option(
            "cards",
            "int",
            20,
            {
                "en": "How many cards are dealt face up.",
                "fi": "Montako korttia jaetaan kuvapuoli ylöspäin.",
            },
            minimum=4,
            maximum=64,
            rule="R-ZK-6",
        ),
    )

    @property
    def num_distinct_actions(self) -> int:
        return len(ACTIONS)

    def action_from_id(self, action_id: int) -> PairsAction:
        if not isinstance(action_id, int) or not 0 <= action_id < len(ACTIONS):
            raise IllegalAction(f"no trainer action with id {action_id!r}")
        return ACTIONS[action_id]

    def _new_state(
        self, seed: int, stacked: list[Any] | None, deck_text: list[str] | None
    ) -> PairsState:
        s = PairsState()
        s._init_base(self, seed, deck_text)
        order = deal_order(s.rng, stacked, range(64))
        n = opt_int(self, "cards")
        s.layout = order[:n]
        s.table = sum(1 << c for c in s.layout)
        s.pairs = 0
        s.straights = 0
        s.mistakes = 0
        s.refuted = 0
        s.stopped = False
        s._legal = None
        s._say("pairs.deal", cards=n)
        return s


class PairsState(State[PairsAction]):
    """The trainer's table (a mask and the layout order) and the tallies."""

    public_history: ClassVar[bool] = True
    layout: list[int]
    table: int
    pairs: int
    straights: int
    mistakes: int
    refuted: int
    """Bit ``PAIR_ID[a][b]`` set: the pick ``a+b`` was already explained as wrong."""
    stopped: bool
    _legal: list[PairsAction] | None

    @property
    def over(self) -> bool:
        """Stopped, or no compatible pair left on the table."""
        return self.stopped or not has_pair(self.table)

    @property
    def current_player(self) -> int | None:
        return None if self.over else 0

    def legal_actions(self) -> list[PairsAction]:
        if self.over:
            return []
        if self._legal is None:
            cards = [c for c in self.layout if self.table >> c & 1]
            refuted = self.refuted
            out = [
                ACTIONS[i]
                for k, a in enumerate(cards)
                for b in cards[k + 1 :]
                if not refuted >> (i := PAIR_ID[a][b]) & 1
            ]
            out.sort(key=lambda x: x.id)
            out += [a for ln, a in STRAIGHT_ACTION.items() if LINE_MASKS[ln] & ~self.table == 0]
            out.append(STOP)
            self._legal = out
        return self._legal.copy()

    def parse_action(self, text: str) -> PairsAction:
        if self.over:
            raise IllegalAction("the round is over")
        t = text.strip()
        if t.lower() == "stop":
            return STOP
        parts = [p for p in re.split(r"[+,\s]+", t) if p]
        try:
            cards = [parse_card(p) for p in parts]
        except NotationError as e:
            raise IllegalAction(f"{e}; pick two or four cards like BS1+BS2, or stop") from None
        if len(set(cards)) != len(cards) or len(cards) not in (2, 4):
            raise IllegalAction("pick two different cards (a pair) or four (a straight)")
        for c in cards:
            if not self.table >> c & 1:
                raise IllegalAction(f"{c} is not on the table")
        if len(cards) == 2:
            action = ACTIONS[PAIR_ID[cards[0]][cards[1]]]
            self._check_not_refuted(action)
            return action
        ln = line_of([int(c) for c in cards])
        if ln is None or ln not in STRAIGHT_ACTION:
            raise IllegalAction(
                "these four cards are not a straight: a straight keeps two attributes "
                "and runs through all four values of the third"
            )
        return STRAIGHT_ACTION[ln]

    def verify(self, action: PairsAction) -> None:
        if not isinstance(action, PairsAction):
            raise IllegalAction(f"{action!r} is not a trainer action")
        if self.over:
            raise IllegalAction("the round is over")
        for c in action.cards:
            if not self.table >> c & 1:
                raise IllegalAction(f"{NAMES[c]} is not on the table")
        self._check_not_refuted(action)

    def _check_not_refuted(self, action: PairsAction) -> None:
        """R-ZK-6 trainer: a pick already explained as wrong cannot be repeated."""
        if self.refuted >> action.id & 1:
            a, b = action.cards
            raise IllegalAction(
                f"{action} was already explained as not a pair: the cards differ in "
                f"{', '.join(differing_attributes(a, b))}; pick another pair or stop"
            )

    def _apply(self, action: PairsAction) -> None:
        cards = action.cards
        self._legal = None
        if not cards:
            self.stopped = True
            self._say("pairs.stop", score=self.score)
            return
        if len(cards) == 4:
            self.table &= ~sum(1 << c for c in cards)
            self.straights += 1
            self._say("pairs.straight", cards=" ".join(NAMES[c] for c in cards))
            return
        a, b = cards
        if COMPATIBLE[a] >> b & 1:
            self.table &= ~((1 << a) | (1 << b))
            self.pairs += 1
            self._say("pairs.right", cards=f"{NAMES[a]} {NAMES[b]}")
        else:
            # R-ZK-3: explain the miss by the attributes that differ; the same
            # pick is illegal from now on (R-ZK-6, so the round terminates).
            self.mistakes += 1
            self.refuted |= 1 << action.id
            self._say(
                "pairs.wrong",
                cards=f"{NAMES[a]} {NAMES[b]}",
                differ=differing_attributes(a, b),
            )

    def clone(self) -> PairsState:
        s = PairsState()
        self._copy_base(s)
        s.layout = self.layout
        s.table = self.table
        s.pairs = self.pairs
        s.straights = self.straights
        s.mistakes = self.mistakes
        s.refuted = self.refuted
        s.stopped = self.stopped
        s._legal = self._legal
        return s

    @property
    def score(self) -> int:
        """Pairs found (1 point each) and straights found (3 points each)."""
        return self.pairs * PAIR_POINTS + self.straights * STRAIGHT_POINTS

    @property
    def scores(self) -> list[int]:
        return [self.score]

    @property
    def winners(self) -> list[int]:
        return [0] if self.over else []

    def _view(self, player: int | None) -> dict[str, Any]:
        return {
            "table": [NAMES[c] if self.table >> c & 1 else None for c in self.layout],
            "pairs": self.pairs,
            "straights": self.straights,
            "mistakes": self.mistakes,
            "refuted": [str(ACTIONS[i]) for i in _bits(self.refuted)],
            "score": self.score,
        }

    def _full_view(self) -> dict[str, Any]:
        return {}

    def sample_consistent(self, player: int, rng: random.Random) -> PairsState:
        # Everything that matters is face up; the undealt cards play no part.
        s = self.clone()
        s._scrub(player, rng)
        return s
