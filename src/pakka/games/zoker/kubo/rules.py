"""Zoker Kubo, building the card cube, for 2-5 players (R-KU-1..11, D-KU-1..6).

Every card has one place in a 4x4x4 cube: its layer (colour by default, or
size or shape with option ``layers``, R-KU-11) and a cell of that layer's 4x4
grid (the other two attributes). A card is placed next to a card of its own
layer or on top of the card directly below it, never under a placed card
(R-KU-3..5). Completing one of the 76 lines of the cube scores (R-KU-7);
a completed space diagonal (a *Zoker*) ends the round at once (R-KU-9).

A turn: the engine draws the mandatory first card (D-KU-2); after placing two
or more cards on the previous turn the player may ``draw`` more, one at a
time, up to a hand of five, before placing; then place cards (one action
each) and ``end``. With ``claims=manual`` the placer must ``piste`` each
completed line during the turn, and then the others, in turn order, may
``piste`` what was missed or ``pass`` (R-KU-8, D-KU-4, D-KU-6)."""

from __future__ import annotations

from enum import Enum, StrEnum
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from pakka.core.errors import IllegalAction
from pakka.core.game import Game
from pakka.core.options import Option
from pakka.core.seam import Display
from pakka.games.zoker.common import (
    ZokerDeckMixin,
    check_not_stacked,
)
from pakka.games.zoker.deck import (
    ATTRS,
    LINE_KINDS,
    NUM_LINES,
    card_index,
)
from pakka.games.zoker.kubo.actions import ACTIONS, PASS_ID, KuboAction
from pakka.games.zoker.kubo.display import KuboDisplay
from pakka.games.zoker.kubo.view import KuboView

if TYPE_CHECKING:
    from pakka.games.zoker.kubo.state import KuboState

HAND_SIZE = 4


MAX_DRAW_HAND = 5


LAYER_ATTRS = ("colour", "size", "shape")


class Geometry(NamedTuple):
    """The cube turned so that one attribute forms the layers (R-KU-1, R-KU-11)."""

    layer_attr: int
    grid_attrs: tuple[int, int]
    neighbours: tuple[int, ...]
    """Mask of the cards orthogonally next to each card in its own layer (R-KU-3)."""
    below: tuple[int, ...]
    """Mask (one bit or 0) of the card directly below each card."""
    above: tuple[int, ...]
    """Mask of the cards above each card's place: any of them placed covers it (R-KU-5)."""
    corners: tuple[int, int, int, int]
    """The bottom layer's corner cards, placed at the start (R-KU-2, R-KU-11)."""
    top_layer: int
    """Mask of the top layer: all of it placed ends the round (R-KU-9c)."""


@cache
def geometry(layers: str) -> Geometry:
    """The placing tables for ``layers`` = colour, size or shape."""
    la = LAYER_ATTRS.index(layers)
    g1, g2 = (a for a in range(3) if a != la)

    def at(layer: int, x: int, y: int) -> int:
        v = [0, 0, 0]
        v[la], v[g1], v[g2] = layer, x, y
        return card_index(v[0], v[1], v[2])

    neighbours, below, above = [], [], []
    for c in range(64):
        a = ATTRS[c]
        layer, x, y = a[la], a[g1], a[g2]
        m = 0
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= x + dx <= 3 and 0 <= y + dy <= 3:
                m |= 1 << at(layer, x + dx, y + dy)
        neighbours.append(m)
        below.append(1 << at(layer - 1, x, y) if layer else 0)
        above.append(sum(1 << at(h, x, y) for h in range(layer + 1, 4)))
    corners = (at(0, 0, 0), at(0, 0, 3), at(0, 3, 0), at(0, 3, 3))
    top = sum(1 << c for c in range(64) if ATTRS[c][la] == 3)
    return Geometry(la, (g1, g2), tuple(neighbours), tuple(below), tuple(above), corners, top)


PLAY = 0


CLAIMS = 1


class Phase(StrEnum):
    """Kubo's phases as views name them: the claims round (D-KU-4) and play."""

    CLAIMS = "claims"
    PLAY = "play"


