"""The ``pakka`` command: play, replay, rules, arena, bench and serve.

Every subcommand works for every registered game through the engine contract;
a game adds a renderer, bots and rules texts to look better, not to work.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table

from pakka.cli.text import prog, t
from pakka.core.errors import PakkaError, RulesError
from pakka.core.options import Option, OptionValue
from pakka.defaults import DEFAULT_DB_FILE, DEFAULT_HOST, DEFAULT_PORT
from pakka.i18n import LANGUAGES, default_language
from pakka.option_words import SEAT_OPTIONS, option_words

HELP: dict[str, dict[str, str]] = {
    "en": {
        "prog": "Finnish card games in the terminal: play against bots, replay, measure.",
        "games": "list the games (or one game's options and bots)",
        "play": "play a game against bots",
        "replay": "step through a saved game record",
        "rules": "show the rules of a game",
        "arena": "bots against bots over seeded duplicate deals, with statistics",
        "bench": "speed figures for the engines and bots",
        "serve": "start the web server",
        "login": "sign in to a pakka server (asks the account name and password)",
        "logout": "sign out of a pakka server (every server when none is named)",
        "url": "the server's address, e.g. https://cards.example",
        "dbcmd": "manage the server's database",
        "dbcopy": "copy a whole site (every table, seat, game and record) into an empty "
        "database, e.g. from SQLite to PostgreSQL",
        "dbfrom": "the database to copy from (URL or SQLite file)",
        "dbto": "the empty database to copy into (URL or SQLite file)",
        "game": "game name (see: {prog} games)",
        "players": "number of players",
        "bots": "comma-separated bot specs (names or levels easy/medium/hard) for the other "
        "seats in order, or one for all (default: medium)",
        "seat": "your seat as an index from 0 (default 0, the seat shown as 1)",
        "set": "a game option, e.g. --set deck=full (repeatable)",
        "seed": "deal seed (default: random, recorded in the save file)",
        "lang": "language of the texts: fi or en (default from the locale)",
        "save": "save the game to FILE when you quit or it ends",
        "resume": "continue a game saved with --save or the save command",
        "file": "a game record or save file",
        "replay_seat": "show what this seat saw, as an index from 0 (default: everything)",
        "review": "judge every decision of a finished game from the player's information",
        "review_seat": "review only this seat (default: every seat)",
        "at": "print the position after N moves and exit (no stepping)",
        "arena_bots": "comma-separated bot specs that fill the seats in order, repeating",
        "deals": "number of deals (each is played once per seat rotation)",
        "arena_seed": "arena seed (deal seeds are derived from it)",
        "arena_ray": "run the deals as Ray tasks (pakka[distributed]): on Ray's default "
        "cluster, or the one at ADDRESS (HOST:6379, ray://HOST:10001); same results",
        "jobs": "worker processes (default 1)",
        "json": "also write the results as JSON to FILE",
        "bench_games": "games to measure (default: all)",
        "seconds": "seconds per measurement (default 1)",
        "repeats": "repeats per figure; the median is reported (default 5)",
        "bench_players": "measure only this player count",
        "no_extras": "skip the games' own extra benchmarks",
        "host": "address to listen on (default {host})",
        "port": "port to listen on (default {port})",
        "db": "database URL or SQLite file (default: $PAKKA_DB, else ./{db} in the "
        "working directory)",
        "chat_retention": "days a table's chat is kept (default 30, or $PAKKA_CHAT_RETENTION_DAYS)",
        "chat_reports": "list the chat messages people reported, newest first",
        "limit": "at most this many (default 100)",
    },
    "fi": {
        "prog": "Suomalaisia korttipelejä päätteessä: pelaa botteja vastaan, katso "
        "uusintoja, mittaa.",
        "games": "luettele pelit (tai yhden pelin valinnat ja botit)",
        "play": "pelaa peliä botteja vastaan",
        "replay": "selaa tallennettua peliä siirto kerrallaan",
        "rules": "näytä pelin säännöt",
        "arena": "botit vastakkain samoilla siemennetyillä jaoilla, tilastoineen",
        "bench": "moottorien ja bottien nopeusmittaukset",
        "serve": "käynnistä verkkopalvelin",
        "login": "kirjaudu pakka-palvelimelle (kysyy tunnuksen ja salasanan)",
        "logout": "kirjaudu ulos pakka-palvelimelta (kaikilta, jos palvelinta ei mainita)",
        "url": "palvelimen osoite, esim. https://kortit.example",
        "dbcmd": "palvelimen tietokannan ylläpito",
        "dbcopy": "kopioi koko sivusto (pöydät, paikat, pelit ja tallenteet) tyhjään "
        "tietokantaan, esim. SQLitestä PostgreSQLiin",
        "dbfrom": "tietokanta, josta kopioidaan (URL tai SQLite-tiedosto)",
        "dbto": "tyhjä tietokanta, johon kopioidaan (URL tai SQLite-tiedosto)",
        "game": "pelin nimi (katso: {prog} games)",
        "players": "pelaajien määrä",
        "bots": "pilkuin erotetut botit (nimi tai taso easy/medium/hard) muille paikoille "
        "järjestyksessä, tai yksi kaikille (oletus: medium)",
        "seat": "oma paikkasi numerona nollasta (oletus 0, näytöllä paikka 1)",
        "set": "pelin valinta, esim. --set deck=full (voi toistaa)",
        "seed": "jaon siemen (oletus: satunnainen, tallentuu tallenteeseen)",
        "lang": "tekstien kieli: fi tai en (oletus kieliasetuksista)",
        "save": "tallenna peli TIEDOSTOON, kun lopetat tai peli päättyy",
        "resume": "jatka peliä, joka tallennettiin --save-valinnalla tai tallenna-komennolla",
        "file": "pelitallenne",
        "replay_seat": "näytä, mitä tämä paikka näki, numerona nollasta (oletus: kaikki)",
        "review": "arvioi päättyneen pelin jokainen päätös pelaajan tiedoilla",
        "review_seat": "arvioi vain tämä paikka (oletus: kaikki paikat)",
        "at": "tulosta asema N siirron jälkeen ja lopeta",
        "arena_bots": "pilkuin erotetut botit, jotka täyttävät paikat järjestyksessä toistuen",
        "deals": "jakojen määrä (kukin pelataan kerran jokaisella paikkakierrolla)",
        "arena_seed": "areenan siemen (jakojen siemenet johdetaan siitä)",
        "arena_ray": "pelaa jaot Ray-tehtävinä (pakka[distributed]): Rayn oletusklusterissa "
        "tai osoitteessa ADDRESS (HOST:6379, ray://HOST:10001); samat tulokset",
        "jobs": "rinnakkaisia prosesseja (oletus 1)",
        "json": "kirjoita tulokset myös JSON-tiedostoon",
        "bench_games": "mitattavat pelit (oletus: kaikki)",
        "seconds": "sekunteja mittausta kohden (oletus 1)",
        "repeats": "toistoja mittaria kohden; tulos on mediaani (oletus 5)",
        "bench_players": "mittaa vain tällä pelaajamäärällä",
        "no_extras": "ohita pelien omat lisämittaukset",
        "host": "kuunneltava osoite (oletus {host})",
        "port": "kuunneltava portti (oletus {port})",
        "db": "tietokannan URL tai SQLite-tiedosto (oletus: $PAKKA_DB, muuten ./{db} "
        "työhakemistossa)",
        "chat_retention": "montako päivää pöydän keskustelu säilytetään (oletus 30 tai "
        "$PAKKA_CHAT_RETENTION_DAYS)",
        "chat_reports": "luettele ilmoitetut keskusteluviestit, uusin ensin",
        "limit": "enintään näin monta (oletus 100)",
    },
}


ARGPARSE_FI: dict[str, str] = {
    "usage: ": "käyttö: ",
    "positional arguments": "argumentit",
    "options": "valinnat",
    "show this help message and exit": "näytä tämä ohje ja lopeta",
    "%(prog)s: error: %(message)s\n": "%(prog)s: virhe: %(message)s\n",
    "argument %(argument_name)s: %(message)s": "argumentti %(argument_name)s: %(message)s",
    "invalid %(type)s value: %(value)r": "virheellinen arvo (%(type)s): %(value)r",
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "virheellinen valinta: %(value)r (vaihtoehdot: %(choices)s)"
    ),
    "the following arguments are required: %s": "nämä argumentit puuttuvat: %s",
    "unrecognized arguments: %s": "tuntemattomat argumentit: %s",
    "expected one argument": "odotettiin yhtä arvoa",
    "expected at least one argument": "odotettiin ainakin yhtä arvoa",
    "ambiguous option: %(option)s could match %(matches)s": (
        "monitulkintainen valinta: %(option)s voi olla %(matches)s"
    ),
}
"""argparse's own messages in Finnish (argparse looks them up through ``argparse._``)."""


