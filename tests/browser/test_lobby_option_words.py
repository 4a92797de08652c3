"""The lobby's option rows in player terms (issue 15): every option's name, values
and help of every game, in Finnish and in English, read from the page as a player
sees them — no typed value code ("half", "positional", "false"), no option's
programme name ("max_hands"), no rule id outside the rules-reference link, and in
Finnish no English word."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pakka.core.registry import game_class, games

from .browser_helpers import DESKTOP
from .test_words_browser import (
    LOCALES,
    RULE_ID,
    SAME_IN_BOTH,
    Words,
    _strings,
    _templates,
)
from .vocabulary import WORD, catalogue_words

ROWS_JS = """() => [...document.querySelectorAll('fieldset .field')]
  .filter((f) => f.querySelector('[id^=opt-]'))
  .map((f) => {
    const ref = f.querySelector('[data-rules-ref]');
    const help = f.querySelector('.help');
    const helpText = help ? [...help.childNodes].filter((n) => n !== ref)
      .map((n) => n.textContent).join('') : '';
    const ctl = f.querySelector('select, input');
    return {
      name: ctl ? ctl.id.slice(4) : '',
      label: (f.querySelector('label') || {}).textContent || '',
      help: helpText.replace(/\\s+/g, ' ').trim(),
      values: [...f.querySelectorAll('option')].map((o) => o.textContent),
      ref: ref ? ref.textContent : null,
      refRule: ref ? ref.dataset.rulesRef : null,
    };
  })"""

RULES_REF = {"fi": "sääntöviite", "en": "rules reference"}

JARGON = re.compile(r"(?<![:\w])N\b|\b(?i:arenas?|research)\b|(?i:areen|tutkimu)")
"""Words of the programme, not of the players: a variable ("N > 0"), the arenas and
the research that set options for bots."""


def _codes(game: str) -> set[str]:
    """What a player types for the game's options: the choice values, true/false."""
    out = {"true", "false"}
    for o in game_class(game).option_specs:
        out |= {str(c) for c in o.choices}
    return out


def _problems(
    game: str, lang: str, rows: list[dict[str, Any]], words: Words, default: str
) -> list[str]:
    specs = {o.name: o for o in game_class(game).option_specs}
    codes = _codes(game)
    out: list[str] = []
    assert {r["name"] for r in rows} == set(specs), (game, rows)
    for r in rows:
        o = specs[r["name"]]
        shown = [r["label"], r["help"], *r["values"]]
        for text in shown:
            where = f"{game} {o.name}: {text!r}"
            # The lobby's own "(default: …)" and "(default)" are words, not a code.
            bare_text = text.replace(f"({default}:", "(").replace(f"({default})", "")
            for c in codes:
                bare = rf"(?<![\w-]){re.escape(c)}(?![\w-])"
                # A code as a code: "half: ...", "(full)", or a word no text of the
                # reader's language uses ("positional", "rank-only", "false").
                if re.search(bare + r"\s*:|\(" + re.escape(c) + r"\)", bare_text) or (
                    re.search(bare, bare_text)
                    and (c in {"true", "false"} or "-" in c or c.lower() in words.foreign)
                ):
                    out.append(f"value code {c!r} in {where}")
            for m in JARGON.finditer(text):
                out.append(f"programme's word {m.group(0)!r} in {where}")
            if "_" in o.name and o.name in text:
                out.append(f"option name {o.name!r} in {where}")
            for m in RULE_ID.finditer(text):
                out.append(f"rule id {m.group(0)!r} in {where}")
            for w in WORD.findall(text):
                if w.lower() in words.foreign:
                    out.append(f"word of the other language {w!r} in {where}")
        if o.rule and (r["ref"] != RULES_REF[lang] or r["refRule"] != o.rule):
            out.append(f"{game} {o.name}: rules reference {r['ref']!r} {r['refRule']!r}")
    return out


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_lobby_option_rows_in_player_terms(browser: Any, server: str, lang: str) -> None:
    """Every game's option rows at every player count, as a player reads them."""
    ctx = browser.new_context(viewport=DESKTOP, locale=LOCALES[lang])
    try:
        page = ctx.new_page()
        page.goto(server + "/#/")
        page.wait_for_selector("#create")
        client = _strings(page)
        words = Words(lang, client)
        # The help texts under test must not vouch for their own words: a Finnish help
        # saying "colour (väri)" would otherwise make "colour" a Finnish word.
        helps = {o.help.get(lang, "") for g in games() for o in game_class(g).option_specs}
        other = "en" if lang == "fi" else "fi"
        own = catalogue_words([x for x in _templates(lang, client) if x not in helps])
        words.foreign = catalogue_words(_templates(other, client)) - own - SAME_IN_BOTH
        problems: list[str] = []
        rows_seen = 0
        for game in games():
            cls = game_class(game)
            page.click(f'[data-game="{game}"]')
            page.wait_for_selector(f'[data-game="{game}"][aria-pressed="true"]')
            for n in sorted({cls.min_players, cls.max_players}):
                if cls.max_players > cls.min_players:
                    page.select_option("#players", str(n))
                    page.wait_for_function(
                        "(n) => document.querySelector('#players').value === String(n)", arg=n
                    )
                rows = page.evaluate(ROWS_JS)
                rows_seen += len(rows)
                problems += _problems(game, lang, rows, words, client[lang]["default_value"])
        assert rows_seen > 20
        assert not problems, "\n".join(sorted(set(problems)))
    finally:
        ctx.close()
