"""Bots for Zoker Memo: ``perfect`` remembers every card it has seen;
``forgetful`` forgets each face-down card with probability ``forget``
(so a human can pick an opponent of their level)."""

from __future__ import annotations

import random
from typing import Any

from pakka.bots.base import SeatHandle
from pakka.core.game import Action, Game
from pakka.games.zoker.deck import ALIKE_ANY, COMPATIBLE, parse_card
from pakka.games.zoker.memo.actions import TURNS


class MemoBot:
    """Turns a known pair if it remembers one, else explores unseen cards."""

    name = "forgetful"

    def __init__(self, game: Game[Any], seed: int = 0, forget: float = 0.3) -> None:
        if not 0.0 <= float(forget) <= 1.0:
            raise ValueError("forget is a probability 0..1")
        self.game = game
        self.forget = float(forget)
        self.seed = seed
        self.rng = random.Random(seed)

    def _remembers(self, place: int, card: str, moves: int) -> bool:
        if self.forget <= 0.0:
            return True
        # One draw per card and turn: within a turn the memory is consistent.
        r = random.Random(f"{self.seed}:{card}:{moves // 2}").random()
        return r >= self.forget

    def choose(self, handle: SeatHandle) -> Action:
        """Pick the place to turn."""
        v = handle.view()
        legal = {a.id for a in handle.legal_actions()}
        partners = ALIKE_ANY if v["options"].get("easy") else COMPATIBLE
        table = v["table"]
        up = [p - 1 for p in v["face_up"]]
        moves = v["moves"] - len(up)
        known: dict[int, int] = {}
        for i, x in enumerate(table):
            if x not in (None, "?") and (i in up or self._remembers(i, x, moves)):
                known[i] = int(parse_card(x))
        unseen = [i for i, x in enumerate(table) if x == "?" and i in legal]
        if up:
            a = known[up[0]] if up[0] in known else int(parse_card(table[up[0]]))
            for i, c in known.items():
                if i != up[0] and partners[a] >> c & 1 and i in legal:
                    return TURNS[i]
        else:
            items = list(known.items())
            for k, (i, a) in enumerate(items):
                for _j, b in items[k + 1 :]:
                    if partners[a] >> b & 1 and i in legal:
                        return TURNS[i]
        if unseen:
            return TURNS[unseen[self.rng.randrange(len(unseen))]]
        ids = sorted(legal)
        return TURNS[ids[self.rng.randrange(len(ids))]]


def perfect(game: Game[Any], seed: int = 0) -> MemoBot:
    """A bot with perfect recall (``forget=0``)."""
    bot = MemoBot(game, seed=seed, forget=0.0)
    bot.name = "perfect"
    return bot


BOTS: dict[str, Any] = {"perfect": perfect, "forgetful": MemoBot}
LEVELS: dict[str, str] = {
    "easy": "forgetful:forget=0.7",
    "medium": "forgetful:forget=0.35",
    "hard": "perfect",
}
