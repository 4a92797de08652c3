"""The Koodinmurtaja board in the terminal (view fields: docs/games/koodinmurtaja.md).

One row per seat: its code lowest card first, each card numbered by position.
A revealed card is shown plainly; a card only the viewer knows (their own
hidden cards) is shown in brackets; a hidden unknown card is ``?`` followed by
the ranks publicly refuted for it (``≠2,5``, D-KM-7). Above: game, dealer,
stock and phase; below: the drawn card and whom the player in turn guesses at.

Everything computed from the rules (what the phase asks, action labels, which
guesses fit the board) comes from the game's display layer
(:mod:`pakka.games.koodinmurtaja.display`); this module only lays it out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from pakka.cli.text import say
from pakka.core.cards import parse_card
from pakka.core.render import one_based_args
from pakka.core.seam import ActionKind
from pakka.games.koodinmurtaja.display import DISPLAY
from pakka.i18n import fill

GAME = "koodinmurtaja"

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "game": "Game {n}/{of}",
        "dealer": "dealer: seat {seat}",
        "stock": "stock: {n} {n|card|cards}",
        "seat": "seat {seat}",
        "you": "you",
        "out": "out",
        "turn": "to play",
        "target": "target",
        "drawn_you": "You drew {card}.",
        "drawn_other": "Seat {seat} has drawn a card.",
        "drawn_known": "Seat {seat} drew {card}.",
        "no_drawn": "No card drawn (the stock is empty).",
        "wins": "match wins: {wins}",
        "stock_cards": "stock (top first): {cards}",
        "rank_refuted": "holds no hidden {ranks}",
        "winner": "Codebreaker: seat {seat}.",
    },
    "fi": {
        "game": "Peli {n}/{of}",
        "dealer": "jakaja: paikka {seat}",
        "stock": "pakassa: {n} {n|kortti|korttia}",
        "seat": "paikka {seat}",
        "you": "sinä",
        "out": "pudonnut",
        "turn": "vuorossa",
        "target": "kohde",
        "drawn_you": "Nostit kortin {card}.",
        "drawn_other": "Paikka {seat} on nostanut kortin.",
        "drawn_known": "Paikka {seat} nosti kortin {card}.",
        "no_drawn": "Korttia ei nostettu (pakka on loppu).",
        "wins": "ottelun voitot: {wins}",
        "stock_cards": "pakka (päällimmäinen ensin): {cards}",
        "rank_refuted": "ei piilossa arvoja {ranks}",
        "winner": "Koodinmurtaja: paikka {seat}.",
    },
}


def _l(lang: str, key: str, **args: Any) -> str:
    table = LABELS.get(lang, LABELS["en"])
    return fill(table.get(key, LABELS["en"][key]), one_based_args(args))


def card_text(card: str) -> Text:
    """A card as ``♠7`` in its suit's colour (hearts and diamonds red)."""
    c = parse_card(card)
    return Text(c.symbol(), style="bold red" if c.is_red else "bold")


def _entry(pos: int, e: dict[str, Any]) -> Text:
    """One card of a code: revealed, known only to the viewer, or hidden."""
    t = Text(f"{pos}:", style="dim")
    if e.get("revealed"):
        t.append_text(card_text(e["card"]))
    elif e.get("card"):
        t.append("[")
        t.append_text(card_text(e["card"]))
        t.append("]")
    else:
        t.append("?", style="bold yellow")
    if not e.get("revealed") and e.get("not"):
        # Ranks publicly refuted for this card (what everybody knows it is not).
        t.append("≠" + ",".join(e["not"]), style="magenta")
    return t


def _code_line(code: list[dict[str, Any]]) -> Text:
    line = Text()
    for i, e in enumerate(code):
        if i:
            line.append("  ")
        line.append_text(_entry(i + 1, e))
    return line