def _prescan_lang(argv: Sequence[str]) -> str:
    """The ``--lang`` given on the command line (needed before parsing, for --help)."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv) and argv[i + 1] in LANGUAGES:
            return argv[i + 1]
        if arg.startswith("--lang=") and arg[7:] in LANGUAGES:
            return arg[7:]
    return default_language()


def build_parser(lang: str) -> argparse.ArgumentParser:
    """The argument parser with help texts in ``lang``."""
    h = {k: v.replace("{prog}", prog()) for k, v in HELP.get(lang, HELP["en"]).items()}
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--lang", choices=LANGUAGES, default=lang, help=h["lang"])
    parser = argparse.ArgumentParser(prog=prog(), description=h["prog"], parents=[common])
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("games", parents=[common], help=h["games"])
    p.add_argument("game", nargs="?", help=h["game"])

    p = sub.add_parser("play", parents=[common], help=h["play"])
    p.add_argument("game", nargs="?", help=h["game"])
    p.add_argument("--players", type=int, help=h["players"])
    p.add_argument("--bots", help=h["bots"])
    p.add_argument("--seat", type=int, help=h["seat"])
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help=h["set"])
    p.add_argument("--seed", type=int, help=h["seed"])
    p.add_argument("--save", metavar="FILE", help=h["save"])
    p.add_argument("--resume", metavar="FILE", help=h["resume"])

    p = sub.add_parser("replay", parents=[common], help=h["replay"])
    p.add_argument("file", help=h["file"])
    p.add_argument("--seat", type=int, help=h["replay_seat"])
    p.add_argument("--at", type=int, metavar="N", help=h["at"])

    p = sub.add_parser("review", parents=[common], help=h["review"])
    p.add_argument("file", help=h["file"])
    p.add_argument("--seat", type=int, help=h["review_seat"])

    p = sub.add_parser("rules", parents=[common], help=h["rules"])
    p.add_argument("game", help=h["game"])

    p = sub.add_parser("arena", parents=[common], help=h["arena"])
    p.add_argument("game", help=h["game"])
    p.add_argument("--players", type=int, help=h["players"])
    p.add_argument("--bots", required=True, help=h["arena_bots"])
    p.add_argument("--deals", type=int, default=100, help=h["deals"])
    p.add_argument("--seed", type=int, default=0, help=h["arena_seed"])
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help=h["set"])
    p.add_argument("--jobs", type=int, default=1, help=h["jobs"])
    p.add_argument(
        "--ray", nargs="?", const=True, default=False, metavar="ADDRESS", help=h["arena_ray"]
    )
    p.add_argument("--json", metavar="FILE", help=h["json"])

    p = sub.add_parser("bench", parents=[common], help=h["bench"])
    p.add_argument("games", nargs="*", help=h["bench_games"])
    p.add_argument("--seconds", type=float, default=1.0, help=h["seconds"])
    p.add_argument("--repeats", type=int, default=5, help=h["repeats"])
    p.add_argument("--players", type=int, help=h["bench_players"])
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help=h["set"])
    p.add_argument("--no-extras", action="store_true", help=h["no_extras"])
    p.add_argument("--json", metavar="FILE", help=h["json"])

    p = sub.add_parser("serve", parents=[common], help=h["serve"])
    p.add_argument("--host", default=DEFAULT_HOST, help=h["host"].format(host=DEFAULT_HOST))
    p.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=h["port"].format(port=DEFAULT_PORT)
    )
    p.add_argument("--db", default=None, help=h["db"].format(db=DEFAULT_DB_FILE))
    p.add_argument(
        "--chat-retention-days", type=float, default=None, metavar="N", help=h["chat_retention"]
    )

    p = sub.add_parser("chat-reports", parents=[common], help=h["chat_reports"])
    p.add_argument("--db", default=None, help=h["db"].format(db=DEFAULT_DB_FILE))
    p.add_argument("--limit", type=int, default=100, help=h["limit"])

    p = sub.add_parser("login", parents=[common], help=h["login"])
    p.add_argument("url", help=h["url"])
    p = sub.add_parser("logout", parents=[common], help=h["logout"])
    p.add_argument("url", nargs="?", help=h["url"])

    p = sub.add_parser("db", parents=[common], help=h["dbcmd"])
    dbsub = p.add_subparsers(dest="db_command", required=True)
    q = dbsub.add_parser("copy", parents=[common], help=h["dbcopy"])
    q.add_argument("--from", dest="source", required=True, help=h["dbfrom"])
    q.add_argument("--to", dest="dest", required=True, help=h["dbto"])
    return parser


def split_specs(text: str) -> list[str]:
    """Split a ``--bots`` list: ``deduce,ismcts:iterations=200,c=0.5,random`` is three bots
    (a ``key=value`` piece belongs to the bot spec before it)."""
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if "=" in piece and ":" not in piece and specs and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def parse_sets(items: Sequence[str], lang: str) -> dict[str, str]:
    """``["deck=full", ...]`` -> ``{"deck": "full"}`` (values are checked by the game).

    A seat option (:data:`SEAT_OPTIONS`) is typed 1-based, as ``pakka games`` shows
    it, and passed on 0-based (``dealer=1`` -> ``"0"``)."""
    out: dict[str, str] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise RulesError(t(lang, "err.set", item=item))
        key, value = key.strip(), value.strip()
        if key in SEAT_OPTIONS:
            if not value.isdigit() or int(value) < 1:
                raise RulesError(t(lang, "err.seat_option", name=key, value=value))
            value = str(int(value) - 1)
        out[key] = value
    return out


# -- subcommands ------------------------------------------------------------------------------
def _option_text(value: Any) -> str:
    """An option value as typed with ``--set`` (``true``, ``1,2,3``)."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple | list):
        return ",".join(map(str, value))
    return str(value)


