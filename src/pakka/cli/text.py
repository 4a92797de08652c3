"""The terminal front end's own words (its "chrome") in English and Finnish.

Game events come from each game's message catalogue (:mod:`pakka.i18n`); this
table holds only what the CLI itself says: prompts, commands, errors, tables.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from pakka.core.messages import MESSAGES as CORE
from pakka.core.render import one_based
from pakka.i18n import fill, render_entry
from pakka.option_words import OPTION_TEXT as OPTION_TEXT

TEXT: dict[str, dict[str, str]] = {
    "en": {
        # pakka games
        "games.title": "Games",
        "games.name": "name",
        "games.players": "players",
        "games.count": "{lo}–{hi} {hi|player|players}",
        "games.count_one": "{n} {n|player|players}",
        "games.set": "type with --set",
        "games.rule": "rules reference",
        "games.rules_line": "Rules reference: {prog} rules {game} (the numbers in the last "
        "column).",
        "games.seat_value": "seat {n}",
        "games.per_players": "{n} {count|player|players}: {value}",
        "games.yes": "yes",
        "games.no": "no",
        "games.summary": "summary",
        "games.options": "Options of {game}",
        "games.option": "option",
        "games.allowed": "allowed",
        "games.default": "default",
        "games.help": "meaning",
        "games.bots": "Bots (give with --bots): {bots}. Levels: {levels}.",
        "games.broken": "(cannot be loaded: {error})",
        # pakka play
        "play.welcome": "{title} — {players} {players|player|players}. You are seat {seat}. "
        "Type help for commands.",
        "play.resumed": "Game resumed from {file} after {moves} {moves|move|moves}.",
        "play.seats": "Seats: {seats}",
        "play.you": "you",
        "play.your_turn": "Your turn (seat {seat}).",
        "play.choices": "Your choices:",
        "play.more_choices": "{n} more legal {n|move is|moves are} not numbered; type "
        "{n|it|them} in notation (see rules).",
        "play.prompt": "Your move (number, notation, help, or quit to leave)",
        "play.refused": "{text!r} cannot be played now; pick a number from the list or type help.",
        "play.quit_word": "To leave the game type quit (stop is a move, where the game has it).",
        "play.bot": "Bot ({level})",
        "play.thinking": "Seat {seat} ({bot}) is thinking…",
        "play.illegal": "Not allowed: {reason}",
        "play.bad_number": "There is no choice {n}; pick 1..{max}.",
        "play.empty": "Type a move, a number from the list, or help.",
        "play.over": "The game is over.",
        "play.scores": "Scores",
        "play.winners": "Winner(s): {winners}",
        "play.no_winner": "Nobody won.",
        "play.saved": "Saved to {file}. Continue later with: {prog} play --resume {file}",
        "play.saved_over": "Saved to {file}. Watch it again with: {prog} replay {file}",
        "play.save_failed": "Could not save to {file}: {error}",
        "play.quit": "Bye.",
        "play.choices_places": "Your choices (type the number):",
        "play.undone": "Took back {n} {n|move|moves}.",
        "undo.one_player": "Undo is only in one-player games.",
        **{k: v for k, v in CORE["en"].items() if k.startswith("undo.")},
        "undo.bad_count": "Give how many moves to take back, e.g. undo 2.",
        "play.hint_best": "Hint: {best}",
        "play.hint_bot": "{bot} would play: {action}",
        "play.help": (
            "Enter a move as a number from the list or in notation (see `rules`).\n"
            "Commands:\n"
            "  help        this text\n"
            "  hint        what a strong bot suggests\n"
            "  rules       the rules of the game\n"
            "  board       show the board again\n"
            "  log         the whole game log so far\n"
            "  undo [N]    take back the last move (or N moves; one-player games)\n"
            "  save [FILE] save the game to continue later (--resume FILE)\n"
            "  quit        leave the game (it is saved if you gave --save);\n"
            "              stop is a move of Koodinmurtaja, not a command"
        ),
        "play.log_title": "Log",
        "play.board_title": "{title} — move {moves}",
        "play.seat_label": "seat {seat}",
        "play.summary": "Game record: {moves} {moves|move|moves}, seed {seed}.",
        # errors for the command line
        "err.bots_count": "--bots gives {given} {given|bot|bots} but there {others|is|are} "
        "{others} other {others|seat|seats}; give one spec for all or one per other seat",
        "err.seat": "--seat {seat} is not a seat; seats are 0..{max}",
        "err.set": "--set {item!r} must look like key=value",
        "err.seat_option": "--set {name}={value}: give a seat number from 1 (the first seat)",
        "err.resume_game": "{file} is a record of {found}, not {game}",
        "err.error": "error: {message}",
        "err.no_server": "the web server is not installed in this build (pakka.server is missing)",
        "session.logged_in": "Signed in as {account}; the session is kept in {file}.",
        "session.logged_out": "Signed out of {n} {n|server|servers}.",
        "err.no_game": "give a game ({prog} play GAME) or --resume FILE",
        "err.no_rules": "no rules text for '{game}'",
        # pakka replay
        "replay.position": "Move {n}/{total}",
        "replay.start": "Start of the game (move 0/{total}).",
        "replay.viewing": "Showing: {who}",
        "replay.omniscient": "everything (omniscient)",
        "replay.prompt": "[n]ext, [b]ack, [j]ump N, [s]eat K, [o]mniscient, [q]uit",
        "replay.unknown": "Unknown command {cmd!r}.",
        "replay.end": "End of the record.",
        "replay.action": "Move {n}: seat {seat} plays {action}",
        "replay.hands": "Hands",
        # pakka arena
        "arena.title": "{game}: {players} {players|player|players}, {deals} {deals|deal|deals} x "
        "{rotations} seat {rotations|rotation|rotations} = {games} {games|game|games} "
        "(duplicate deals; seed {seed})",
        "arena.bot": "bot",
        "arena.seats": "seat-games",
        "arena.win": "win rate (95% CI)",
        "arena.score": "mean score (95% CI)",
        "arena.time": "ms/decision",
        "arena.diff": "{a} − {b}: win rate {win} ({winsig}); score {score} ({scoresig})",
        "arena.significant": "significant, {p}",
        "arena.not_significant": "not significant, {p}",
        "arena.too_few_deals": "no verdict: fewer than {min} {min|deal|deals}, {p}",
        "arena.no_variation": "no variation across deals",
        "arena.no_variation_short": "no variation",
        "arena.undefined": "needs at least 2 deals",
        "arena.method": "Intervals: 95% bootstrap over deals. p: paired sign-flip test over "
        "deals (exact up to {exact} {exact|deal|deals}). Significant needs at least "
        "{min} {min|deal|deals}, differences that vary and p < {alpha}.",
        "arena.progress": "Playing",
        "arena.elapsed": "{games} {games|game|games} in {seconds:.1f} s",
        # pakka bench
        "bench.title": "pakka bench: median of {repeats} {repeats|repeat|repeats} of {seconds:g} s "
        "each, "
        "one process",
        "bench.value": "median",
        "bench.spread": "min..max",
    },
    "fi": {
        "games.title": "Pelit",
        "games.name": "nimi",
        "games.players": "pelaajat",
        "games.count": "{lo}–{hi} {hi|pelaaja|pelaajaa}",
        "games.count_one": "{n} {n|pelaaja|pelaajaa}",
        "games.set": "anna --set-valinnalla",
        "games.rule": "sääntöviite",
        "games.rules_line": "Sääntöviitteet: {prog} rules {game} (viimeisen sarakkeen numerot).",
        "games.seat_value": "paikka {n}",
        "games.per_players": "{n} {count|pelaaja|pelaajaa}: {value}",
        "games.yes": "kyllä",
        "games.no": "ei",
        "games.summary": "kuvaus",
        "games.options": "Pelin {game} valinnat",
        "games.option": "valinta",
        "games.allowed": "sallitut",
        "games.default": "oletus",
        "games.help": "merkitys",
        "games.bots": "Botit (anna --bots-valinnalla): {bots}. Tasot: {levels}.",
        "games.broken": "(ei voi ladata: {error})",
        "play.welcome": "{title} — {players} {players|pelaaja|pelaajaa}. Olet paikalla {seat}. "
        "Kirjoita apu nähdäksesi komennot.",
        "play.resumed": "Peli jatkuu tiedostosta {file} {moves} siirron jälkeen.",
        "play.seats": "Paikat: {seats}",
        "play.you": "sinä",
        "play.your_turn": "Sinun vuorosi (paikka {seat}).",
        "play.choices": "Vaihtoehdot:",
        "play.more_choices": "{n} {n|muu sallittu siirto|muuta sallittua siirtoa} ei ole "
        "numeroitu; kirjoita {n|se|ne} merkintänä (katso säännöt).",
        "play.prompt": "Siirtosi (numero, merkintä, apu, tai poistu lopettaaksesi pelin)",
        "play.refused": "Siirtoa {text!r} ei voi tehdä nyt; valitse listasta numero tai "
        "kirjoita apu.",
        "play.quit_word": "Pelistä poistutaan kirjoittamalla poistu (lopeta on Koodinmurtajassa "
        "siirto: lopeta arvaaminen).",
        "play.bot": "Botti ({level})",
        "play.thinking": "Paikka {seat} ({bot}) miettii…",
        "play.illegal": "Ei sallittu: {reason}",
        "play.bad_number": "Vaihtoehtoa {n} ei ole; valitse 1..{max}.",
        "play.empty": "Kirjoita siirto, listan numero tai apu.",
        "play.over": "Peli on päättynyt.",
        "play.scores": "Pisteet",
        "play.winners": "Voittaja(t): {winners}",
        "play.no_winner": "Kukaan ei voittanut.",
        "play.saved": "Tallennettu tiedostoon {file}. Jatka myöhemmin: {prog} play --resume {file}",
        "play.saved_over": "Tallennettu tiedostoon {file}. Katso uudelleen: {prog} replay {file}",
        "play.save_failed": "Tallennus tiedostoon {file} epäonnistui: {error}",
        "play.quit": "Hei hei.",
        "play.choices_places": "Vaihtoehdot (kirjoita numero):",
        "play.undone": "Peruttiin {n} {n|siirto|siirtoa}.",
        "undo.one_player": "Peruminen on mahdollista vain yksinpeleissä.",
        **{k: v for k, v in CORE["fi"].items() if k.startswith("undo.")},
        "undo.bad_count": "Kerro, montako siirtoa perutaan, esim. kumoa 2.",
        "play.hint_best": "Vihje: {best}",
        "play.hint_bot": "{bot} pelaisi: {action}",
        "play.help": (
            "Anna siirto listan numerona tai merkintänä (katso `säännöt`).\n"
            "Komennot:\n"
            "  apu              tämä teksti (myös help)\n"
            "  vihje            mitä vahva botti ehdottaa (hint)\n"
            "  säännöt          pelin säännöt (rules)\n"
            "  pöytä            näytä pelipöytä uudelleen (board)\n"
            "  loki             koko pelin loki tähän asti (log)\n"
            "  kumoa [N]        peru viimeinen siirto (tai N siirtoa; yksinpelit) (undo)\n"
            "  tallenna [TIED]  tallenna peli myöhempää jatkoa varten (save; --resume TIED)\n"
            "  poistu           poistu pelistä (peli tallentuu, jos annoit --save) (quit);\n"
            "                   lopeta on Koodinmurtajan siirto (lopeta arvaaminen), ei komento"
        ),
        "play.log_title": "Loki",
        "play.board_title": "{title} — siirto {moves}",
        "play.seat_label": "paikka {seat}",
        "play.summary": "Pelitallenne: {moves} {moves|siirto|siirtoa}, siemen {seed}.",
        "err.bots_count": "--bots antaa {given} {given|botin|bottia}, mutta muita paikkoja on "
        "{others}; "
        "anna yksi kaikille tai yksi kullekin muulle paikalle",
        "err.seat": "--seat {seat} ei ole paikka; paikat ovat 0..{max}",
        "err.set": "--set {item!r} pitää antaa muodossa avain=arvo",
        "err.seat_option": "--set {name}={value}: anna paikan numero 1:stä alkaen (ensimmäinen "
        "paikka)",
        "err.resume_game": "{file} on pelin {found} tallenne, ei pelin {game}",
        "err.error": "virhe: {message}",
        "err.no_server": "verkkopalvelinta ei ole tässä asennuksessa (pakka.server puuttuu)",
        "session.logged_in": "Kirjauduttu tunnuksella {account}; istunto on tallessa: {file}.",
        "session.logged_out": "Kirjauduttu ulos {n} palvelimelta.",
        "err.no_game": "anna peli ({prog} play PELI) tai --resume TIEDOSTO",
        "err.no_rules": "pelille '{game}' ei ole sääntötekstiä",
        "replay.position": "Siirto {n}/{total}",
        "replay.start": "Pelin alku (siirto 0/{total}).",
        "replay.viewing": "Näkymä: {who}",
        "replay.omniscient": "kaikki (kaikkitietävä)",
        "replay.prompt": "[n] seuraava, [b] takaisin, [j] N hyppää, [s] K paikka, "
        "[o] kaikki, [q] poistu",
        "replay.unknown": "Tuntematon komento {cmd!r}.",
        "replay.end": "Tallenne loppui.",
        "replay.action": "Siirto {n}: paikka {seat} pelaa {action}",
        "replay.hands": "Kädet",
        "arena.title": "{game}: {players} {players|pelaaja|pelaajaa}, {deals} {deals|jako|jakoa} "
        "x {rotations} {rotations|paikkakierto|paikkakiertoa} = {games} {games|peli|peliä} "
        "(samat jaot; siemen {seed})",
        "arena.bot": "botti",
        "arena.seats": "paikkapelejä",
        "arena.win": "voitto-osuus (95 % LV)",
        "arena.score": "pisteiden ka. (95 % LV)",
        "arena.time": "ms/päätös",
        "arena.diff": "{a} − {b}: voitto-osuus {win} ({winsig}); pisteet {score} ({scoresig})",
        "arena.significant": "merkitsevä, {p}",
        "arena.not_significant": "ei merkitsevä, {p}",
        "arena.too_few_deals": "ei ratkaisua: alle {min} {min|jako|jakoa}, {p}",
        "arena.no_variation": "ei vaihtelua jakojen välillä",
        "arena.no_variation_short": "ei vaihtelua",
        "arena.undefined": "vaatii vähintään 2 jakoa",
        "arena.method": "Välit: 95 % bootstrap jakojen yli. p: parittainen etumerkkitesti "
        "jakojen yli (tarkka enintään {exact} jaolla). Merkitsevä vaatii vähintään "
        "{min} {min|jako|jakoa}, vaihtelevat erot ja p < {alpha}.",
        "arena.progress": "Pelataan",
        "arena.elapsed": "{games} {games|peli|peliä} {seconds:.1f} sekunnissa",
        "bench.title": "pakka bench: {repeats} toiston mediaani, kukin "
        "{seconds:g} s, "
        "yksi prosessi",
        "bench.value": "mediaani",
        "bench.spread": "min..max",
    },
}

COMMANDS: dict[str, tuple[str, ...]] = {
    "help": ("help", "apu", "?"),
    "hint": ("hint", "vihje"),
    "rules": ("rules", "säännöt", "saannot"),
    "board": ("board", "pöytä", "poyta"),
    "log": ("log", "loki"),
    "save": ("save", "tallenna"),
    "undo": ("undo", "kumoa", "peru"),
    "quit": ("quit", "exit", "poistu"),
}
"""In-game command -> the words (English and Finnish) that invoke it.