def render(view: dict[str, Any], lang: str) -> RenderableType:
    """The board as the seat of ``view`` (or a spectator, or the full view) sees it."""
    me = view.get("seat")
    cp = view.get("current_player")
    target = view.get("target")
    phase = view.get("phase")
    parts: list[RenderableType] = []

    head = [
        _l(lang, "game", n=view.get("game_number", 1), of=view.get("games", 1)),
        _l(lang, "dealer", seat=view.get("dealer")),
        _l(lang, "stock", n=view.get("stock", 0)),
    ]
    if view.get("games", 1) > 1:
        head.append(_l(lang, "wins", wins=" ".join(map(str, view.get("wins", [])))))
    parts.append(Text(" · ".join(head), style="bold"))

    table = Table(show_header=False, box=None, padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True)
    table.add_column()
    for q, code in enumerate(view.get("codes", [])):
        name = _l(lang, "seat", seat=q)
        if q == me:
            name += f" ({_l(lang, 'you')})"
        marks = []
        if q == cp:
            marks.append("▶ " + _l(lang, "turn"))
        if q == target and phase in ("guess", "continue") and not view.get("is_terminal"):
            marks.append("◎ " + _l(lang, "target"))
        if view.get("out") and view["out"][q]:
            marks.append(_l(lang, "out"))
        line = _code_line(code)
        refuted = view.get("rank_refuted") or []
        if q < len(refuted) and refuted[q]:
            line.append(
                "  " + _l(lang, "rank_refuted", ranks=",".join(refuted[q])), style="magenta"
            )
        style = "bold" if q == me else ""
        table.add_row(Text(name, style=style), Text(", ".join(marks), style="cyan"), line)
    parts.append(table)

    drawn = view.get("drawn")
    if phase != "over" and not view.get("is_terminal"):
        if drawn is None:
            parts.append(Text(_l(lang, "no_drawn")))
        elif drawn.get("card") and drawn.get("player") == me:
            parts.append(
                Text.assemble(*_split(_l(lang, "drawn_you", card="\0"), card_text(drawn["card"])))
            )
        elif drawn.get("card"):
            parts.append(
                Text.assemble(
                    *_split(
                        _l(lang, "drawn_known", seat=drawn["player"], card="\0"),
                        card_text(drawn["card"]),
                    )
                )
            )
        else:
            parts.append(Text(_l(lang, "drawn_other", seat=drawn.get("player"))))
    if view.get("stock_cards"):
        cards = Text(" ").join(card_text(c) for c in view["stock_cards"])
        parts.append(Text.assemble(*_split(_l(lang, "stock_cards", cards="\0"), cards)))

    if view.get("is_terminal") or phase == "over":
        for w in view.get("winners", []):
            parts.append(Text(_l(lang, "winner", seat=w), style="bold green"))
    elif phase in ("guess", "continue", "reveal"):
        parts.append(Text(say(GAME, DISPLAY.prompt(view), lang)))
    legend = DISPLAY.legend(view)
    if legend is not None:
        parts.append(Text(say(GAME, legend, lang), style="dim"))
    return Group(*parts)


def _split(template: str, card: Text) -> list[Text | str]:
    """``"You drew \\0."`` with the card's coloured text in place of ``\\0``."""
    before, _, after = template.partition("\0")
    return [before, card, after]


def describe_action(text: str, view: dict[str, Any], lang: str) -> str:
    """The display layer's label for ``stop`` and ``reveal N`` (guesses are clear in
    notation, and the menu lays them out in columns)."""
    action = DISPLAY.describe_view(view, text)
    if action["kind"] == ActionKind.GUESS.value:
        return ""
    return say(GAME, action["label"], lang)


def plausible_ranks(view: dict[str, Any], seat: int, position: int) -> set[int]:
    """The ranks the board plainly allows for a hidden card (see
    :meth:`~pakka.games.koodinmurtaja.display.KoodinmurtajaDisplay.plausible_ranks`)."""
    return DISPLAY.plausible_ranks(view, seat, position)


def menu(view: dict[str, Any], legal: Sequence[str], lang: str) -> list[str]:
    """The numbered choices: stop/reveal first, then the guesses whose rank fits the
    visible order of the code (other legal guesses can still be typed)."""
    described = [DISPLAY.describe_view(view, text) for text in legal]
    return [a["text"] for a in DISPLAY.suggested(view, described)]