def option_value_text(game: str, o: Option, value: Any, lang: str) -> str:
    """An option value as a player reads it: in words, with what to type after
    ``--set`` in brackets where the two differ (``puolikas [half]``, ``kyllä [true]``,
    seats 1-based)."""
    if o.name in SEAT_OPTIONS and isinstance(value, int):
        return t(lang, "games.seat_value", n=value + 1)
    if isinstance(value, bool):
        return f"{t(lang, 'games.yes' if value else 'games.no')} [{_option_text(value)}]"
    typed = _option_text(value)
    words = option_words(game, f"val.{o.name}.{typed}", lang)
    return typed if words is None or words == typed else f"{words} [{typed}]"


def option_allowed_text(game: str, o: Option, lang: str) -> str:
    """The allowed values in player terms (words, with the typed value in brackets)."""
    if o.kind == "choice":
        return ", ".join(option_value_text(game, o, c, lang) for c in o.choices)
    if o.kind == "bool":
        return ", ".join(option_value_text(game, o, v, lang) for v in (True, False))
    if o.name in SEAT_OPTIONS and o.minimum is not None and o.maximum is not None:
        return t(lang, "games.seat_value", n=f"{o.minimum + 1}..{o.maximum + 1}")
    return o.allowed(lang)


def cmd_games(args: argparse.Namespace, console: Console) -> int:
    """``pakka games [GAME]``."""
    from pakka.bots import LEVEL_NAMES, bot_names, level_word
    from pakka.core.registry import game_class, games

    lang = args.lang
    if args.game:
        cls = game_class(args.game)
        table = Table(title=t(lang, "games.options", game=cls.title.get(lang) or args.game))
        cols = ("games.option", "games.set", "games.allowed", "games.default", "games.help")
        for col in cols:
            table.add_column(t(lang, col))
        table.add_column(t(lang, "games.rule"), style="dim")
        for o in cls.option_specs:
            if callable(o.default):
                groups: list[tuple[int, int, OptionValue]] = []
                for n in range(cls.min_players, cls.max_players + 1):
                    value = o.default(n)
                    if groups and groups[-1][2] == value:
                        groups[-1] = (groups[-1][0], n, value)
                    else:
                        groups.append((n, n, value))
                default = "\n".join(
                    t(
                        lang,
                        "games.per_players",
                        n=lo if lo == hi else f"{lo}–{hi}",
                        count=hi,
                        value=option_value_text(args.game, o, value, lang),
                    )
                    for lo, hi, value in groups
                )
            else:
                default = option_value_text(args.game, o, o.default, lang)
            help_text = o.help.get(lang) or o.help.get("en", "")
            name = option_words(args.game, f"opt.{o.name}", lang) or o.name
            table.add_row(
                escape(name),
                escape(o.name),
                escape(option_allowed_text(args.game, o, lang)),
                escape(default),
                escape(help_text),
                escape(o.rule),
            )
        if cls.option_specs:
            console.print(table)
            console.print(t(lang, "games.rules_line", game=args.game), highlight=False)
        lv = ", ".join(
            k if level_word(k, lang) == k else f"{level_word(k, lang)} [{k}]" for k in LEVEL_NAMES
        )
        console.print(
            t(lang, "games.bots", bots=", ".join(bot_names(args.game)), levels=lv),
            highlight=False,
            markup=False,
        )
        return 0
    table = Table(title=t(lang, "games.title"))
    table.add_column(t(lang, "games.name"), style="bold")
    table.add_column(t(lang, "games.players"))
    table.add_column(t(lang, "games.summary"))
    for name in games():
        try:
            cls = game_class(name)
        except Exception as e:  # a game that fails to import must not hide the others
            table.add_row(name, "", t(lang, "games.broken", error=e))
            continue
        summary = cls.summary.get(lang) or cls.summary.get("en", "")
        title = cls.title.get(lang, "")
        text = f"{title}: {summary}" if title else summary
        lo, hi = cls.min_players, cls.max_players
        count = (
            t(lang, "games.count_one", n=lo) if lo == hi else t(lang, "games.count", lo=lo, hi=hi)
        )
        table.add_row(name, count, text)
    console.print(table)
    return 0


