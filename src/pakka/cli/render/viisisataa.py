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

from pakka.core.cards import parse_card

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "head": "Hand {hand} · dealer: seat {dealer} · {phase}",
        "phase.bidding": "bidding",
        "phase.doubling": "doubling",
        "phase.redoubling": "redoubling",
        "phase.partner": "partner choice",
        "phase.discard": "kitty exchange",
        "phase.call": "naming the partner card",
        "phase.play": "play",
        "phase.over": "match over",
        "contract": "contract: {contract} by seat {seat}{mult} · trump: {trump}",
        "no_contract": "grand without contract (everyone scores 10 per trick)",
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
        "none": "none",
        "to_act": "seat {seat} to act",
    },
    "fi": {
        "head": "Jako {hand} · jakaja: paikka {dealer} · {phase}",
        "phase.bidding": "tarjoukset",
        "phase.doubling": "kahdennus",
        "phase.redoubling": "vastakahdennus",
        "phase.partner": "parin valinta",
        "phase.discard": "pöytäkorttien vaihto",
        "phase.call": "parikortin nimeäminen",
        "phase.play": "pelaus",
        "phase.over": "ottelu päättynyt",
        "contract": "sitoumus: {contract}, paikka {seat}{mult} · valtti: {trump}",
        "no_contract": "grandi ilman sitoumusta (jokainen saa 10 pistettä tikiltä)",
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
        "none": "ei valttia",
        "to_act": "vuorossa paikka {seat}",
    },
}

