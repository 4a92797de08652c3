"""``pakka replay``: step through a game record, as everybody or as one seat saw it.

A record holds the whole deal, so the omniscient view is the default; ``seat K``
shows exactly what that seat saw at each point (its view and its log), which is
how one checks what a player could have known.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.markup import escape

from pakka.cli.play import entry_text
from pakka.cli.render import renderer
from pakka.cli.text import say, t
from pakka.core.errors import PakkaError, RecordError
from pakka.core.game import State
from pakka.core.record import Record
from pakka.i18n import card_names


def replay_states(record: Record) -> list[State[Any]]:
    """The state before the first move and after every move of ``record``."""
    state = record.new_state()
    states = [state.clone()]
    for i, text in enumerate(record.actions):
        try:
            state.apply(text)
        except PakkaError as e:
            raise RecordError(f"action {i + 1} ({text!r}) does not replay: {e}") from None
        states.append(state.clone())
    return states


@dataclass
class ReplaySession:
    """Stepping through a record: position ``pos`` (0 = before the first move)."""

    record: Record
    states: list[State[Any]]
    lang: str
    console: Console
    seat: int | None = None
    pos: int = 0
    read_line: Callable[[str], str] | None = None

    def __post_init__(self) -> None:
        self.render, _ = renderer(self.record.game)

    def tr(self, key: str, **args: Any) -> str:
        """CLI text in the session's language."""
        return t(self.lang, key, **args)

    def show(self) -> None:
        """The position ``pos``: the move that led here, its log entries and the board."""
        total = len(self.states) - 1
        state = self.states[self.pos]
        who = (
            self.tr("replay.omniscient")
            if self.seat is None
            else self.tr("play.seat_label", seat=self.seat + 1)
        )
        self.console.rule(self.tr("replay.position", n=self.pos, total=total))
        self.console.print(self.tr("replay.viewing", who=who), highlight=False)
        if self.pos == 0:
            self.console.print(self.tr("replay.start", total=total))
            start = 0
        else:
            before = self.states[self.pos - 1]
            actor = before.current_player
            public = type(state).public_history
            if self.seat is None or public or actor == self.seat:
                action = self.action_words(before, self.record.actions[self.pos - 1])
                self.console.print(
                    self.tr("replay.action", n=self.pos, seat=(actor or 0) + 1, action=action),
                    highlight=False,
                    markup=False,
                )
            start = len(before.log)
        for entry in state.log[start:]:
            if self.seat is not None and not entry.visible_to(self.seat):
                continue
            text = entry_text(self.record.game, entry.to_json(), self.lang)
            mark = "" if entry.to is None or self.seat is not None else f" [→ {entry.to + 1}]"
            self.console.print("  • " + text + mark, highlight=False, markup=False)
        view = state.full_view() if self.seat is None else state.view(self.seat)
        self.console.print(self.render(view, self.lang))
        if self.seat is None:
            self.show_hands(view)

    def action_words(self, before: State[Any], text: str) -> str:
        """The move ``text`` played at ``before`` in words (the display layer's label),
        with its notation in brackets; the notation alone for a game without labels."""
        try:
            act = before.parse_action(text)
            label = before.game.display.describe(before, act)["label"]
        except PakkaError:
            return text
        if label.get("key") == "action.generic":
            return text
        words = say(self.record.game, label, self.lang)
        return text if words == text else f"{words} [{text}]"

    def show_hands(self, view: dict[str, Any]) -> None:
        """Every seat's hand, for the omniscient view: the renderers draw the board as one
        seat sees it (their own hand at most), so the full view's ``hands`` are listed
        here, one line per seat, for every game that has hands."""
        hands = view.get("hands")
        if not isinstance(hands, list):
            return
        self.console.print(self.tr("replay.hands"), style="bold")
        for p, hand in enumerate(hands):
            names = card_names(self.record.game, self.lang)
            cards = (
                (", " if names else " ").join(names.get(str(c), str(c)) for c in hand)
                if isinstance(hand, list)
                else str(hand)
            )
            label = self.tr("play.seat_label", seat=p + 1)
            self.console.print(
                f"  {label}: {cards or '-'}", highlight=False, markup=False, soft_wrap=True
            )

    def ask(self) -> str | None:
        """One command line, or ``None`` at the end of input."""
        prompt = self.tr("replay.prompt")
        try:
            if self.read_line is not None:
                return self.read_line(prompt)
            return self.console.input(f"{escape(prompt)}> ")
        except EOFError:
            return None

    def step(self, line: str) -> bool:
        """Carry out one command; ``False`` to stop."""
        total = len(self.states) - 1
        word, _, arg = line.strip().lower().partition(" ")
        arg = arg.strip()
        if word in ("", "n", "next", "seuraava"):
            if self.pos >= total:
                self.console.print(self.tr("replay.end"))
                return True
            self.pos += 1
        elif word in ("b", "back", "takaisin"):
            self.pos = max(0, self.pos - 1)
        elif word in ("j", "jump", "hyppää", "hyppaa") and arg.lstrip("-").isdigit():
            n = int(arg)
            self.pos = min(max(0, n if n >= 0 else total + 1 + n), total)
        elif word in ("s", "seat", "paikka") and arg.isdigit() and int(arg) < self.record.players:
            self.seat = int(arg)
        elif word in ("o", "omniscient", "kaikki"):
            self.seat = None
        elif word in ("q", "quit", "lopeta", "exit"):
            return False
        else:
            self.console.print(f"[red]{escape(self.tr('replay.unknown', cmd=line.strip()))}[/]")
            return True
        self.show()
        return True

    def run(self) -> int:
        """Interactive stepping until ``quit`` or the end of input."""
        self.show()
        while True:
            line = self.ask()
            if line is None or not self.step(line):
                return 0