def cmd_rules(args: argparse.Namespace, console: Console) -> int:
    """``pakka rules GAME``."""
    from pakka.core.registry import game_class
    from pakka.rules import rules_text

    game_class(args.game)
    try:
        text = rules_text(args.game, args.lang)
    except KeyError:
        raise RulesError(t(args.lang, "err.no_rules", game=args.game)) from None
    console.print(Markdown(text))
    return 0


def cmd_play(args: argparse.Namespace, console: Console) -> int:
    """``pakka play``: set up (or resume) a session and run it."""
    from pakka.cli.play import PlaySession, read_save
    from pakka.core.registry import load

    lang = args.lang
    session: dict[str, Any] = {}
    if args.resume:
        record, session = read_save(args.resume)
        if args.game and args.game != record.game:
            raise RulesError(
                t(lang, "err.resume_game", file=args.resume, found=record.game, game=args.game)
            )
        state = record.replay()
        game = state.game
        console.print(
            t(lang, "play.resumed", file=args.resume, moves=len(record.actions)), highlight=False
        )
    else:
        if not args.game:
            raise RulesError(t(lang, "err.no_game"))
        game = load(args.game, players=args.players, **parse_sets(args.set, lang))
        state = game.new_state(seed=args.seed)
    n = game.num_players
    seat = args.seat if args.seat is not None else int(session.get("seat", 0))
    if not 0 <= seat < n:
        raise RulesError(t(lang, "err.seat", seat=seat, max=n - 1))
    if args.bots is not None or not session.get("bots"):
        specs = split_specs(args.bots or "medium") or ["medium"]
        others = n - 1
        if len(specs) == 1:
            specs = specs * others
        if len(specs) != others:
            raise RulesError(t(lang, "err.bots_count", given=len(specs), others=others))
        it = iter(specs)
        bot_specs: list[str | None] = [None if p == seat else next(it) for p in range(n)]
    else:
        bot_specs = [
            None if p == seat else (str(s) if s else "medium")
            for p, s in enumerate(session["bots"])
        ]
        if len(bot_specs) != n:
            raise RulesError(t(lang, "err.bots_count", given=len(bot_specs) - 1, others=n - 1))
    save_path = args.save or args.resume
    return PlaySession(state, seat, bot_specs, lang, console, save_path=save_path).run()


