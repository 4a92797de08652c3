"""Seats in the terminal are counted from 1, as players count them (issue 15): the
welcome, the seat list, the log, the board, the menu, the prompts and the refusals;
typed notation that counts seats from 0 (Viisisataa's ``partner N``) says so in its
hint. Engines and messages keep seat indices (the browser shows them as names)."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import run_cli
from rich.console import Console

import pakka
from pakka.cli import play
from pakka.core.errors import PakkaError
from pakka.core.game import State
from pakka.core.render import SEAT_ARGS, SEAT_LIST_ARGS, one_based

TABLE_JS = Path(pakka.__file__).parent / "server" / "static" / "js" / "table.js"

SEAT_ZERO = re.compile(r"\b(?:[Ss]eat|[Pp]aikka|[Pp]aikan|[Pp]aikalla|[Pp]aikalle) 0\b")
"""A seat read as 0: never on a player's screen."""


def _js_set(name: str) -> set[str]:
    text = TABLE_JS.read_text(encoding="utf-8")
    m = re.search(rf"export const {name} = new Set\(\[(.*?)\]\)", text, re.S)
    assert m, name
    return set(re.findall(r'"([^"]+)"', m.group(1)))


def test_seat_argument_names_are_the_browsers() -> None:
    """One list of seat arguments: the terminal reads from 1 what the browser names."""
    assert _js_set("SEAT_ARGS") == set(SEAT_ARGS)
    assert _js_set("SEAT_LIST_ARGS") == set(SEAT_LIST_ARGS)


def test_one_based_counts_seats_from_one_in_nested_messages() -> None:
    m: dict[str, Any] = {
        "key": "x",
        "args": {
            "seat": 0,
            "winners": [0, 2],
            "value": 40,
            "flag": True,
            "allowed": {"key": "y", "args": {"player": 3, "n": 3}},
        },
    }
    out = one_based(m)
    assert out["args"]["seat"] == 1 and out["args"]["winners"] == [1, 3]
    assert out["args"]["value"] == 40 and out["args"]["flag"] is True
    assert out["args"]["allowed"]["args"] == {"player": 4, "n": 3}
    assert m["args"]["seat"] == 0  # the message itself is not changed


def _play(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    players: int,
    lang: str,
    *sets: str,
) -> str:
    """A seeded Viisisataa game to its end through ``pakka play`` (random human moves,
    one typed mistake first): the whole output."""
    rng = random.Random(players)
    n = {"moves": 0}

    def ask(self: play.PlaySession, prompt: str) -> str | None:
        self.console.print(prompt + "> ", end="")
        n["moves"] += 1
        if n["moves"] == 1:
            return "partner 9"
        legal = self.numbered()
        return str(rng.randrange(len(legal)) + 1)

    monkeypatch.setattr(play.PlaySession, "ask", ask)
    argv = ["play", "viisisataa", "--players", str(players), "--seed", "3", "--bots", "random"]
    argv += ["--set", "max_hands=1", *(x for s in sets for x in ("--set", s)), "--lang", lang]
    rc, out, err = run_cli(monkeypatch, capsys, argv, columns=160)
    assert rc == 0, err
    return out


@pytest.mark.parametrize("lang", ["en", "fi"])
@pytest.mark.parametrize(
    ("players", "sets"), [(4, ()), (5, ()), (5, ("partner_by_card=true",))], ids=str
)
def test_viisisataa_in_the_terminal_reads_seats_from_one(
    players: int,
    sets: tuple[str, ...],
    lang: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = _play(monkeypatch, capsys, players, lang, *sets)
    you = "You are seat 1" if lang == "en" else "Olet paikalla 1"
    assert you in out
    assert f"{players}: " in out.split("\n")[1]  # the seat list: 1 … n
    assert not SEAT_ZERO.findall(out), SEAT_ZERO.findall(out)[:5]
    last = "seat" if lang == "en" else "paikka"
    assert re.search(rf"\b[{last[0]}{last[0].upper()}]{last[1:]} {players}\b", out)


def _partner_phase(players: int = 5) -> State[Any]:
    """A seeded 5-player state where the contractor chooses a partner (R-5S-25)."""
    for seed in range(200):
        s = pakka.load("viisisataa", players=players, max_hands=1).new_state(seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal and s.view_phase != "partner":
            acts = s.legal_actions()
            s.apply(acts[rng.randrange(len(acts))])
        if not s.is_terminal:
            assert isinstance(s, State)
            return s
    raise AssertionError("no partner choice found")


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_partner_choice_names_seats_from_one_and_says_how_to_type_them(lang: str) -> None:
    """The menu reads "choose seat 3 as your partner [partner 2]": the words count from
    1, the notation from 0, and the board's hint says so; a refusal's seat to act is
    read from 1 too."""
    s = _partner_phase()
    me = s.current_player
    assert me is not None
    console = Console(file=io.StringIO(), width=160)
    bots: list[str | None] = ["random"] * s.game.num_players
    bots[me] = None
    session = play.PlaySession(s, me, bots, lang, console)
    session.show_board()
    session.show_choices(session.numbered())
    out = console.file.getvalue()  # type: ignore[attr-defined]
    other = next(p for p in range(5) if p != me)
    if lang == "en":
        assert f"choose seat {other + 1} as your partner" in out
        assert f"partner {other} is seat {other + 1}" in out
    else:
        assert f"valitse pariksesi paikka {other + 1}" in out
        assert f"partner {other} on paikka {other + 1}" in out
    assert f"[partner {other}]" in out  # the notation as typed, from 0
    assert not SEAT_ZERO.findall(out.replace(f"[partner {other}]", ""))
    with pytest.raises(PakkaError) as e:
        s.clone().apply("play AS")
    said = play.refusal_text("viisisataa", e.value, lang, "play AS")
    to_act = f"seat {me + 1} to act" if lang == "en" else f"vuorossa paikka {me + 1}"
    assert to_act in said
    # the legal list names every other seat from 1, never the chooser's own
    seat = "seat" if lang == "en" else "paikka"
    assert f"{seat} {other + 1}" in said and f"{seat} {me + 1} as" not in said