class Kubo(ZokerDeckMixin, Game["KuboState"]):
    """Zoker Kubo: build the cube and complete straights, diagonals and Zokers."""

    name = "zoker-kubo"
    view_type: ClassVar[type | None] = KuboView
    display: ClassVar[Display] = KuboDisplay()
    title: ClassVar[dict[str, str]] = {"en": "Zoker Kubo", "fi": "Zoker Kubo"}
    summary: ClassVar[dict[str, str]] = {
        "en": "Strategy: build the 4x4x4 card cube and score lines of four.",
        "fi": "Strategiapeli: rakenna korttikuutio ja kerää pisteitä neljän kortin riveistä.",
    }
    min_players = 2
    max_players = 5
    phases: ClassVar[type[Enum]] = Phase
    option_specs = (
        Option(
            "layers",
            "choice",
            "colour",
            {
                "en": "Which attribute forms the layers of the cube (the cube in another "
                "position): colour, size or shape.",
                "fi": "Mikä ominaisuus muodostaa kuution tasot (kuutio eri asennossa): "
                "väri, koko tai muoto.",
            },
            choices=LAYER_ATTRS,
            rule="R-KU-11",
        ),
        Option(
            "points",
            "ints",
            (1, 2, 4),
            {
                "en": "Points for a straight, a plane diagonal and a Zoker (space diagonal).",
                "fi": "Pisteet suorasta, tason lävistäjästä ja Zokerista (avaruuslävistäjä).",
            },
            length=3,
            minimum=0,
            rule="R-KU-7",
        ),
        Option(
            "claims",
            "choice",
            "auto",
            {
                "en": "Automatic: completed lines score by themselves. By hand: the placer must "
                "claim them, and others may steal missed ones by calling Piste!",
                "fi": "Automaattisesti: valmiit rivit pisteytetään itsestään. Itse: asettajan on "
                "ilmoitettava ne, ja muut voivat varastaa huomaamatta jääneet huutamalla Piste!",
            },
            choices=("auto", "manual"),
            rule="R-KU-8",
        ),
        Option(
            "rounds",
            "int",
            1,
            {
                "en": "How many rounds at most are played (totals are summed).",
                "fi": "Montako kierrosta enintään pelataan (pisteet lasketaan yhteen).",
            },
            minimum=1,
            maximum=20,
            rule="R-KU-10",
        ),
        Option(
            "target",
            "int",
            0,
            {
                "en": "End the match after the round in which someone reaches this total "
                "(0: no target; set rounds high enough).",
                "fi": "Ottelu päättyy sen kierroksen jälkeen, jolla joku saavuttaa tämän "
                "pistemäärän (0: ei tavoitetta; aseta kierroksia riittävästi).",
            },
            minimum=0,
            maximum=1000,
            rule="R-KU-10",
        ),
    )

    @property
    def num_distinct_actions(self) -> int:
        return len(ACTIONS)

    def action_from_id(self, action_id: int) -> KuboAction:
        if not isinstance(action_id, int) or not 0 <= action_id < len(ACTIONS):
            raise IllegalAction(f"no Kubo action with id {action_id!r}; ids are 0..{PASS_ID}")
        return ACTIONS[action_id]

    def _new_state(
        self, seed: int, stacked: list[Any] | None, deck_text: list[str] | None
    ) -> KuboState:
        from pakka.games.zoker.kubo.state import KuboState  # the state imports this module

        geo = geometry(str(self.options["layers"]))
        check_not_stacked(self, stacked, set(geo.corners))
        s = KuboState()
        s._init_base(self, seed, deck_text)
        n = self.num_players
        s.geo = geo
        # D-KU-3: points per line kind (option ``points``, default 1/2/4).
        pts = self.options["points"]
        assert isinstance(pts, tuple)
        s.line_points = tuple(pts[LINE_KINDS[ln]] for ln in range(NUM_LINES))
        s.manual = self.options["claims"] == "manual"
        s.totals = [0] * n
        s.round_no = 0
        s.over = False
        s._start_round(stacked)
        return s