def cmd_replay(args: argparse.Namespace, console: Console) -> int:
    """``pakka replay FILE``."""
    from pakka.cli.play import read_save
    from pakka.cli.replay import ReplaySession, replay_states

    record, _ = read_save(args.file)
    if args.seat is not None and not 0 <= args.seat < record.players:
        raise RulesError(t(args.lang, "err.seat", seat=args.seat, max=record.players - 1))
    states = replay_states(record)
    session = ReplaySession(record, states, args.lang, console, seat=args.seat)
    if args.at is not None:
        total = len(states) - 1
        session.pos = min(max(0, args.at if args.at >= 0 else total + 1 + args.at), total)
        session.show()
        return 0
    return session.run()


def cmd_review(args: argparse.Namespace, console: Console) -> int:
    """``pakka review FILE [--seat N]``: every judged decision that is not good, then
    the summary per seat, in the chosen language."""
    from pakka.cli.play import read_save
    from pakka.i18n import render_entry
    from pakka.review import judgement_message, review_record, summary_messages

    record, _ = read_save(args.file)
    if args.seat is not None and not 0 <= args.seat < record.players:
        raise RulesError(t(args.lang, "err.seat", seat=args.seat, max=record.players - 1))
    review = review_record(record, None if args.seat is None else [args.seat])
    game = record.game
    for j in review.judgements:
        if j.mark != "good":
            line = render_entry(game, judgement_message(review, j), args.lang)
            if j.known_cost is not None and j.known_cost > 0:
                known = {"key": "review.known", "args": {"cost": j.known_cost}}
                line += " " + render_entry(game, known, args.lang)
            console.print(escape(line))
    for m in summary_messages(review):
        console.print(escape(render_entry(game, m, args.lang)))
    return 0


