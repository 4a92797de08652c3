"""Issue 13 items 13–15: option descriptions, plural forms, the command the user typed,
the resume hint and the documented server defaults."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import run_cli

from pakka.cli.text import TEXT
from pakka.core.options import Option
from pakka.defaults import DEFAULT_DB_FILE, DEFAULT_PORT
from pakka.i18n import fill

ROOT = Path(__file__).resolve().parents[2]


def test_int_option_with_only_a_minimum_is_described_in_full() -> None:
    o = Option("max_hands", "int", 0, minimum=0)
    assert o.allowed("en") == "an integer of at least 0"
    assert o.allowed("fi") == "kokonaisluku, vähintään 0"
    assert Option("x", "int", 1, maximum=9).allowed("en") == "an integer of at most 9"
    assert Option("x", "int", 1, minimum=1, maximum=9).allowed("en") == "an integer 1..9"
    assert Option("x", "int", 1).allowed("fi") == "kokonaisluku"
    with pytest.raises(Exception, match="use an integer of at least 0"):
        o.coerce("-1")


def test_ints_option_plural() -> None:
    assert Option("p", "ints", (1,), length=1).allowed("en") == "1 integer"
    assert Option("p", "ints", (1, 2, 4), length=3).allowed("en") == (
        "3 integers separated by commas"
    )
    assert Option("p", "ints", (1,), length=1).allowed("fi") == "1 kokonaisluku"
    assert Option("p", "ints", (1, 2), length=2).allowed("fi") == (
        "2 kokonaislukua pilkuin erotettuina"
    )


def test_games_table_describes_options_in_the_chosen_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rc, out, _ = run_cli(monkeypatch, capsys, ["games", "viisisataa", "--lang", "en"], columns=300)
    assert rc == 0 and "an integer of at least 0" in out
    assert not re.search(r"an integer 0\s", out)
    assert "First dealer" in out and "seat 1..5" in out  # seats 1-based, as a player counts
    assert "one round each (American) [american]" in out and "no [false]" in out
    assert "R-5S-9" in out and "(R-5S-9)" not in out  # rule ids only in their own column
    rc, out, _ = run_cli(monkeypatch, capsys, ["games", "viisisataa", "--lang", "fi"], columns=300)
    assert "kokonaisluku, vähintään 0" in out and "Ensimmäinen jakaja" in out
    assert "paikka 1..5" in out and "kukin kerran (amerikkalainen) [american]" in out
    assert "ei [false]" in out and "Tasot: helppo [easy], keskitaso [medium], vaikea [hard]" in out


def test_fill_chooses_singular_or_plural() -> None:
    assert fill("{n} {n|card|cards}", {"n": 1}) == "1 card"
    assert fill("{n} {n|card|cards}", {"n": 2}) == "2 cards"
    assert fill("{n} {n|kortti|korttia}", {"n": 1}) == "1 kortti"
    assert fill("{n|is|are} {x}", {"n": 0, "x": "ok"}) == "are ok"


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_cli_texts_have_no_number_before_a_fixed_plural(lang: str) -> None:
    """Every ``{count} word`` in the CLI catalogue uses a plural choice for the word."""
    fixed = re.compile(
        r"\{(\w+)\} (players|cards|seats|moves|bots|deals|games|repeats|seat rotations|"
        r"pelaajaa|korttia|paikkaa|siirtoa|bottia|jakoa|peliä|paikkakiertoa)\b"
    )
    bad = [(k, v) for k, v in TEXT[lang].items() if fixed.search(v)]
    assert not bad


def test_one_player_welcome_is_singular(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rc, out, _ = run_cli(
        monkeypatch, capsys, ["play", "zoker-solo", "--seed", "1", "--lang", "en"], ["quit"]
    )
    assert rc == 0 and "1 player." in out and "1 players" not in out
    rc, out, _ = run_cli(
        monkeypatch, capsys, ["play", "zoker-solo", "--seed", "1", "--lang", "fi"], ["poistu"]
    )
    assert "1 pelaaja." in out and "1 pelaajaa" not in out


def test_zoker_messages_singular() -> None:
    from pakka.i18n import render_entry

    one = {"key": "memo.end", "args": {"left": 1}}
    assert "(1 card stays)" in render_entry("zoker-memo", one, "en")
    assert "(1 kortti jää)" in render_entry("zoker-memo", one, "fi")
    two = {"key": "memo.end", "args": {"left": 2}}
    assert "(2 cards stay)" in render_entry("zoker-memo", two, "en")
    assert "(2 korttia jää)" in render_entry("zoker-memo", two, "fi")


def test_js_i18n_has_plural_choices() -> None:
    js = (ROOT / "src/pakka/server/static/js/i18n.js").read_text("utf-8")
    assert not re.search(r"\"\{n\} (cards|players|points|korttia|pelaajaa|pistettä)", js)
    assert "{n|card|cards}" in js and "{n|kortti|korttia}" in js
    assert "{n|free seat|free seats}" in js


def test_messages_name_the_command_the_user_ran(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The save and resume hints say ``./run.sh`` when run.sh started pakka (PAKKA_PROG),
    and the hint is printed once when quitting."""
    monkeypatch.setenv("PAKKA_PROG", "./run.sh")
    save = tmp_path / "s.json"
    rc, out, _ = run_cli(
        monkeypatch,
        capsys,
        ["play", "zoker-solo", "--seed", "1", "--save", str(save), "--lang", "en"],
        ["quit"],
    )
    assert rc == 0 and f"./run.sh play --resume {save}" in out
    assert "pakka play --resume" not in out
    assert out.count("--resume") == 1
    monkeypatch.delenv("PAKKA_PROG")
    rc, out, _ = run_cli(
        monkeypatch,
        capsys,
        ["play", "--resume", str(save), "--lang", "fi"],
        ["poistu"],
    )
    assert f"pakka play --resume {save}" in out and out.count("--resume") == 1


def test_run_sh_sets_pakka_prog() -> None:
    text = (ROOT / "run.sh").read_text()
    assert "PAKKA_PROG=" in text


def test_serve_help_gives_the_real_database_default() -> None:
    """The help text's default database and port come from the same constants the
    server uses."""
    from pakka.cli.main import HELP, build_parser
    from pakka.server.config import default_db_path

    assert default_db_path() == Path(DEFAULT_DB_FILE).resolve()
    for lang in ("en", "fi"):
        assert f"./{DEFAULT_DB_FILE}" in HELP[lang]["db"].format(db=DEFAULT_DB_FILE)
        assert "~/.local" not in HELP[lang]["db"]
        out = build_parser(lang).parse_args(["serve"])
        assert out.port == DEFAULT_PORT
    help_out = subprocess.run(
        [sys.executable, "-m", "pakka.cli.main", "serve", "--help", "--lang", "en"],
        capture_output=True,
        text=True,
        check=True,
        env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"},
    ).stdout
    assert f"./{DEFAULT_DB_FILE}" in help_out and "~/.local" not in help_out


def test_docs_agree_with_the_defaults() -> None:
    cli_md = (ROOT / "docs/cli.md").read_text("utf-8")
    assert "~/.local/share/pakka" not in cli_md and f"./{DEFAULT_DB_FILE}" in cli_md
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "`games`" in readme and "--port" in readme
