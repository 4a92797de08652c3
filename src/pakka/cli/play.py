"""``pakka play``: one human against bots in the terminal.

The human sees only their seat's view (rendered by the game's renderer) and
the log in words; bots get a :class:`~pakka.bots.SeatHandle` as always and
their moves are announced through the log. A save file is a game record
(:class:`~pakka.core.record.Record`) with an extra ``session`` object (the
human's seat and the bots), so ``--resume`` continues exactly where the game
stopped.
"""

from __future__ import annotations

import importlib
import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table

from pakka.bots import GAME_BOT_MODULES, Bot, SeatHandle, bot_label, make_bot
from pakka.cli.render import menu_hook, renderer
from pakka.cli.text import command_of, t
from pakka.core.errors import PakkaError, RecordError
from pakka.core.game import Action, State
from pakka.core.record import Record, undone
from pakka.core.render import one_based
from pakka.core.seam import LegalAction
from pakka.core.undo import undo_blocker
from pakka.i18n import card_names, messages, render_entry
from pakka.rules import rules_text

MAX_CHOICES_SHOWN = 80
"""More legal actions than this are not all listed (notation still works)."""


def entry_text(game: str, entry: dict[str, Any], lang: str) -> str:
    """A log entry in words: a word argument with a catalogue key
    ``<prefix>.<arg>.<word>`` reads translated; an argument that is a card code (or
    a list of them, or codes separated by spaces or dashes) reads as the cards'
    names where the game names its cards, even if the template prints it plainly
    (``{card}``); a list that the template names with ``{x:cards}`` is left to it;
    any other list reads as its items, not as ``['3S', …]``."""
    entry = one_based(entry)  # seats as a player counts them, from 1
    args = entry.get("args") or {}
    names = card_names(game, lang)
    if not names and not any(isinstance(v, list | tuple) for v in args.values()):
        return render_entry(game, entry, lang)
    cat = messages(game)
    key = str(entry.get("key", ""))
    template = cat.get(lang, {}).get(key) or cat.get("en", {}).get(key) or ""

    word_key = f"{key.partition('.')[0]}.{{}}.{{}}"

    def words(k: str, v: Any) -> Any:
        if "{" + k + ":" in template:
            return v  # the template names it itself ({bid:word=…}, {card:card} …)
        if isinstance(v, str):
            # A word the catalogue translates (Kubo's kind "straight": kubo.kind.straight).
            if word_key.format(k, v) in cat.get("en", {}):
                return {"key": word_key.format(k, v), "args": {}}
            parts = v.replace("-", " ").split()
            if names and parts and all(p in names for p in parts):
                return ", ".join(names[p] for p in parts)
            return v
        if not isinstance(v, list | tuple) or "{" + k + ":cards}" in template:
            return v
        if names and v and all(str(x) in names for x in v):
            return ", ".join(names[str(x)] for x in v)
        # A list of groups of codes ("2H 2D 2D"): each group named, groups apart by ";".
        groups = [str(x).split() for x in v]
        if names and v and all(g and all(p in names for p in g) for g in groups):
            return "; ".join(", ".join(names[p] for p in g) for g in groups)
        return " ".join(map(str, v))

    return render_entry(game, {"key": key, "args": {k: words(k, v) for k, v in args.items()}}, lang)


def refusal_text(game: str, error: Exception, lang: str, typed: str = "") -> str:
    """Why ``error`` (an :class:`~pakka.core.errors.IllegalAction`,
    :class:`~pakka.core.errors.RulesError` …) refused something, in ``lang``.

    A refusal that carries its reason as catalogue keys is said in ``lang``:
    Räväytys' ``Refusal.text(lang)``, or a ``key`` with ``fields`` (Viisisataa's
    refusals, option errors). One without a key is an English sentence: English
    readers get it, others a sentence of their own that names what was typed.
    """
    text = getattr(error, "text", None)
    if callable(text):
        try:
            return str(text(lang))
        except (KeyError, TypeError):
            pass
    key = getattr(error, "key", None)
    if isinstance(key, str) and key:
        fields = getattr(error, "fields", None) or {}
        return render_entry(game, one_based({"key": key, "args": dict(fields)}), lang)
    if lang == "en" or not typed:
        return str(error)
    return t(lang, "play.refused", text=typed)