``lopeta`` is not among them: it is Koodinmurtaja's "stop guessing" (the engine
reads it as ``stop``), so quitting is ``poistu``/``quit`` and the prompt says so."""


def prog() -> str:
    """The command the user runs pakka with, for hints such as "continue with:
    ``./run.sh play --resume FILE``": ``$PAKKA_PROG`` (``run.sh`` sets it), else
    ``pakka``."""
    return os.environ.get("PAKKA_PROG") or "pakka"


def t(lang: str, key: str, **args: Any) -> str:
    """The CLI text ``key`` in ``lang`` (English if missing), filled with ``args``
    (plural choices ``{n|one|many}`` included, see :func:`pakka.i18n.fill`); ``{prog}``
    is the command the user runs (:func:`prog`)."""
    template = TEXT.get(lang, {}).get(key) or TEXT["en"].get(key, key)
    if "{prog}" in template:
        args.setdefault("prog", prog())
    return fill(template, args) if args else template


def command_of(word: str) -> str | None:
    """The in-game command that ``word`` names (either language), or ``None``."""
    w = word.strip().lower()
    for cmd, words in COMMANDS.items():
        if w in words:
            return cmd
    return None


def say(game: str, message: Mapping[str, Any], lang: str) -> str:
    """A game's message (a log entry, label or prompt) in ``lang`` as the terminal
    shows it: seat numbers counted from 1, as players count seats
    (:func:`~pakka.core.render.one_based`)."""
    return render_entry(game, one_based(message), lang)
