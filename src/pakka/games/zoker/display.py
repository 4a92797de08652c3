"""The Zoker games' display layer: card and place names in words, structured legal
actions, and what each phase asks of the player, for every front end.

Pure: no I/O and no front-end imports. Every text is a
:class:`~pakka.core.seam.Message` whose key is in :mod:`.messages` (en and fi);
cards are named with ``{card:card}`` from :meth:`ZokerDisplay.card_names`, never
as raw codes. Labels use only what the player to act may know (the Memo cards
named are those already seen face up, which the view shows to everyone).

Card names (R-ZK-1, R-ZK-2) read size, colour, shape, the way a player says
them at the table: ``BS1`` is "small blue one" / "pieni sininen ykkönen",
``RXL4`` "extra large red four" / "erittäin suuri punainen nelonen". The shape
is named by its number of corners as a card player names a rank (one .. four;
ykkönen .. nelonen).

Places: Solo's square "column a, row 3" / "sarake a, rivi 3" (the notation's
``a3``; row 4 is the bottom row of piles); Memo's "place 5 (row 2, column 1)" /
"paikka 5 (rivi 2, sarake 1)"; a Kubo cell "layer 2 (green), small, one corner"
/ "taso 2 (vihreä), pieni, yksi kulma".
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, Final

from pakka.core.game import Action, State
from pakka.core.seam import ActionKind, Display, LegalAction, Message, Target, msg
from pakka.games.zoker.deck import (
    ATTRS,
    LINE_KINDS,
    LINE_MASKS,
    LINES,
    LINES_THROUGH,
    NAMES,
    SIZES,
    STRONGER,
    card_index,
)

SIZE_WORDS: Final = {
    "en": ("small", "medium", "large", "extra large"),
    "fi": ("pieni", "keskikokoinen", "suuri", "erittäin suuri"),
}
COLOUR_WORDS: Final = {
    "en": ("blue", "green", "orange", "red"),
    "fi": ("sininen", "vihreä", "oranssi", "punainen"),
}
SHAPE_WORDS: Final = {
    "en": ("one", "two", "three", "four"),
    "fi": ("ykkönen", "kakkonen", "kolmonen", "nelonen"),
}
"""A card's shape as its name's noun (the number of corners, R-ZK-1)."""
CORNER_WORDS: Final = {
    "en": ("one corner", "two corners", "three corners", "four corners"),
    "fi": ("yksi kulma", "kaksi kulmaa", "kolme kulmaa", "neljä kulmaa"),
}
"""A shape as an attribute value on its own (Kubo's axes)."""
ATTRIBUTES: Final = ("colour", "size", "shape")
AXIS_CODES: Final = {"colour": ("B", "G", "O", "R"), "size": SIZES, "shape": ("1", "2", "3", "4")}
"""Each attribute's values in notation, weakest first (R-ZK-2)."""
KIND_KEYS: Final = ("kubo.kind.straight", "kubo.kind.diagonal", "kubo.kind.zoker")
COLUMNS: Final = "abcd"


def _lang(lang: str) -> str:
    return lang if lang in SIZE_WORDS else "en"


@cache
def _card_names(lang: str) -> dict[str, str]:
    lang = _lang(lang)
    return {
        NAMES[c]: f"{SIZE_WORDS[lang][s]} {COLOUR_WORDS[lang][col]} {SHAPE_WORDS[lang][sh]}"
        for c, (col, s, sh) in enumerate(ATTRS)
    }


def value_words(attribute: str, lang: str) -> tuple[str, ...]:
    """The four values of ``attribute`` in words, weakest first."""
    lang = _lang(lang)
    if attribute == "colour":
        return COLOUR_WORDS[lang]
    if attribute == "size":
        return SIZE_WORDS[lang]
    return CORNER_WORDS[lang]


def _action(action: Action, kind: ActionKind, label: Message, cards: list[str] | None = None,
            target: Target | None = None) -> LegalAction:  # fmt: skip
    return {
        "id": action.id,
        "text": str(action),
        "kind": kind.value,
        "cards": cards or [],
        "target": target,
        "label": label,
    }


class ZokerDisplay(Display):
    """What the five games share: the 64 card names and the end-of-game prompt."""

    def card_names(self, lang: str) -> Mapping[str, str]:
        """Every card code -> "small blue one" / "pieni sininen ykkönen" (see the module)."""
        return _card_names(lang)

    def prompt(self, view: Mapping[str, Any]) -> Message:
        """What the position asks of the player to act (overridden per game)."""
        return msg("zoker.over")


# -- Solo ----------------------------------------------------------------------------


class SoloDisplay(ZokerDisplay):
    """Zoker Solo: moves between places of the square, and the deal (R-SO-3..6)."""

    @staticmethod
    def place_name(place: int) -> Message:
        """Place 0..15 (reading order; 12..15 the bottom piles) in words."""
        return msg("zoker.place.solo", col=COLUMNS[place % 4], row=place // 4 + 1)

    def describe(self, state: State[Any], action: Action) -> LegalAction:
        from pakka.games.zoker.solo import UPPER, SoloAction, SoloState

        assert isinstance(state, SoloState) and isinstance(action, SoloAction)
        if action.src < 0:
            # R-SO-5 / D-SO-2: four cards, or what is left of the stock.
            n = min(4, len(state.stock))
            return _action(action, ActionKind.DEAL, msg("solo.act.deal", n=n), target=None)
        dst = UPPER + action.dst
        target: Target = {"source": action.src, "position": dst}
        pile = state.piles[action.dst]
        place, source = self.place_name(dst), self.place_name(action.src)
        if action.src < UPPER:
            c = NAMES[state.upper[action.src]]
            if not pile:
                label = msg("solo.act.start", card=c, place=place, source=source)  # R-SO-6
            else:
                label = msg(  # R-SO-3
                    "solo.act.move", card=c, place=place, source=source, top=NAMES[pile[-1]]
                )
            return _action(action, ActionKind.MOVE, label, [c], target)
        moving = [NAMES[x] for x in state.piles[action.src - UPPER]]
        label = msg(  # R-SO-4: the whole pile moves, its top stays on top
            "solo.act.pile",
            card=moving[-1],
            height=len(moving),
            place=place,
            source=source,
            top=NAMES[pile[-1]],
        )
        return _action(action, ActionKind.MOVE, label, moving, target)

    def prompt(self, view: Mapping[str, Any]) -> Message:
        return msg("zoker.over") if view["is_terminal"] else msg("solo.prompt")


# -- Memo ----------------------------------------------------------------------------


class MemoDisplay(ZokerDisplay):
    """Zoker Memo: turning a card at a place (R-ME-2)."""

    @staticmethod
    def place_name(place: int, columns: int) -> Message:
        """Place 0-based ``place`` of a table ``columns`` wide, in words (1-based)."""
        return msg(
            "zoker.place.memo", place=place + 1, row=place // columns + 1, col=place % columns + 1
        )

    def describe(self, state: State[Any], action: Action) -> LegalAction:
        from pakka.games.zoker.memo import MemoState, MemoTurn

        assert isinstance(state, MemoState) and isinstance(action, MemoTurn)
        i = action.id
        c = state.places[i]
        place = self.place_name(i, state.columns)
        target: Target = {"position": i}
        if state.seen >> c & 1:
            # Seen face up before: public (perfect recall, the view shows it).
            label = msg("memo.act.turn_seen", place=place, card=NAMES[c])
            return _action(action, ActionKind.REVEAL, label, [NAMES[c]], target)
        return _action(action, ActionKind.REVEAL, msg("memo.act.turn", place=place), [], target)

    def prompt(self, view: Mapping[str, Any]) -> Message:
        if view["is_terminal"]:
            return msg("zoker.over")
        up = view["face_up"]
        if up:
            return msg("memo.prompt.second", card=view["table"][up[0] - 1])
        return msg("memo.prompt.first")


# -- Tiko ----------------------------------------------------------------------------


class TikoDisplay(ZokerDisplay):
    """Zoker Tiko: playing a card, and where it goes on the pile (R-TI-2, D-TI-2)."""

    def describe(self, state: State[Any], action: Action) -> LegalAction:
        from pakka.games.zoker.tiko import TikoPlay, TikoState

        assert isinstance(state, TikoState) and isinstance(action, TikoPlay)
        c = action.id
        if not state.pile:
            label = msg("tiko.act.lead", card=NAMES[c])
        else:
            top = state.pile[-1]
            # R-TI-2 / D-TI-2: only the comparison with the top card counts.
            key = "tiko.act.over" if STRONGER[c * 64 + top] else "tiko.act.under"
            label = msg(key, card=NAMES[c], top=NAMES[top])
        return _action(action, ActionKind.PLAY, label, [NAMES[c]])

    def prompt(self, view: Mapping[str, Any]) -> Message:
        if view["is_terminal"]:
            return msg("zoker.over")
        pile = view["pile"]
        return msg("tiko.prompt.follow", top=pile[-1]) if pile else msg("tiko.prompt.lead")


# -- Kubo ----------------------------------------------------------------------------


@cache
def _kubo_axes(layers: str) -> tuple[int, int, int]:
    la = ATTRIBUTES.index(layers)
    g1, g2 = (a for a in range(3) if a != la)
    return la, g1, g2


def kubo_cell(layers: str, card: int) -> tuple[int, int, int]:
    """``(layer, row, column)`` of a card's place in the cube turned by ``layers``
    (R-KU-1, R-KU-11), as the view's ``grids`` index them."""
    la, g1, g2 = _kubo_axes(layers)
    a = ATTRS[card]
    return a[la], a[g1], a[g2]


@cache
def kubo_grid_codes(layers: str) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """The card that belongs to every cell: ``codes[layer][row][column]``, in the
    order of the view's ``grids`` (R-KU-1, R-KU-11)."""
    la, g1, g2 = _kubo_axes(layers)
    out = []
    for layer in range(4):
        rows = []
        for x in range(4):
            row = []
            for y in range(4):
                v = [0, 0, 0]
                v[la], v[g1], v[g2] = layer, x, y
                row.append(NAMES[card_index(v[0], v[1], v[2])])
            rows.append(tuple(row))
        out.append(tuple(rows))
    return tuple(out)


class KuboDisplay(ZokerDisplay):
    """Zoker Kubo: placing, drawing, ending the turn, claiming lines (R-KU-3..8)."""

    @staticmethod
    def place_name(layers: str, card: str, lang: str = "en") -> Message:
        """The place of ``card`` in the cube, in words (R-KU-1, R-KU-11)."""
        la, g1, g2 = _kubo_axes(layers)
        a = ATTRS[NAMES.index(card)]
        return msg(
            "zoker.place.kubo",
            layer=a[la] + 1,
            layer_value=value_words(ATTRIBUTES[la], lang)[a[la]],
            row_value=value_words(ATTRIBUTES[g1], lang)[a[g1]],
            col_value=value_words(ATTRIBUTES[g2], lang)[a[g2]],
        )

    @staticmethod
    def layer_title(layers: str, layer: int, lang: str) -> Message:
        """``layer`` (0-based, bottom first) named by its attribute value."""
        return msg("zoker.layer", layer=layer + 1, value=value_words(layers, lang)[layer])

    @staticmethod
    def axis_codes(view: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The grids' row and column headings in notation (weakest first)."""
        rows, cols = view["grid_attributes"]
        return tuple(AXIS_CODES[rows]), tuple(AXIS_CODES[cols])

    @staticmethod
    def cells(view: Mapping[str, Any]) -> list[list[list[tuple[str, str]]]]:
        """Every cell as ``(code, status)``, ``cells[layer][row][column]``: status
        ``card`` (placed), ``placeable`` (R-KU-3, R-KU-4), ``covered`` (R-KU-5)
        or ``empty``."""
        placeable = set(view["placeable"])
        covered = set(view["covered"])
        grids = view["grids"]
        out: list[list[list[tuple[str, str]]]] = []
        for n, layer in enumerate(kubo_grid_codes(view["layers"])):
            rows: list[list[tuple[str, str]]] = []
            for x, row in enumerate(layer):
                cells: list[tuple[str, str]] = []
                for y, code in enumerate(row):
                    if grids[n][x][y]:
                        status = "card"
                    elif code in placeable:
                        status = "placeable"
                    elif code in covered:
                        status = "covered"
                    else:
                        status = "empty"
                    cells.append((code, status))
                rows.append(cells)
            out.append(rows)
        return out

    @staticmethod
    def line_cards(line: str) -> list[str]:
        """The four cards of a line written ``BS1-GS1-OS1-RS1`` (the view's ``open_lines``)."""
        return line.split("-")

    @classmethod
    def lines_message(cls, lines: list[str]) -> Message | None:
        """Lines (``BS1-GS1-OS1-RS1``) named card by card, one after another."""
        out: Message | None = None
        for line in reversed(lines):
            one = msg("zoker.line", cards=cls.line_cards(line))
            out = one if out is None else msg("zoker.line_list", first=one, rest=out)
        return out

    @staticmethod
    def score_rule(options: Mapping[str, Any]) -> Message:
        """What lines are worth with these options (R-KU-7, R-KU-10)."""
        straight, diagonal, zoker = (int(x) for x in options.get("points", (1, 2, 4)))
        return msg("kubo.score_rule", straight=straight, diagonal=diagonal, zoker=zoker)

    def describe(self, state: State[Any], action: Action) -> LegalAction:
        from pakka.games.zoker.kubo import (
            CLAIM_BASE,
            DRAW_ID,
            END_ID,
            PASS_ID,
            KuboAction,
            KuboState,
        )

        assert isinstance(state, KuboState) and isinstance(action, KuboAction)
        i = action.id
        if i < 64:
            layers = str(state.game.options["layers"])
            layer, row, col = kubo_cell(layers, i)
            target: Target = {"position": layer * 16 + row * 4 + col}
            below = state.geo.below[i]
            if below & state.board:
                # R-KU-3: on top of the card directly below.
                label = msg("kubo.act.place_on", card=NAMES[i], below=NAMES[below.bit_length() - 1])
            else:
                label = msg("kubo.act.place_next", card=NAMES[i])
            after = state.board | 1 << i
            done = [ln for ln in LINES_THROUGH[i] if LINE_MASKS[ln] & ~after == 0]
            if done:
                # R-KU-7: the lines this card completes (claimed by hand with manual claims).
                points = sum(state.line_points[ln] for ln in done)
                label = msg("kubo.act.scores", place=label, lines=len(done), points=points)
            return _action(action, ActionKind.PLACE, label, [NAMES[i]], target)
        if i == DRAW_ID:
            return _action(action, ActionKind.DRAW, msg("kubo.act.draw"), [], {"pile": "stock"})
        if i == END_ID:
            return _action(action, ActionKind.STOP, msg("kubo.act.end"))
        if i == PASS_ID:
            return _action(action, ActionKind.PASS, msg("kubo.act.pass"))
        ln = i - CLAIM_BASE
        cards = [NAMES[c] for c in LINES[ln]]
        label = msg(
            "kubo.act.claim",
            kind=msg(KIND_KEYS[LINE_KINDS[ln]]),
            cards=cards,
            points=state.line_points[ln],
        )
        return _action(action, ActionKind.CLAIM, label, cards)

    def prompt(self, view: Mapping[str, Any]) -> Message:
        if view["is_terminal"]:
            return msg("zoker.over")
        names = self.lines_message(view.get("open_lines", []))
        if view["phase"] == "claims":
            return msg("kubo.prompt.claims", seat=view["current_player"], lines=names)
        if names is not None:
            return msg("kubo.prompt.claim_own", lines=names)
        return msg("kubo.prompt.draw" if view["may_draw"] else "kubo.prompt.play")


# -- the pairs trainer ---------------------------------------------------------------


class PairsDisplay(ZokerDisplay):
    """The trainer: picking a pair or a straight, or stopping (R-ZK-3, R-ZK-6)."""

    def describe(self, state: State[Any], action: Action) -> LegalAction:
        from pakka.games.zoker.pairs import PairsAction, PairsState

        assert isinstance(state, PairsState) and isinstance(action, PairsAction)
        cards = [NAMES[c] for c in action.cards]
        if not cards:
            return _action(action, ActionKind.STOP, msg("pairs.act.stop", score=state.score))
        if len(cards) == 2:
            label = msg("pairs.act.pair", a=cards[0], b=cards[1])
        else:
            label = msg("pairs.act.straight", cards=cards)
        return _action(action, ActionKind.CLAIM, label, cards)

    def prompt(self, view: Mapping[str, Any]) -> Message:
        return msg("zoker.over") if view["is_terminal"] else msg("pairs.prompt")