def cmd_arena(args: argparse.Namespace, console: Console) -> int:
    """``pakka arena``: run, then print the table and the pairwise comparisons."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from pakka.arena import run_arena

    lang = args.lang
    specs = split_specs(args.bots)
    options = parse_sets(args.set, lang)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(t(lang, "arena.progress"), total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        result = run_arena(
            args.game,
            args.players,
            specs,
            args.deals,
            seed=args.seed,
            options=options,
            progress=progress,
            jobs=args.jobs,
            ray=args.ray,
        )
    opts = ", ".join(f"{k}={v}" for k, v in result.options.items())
    console.print(
        t(
            lang,
            "arena.title",
            game=f"{result.game} ({opts})" if opts else result.game,
            players=result.players,
            deals=result.deals,
            rotations=result.players,
            games=len(result.games),
            seed=result.seed,
        ),
        highlight=False,
    )
    table = Table()
    for col in ("arena.bot", "arena.seats", "arena.win", "arena.score", "arena.time"):
        table.add_column(
            t(lang, col),
            justify="left" if col == "arena.bot" else "right",
            overflow="fold",
            min_width=12 if col == "arena.bot" else None,
        )
    from pakka import stats

    def cell(e: stats.Interval, digits: int) -> str:
        if e.n >= 2 and not e.varies:
            return f"{e.format(digits)} ({t(lang, 'arena.no_variation_short')})"
        return e.format(digits)

    rates = [(result.win_rate(i), result.mean_score(i)) for i in range(len(result.bots))]
    for i, label in enumerate(result.labels):
        w, s = rates[i]
        table.add_row(
            escape(label),
            str(result.seat_games(i)),
            cell(w, 3),
            cell(s, 2),
            f"{result.ms_per_decision(i):.2f}",
        )
    console.print(table)
    labels = result.labels

    def verdict(c: stats.Comparison) -> str:
        p = "p < 0.001" if c.p_value < 0.001 else f"p = {c.p_value:.3f}"
        return t(lang, f"arena.{c.verdict}", p=p, min=stats.MIN_DEALS)

    comparisons = {
        (a, b): (result.win_difference(a, b), result.score_difference(a, b))
        for a, b in result.pairs()
    }
    for (a, b), (wd, sd) in comparisons.items():
        console.print(
            t(
                lang,
                "arena.diff",
                a=labels[a],
                b=labels[b],
                win=wd.format(3),
                winsig=verdict(wd),
                score=sd.format(2),
                scoresig=verdict(sd),
            ),
            highlight=False,
            markup=False,
        )
    if comparisons:
        console.print(
            t(
                lang,
                "arena.method",
                exact=stats.EXACT_MAX_DEALS,
                min=stats.MIN_DEALS,
                alpha=stats.ALPHA,
            ),
            highlight=False,
            markup=False,
        )
    console.print(t(lang, "arena.elapsed", games=len(result.games), seconds=result.seconds))
    if args.json:
        data = {
            "game": result.game,
            "players": result.players,
            "options": result.options,
            "bots": result.bots,
            "deals": result.deals,
            "seed": result.seed,
            "seconds": result.seconds,
            "method": {
                "interval": "percentile bootstrap over deals",
                "confidence": stats.CONFIDENCE,
                "bootstrap_resamples": stats.BOOTSTRAP_RESAMPLES,
                "test": "paired sign-flip permutation test over deals",
                "exact_max_deals": stats.EXACT_MAX_DEALS,
                "permutation_resamples": stats.PERMUTATION_RESAMPLES,
                "min_deals": stats.MIN_DEALS,
                "alpha": stats.ALPHA,
            },
            "stats": [
                {
                    "bot": labels[i],
                    "win_rate": rates[i][0].to_json(),
                    "mean_score": rates[i][1].to_json(),
                    "ms_per_decision": result.ms_per_decision(i),
                }
                for i in range(len(labels))
            ],
            "pairs": [
                {
                    "a": labels[a],
                    "b": labels[b],
                    "win_difference": wd.to_json(),
                    "score_difference": sd.to_json(),
                    "significant": wd.significant,
                }
                for (a, b), (wd, sd) in comparisons.items()
            ],
        }
        Path(args.json).write_text(json.dumps(data, indent=1, default=str) + "\n")
    return 0


def cmd_bench(args: argparse.Namespace, console: Console) -> int:
    """``pakka bench``: print figures as they are measured, then a table."""
    from pakka.bench import Figure, run_bench
    from pakka.core.registry import games

    lang = args.lang
    names = args.games or games()
    console.print(t(lang, "bench.title", repeats=args.repeats, seconds=args.seconds))

    def show(fig: Figure) -> None:
        console.print(
            f"{fig.game} [{fig.setup}] {fig.name}: {t(lang, 'bench.value')} {fig.median:,.1f} "
            f"({t(lang, 'bench.spread')} {fig.low:,.1f}..{fig.high:,.1f})",
            highlight=False,
            markup=False,
            soft_wrap=True,
        )

    figures = run_bench(
        names,
        seconds=args.seconds,
        repeats=args.repeats,
        players=args.players,
        options=parse_sets(args.set, lang),
        extras=not args.no_extras,
        on_figure=show,
    )
    if args.json:
        Path(args.json).write_text(json.dumps([f.to_json() for f in figures], indent=1) + "\n")
    return 0


def cmd_serve(args: argparse.Namespace, console: Console) -> int:
    """``pakka serve``: hand over to :func:`pakka.server.run`."""
    import importlib

    try:
        server = importlib.import_module("pakka.server")
    except ModuleNotFoundError as e:
        if e.name != "pakka.server":
            raise
        raise RulesError(t(args.lang, "err.no_server")) from None
    run: Any = server.run
    run(args.host, args.port, args.db, chat_retention_days=args.chat_retention_days)
    return 0


def cmd_chat_reports(args: argparse.Namespace, console: Console) -> int:
    """``pakka chat-reports``: the reported chat messages, newest first, one a line
    (time, table, message number, author, reporter, text) for the operator."""
    import datetime

    from pakka.server.chat import reports
    from pakka.server.config import db_url
    from pakka.server.db import make_engine, migrate

    engine = make_engine(db_url(args.db))
    migrate(engine)
    with engine.connect() as c:
        rows = reports(c, args.limit)
    for r in rows:
        at = datetime.datetime.fromtimestamp(r["at"], datetime.UTC).strftime("%Y-%m-%d %H:%M")
        who = f"{r['name'] or '-'} ({r['author']})"
        console.print(
            f"{at}  table {r['table_id']} #{r['seq']} [{r['channel']}] {who}"
            f" reported by {r['reporter']}: {r['text']!r}",
            markup=False,
        )
    return 0


def cmd_db(args: argparse.Namespace, console: Console) -> int:
    """``pakka db copy``: hand over to :func:`pakka.server.dbcopy.copy`."""
    from pakka.server.dbcopy import CopyError, copy

    try:
        counts = copy(args.source, args.dest)
    except CopyError as e:
        raise RulesError(str(e)) from None
    for name, n in counts.items():
        console.print(f"{name}: {n}")
    return 0


def cmd_login(args: argparse.Namespace, console: Console) -> int:
    """``pakka login URL`` (:mod:`pakka.cli.session`)."""
    from pakka.cli.session import login, sessions_file

    me = login(args.url)
    console.print(
        t(args.lang, "session.logged_in", account=str(me.get("account")), file=str(sessions_file()))
    )
    return 0


def cmd_logout(args: argparse.Namespace, console: Console) -> int:
    """``pakka logout [URL]``."""
    from pakka.cli.session import logout

    done = logout(args.url)
    console.print(t(args.lang, "session.logged_out", n=len(done)))
    return 0


COMMANDS = {
    "games": cmd_games,
    "play": cmd_play,
    "replay": cmd_replay,
    "review": cmd_review,
    "rules": cmd_rules,
    "arena": cmd_arena,
    "bench": cmd_bench,
    "serve": cmd_serve,
    "chat-reports": cmd_chat_reports,
    "db": cmd_db,
    "login": cmd_login,
    "logout": cmd_logout,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``pakka`` command; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = _prescan_lang(argv)
    translate = argparse._  # type: ignore[attr-defined]
    if lang == "fi":
        argparse._ = lambda text: ARGPARSE_FI.get(text, text)  # type: ignore[attr-defined]
    try:
        args = build_parser(lang).parse_args(argv)
    finally:
        argparse._ = translate  # type: ignore[attr-defined]
    console = Console(highlight=False)
    try:
        return COMMANDS[args.command](args, console)
    except PakkaError as e:
        from pakka.cli.play import refusal_text

        game = getattr(args, "game", None) or ""
        message = refusal_text(game if isinstance(game, str) else "", e, args.lang)
        Console(stderr=True).print(
            f"[red]{escape(t(args.lang, 'err.error', message=message))}[/]", highlight=False
        )
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