def enable_line_editing(stream: Any = None) -> bool:
    """Line editing and history for the prompts (arrow keys, Ctrl-R …) through the
    standard :mod:`readline`, where it exists and input comes from a terminal.

    Importing :mod:`readline` is what makes :func:`input` edit lines; the history
    is cleared so that it holds this session's lines only. ``False`` (and nothing
    changed) when input is not a TTY or there is no ``readline`` (Windows)."""
    stream = sys.stdin if stream is None else stream
    try:
        if not stream.isatty():
            return False
    except (AttributeError, ValueError):
        return False
    try:
        import readline
    except ImportError:
        return False
    readline.clear_history()
    readline.set_history_length(500)
    return True


def bot_seed(game_seed: int, seat: int, moves: int) -> int:
    """A deterministic seed for the bot at ``seat`` created after ``moves`` moves."""
    return (game_seed * 1_000_003 + seat * 7_919 + moves * 104_729) % (1 << 63)


def read_save(path: str) -> tuple[Record, dict[str, Any]]:
    """Read a save file (or a plain record): the record and its ``session`` object."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror or e}") from None
    rec = Record.from_json(text)
    session = json.loads(text).get("session") or {}
    if not isinstance(session, dict):
        raise RecordError(f"{path}: 'session' must be an object")
    return rec, session


def write_save(path: str, state: State[Any], session: dict[str, Any], names: list[str]) -> None:
    """Write ``state`` as a record plus the ``session`` object (seat, bots)."""
    data = json.loads(Record.from_state(state, names=names).to_json())
    data["session"] = session
    Path(path).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


@dataclass
class PlaySession:
    """A running terminal game: the state, the human's seat, the bots and the screen."""

    state: State[Any]
    seat: int
    bot_specs: list[str | None]
    lang: str
    console: Console
    save_path: str | None = None
    read_line: Callable[[str], str] | None = None
    bots: dict[int, Bot] = field(default_factory=dict)
    shown_log: int = 0
    line_editing: bool = False

    def __post_init__(self) -> None:
        if self.read_line is None:
            self.line_editing = enable_line_editing()
        self.render, self.describe = renderer(self.state.game.name)
        self.menu = menu_hook(self.state.game.name)
        moves = len(self.state.history)
        for p, spec in enumerate(self.bot_specs):
            if spec is not None:
                self.bots[p] = make_bot(
                    self.state.game, spec, seed=bot_seed(self.state.seed, p, moves)
                )

    # -- small helpers -------------------------------------------------------------
    def tr(self, key: str, **args: Any) -> str:
        """CLI text in the session's language."""
        return t(self.lang, key, **args)

    def seat_name(self, p: int) -> str:
        """How a seat is named on screen: ``seat 2 (you)`` / ``seat 1 (medium)``."""
        return f"{self.tr('play.seat_label', seat=p + 1)} ({self.who(p)})"

    def who(self, p: int) -> str:
        """Who plays seat ``p``: ``you``/``sinä`` or ``Bot (medium)``/``Botti (keskitaso)``."""
        spec = self.bot_specs[p]
        if p == self.seat or spec is None:
            return self.tr("play.you")
        return bot_label(spec, self.lang)

    def names(self) -> list[str]:
        """Player names for the record."""
        return ["human" if p == self.seat else f"bot:{s}" for p, s in enumerate(self.bot_specs)]

    def session_data(self) -> dict[str, Any]:
        """What ``--resume`` needs besides the record."""
        return {"seat": self.seat, "bots": self.bot_specs, "lang": self.lang}

    def ask(self, prompt: str) -> str | None:
        """One line of input, or ``None`` at the end of input."""
        try:
            if self.read_line is not None:
                return self.read_line(prompt)
            if self.line_editing:
                # The prompt goes to input() itself, so readline redraws it when editing.
                self.console.file.flush()
                return input(f"{prompt}> ")
            return self.console.input(f"[bold]{escape(prompt)}[/]> ")
        except (EOFError, KeyboardInterrupt):  # Ctrl-D / Ctrl-C at the prompt: quit (and save)
            self.console.print()
            return None

    # -- showing things ---------------------------------------------------------------
    def show_new_log(self) -> None:
        """Print the log entries (visible to the human) that appeared since the last call."""
        log = self.state.view(self.seat)["log"]
        for entry in log[self.shown_log :]:
            self.console.print(
                "  • " + entry_text(self.state.game.name, entry, self.lang),
                highlight=False,
                markup=False,
            )
        self.shown_log = len(log)

    def show_whole_log(self) -> None:
        """Print the human's whole log so far."""
        self.console.rule(self.tr("play.log_title"))
        for entry in self.state.view(self.seat)["log"]:
            self.console.print(
                "  • " + entry_text(self.state.game.name, entry, self.lang),
                highlight=False,
                markup=False,
            )

    def show_board(self) -> None:
        """The human's view of the board, drawn by the game's renderer."""
        view = self.state.view(self.seat)
        title = self.state.game.title.get(self.lang) or self.state.game.name
        self.console.rule(self.tr("play.board_title", title=title, moves=view["moves"]))
        self.console.print(self.render(view, self.lang))

    def structured(self) -> dict[int, LegalAction]:
        """The legal actions as the game's display layer describes them, by id."""
        return {la["id"]: la for la in self.state.game.display.legal(self.state)}

    def action_words(self, action: Action, la: LegalAction | None = None) -> str:
        """What ``action`` does, in words in the session's language: the display
        layer's label, else the renderer's description, else the notation."""
        text = str(action)
        if la is None:
            la = self.structured().get(action.id)
        if la is not None and la["label"].get("key") != "action.generic":
            return render_entry(self.state.game.name, one_based(la["label"]), self.lang)
        if self.describe is not None:
            desc = self.describe(text, self.state.view(self.seat), self.lang)
            if desc:
                return desc
        return text

    def choice_labels(self, legal: list[Action]) -> list[tuple[str, bool]]:
        """Menu labels (rich markup) for the legal actions, and whether each one is
        in words: the label, then the notation in brackets as what may be typed."""
        by_id = self.structured()
        labels = []
        for a in legal:
            text = str(a)
            words = self.action_words(a, by_id.get(a.id))
            if words and words != text:
                labels.append((f"{escape(words)}   [dim]{escape('[' + text + ']')}[/]", True))
            else:
                labels.append((escape(text), False))
        return labels

    def numbered(self) -> list[Action]:
        """The legal actions offered by number (the renderer's ``menu`` may pick and order
        them; every legal action can still be typed in notation)."""
        legal = self.state.legal_actions()
        if self.menu is None:
            return legal
        by_text = {str(a): a for a in legal}
        chosen = self.menu(self.state.view(self.seat), list(by_text), self.lang)
        return [by_text[x] for x in chosen if x in by_text] or legal

    @staticmethod
    def numbers_are_notation(legal: list[Action]) -> bool:
        """Whether every legal action is written as a number (Zoker Memo's places): then
        a typed number is that action, and the menu lists the numbers themselves, so
        they do not shift when a place drops out of the list."""
        return bool(legal) and all(str(a).isdigit() for a in legal)

    def show_choices(self, legal: list[Action]) -> None:
        """The numbered legal actions."""
        as_notation = self.numbers_are_notation(legal)
        self.console.print(self.tr("play.choices_places" if as_notation else "play.choices"))
        labels = self.choice_labels(legal)[:MAX_CHOICES_SHOWN]
        # Described choices (stop, reveal …) get a line each; plain notation goes in columns.
        plain = []
        for i, (label, described) in enumerate(labels):
            item = f"[bold cyan]{label}[/]" if as_notation else f"[bold cyan]{i + 1:>2}[/] {label}"
            if described:
                self.console.print(item)
            else:
                plain.append(item)
        if plain:
            self.console.print(Columns(plain, padding=(0, 3)))
        hidden = len(self.state.legal_actions()) - len(labels)
        if hidden > 0:
            self.console.print(self.tr("play.more_choices", n=hidden))

    def show_result(self) -> None:
        """Scores and winners at the end."""
        self.console.print(f"[bold]{self.tr('play.over')}[/]")
        table = Table(title=self.tr("play.scores"))
        table.add_column("")
        table.add_column(self.tr("play.scores"), justify="right")
        for p, s in enumerate(self.state.scores):
            table.add_row(self.seat_name(p), str(s))
        self.console.print(table)
        winners = self.state.winners
        if winners:
            names = ", ".join(self.seat_name(p) for p in winners)
            self.console.print(self.tr("play.winners", winners=names))
        else:
            self.console.print(self.tr("play.no_winner"))
        self.console.print(
            self.tr("play.summary", moves=len(self.state.history), seed=self.state.seed)
        )

    # -- commands ------------------------------------------------------------------------
    def save(self, path: str | None) -> None:
        """Write the save file (the ``save`` command, ``--save`` and quitting)."""
        target = path or self.save_path or f"pakka-{self.state.game.name}-{self.state.seed}.json"
        try:
            write_save(target, self.state, self.session_data(), self.names())
        except OSError as e:
            self.console.print(
                f"[red]{self.tr('play.save_failed', file=target, error=e.strerror or e)}[/]"
            )
            return
        self.save_path = target
        key = "play.saved_over" if self.state.is_terminal else "play.saved"
        self.console.print(self.tr(key, file=target), highlight=False)

    def hint(self) -> None:
        """A suggestion for the human: the game's own hint, else the hard bot's choice."""
        game = self.state.game
        handle = SeatHandle(self.state, self.seat, random.Random(len(self.state.history)))
        mod_name = GAME_BOT_MODULES.get(game.name)
        hint_fn = getattr(importlib.import_module(mod_name), "hint", None) if mod_name else None
        if hint_fn is not None:
            result = hint_fn(game, handle, self.lang)
            self.console.print(
                f"[green]{self.tr('play.hint_best', best=result.get('best', ''))}[/]"
            )
            for line in result.get("lines", []):
                self.console.print("  " + str(line), highlight=False, markup=False)
            return
        bot = make_bot(game, "hard", seed=bot_seed(self.state.seed, self.seat, 0))
        action = bot.choose(handle)
        words = self.action_words(action)
        shown = words if words == str(action) else f"{words} [{action}]"
        text = self.tr("play.hint_bot", bot=bot_label("hard", self.lang), action=shown)
        self.console.print(f"[green]{escape(text)}[/]")

    def show_rules(self) -> None:
        """The game's rules in the session's language."""
        try:
            self.console.print(Markdown(rules_text(self.state.game.name, self.lang)))
        except KeyError:
            text = self.tr("err.no_rules", game=self.state.game.name)
            self.console.print(f"[red]{escape(text)}[/]", highlight=False)

    def undo(self, rest: str) -> bool:
        """The ``undo [N]`` command (D-SO-3): take back the last N moves of a one-player
        game by replaying it without them (:func:`~pakka.core.record.undone`); moves
        that showed hidden cards (a deal from the stock) cannot be taken back.
        ``True`` if the position changed."""
        arg = rest.strip()
        if arg and not arg.isdigit():
            self.console.print(f"[red]{self.tr('undo.bad_count')}[/]")
            return False
        count = int(arg) if arg else 1
        if self.state.game.num_players != 1:
            self.console.print(f"[red]{self.tr('undo.one_player')}[/]")
            return False
        why = undo_blocker(self.state, count, self.seat)
        if why is not None:
            key, args = why
            self.console.print(f"[red]{escape(self.tr(key, **args))}[/]", highlight=False)
            return False
        if count == 0:
            return False
        self.state = undone(self.state, count)
        self.shown_log = len(self.state.view(self.seat)["log"])
        self.console.print(self.tr("play.undone", n=count), highlight=False)
        return True

    # -- turns -----------------------------------------------------------------------------
    def human_turn(self) -> bool:
        """Read input until the human has moved; ``False`` if they quit."""
        self.show_new_log()
        self.show_board()
        legal = self.numbered()
        self.console.print(f"[bold]{self.tr('play.your_turn', seat=self.seat + 1)}[/]")
        self.show_choices(legal)
        while True:
            line = self.ask(self.tr("play.prompt"))
            if line is None:
                return False
            text = line.strip()
            if not text:
                self.console.print(self.tr("play.empty"))
                continue
            word, _, rest = text.partition(" ")
            cmd = command_of(word)
            if text.lower() in ("lopeta peli", "quit game"):
                cmd = "quit"
            if cmd == "quit":
                return False
            if cmd == "help":
                self.console.print(self.tr("play.help"), highlight=False, markup=False)
                continue
            if cmd == "hint":
                self.hint()
                continue
            if cmd == "rules":
                self.show_rules()
                continue
            if cmd == "board":
                self.show_board()
                self.show_choices(legal)
                continue
            if cmd == "log":
                self.show_whole_log()
                continue
            if cmd == "save":
                self.save(rest.strip() or None)
                continue
            if cmd == "undo":
                if self.undo(rest):
                    return True  # the human is to move again: the turn starts over
                continue
            if text.isdigit() and not self.numbers_are_notation(legal):
                n = int(text)
                if not 1 <= n <= len(legal):
                    self.console.print(f"[red]{self.tr('play.bad_number', n=n, max=len(legal))}[/]")
                    continue
                self.state.apply(legal[n - 1])
                return True
            try:
                self.state.apply(text)
            except PakkaError as e:
                reason = refusal_text(self.state.game.name, e, self.lang, text)
                self.console.print(
                    f"[red]{escape(self.tr('play.illegal', reason=reason))}[/]", highlight=False
                )
                if word.lower() in ("lopeta", "stop"):
                    self.console.print(self.tr("play.quit_word"), highlight=False)
                continue
            return True

    def bot_turn(self, p: int) -> None:
        """Let the bot at seat ``p`` move; its move shows up in the log."""
        rng = random.Random(bot_seed(self.state.seed, p, len(self.state.history)))
        handle = SeatHandle(self.state, p, rng)
        if self.console.is_terminal:
            with self.console.status(self.tr("play.thinking", seat=p + 1, bot=self.who(p))):
                action = self.bots[p].choose(handle)
        else:
            action = self.bots[p].choose(handle)
        self.state.apply(action)
        self.show_new_log()

    def run(self) -> int:
        """Play until the end or until the human quits; the exit status."""
        game = self.state.game
        title = game.title.get(self.lang) or game.name
        welcome = self.tr("play.welcome", title=title, players=game.num_players, seat=self.seat + 1)
        self.console.print(f"[bold]{escape(welcome)}[/]")
        seats = ", ".join(f"{p + 1}: {self.who(p)}" for p in range(game.num_players))
        self.console.print(self.tr("play.seats", seats=seats), highlight=False)
        while not self.state.is_terminal:
            p = self.state.current_player
            assert p is not None
            if p == self.seat:
                if not self.human_turn():
                    if self.save_path:
                        self.save(None)  # says where, and how to continue
                    self.console.print(self.tr("play.quit"), highlight=False)
                    return 0
            else:
                self.bot_turn(p)
        self.show_new_log()
        self.show_board()
        self.show_result()
        if self.save_path:
            self.save(None)
        return 0
