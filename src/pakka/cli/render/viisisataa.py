"""The Viisisataa board in the terminal (view fields: docs/games/viisisataa.md).

Top: hand number, dealer, phase, contract and trump. Then the bidding box,
the trick on the table (and the last trick), tricks taken per seat, the
viewer's hand sorted by suit with the trumps (bowers and joker included)
together on the right once trumps are known, and the score sheet.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from pakka.cli.text import say
from pakka.core.cards import SUIT_SYMBOLS, SUITS, parse_card
from pakka.core.render import one_based_args
from pakka.core.seam import Message
from pakka.games.viisisataa.display import (
    PHASE_KEYS,
    card_name,
    contract_message,
    describe_text,
    notation_message,
    prompt,
    sheet_rows,
    sort_hand,
)

GAME = "viisisataa"

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "head": "Hand {hand} · dealer: seat {dealer} · {phase}",
        "bids": "Bids",
        "seat": "seat {seat}",
        "you": "you",
        "hand": "Your hand",
        "trick": "Trick",
        "last": "Last trick (won by seat {seat})",
        "tricks": "tricks taken: {tricks}",
        "sheet": "Score sheet (to 500)",
        "hand_col": "hand",
        "contract_col": "contract",
        "partner": "partner: seat {seat}",
        "partner_card": "partner card: {card}",
        "sitting_out": "seat {seat} sits out",
        "kitty": "kitty taken: {cards}",
        "discards": "your discards: {cards} ({left} to go)",
        "winners": "Winners: {seats}",
        "to_act": "seat {seat} to act",
        "partner_hint": "[type the number of a choice, or partner N with seats counted from "
        "0 as the notation counts them: partner {example} is seat {shown}]",
    },
    "fi": {
        "head": "Jako {hand} · jakaja: paikka {dealer} · {phase}",
        "bids": "Tarjoukset",
        "seat": "paikka {seat}",
        "you": "sinä",
        "hand": "Korttisi",
        "trick": "Tikki",
        "last": "Edellinen tikki (voitti paikka {seat})",
        "tricks": "tikit: {tricks}",
        "sheet": "Pistelista (500:aan)",
        "hand_col": "jako",
        "contract_col": "sitoumus",
        "partner": "pari: paikka {seat}",
        "partner_card": "parikortti: {card}",
        "sitting_out": "paikka {seat} istuu sivussa",
        "kitty": "otetut pöytäkortit: {cards}",
        "discards": "kaatamasi: {cards} ({left} jäljellä)",
        "winners": "Voittajat: {seats}",
        "to_act": "vuorossa paikka {seat}",
        "partner_hint": "[kirjoita vaihtoehdon numero tai partner N, jossa paikat lasketaan "
        "nollasta kuten merkintätavassa: partner {example} on paikka {shown}]",
    },
}


def _l(lang: str, key: str, **args: Any) -> str:
    table = LABELS.get(lang, LABELS["en"])
    return table.get(key, LABELS["en"][key]).format(**one_based_args(args))


def card_text(card: str, lang: str = "en") -> Text:
    """A card as ``♠A`` in its suit's colour; the joker, which has no suit symbol, in
    words ("jokeri", "joker"), never as its code ``JK``."""
    if card == "JK":
        return Text(card_name(card, lang), style="bold magenta")
    c = parse_card(card)
    return Text(c.symbol(), style="bold red" if c.is_red else "bold")


def _cards(cards: list[str], lang: str = "en") -> Text:
    t = Text()
    for i, c in enumerate(cards):
        if i:
            t.append(" ")
        t.append_text(card_text(c, lang))
    return t


def _m(message: Message | None, lang: str) -> str:
    """A display message (or nothing) as text."""
    return "" if message is None else say(GAME, message, lang)


def _seat(lang: str, seat: int, me: int | None) -> str:
    return _l(lang, "you") if seat == me else _l(lang, "seat", seat=seat)


def render(view: dict[str, Any], lang: str) -> RenderableType:
    """The board as the seat of ``view`` sees it (log excluded)."""
    me = view.get("seat")
    n = view["players"]
    parts: list[RenderableType] = []
    key = PHASE_KEYS.get(view["phase"])
    phase = _m({"key": key, "args": {}}, lang) if key else ""
    head = Text(
        _l(lang, "head", hand=view["hand_no"], dealer=view["dealer"], phase=phase), style="bold"
    )
    if view.get("current_player") is not None:
        head.append("  ·  " + _l(lang, "to_act", seat=view["current_player"]), style="cyan")
    parts.append(head)
    if view.get("current_player") is not None:
        parts.append(Text(_m(prompt(view), lang), style="cyan"))
        if view["phase"] == "partner" and view["current_player"] == me:
            # The notation ``partner N`` counts seats from 0, the screen from 1.
            other = next(s for s in range(n) if s != me)
            hint = _l(lang, "partner_hint", example=other, shown=other + 1)
            parts.append(Text(hint, style="dim"))
    trump = view.get("trump")
    contract = contract_message(view)
    if contract is not None:
        parts.append(Text(_m(contract, lang)))
    extras = []
    if view.get("partner") is not None and n == 5:
        extras.append(_l(lang, "partner", seat=view["partner"]))
    if view.get("partner_card"):
        extras.append(_l(lang, "partner_card", card=card_name(view["partner_card"], lang)))
    if view.get("sitting_out") is not None:
        extras.append(_l(lang, "sitting_out", seat=view["sitting_out"]))
    if extras:
        parts.append(Text(" · ".join(extras), style="dim"))

    # Bidding box: one column per seat, bids in order.
    bids = Table(title=_l(lang, "bids"), show_lines=False, expand=False)
    for s in range(n):
        bids.add_column(_seat(lang, s, me), justify="center")
    rows: list[list[str]] = []
    col = [0] * n
    for b in view["bids"]:
        s = b["seat"]
        if col[s] >= len(rows):
            rows.append([""] * n)
        rows[col[s]][s] = _m(notation_message(b["bid"]), lang)
        col[s] += 1
    for r in rows:
        bids.add_row(*r)
    if view["phase"] == "bidding" or view["bids"]:
        parts.append(bids)

    if view.get("kitty"):
        parts.append(Text(_l(lang, "kitty", cards=_cards(view["kitty"], lang).plain)))
    if view.get("discards") is not None and (view["phase"] == "discard" or view["discards"]):
        parts.append(
            Text(
                _l(
                    lang,
                    "discards",
                    cards=_cards(view["discards"], lang).plain or "-",
                    left=view.get("discards_left", 0),
                )
            )
        )

    # The trick on the table and the last trick.
    if view["phase"] == "play" or view.get("trick"):
        t = Text(_l(lang, "trick") + ": ", style="bold")
        for e in view["trick"]:
            t.append(_seat(lang, e["seat"], me) + " ")
            t.append_text(card_text(e["card"], lang))
            t.append("   ")
        if view.get("led_suit"):
            led = view["led_suit"]
            t.append(f"({SUIT_SYMBOLS[SUITS.index(led)] if led in SUITS else led})", style="dim")
        parts.append(t)
    last = view.get("last_trick")
    if last:
        t = Text(_l(lang, "last", seat=last["winner"]) + ": ", style="dim")
        for e in last["cards"]:
            t.append(f"{e['seat'] + 1}:", style="dim")
            t.append_text(card_text(e["card"], lang))
            t.append(" ")
        parts.append(t)
    if view["phase"] == "play" or any(view["tricks"]):
        tricks = ", ".join(f"{_seat(lang, s, me)} {k}" for s, k in enumerate(view["tricks"]))
        parts.append(Text(_l(lang, "tricks", tricks=tricks)))

    if view.get("hand") is not None:
        t = Text(_l(lang, "hand") + ": ", style="bold")
        t.append_text(_cards(sort_hand(view["hand"], trump), lang))
        parts.append(t)

    # Score sheet: the last hands and the totals; others shown as 500 minus points.
    sheet = Table(title=_l(lang, "sheet"))
    sheet.add_column(_l(lang, "hand_col"), justify="right")
    sheet.add_column(_l(lang, "contract_col"))
    for s in range(n):
        sheet.add_column(_seat(lang, s, me), justify="right")
    shown = sheet_rows(view)
    for row in shown["rows"]:
        what = _m(row["contract"], lang) or "—"
        if row["contractor"] is not None:
            what = f"{what} ({_l(lang, 'seat', seat=row['contractor'])})"
        sheet.add_row(str(row["hand"]), what, *(f"{d:+d}" for d in row["deltas"]))
    sheet.add_row("Σ", "", *(str(x) for x in shown["totals"]), style="bold")
    sheet.add_row("500−", "", *(str(x) for x in shown["to_go"]), style="dim")
    parts.append(sheet)
    if view.get("is_terminal"):
        seats = ", ".join(str(w + 1) for w in view["winners"])
        parts.append(Text(_l(lang, "winners", seats=seats), style="bold green"))
    return Group(*parts)


def describe_action(text: str, view: dict[str, Any], lang: str) -> str:
    """The legal action ``text`` in words, from the display layer ("bid seven hearts,
    200 points", "play the jack of hearts (right bower)")."""
    described = describe_text(view, text)
    return text if described is None else _m(described["label"], lang)
