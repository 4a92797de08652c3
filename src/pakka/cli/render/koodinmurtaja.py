"""The Koodinmurtaja board in the terminal (view fields: docs/games/koodinmurtaja.md).

One row per seat: its code lowest card first, each card numbered by position.
A revealed card is shown plainly; a card only the viewer knows (their own
hidden cards) is shown in brackets; a hidden unknown card is ``?`` followed by
the ranks publicly refuted for it (``≠2,5``, D-KM-7). Above: game, dealer,
stock and phase; below: the drawn card and whom the player in turn guesses at.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from pakka.core.cards import parse_card, rank_from_text
from pakka.games.koodinmurtaja.cards import FULL_DECK, HALF_DECK, rank_of, strength
from pakka.i18n import fill

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
        "phase.guess": "Seat {seat} must guess a hidden card of seat {target}.",
        "phase.continue": "Seat {seat} guessed right: guess again at {options}, or stop.",
        "phase.reveal": "Seat {seat} must reveal one of their own hidden cards.",
        "phase.over": "The game is over.",
        "same": "seat {seat}",
        "next": "seat {seat}",
        "or": " or ",
        "legend": "Guess: SEAT/POSITION=RANK, e.g. {example} (position 1 is the lowest card).",
        "legend_rank": "Guess: SEAT=RANK, e.g. {example}.",
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
        "phase.guess": "Paikan {seat} on arvattava paikan {target} piilokortti.",
        "phase.continue": "Paikka {seat} arvasi oikein: arvaa lisää ({options}) tai lopeta.",
        "phase.reveal": "Paikan {seat} on paljastettava yksi omista piilokorteistaan.",
        "phase.over": "Peli on päättynyt.",
        "same": "paikka {seat}",
        "next": "paikka {seat}",
        "or": " tai ",
        "legend": "Arvaus: PAIKKA/KOHTA=ARVO, esim. {example} (kohta 1 on pienin kortti).",
        "legend_rank": "Arvaus: PAIKKA=ARVO, esim. {example}.",
        "wins": "ottelun voitot: {wins}",
        "stock_cards": "pakka (päällimmäinen ensin): {cards}",
        "rank_refuted": "ei piilossa arvoja {ranks}",
        "winner": "Koodinmurtaja: paikka {seat}.",
    },
}


def _l(lang: str, key: str, **args: Any) -> str:
    table = LABELS.get(lang, LABELS["en"])
    return fill(table.get(key, LABELS["en"][key]), args)


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
    elif phase == "guess":
        parts.append(Text(_l(lang, "phase.guess", seat=cp, target=target)))
    elif phase == "continue":
        options = []
        if view.get("same_target"):
            options.append(_l(lang, "same", seat=target))
        if view.get("next_target") is not None:
            options.append(_l(lang, "next", seat=view["next_target"]))
        parts.append(
            Text(_l(lang, "phase.continue", seat=cp, options=_l(lang, "or").join(options) or "–"))
        )
    elif phase == "reveal":
        parts.append(Text(_l(lang, "phase.reveal", seat=cp)))
    if me is not None and cp == me and phase in ("guess", "continue"):
        positional = view.get("options", {}).get("guess", "positional") == "positional"
        example = f"{target}/1=Q" if positional else f"{target}=Q"
        parts.append(
            Text(_l(lang, "legend" if positional else "legend_rank", example=example), style="dim")
        )
    return Group(*parts)


def _split(template: str, card: Text) -> list[Text | str]:
    """``"You drew \\0."`` with the card's coloured text in place of ``\\0``."""
    before, _, after = template.partition("\0")
    return [before, card, after]


DESCRIBE: dict[str, dict[str, str]] = {
    "en": {
        "stop": "stop and hide your drawn card",
        "stop_empty": "stop",
        "reveal": "reveal your card {pos}",
        "guess": "seat {seat} card {pos} = {rank}",
        "guess_rank": "seat {seat} holds a hidden {rank}",
    },
    "fi": {
        "stop": "lopeta ja piilota nostettu kortti",
        "stop_empty": "lopeta",
        "reveal": "paljasta oma korttisi {pos}",
        "guess": "paikka {seat} kortti {pos} = {rank}",
        "guess_rank": "paikalla {seat} on piilossa {rank}",
    },
}


def describe_action(text: str, view: dict[str, Any], lang: str) -> str:
    """A short label for ``stop`` and ``reveal N`` (guesses are clear in notation)."""
    d = DESCRIBE.get(lang, DESCRIBE["en"])
    if text == "stop":
        return d["stop"] if view.get("drawn") else d["stop_empty"]
    if text.startswith("reveal "):
        return d["reveal"].format(pos=text.split()[1])
    return ""


def plausible_ranks(view: dict[str, Any], seat: int, position: int) -> set[int]:
    """Ranks the hidden card at ``position`` (1-based) of ``seat`` can have by what the
    board shows plainly: the code is sorted (R-KM-4), so the card lies strictly
    between the nearest cards the viewer can see on either side; ranks publicly
    refuted for it (D-KM-7) are out. (No deeper deduction: that is the hint's job.)"""
    code = view["codes"][seat]
    lo, hi = -1, 52
    for e in code[: position - 1]:
        if e.get("card"):
            lo = max(lo, strength(parse_card(e["card"])))
    for e in code[position:]:
        if e.get("card"):
            hi = min(hi, strength(parse_card(e["card"])))
    deck = HALF_DECK if view.get("options", {}).get("deck") == "half" else FULL_DECK
    seen = {strength(parse_card(e["card"])) for c in view["codes"] for e in c if e.get("card")}
    drawn = view.get("drawn") or {}
    if drawn.get("card"):
        seen.add(strength(parse_card(drawn["card"])))
    refuted = {rank_from_text(r) for r in code[position - 1].get("not", [])}
    return {rank_of(k) for k in deck if lo < k < hi and k not in seen} - refuted


def menu(view: dict[str, Any], legal: Sequence[str], lang: str) -> list[str]:
    """The numbered choices: stop/reveal first, then the guesses whose rank fits the
    visible order of the code (other legal guesses can still be typed)."""
    special = [a for a in legal if "=" not in a]
    guesses = []
    for a in legal:
        if "=" not in a:
            continue
        where, _, rank = a.partition("=")
        seat, slash, pos = where.partition("/")
        if not slash:
            guesses.append(a)  # rank-only variant: no position to bound
            continue
        if rank_from_text(rank) in plausible_ranks(view, int(seat), int(pos)):
            guesses.append(a)
    return special + guesses
