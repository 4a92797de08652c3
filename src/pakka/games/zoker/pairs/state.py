"""Pairs: the state."""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from pakka.core.bits import set_bits
from pakka.core.errors import NotationError
from pakka.core.game import State
from pakka.games.zoker.deck import (
    COMPATIBLE,
    LINE_MASKS,
    NAMES,
    differing_attributes,
    has_pair,
    line_of,
    parse_card,
)
from pakka.games.zoker.pairs import sampling, scoring
from pakka.games.zoker.pairs.actions import ACTIONS, PAIR_ID, STOP, STRAIGHT_ACTION, PairsAction
from pakka.games.zoker.refusals import Refusal

_bits = set_bits


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
            raise Refusal("zoker.why.round_over")
        t = text.strip()
        if t.lower() == "stop":
            return STOP
        parts = [p for p in re.split(r"[+,\s]+", t) if p]
        try:
            cards = [parse_card(p) for p in parts]
        except NotationError:
            raise Refusal("zoker.why.pairs_not_cards", text=text) from None
        if len(set(cards)) != len(cards) or len(cards) not in (2, 4):
            raise Refusal("zoker.why.pairs_count")
        for c in cards:
            if not self.table >> c & 1:
                raise Refusal("zoker.why.not_on_table", card=NAMES[c])
        if len(cards) == 2:
            action = ACTIONS[PAIR_ID[cards[0]][cards[1]]]
            self.verify_pair(action)
            return action
        ln = line_of([int(c) for c in cards])
        if ln is None or ln not in STRAIGHT_ACTION:
            raise Refusal("zoker.why.pairs_not_straight")
        return STRAIGHT_ACTION[ln]

    def verify(self, action: PairsAction) -> None:
        """Raise the refusal of ``action`` if it is not legal now: the round is over, not
        a trainer action, or refused by its kind's ``verify_<kind>`` (a pair of two
        cards, a straight of four, or stopping)."""
        if not isinstance(action, PairsAction):
            raise Refusal("zoker.why.not_action", action=repr(action))
        if self.over:
            raise Refusal("zoker.why.round_over")
        n = len(action.cards)
        if n == 2:
            self.verify_pair(action)
        elif n == 4:
            self.verify_straight(action)
        else:
            self.verify_stop(action)

    def verify_pair(self, action: PairsAction) -> None:
        """R-ZK-6 trainer: a pick of two cards both on the table, not already explained
        as wrong (a wrong pick cannot be repeated, so the round ends)."""
        self._check_on_table(action)
        if self.refuted >> action.id & 1:
            a, b = action.cards
            raise Refusal(
                "zoker.why.pairs_refuted",
                a=NAMES[a],
                b=NAMES[b],
                attrs=_attributes(differing_attributes(a, b)),
            )

    def verify_straight(self, action: PairsAction) -> None:
        """R-ZK-6 trainer: a straight is the four cards of one line, all on the table."""
        self._check_on_table(action)

    def verify_stop(self, action: PairsAction) -> None:
        """R-ZK-6 trainer: the player may stop at any time while the round lasts."""

    def _check_on_table(self, action: PairsAction) -> None:
        for c in action.cards:
            if not self.table >> c & 1:
                raise Refusal("zoker.why.not_on_table", card=NAMES[c])

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
        return scoring.score(self)

    @property
    def scores(self) -> list[int]:
        return scoring.scores(self)

    @property
    def winners(self) -> list[int]:
        return scoring.winners(self)

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
        return sampling.sample_consistent(self, player, rng)


def _attributes(names: list[str]) -> dict[str, Any]:
    """Attribute names as the message ``zoker.attrs.<n>`` of their words."""
    args = {f"a{i}": {"key": f"zoker.attr.{a}", "args": {}} for i, a in enumerate(names)}
    return {"key": f"zoker.attrs.{len(names)}", "args": args}
