"""Terminal rendering of a Räväytys view: the contract, the table with what every
wild card stands for, the hand grouped by the solver's best lay-down, the buy prompt."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from pakka.core.cards import parse_card
from pakka.i18n import fill

_SYM = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_T = {
    "en": {
        "round": "Round {r}/8 — contract: {c}",
        "sets": "{n} {n|set|sets}",
        "runs": "{n} {n|run|runs}",
        "table": "Table",
        "none": "(nothing on the table)",
        "hand": "Your hand",
        "groups": "Best lay-down",
        "left": "left in hand",
        "nocontract": "contract not possible yet",
        "top": "Discard: {t}   stock {s}   pile {p}",
        "buy": "Seat {p} left the discard {t}: do you buy it (discard + penalty card)?",
        "seat": "seat",
        "cards": "cards",
        "points": "total",
        "building": "Laying down",
        "transit": "Place the freed wild card {w}",
        "stage1": "The stock was reshuffled: a card drawn now may not be discarded.",
        "stage2": "The stock is exhausted: a turn is only a discard.",
    },
    "fi": {
        "round": "Kierros {r}/8 — tavoite: {c}",
        "sets": "{n} kolmoset",
        "runs": "{n} {n|värisuora|värisuoraa}",
        "table": "Pöytä",
        "none": "(pöydässä ei ole mitään)",
        "hand": "Kätesi",
        "groups": "Paras pöytäys",
        "left": "käteen jää",
        "nocontract": "tavoite ei vielä onnistu",
        "top": "Avopakka: {t}   umpipakka {s}   pino {p}",
        "buy": "Paikka {p} jätti kortin {t}: ostatko sen (+ sakkokortti)?",
        "seat": "paikka",
        "cards": "kortit",
        "points": "yhteensä",
        "building": "Pöytäys kesken",
        "transit": "Sijoita vapautunut villi {w}",
        "stage1": "Umpipakka sekoitettiin: nyt nostettua korttia ei saa laittaa pois.",
        "stage2": "Pakat ovat lopussa: vuorolla vain laitetaan kortti pois.",
    },
}


def card_text(t: str) -> Text:
    """A card with its suit symbol, red suits in red, wild cards highlighted."""
    if t == "JK":
        return Text("JK", style="bold magenta")
    c = parse_card(t)
    s = c.suit_letter
    label = _SYM[s] + t[:-1]
    if c.rank == 2 and s in "SC":
        return Text(label, style="bold magenta")
    return Text(label, style="red" if s in "HD" else "")


def _meld_line(m: dict[str, Any]) -> Text:
    out = Text()
    if "id" in m:
        out.append(f"{m['id']:>3} ", style="bold")
    for e in m["cards"]:
        out.append_text(card_text(e["card"]))
        if "as" in e:
            out.append(f"={e['as']}", style="dim")
        out.append(" ")
    return out


def render(view: dict[str, Any], lang: str = "en") -> RenderableType:
    """The board as the view's seat sees it (log excluded)."""
    t = _T.get(lang, _T["en"])
    parts: list[RenderableType] = []
    c = view["contract"]
    bits = []
    if c["sets"]:
        bits.append(fill(t["sets"], {"n": c["sets"]}))
    if c["runs"]:
        bits.append(fill(t["runs"], {"n": c["runs"]}))
    parts.append(Text(t["round"].format(r=view["round"], c=" + ".join(bits)), style="bold"))
    sheet = Table(show_header=True, box=None)
    sheet.add_column(t["seat"])
    sheet.add_column(t["cards"])
    for i in range(len(view["sheet"])):
        sheet.add_column(str(i + 1))
    sheet.add_column(t["points"])
    for p in range(view["players"]):
        mark = "*" if p == view["current_player"] else ""
        sheet.add_row(
            f"{p}{mark}" + (" (you)" if p == view["seat"] and lang != "fi" else ""),
            str(view["hand_sizes"][p]),
            *[str(r[p]) for r in view["sheet"]],
            str(view["scores"][p]),
        )
    parts.append(sheet)
    parts.append(Text(t["table"], style="bold underline"))
    if view["melds"]:
        for m in view["melds"]:
            parts.append(_meld_line(m) + Text(f"  ({t['seat']} {m['owner']})", style="dim"))
    else:
        parts.append(Text(t["none"], style="dim"))
    if view["pending"]:
        parts.append(Text(t["building"], style="bold"))
        for m in view["pending"]:
            parts.append(_meld_line(m))
    top = view["top"] or "-"
    parts.append(Text(t["top"].format(t=top, s=view["stock_size"], p=view["pile_size"])))
    if view["stage"] == 1:
        parts.append(Text(t["stage1"], style="yellow"))
    elif view["stage"] == 2:
        parts.append(Text(t["stage2"], style="yellow"))
    if view.get("in_transit"):
        parts.append(Text(t["transit"].format(w=view["in_transit"]), style="bold yellow"))
    if view["phase"] == "buy" and view.get("asked") == view["seat"]:
        parts.append(Text(t["buy"].format(p=view["turn_player"], t=top), style="bold yellow"))
    hand = view.get("hand")
    if hand is not None:
        parts.append(Text(t["hand"], style="bold underline"))
        parts.append(_hand(view, hand, t))
    return Group(*parts)


def _hand(view: dict[str, Any], hand: list[str], t: dict[str, str]) -> RenderableType:
    line = Text()
    for h in hand:
        line.append_text(card_text(h))
        line.append(" ")
    seat = view["seat"]
    if view["down"][seat] or not hand:
        return line
    from pakka.games.ravaytys.cards import VALUES
    from pakka.games.ravaytys.solver import best_contract

    counts = [0] * 53
    for h in hand:
        counts[parse_card(h).index] += 1
    opts = view["options"]
    arr = best_contract(
        counts,
        view["contract"]["sets"],
        view["contract"]["runs"],
        VALUES[opts["scoring"]],
        0 if opts["go_out_by_melding"] else 1,
        opts["max_wilds_per_group"],
    )
    rows: list[RenderableType] = [line]
    if arr is None:
        rows.append(Text(t["nocontract"], style="dim"))
        return Group(*rows)
    rows.append(Text(t["groups"] + ":", style="dim"))
    from pakka.games.ravaytys.cards import name

    for g in arr.groups:
        gl = Text("  ")
        for c in g.cards:
            gl.append_text(card_text(name(c)))
            gl.append(" ")
        rows.append(gl)
    rest = Text(f"  {t['left']}: ")
    for c in range(53):
        for _ in range(arr.remainder[c]):
            rest.append_text(card_text(name(c)))
            rest.append(" ")
    rest.append(f"({arr.value})", style="dim")
    rows.append(rest)
    return Group(*rows)


def describe_action(text: str, view: dict[str, Any], lang: str = "en") -> str:
    """Friendlier menu labels for a few actions."""
    fi = lang == "fi"
    labels = {
        "take": "ota poislaitettu kortti" if fi else "take the discard",
        "draw": "nosta umpipakasta" if fi else "leave it, draw from the stock",
        "buy": "Ostan!" if fi else "buy it (plus a penalty card)",
        "pass": "en osta" if fi else "do not buy",
        "meld": "pöydätä tavoite" if fi else "lay down the contract",
        "close": "sulje ryhmä" if fi else "close this group",
        "cancel": "peru pöytäys" if fi else "take the groups back",
    }
    return labels.get(text, text)
