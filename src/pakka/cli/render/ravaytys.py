"""Terminal rendering of a Räväytys view: the contract, the table with what every
wild card stands for, the hand with the hint's best lay-down, the buy prompt.

Every rule value (the contract in words, the score sheet, the hint, what a phase
asks, action labels) comes from the game's display layer
(:mod:`pakka.games.ravaytys.display`); this module only lays it out."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from pakka.cli.text import say
from pakka.games.ravaytys.display import RavaytysDisplay, card_names

_SYM = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_DISPLAY = RavaytysDisplay()


def _tr(key: str, lang: str, **args: Any) -> str:
    return say("ravaytys", {"key": key, "args": args}, lang)


def card_text(t: str, lang: str = "en") -> Text:
    """A card with its suit symbol, red suits in red, wild cards highlighted; the
    joker, which has no suit symbol, in words ("jokeri", "joker"), never as ``JK``."""
    if t == "JK":
        return Text(card_names(lang).get(t, t), style="bold magenta")
    s = t[-1]
    label = _SYM[s] + t[:-1]
    if _DISPLAY.is_wild(t):
        return Text(label, style="bold magenta")
    return Text(label, style="red" if s in "HD" else "")


def _stands_for(rep: str) -> str:
    """What a wild card stands for, after its ``=``: a rank as it is (``8``), a card
    with its suit symbol (``♠7``), never a code (``7S``)."""
    return _SYM[rep[-1]] + rep[:-1] if len(rep) > 1 and rep[-1] in _SYM else rep


def _meld_line(m: dict[str, Any], lang: str = "en") -> Text:
    out = Text()
    if "id" in m:
        out.append(f"{m['id']:>3} ", style="bold")
    for e in m["cards"]:
        out.append_text(card_text(e["card"], lang))
        if "as" in e:
            out.append(f"={_stands_for(e['as'])}", style="dim")
        out.append(" ")
    return out


def render(view: dict[str, Any], lang: str = "en") -> RenderableType:
    """The board as the view's seat sees it (log excluded)."""
    d = _DISPLAY
    parts: list[RenderableType] = []
    parts.append(Text(say("ravaytys", d.round_title(view), lang), style="bold"))
    rows = d.sheet(view)
    sheet = Table(show_header=True, box=None)
    sheet.add_column(_tr("rv.ui.seat", lang))
    sheet.add_column(_tr("rv.ui.cards", lang))
    for i in range(len(view["sheet"])):
        sheet.add_column(str(i + 1))
    sheet.add_column(_tr("rv.ui.points", lang))
    you = _tr("rv.ui.you", lang)
    for r in rows:
        p = r["seat"]
        sheet.add_row(
            f"{p + 1}{'*' if r['to_act'] else ''}"
            + (f" {you}" if p == view["seat"] and you else ""),
            str(r["hand_size"]),
            *[str(x) for x in r["rounds"]],
            str(r["total"]),
        )
    parts.append(sheet)
    parts.append(Text(_tr("rv.ui.table", lang), style="bold underline"))
    if view["melds"]:
        for m in view["melds"]:
            owner = _tr("rv.ui.owner", lang, owner=m["owner"])
            parts.append(_meld_line(m, lang) + Text(f"  ({owner})", style="dim"))
    else:
        parts.append(Text(_tr("rv.ui.none", lang), style="dim"))
    if view["pending"]:
        parts.append(Text(_tr("rv.ui.building", lang), style="bold"))
        for m in view["pending"]:
            parts.append(_meld_line(m, lang))
    top = card_names(lang).get(view["top"], view["top"]) if view["top"] else "-"
    parts.append(
        Text(_tr("rv.ui.top", lang, top=top, stock=view["stock_size"], pile=view["pile_size"]))
    )
    note = d.stage_note(view)
    if note is not None:
        parts.append(Text(say("ravaytys", note, lang), style="yellow"))
    if view["phase"] == "place" or (view["phase"] == "buy" and view.get("asked") == view["seat"]):
        parts.append(Text(say("ravaytys", d.prompt(view), lang), style="bold yellow"))
    hand = view.get("hand")
    if hand is not None:
        parts.append(Text(_tr("rv.ui.hand", lang), style="bold underline"))
        parts.append(_hand(view, hand, lang))
    return Group(*parts)


def _cards_line(cards: list[str], lang: str, indent: str = "") -> Text:
    line = Text(indent)
    for c in cards:
        code, _, rep = c.partition("=")
        line.append_text(card_text(code, lang))
        if rep:
            line.append(f"={_stands_for(rep)}", style="dim")
        line.append(" ")
    return line


def _hand(view: dict[str, Any], hand: list[str], lang: str) -> RenderableType:
    line = _cards_line(hand, lang)
    hint = _DISPLAY.hint(view)
    if hint is None:
        return line
    rows: list[RenderableType] = [line]
    if not hint["possible"]:
        rows.append(Text(_tr("rv.ui.nocontract", lang), style="dim"))
        return Group(*rows)
    rows.append(Text(_tr("rv.ui.groups", lang) + ":", style="dim"))
    for g in hint["groups"]:
        rows.append(_cards_line(g, lang, "  "))
    rest = _cards_line(hint["left"], lang, f"  {_tr('rv.ui.left', lang)}: ")
    rest.append(f"({hint['value']})", style="dim")
    rows.append(rest)
    return Group(*rows)


def describe_action(text: str, view: dict[str, Any], lang: str = "en") -> str:
    """The display layer's label of a legal action, in words."""
    label = _DISPLAY.label_for_text(view, text)
    return text if label is None else say("ravaytys", label, lang)
