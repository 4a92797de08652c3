"""Kubo: card places, action labels and prompts in words (pure, no I/O)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from pakka.core.game import Action, State
from pakka.core.seam import ActionKind, LegalAction, Message, Target, msg
from pakka.games.zoker.deck import (
    ATTRS,
    LINE_KINDS,
    LINE_MASKS,
    LINES,
    LINES_THROUGH,
    NAMES,
    card_index,
)
from pakka.games.zoker.display import (
    ATTRIBUTES,
    AXIS_CODES,
    KIND_KEYS,
    ZokerDisplay,
    legal_action,
    value_words,
)


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
        from pakka.games.zoker.kubo.actions import CLAIM_BASE, DRAW_ID, END_ID, PASS_ID, KuboAction
        from pakka.games.zoker.kubo.state import KuboState

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
            return legal_action(action, ActionKind.PLACE, label, [NAMES[i]], target)
        if i == DRAW_ID:
            return legal_action(
                action, ActionKind.DRAW, msg("kubo.act.draw"), [], {"pile": "stock"}
            )
        if i == END_ID:
            return legal_action(action, ActionKind.STOP, msg("kubo.act.end"))
        if i == PASS_ID:
            return legal_action(action, ActionKind.PASS, msg("kubo.act.pass"))
        ln = i - CLAIM_BASE
        cards = [NAMES[c] for c in LINES[ln]]
        label = msg(
            "kubo.act.claim",
            kind=msg(KIND_KEYS[LINE_KINDS[ln]]),
            cards=cards,
            points=state.line_points[ln],
        )
        return legal_action(action, ActionKind.CLAIM, label, cards)

    def prompt(self, view: Mapping[str, Any]) -> Message:
        if view["is_terminal"]:
            return msg("zoker.over")
        names = self.lines_message(view.get("open_lines", []))
        if view["phase"] == "claims":
            return msg("kubo.prompt.claims", seat=view["current_player"], lines=names)
        if names is not None:
            return msg("kubo.prompt.claim_own", lines=names)
        return msg("kubo.prompt.draw" if view["may_draw"] else "kubo.prompt.play")