SUIT_ORDER = "SHCD"  # black and red alternate in the hand display
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
RANKS = {"7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}


def _l(lang: str, key: str, **args: Any) -> str:
    table = LABELS.get(lang, LABELS["en"])
    return table.get(key, LABELS["en"][key]).format(**args)


def card_text(card: str) -> Text:
    """A card as ``♠A`` in its suit's colour; the joker as ``JK``."""
    if card == "JK":
        return Text("JK", style="bold magenta")
    c = parse_card(card)
    return Text(c.symbol(), style="bold red" if c.is_red else "bold")


def _rank_value(card: str) -> int:
    return RANKS.get(card[:-1], int(card[:-1]) if card[:-1].isdigit() else 0)


def sort_hand(cards: list[str], trump: str | None) -> list[str]:
    """Cards by suit, high to low, with the trumps (joker and both bowers) together last."""

    def key(card: str) -> tuple[int, int]:
        if card == "JK":
            return (9, -100)
        suit = card[-1]
        if (
            trump
            and trump in SAME_COLOUR
            and card[:-1] == "J"
            and suit in (trump, SAME_COLOUR[trump])
        ):
            return (9, -99 if suit == trump else -98)
        if trump and suit == trump:
            return (9, -_rank_value(card))
        return (SUIT_ORDER.index(suit), -_rank_value(card))

    return sorted(cards, key=key)


def _cards(cards: list[str]) -> Text:
    t = Text()
    for i, c in enumerate(cards):
        if i:
            t.append(" ")
        t.append_text(card_text(c))
    return t


def _seat(lang: str, seat: int, me: int | None) -> str:
    return _l(lang, "you") if seat == me else _l(lang, "seat", seat=seat)


def render(view: dict[str, Any], lang: str) -> RenderableType:
    """The board as the seat of ``view`` sees it (log excluded)."""
    me = view.get("seat")
    n = view["players"]
    parts: list[RenderableType] = []
    phase = _l(lang, "phase." + view["phase"]) if view["phase"] else ""
    head = Text(
        _l(lang, "head", hand=view["hand_no"], dealer=view["dealer"], phase=phase), style="bold"
    )
    if view.get("current_player") is not None:
        head.append("  ·  " + _l(lang, "to_act", seat=view["current_player"]), style="cyan")
    parts.append(head)
    trump = view.get("trump")
    if view.get("contract") == "6NT*":
        parts.append(Text(_l(lang, "no_contract")))
    elif view.get("contractor") is not None:
        mult = {1: "", 2: " ×2", 4: " ×4"}[view.get("multiplier", 1)]
        tr = _l(lang, "none") if trump in (None, "none") else trump
        parts.append(
            Text(
                _l(
                    lang,
                    "contract",
                    contract=view["contract"].removeprefix("bid "),
                    seat=view["contractor"],
                    mult=mult,
                    trump=tr,
                )
            )
        )
    extras = []
    if view.get("partner") is not None and n == 5:
        extras.append(_l(lang, "partner", seat=view["partner"]))
    if view.get("partner_card"):
        extras.append(_l(lang, "partner_card", card=view["partner_card"]))
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
        rows[col[s]][s] = b["bid"].removeprefix("bid ")
        col[s] += 1
    for r in rows:
        bids.add_row(*r)
    if view["phase"] == "bidding" or view["bids"]:
        parts.append(bids)

    if view.get("kitty"):
        parts.append(Text(_l(lang, "kitty", cards=" ".join(view["kitty"]))))
    if view.get("discards") is not None and (view["phase"] == "discard" or view["discards"]):
        parts.append(
            Text(
                _l(
                    lang,
                    "discards",
                    cards=" ".join(view["discards"]) or "-",
                    left=view.get("discards_left", 0),
                )
            )
        )

    # The trick on the table and the last trick.
    if view["phase"] == "play" or view.get("trick"):
        t = Text(_l(lang, "trick") + ": ", style="bold")
        for e in view["trick"]:
            t.append(_seat(lang, e["seat"], me) + " ")
            t.append_text(card_text(e["card"]))
            t.append("   ")
        if view.get("led_suit"):
            t.append(f"({view['led_suit']})", style="dim")
        parts.append(t)
    last = view.get("last_trick")
    if last:
        t = Text(_l(lang, "last", seat=last["winner"]) + ": ", style="dim")
        for e in last["cards"]:
            t.append(f"{e['seat']}:", style="dim")
            t.append_text(card_text(e["card"]))
            t.append(" ")
        parts.append(t)
    if view["phase"] == "play" or any(view["tricks"]):
        tricks = ", ".join(f"{_seat(lang, s, me)} {k}" for s, k in enumerate(view["tricks"]))
        parts.append(Text(_l(lang, "tricks", tricks=tricks)))

    if view.get("hand") is not None:
        known = trump if trump not in (None, "none") else None
        t = Text(_l(lang, "hand") + ": ", style="bold")
        t.append_text(_cards(sort_hand(view["hand"], known)))
        parts.append(t)

    # Score sheet: the last hands and the totals; others shown as 500 minus points.
    sheet = Table(title=_l(lang, "sheet"))
    sheet.add_column(_l(lang, "hand_col"), justify="right")
    sheet.add_column(_l(lang, "contract_col"))
    for s in range(n):
        sheet.add_column(_seat(lang, s, me), justify="right")
    for row in view["sheet"][-8:]:
        contract = row["contract"] or "—"
        if row["contractor"] is not None:
            contract = f"{contract.removeprefix('bid ')} ({row['contractor']})"
        sheet.add_row(str(row["hand"]), contract, *(f"{d:+d}" for d in row["deltas"]))
    sheet.add_row("Σ", "", *(str(x) for x in view["scores"]), style="bold")
    sheet.add_row("500−", "", *(str(x - 500) for x in view["scores"]), style="dim")
    parts.append(sheet)
    if view.get("is_terminal"):
        parts.append(
            Text(
                _l(lang, "winners", seats=", ".join(map(str, view["winners"]))), style="bold green"
            )
        )
    return Group(*parts)


def describe_action(text: str, view: dict[str, Any], lang: str) -> str:
    """Bids with their points (``bid 8S`` -> ``240``); other actions as they are."""
    if text.startswith("bid "):
        b = text[4:]
        tricks, suit = (
            int(b[:-2] if b.endswith("NT") else b[:-1]),
            ("NT" if b.endswith("NT") else b[-1]),
        )
        value = 40 + 100 * (tricks - 6) + 20 * ["S", "C", "D", "H", "NT"].index(suit)
        return f"{value}"
    if text == "misere":
        return "250"
    return text
