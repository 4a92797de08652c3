"""The Zoker games in the terminal (view fields: docs/games/zoker.md).

A card is drawn in its colour (ANSI colour plus the letter B/G/O/R), with its
size code and shape digit and a small glyph for the shape (corners 1-4:
``◔ ◗ ▲ ■``), e.g. ``OM3▲`` in orange. Solo is the 4x4 square, Memo the table
of places, Tiko the hands and the trick pile, Kubo four 4x4 layer grids with
the legal places marked ``+`` and covered places ``x``, the trainer its table.
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from pakka.cli.text import say
from pakka.core.registry import game_class
from pakka.core.render import one_based_args
from pakka.games.zoker.kubo.display import KuboDisplay

KUBO = KuboDisplay()

STYLES = {"B": "bold blue", "G": "bold green", "O": "bold dark_orange", "R": "bold red"}
GLYPHS = {"1": "◔", "2": "◗", "3": "▲", "4": "■"}

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "stock": "stock: {n}",
        "score": "score: {n}",
        "you": "you",
        "seat": "seat {seat}",
        "turn": "to play",
        "hand": "your hand",
        "pile": "trick (bottom → top)",
        "won": "won cards",
        "taken": "cards taken",
        "layer": "layer {n}",
        "legend_kubo": "+ a card may go here now · x covered for ever · . empty",
        "legend_memo": "? face down, unseen · dim: face down, seen before · ▶ face up",
        "round": "round {n}",
        "points": "round points",
        "totals": "totals",
        "pairs": "pairs {p} · straights {s} · mistakes {m} · score {score}",
        "over": "The game is over.",
    },
    "fi": {
        "stock": "pakassa: {n}",
        "score": "pisteet: {n}",
        "you": "sinä",
        "seat": "paikka {seat}",
        "turn": "vuorossa",
        "hand": "kätesi",
        "pile": "tikki (alin → päällimmäinen)",
        "won": "voitetut kortit",
        "taken": "kerätyt kortit",
        "layer": "taso {n}",
        "legend_kubo": "+ kortin voi asettaa tähän nyt · x peitetty · . tyhjä",
        "legend_memo": "? kuvapuoli alaspäin, näkemätön · himmeä: nähty aiemmin · ▶ esillä",
        "round": "kierros {n}",
        "points": "kierroksen pisteet",
        "totals": "yhteensä",
        "pairs": "pareja {p} · suoria {s} · virheitä {m} · pisteet {score}",
        "over": "Peli on päättynyt.",
    },
}


def _l(lang: str, key: str, **args: Any) -> str:
    table = LABELS.get(lang, LABELS["en"])
    return table.get(key, LABELS["en"][key]).format(**one_based_args(args))


def card(name: str | None, dim: bool = False, width: int = 6) -> Text:
    """One card: colour style, code and shape glyph; ``None`` is an empty place."""
    if not name:
        return Text(".".center(width), style="dim")
    style = STYLES.get(name[0], "")
    if dim:
        style += " dim"
    return Text(f"{name}{GLYPHS.get(name[-1], '')}".ljust(width), style=style)


def cards(names: list[str]) -> Text:
    """Several cards in a row."""
    t = Text()
    for i, n in enumerate(names):
        if i:
            t.append(" ")
        t.append_text(card(n, width=0))
    return t


def _seat_line(view: dict[str, Any], lang: str, values: list[int], label: str) -> Text:
    me = view.get("seat")
    cp = view.get("current_player")
    t = Text(label + ": ")
    for p, v in enumerate(values):
        name = _l(lang, "seat", seat=p) + (f" ({_l(lang, 'you')})" if p == me else "")
        t.append(f"{name} {v}", style="bold" if p == cp else "")
        if p == cp:
            t.append(" ◀")
        t.append("   ")
    return t


def render(view: dict[str, Any], lang: str) -> RenderableType:
    """The board of any Zoker game as the seat of ``view`` sees it."""
    game = view.get("game", "")
    body = {
        "zoker-solo": _solo,
        "zoker-memo": _memo,
        "zoker-tiko": _tiko,
        "zoker-kubo": _kubo,
        "zoker-pairs": _pairs,
    }.get(game, _pairs)(view, lang)
    if view.get("is_terminal"):
        return Group(body, Text(_l(lang, "over"), style="bold"))
    if view.get("current_player") == view.get("seat") or view.get("phase") == "claims":
        # What the position asks of the player to act, from the display layer.
        prompt = game_class(game).display.prompt(view)
        return Group(body, Text(say(game, prompt, lang), style="italic"))
    return body


def _solo(view: dict[str, Any], lang: str) -> RenderableType:
    grid = Table(show_header=True, box=None, padding=(0, 1))
    grid.add_column("")
    for col in "abcd":
        grid.add_column(col, no_wrap=True)
    upper = view.get("upper", [])
    for r in range(3):
        grid.add_row(str(r + 1), *[card(upper[r * 4 + c]) for c in range(4)])
    piles = view.get("piles", [[]] * 4)
    bottom: list[Text] = []
    for p in piles:
        t = card(p[-1] if p else None)
        if p:
            t.append(f"×{len(p)}", style="bold")
        bottom.append(t)
    grid.add_row("4", *bottom)
    stock = _l(lang, "stock", n=view.get("stock", 0))
    head = Text(f"{stock} · {_l(lang, 'score', n=view.get('score', 0))}", style="bold")
    return Group(head, grid)


def _memo(view: dict[str, Any], lang: str) -> RenderableType:
    table = view.get("table", [])
    cols = int(view.get("columns", 4)) or 4
    up = set(view.get("face_up", []))
    grid = Table(show_header=False, box=None, padding=(0, 1))
    for _ in range(cols):
        grid.add_column(no_wrap=True)
    row: list[Text] = []
    for i, x in enumerate(table):
        place = i + 1
        if x is None:
            t = Text(f"{place:>2} " + "·".ljust(5), style="dim")
        elif x == "?":
            t = Text(f"{place:>2} " + "?".ljust(5))
        else:
            t = Text(f"{place:>2} ")
            if place in up:
                t.append("▶")
            t.append_text(card(x, dim=place not in up, width=5))
        row.append(t)
        if len(row) == cols:
            grid.add_row(*row)
            row = []
    if row:
        grid.add_row(*row, *[Text("")] * (cols - len(row)))
    head = _seat_line(view, lang, view.get("taken", []), _l(lang, "taken"))
    foot = Text(f"{_l(lang, 'stock', n=view.get('stock', 0))} · {_l(lang, 'legend_memo')}")
    return Group(head, grid, foot)


def _tiko(view: dict[str, Any], lang: str) -> RenderableType:
    parts: list[RenderableType] = [
        _seat_line(view, lang, view.get("won", []), _l(lang, "won")),
        Text(_l(lang, "stock", n=view.get("stock", 0))),
    ]
    pile = view.get("pile", [])
    seats = view.get("pile_seats", [])
    t = Text(_l(lang, "pile") + ": ")
    for name, s in zip(pile, seats, strict=False):
        t.append_text(card(name, width=0))
        t.append(f"({s}) ")
    parts.append(t)
    if "hand" in view:
        h = Text(_l(lang, "hand") + ": ")
        h.append_text(cards(view["hand"]))
        parts.append(h)
    return Group(*parts)


def _kubo(view: dict[str, Any], lang: str) -> RenderableType:
    # Which card belongs to a cell, whether it is placeable or covered, and what the
    # phase asks: all from the display layer (R-KU-1..8), none worked out here.
    rows, cols = KUBO.axis_codes(view)
    layers = view.get("layers", "colour")
    marks = {
        "placeable": Text("+".center(6), style="bold green"),
        "covered": Text("x".center(6), style="dim red"),
        "empty": Text(".".center(6), style="dim"),
    }
    panels: list[RenderableType] = []
    for n, layer in enumerate(KUBO.cells(view)):
        t = Table(
            title=say("zoker-kubo", KUBO.layer_title(layers, n, lang), lang),
            show_header=True,
            box=None,
            padding=(0, 0),
        )
        t.add_column("", width=3)
        for code in cols:
            t.add_column(code, no_wrap=True)
        for x, row in enumerate(layer):
            cells = [
                card(code, width=6) if status == "card" else marks[status].copy()
                for code, status in row
            ]
            t.add_row(rows[x], *cells)
        panels.append(t)
    parts: list[RenderableType] = [
        Text(
            _l(lang, "round", n=view.get("round", 1))
            + " · "
            + _l(lang, "stock", n=view.get("stock", 0)),
            style="bold",
        ),
        _seat_line(view, lang, view.get("round_points", []), _l(lang, "points")),
        _seat_line(view, lang, view.get("totals", []), _l(lang, "totals")),
        Columns(panels, padding=(0, 3)),
        Text(_l(lang, "legend_kubo"), style="dim"),
        Text(say("zoker-kubo", KUBO.score_rule(view["options"]), lang), style="dim"),
    ]
    if "hand" in view:
        h = Text(_l(lang, "hand") + ": ")
        h.append_text(cards(view["hand"]))
        parts.append(h)
    return Group(*parts)


def _pairs(view: dict[str, Any], lang: str) -> RenderableType:
    table = view.get("table", [])
    grid = Table(show_header=False, box=None, padding=(0, 1))
    for _ in range(5):
        grid.add_column(no_wrap=True)
    row: list[Text] = []
    for x in table:
        row.append(card(x))
        if len(row) == 5:
            grid.add_row(*row)
            row = []
    if row:
        grid.add_row(*row, *[Text("")] * (5 - len(row)))
    head = Text(
        _l(
            lang,
            "pairs",
            p=view.get("pairs", 0),
            s=view.get("straights", 0),
            m=view.get("mistakes", 0),
            score=view.get("score", 0),
        ),
        style="bold",
    )
    return Group(head, grid)
