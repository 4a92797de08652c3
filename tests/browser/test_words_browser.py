"""Every word the browser shows, in Finnish and in English, for eyes and screen
readers: the browser counterpart of ``tests/cli/test_words_complete.py`` (issue 15).

Each registered game is played to its end from the lobby against bots, once in
Finnish and once in English, by clicking the game's own controls. After every
move the page's texts are collected: every text node (outside card pictures,
notation hints ``[data-notation]``, rules-reference links ``[data-rules-ref]``, what
people typed (table and player names, ``[data-user]``) and
elements in the other language, such as the language switch), every accessible
name given by ``aria-label``/``title``/``alt``, and now and then Playwright's
``aria_snapshot()`` of the whole page (what a screen reader reads). A refused move
is sent too, so that an error frame is shown. The test fails on:

- a raw card code (``QC``, ``10D``, ``BS1``) outside a notation hint;
- a word of the other language (the words of its catalogues, minus the words both
  languages use and a short reviewed allow-list);
- a message key shown as text, a frame's message key with no text in the reader's
  language, or a template placeholder left unfilled;
- an English or Finnish plural after 1 ("1 players", "1 korttia");
- a rule id (``R-KM-2``) outside a rules-reference link;
- a 0-based or out-of-range seat number ("seat 0", "dealer 0").
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pakka.core.registry import games
from pakka.i18n import messages

from .browser_helpers import (
    DESKTOP,
    click_any,
    create_table,
    km_move,
    kubo_move,
    memo_move,
    pairs_move,
    play_to_end,
    rv_move,
    solo_move,
    vs_move,
    wait_turn_or_end,
)
from .vocabulary import PLACEHOLDER, PLURAL, WORD, catalogue_texts, catalogue_words

LOCALES = {"en": "en-GB", "fi": "fi-FI"}

SETUP: dict[str, tuple[int, dict[str, str]]] = {
    "koodinmurtaja": (2, {}),
    "viisisataa": (3, {"max_hands": "1"}),
    "zoker-solo": (1, {}),
    "zoker-memo": (2, {"easy": "true", "layout": "8"}),
    "zoker-tiko": (2, {}),
    "zoker-kubo": (2, {"claims": "manual", "rounds": "1"}),
    "zoker-pairs": (1, {"cards": "12"}),
    "ravaytys": (3, {"max_turns_per_round": "3"}),
}
"""Players and options of a short game of each registered game."""

SAME_IN_BOTH = frozenset(
    {
        "pakka", "solo", "memo", "tiko", "kubo", "zoker", "piste", "räväytys",
        "koodinmurtaja", "viisisataa", "aino", "bot", "botti", "min", "max", "misère",
        "ok", "nt",
    }
)  # fmt: skip
"""Reviewed words that read the same in both languages (game names, the call
"Piste!", the players' names of this test)."""

FRENCH = re.compile(r"(?<![\w\[/=#-])(10|[2-9JQKA])[SHDC](?![\w\]])")
ZOKER = re.compile(r"(?<![\w\[/=#-])[BGOR](XL|S|M|L)[1-4](?![\w\]])")
RULE_ID = re.compile(r"\b[RD]-[A-Z0-9]{2,3}-\d+")
SEAT_WORD = re.compile(
    r"\b(seat|player|bot|dealer|paikka|paikan|pelaaja|pelaajan|botti|jakaja)\s+(\d+)\b",
    re.IGNORECASE,
)
KEYISH = re.compile(r"[a-z][a-z0-9]*(?:[._][a-z0-9_-]+)+")

COLLECT_JS = """() => {
  const docLang = document.documentElement.lang;
  const foreign = (el) => {
    const l = el.closest('[lang]');
    return !!l && l !== document.documentElement && l.lang !== docLang;
  };
  const skip = (el) => !!el.closest('svg, script, style, noscript, [data-notation], '
    + '[data-rules-ref], [data-user], [hidden]') || foreign(el);
  const parents = new Set();
  const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (w.nextNode()) {
    const n = w.currentNode, p = n.parentElement;
    if (p && n.textContent.trim() && !skip(p)) parents.add(p);
  }
  const textOf = (el) => {
    let s = '';
    const v = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    while (v.nextNode()) {
      const p = v.currentNode.parentElement;
      if (p && !skip(p)) s += v.currentNode.textContent;
    }
    return s.replace(/\\s+/g, ' ').trim();
  };
  const texts = [...parents].map(textOf);
  const names = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('[data-notation], [data-rules-ref], [data-user]') || foreign(el)) continue;
    for (const a of ['aria-label', 'title', 'alt', 'placeholder', 'aria-roledescription']) {
      const v = el.getAttribute(a);
      if (v && v.trim()) names.push(v.trim());
    }
  }
  // Texts the tree may show although the checks spare them (hints, the other language).
  const spared = [];
  for (const e of document.querySelectorAll('[data-notation], [data-rules-ref], [lang]')) {
    if (e === document.documentElement) continue;
    const own = e.hasAttribute('lang') && e.lang === docLang;
    if (own && !e.hasAttribute('data-notation') && !e.hasAttribute('data-rules-ref')) continue;
    for (const x of [e.textContent || '', e.getAttribute('aria-label') || '']) {
      if (x.trim()) spared.push(x.trim());
    }
  }
  return { texts, names, spared };
}"""


def _strings(page: Any) -> dict[str, dict[str, str]]:
    """The web client's own texts (``static/js/i18n.js``)."""
    return dict(page.evaluate("() => import('/js/i18n.js').then((m) => m.STRINGS)"))


def _templates(lang: str, client: dict[str, dict[str, str]]) -> list[str]:
    """Every text of ``lang`` a page may show (:func:`vocabulary.catalogue_texts`)."""
    return catalogue_texts(lang, client[lang].values())


class Words:
    """What a page of one language must not show, from the catalogues."""

    def __init__(self, lang: str, client: dict[str, dict[str, str]]) -> None:
        other = "en" if lang == "fi" else "fi"
        own = catalogue_words(_templates(lang, client))
        self.foreign = catalogue_words(_templates(other, client)) - own - SAME_IN_BOTH
        self.keys = {k for c in client.values() for k in c}
        for name in games():
            self.keys |= {k for c in messages(name).values() for k in c}
        # "1 players": the many-form of a plural choice right after a 1.
        many: set[str] = set()
        for template in _templates(lang, client):
            for m in PLURAL.finditer(template):
                one, more = m.group(1).split(), m.group(2).split()
                if one and more and one[0] != more[0]:
                    many.add(more[0])
        self.plural = re.compile(
            r"(?<![\d.,])\b1 (" + "|".join(map(re.escape, sorted(many))) + r")\b"
        )


class Findings:
    """Problems found on the pages of one game, by kind, with where they were seen."""

    def __init__(self, game: str, lang: str, players: int, words: Words) -> None:
        self.game, self.lang, self.players, self.words = game, lang, players, words
        self.found: dict[str, dict[str, str]] = {}
        self.samples = 0

    def add(self, kind: str, what: str, where: str) -> None:
        self.found.setdefault(kind, {}).setdefault(what, where[:160])

    def check_text(self, text: str, where: str) -> None:
        """The checks of one piece of text (visible, or an accessible name)."""
        for rx in (FRENCH, ZOKER):
            for m in rx.finditer(text):
                self.add("raw card code", m.group(0), text)
        for m in RULE_ID.finditer(text):
            self.add("rule id outside a rules reference", m.group(0), text)
        for m in PLACEHOLDER.finditer(text):
            self.add("unfilled placeholder", m.group(0), text)
        for m in self.words.plural.finditer(text):
            self.add("plural after 1", m.group(0), text)
        for m in SEAT_WORD.finditer(text):
            n = int(m.group(2))
            if n == 0 or n > max(self.players, 8):
                self.add("seat number not 1-based", m.group(0), text)
        for w in WORD.findall(text):
            if w.lower() in self.words.foreign:
                self.add("word of the other language", w, text)
        for k in KEYISH.findall(text):
            if k in self.words.keys:
                self.add("message key shown as text", k, text)

    def sample(self, page: Any, label: str, snapshot: bool = False) -> None:
        """Collect and check what the page shows now."""
        self.samples += 1
        got = page.evaluate(COLLECT_JS)
        for text in got["texts"]:
            self.check_text(text, f"{label}: text")
        for name in got["names"]:
            self.check_text(name, f"{label}: accessible name")
        if snapshot:
            tree = page.locator("body").aria_snapshot()
            for spared in sorted(got["spared"], key=len, reverse=True):
                tree = tree.replace(spared, " ")
            for line in tree.splitlines():
                line = re.sub(r"/url: .*", "", line)
                for rx in (FRENCH, ZOKER, RULE_ID, PLACEHOLDER):
                    for m in rx.finditer(line):
                        self.add("in the accessibility tree", m.group(0), line.strip())

    def check_frames(self, frames: list[str]) -> None:
        """Every message a frame carries has a text in the reader's language."""
        cat = messages(self.game).get(self.lang, {})

        def walk(x: Any) -> Iterator[str]:
            if isinstance(x, dict):
                if isinstance(x.get("key"), str) and "args" in x:
                    yield x["key"]
                for v in x.values():
                    yield from walk(v)
            elif isinstance(x, list):
                for v in x:
                    yield from walk(v)

        for text in frames:
            frame = json.loads(text)
            for key in walk(frame):
                if key not in cat:
                    self.add(f"message key without a {self.lang} text", key, frame["type"])

    def report(self) -> str:
        lines = [f"{self.game} ({self.lang}), {self.samples} samples:"]
        for kind, items in sorted(self.found.items()):
            lines.append(f"  {kind}: {len(items)}")
            for what, where in sorted(items.items())[:8]:
                lines.append(f"    {what!r} in {where!r}")
        return "\n".join(lines)


def _tiko_move(page: Any, rng: random.Random) -> None:
    assert click_any(page, ".hand button.playable", rng), "Tiko: no card to play"


def _mover(game: str, rng: random.Random) -> Callable[[Any], None]:
    used: set[str] = set()
    budget: dict[str, int] = {}
    return {
        "koodinmurtaja": lambda p: km_move(p, rng),
        "viisisataa": lambda p: vs_move(p, rng, used),
        "zoker-solo": lambda p: solo_move(p, rng),
        "zoker-memo": lambda p: memo_move(p, rng),
        "zoker-tiko": lambda p: _tiko_move(p, rng),
        "zoker-kubo": lambda p: kubo_move(p, rng, used),
        "zoker-pairs": lambda p: pairs_move(p, rng),
        "ravaytys": lambda p: rv_move(p, rng, used, budget),
    }[game]


def test_every_registered_game_has_a_setup() -> None:
    assert set(SETUP) == set(games())


@pytest.mark.parametrize("lang", ["fi", "en"])
@pytest.mark.parametrize("game", sorted(SETUP))
def test_every_word_in_the_browser(browser: Any, server: str, game: str, lang: str) -> None:
    """A whole game in ``lang``: no code, no word of the other language, no key, no
    wrong plural, no rule id, no 0-based seat, for the eye and the screen reader."""
    ctx = browser.new_context(viewport=DESKTOP, locale=LOCALES[lang])
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        players, options = SETUP[game]
        page.goto(server + "/#/")
        page.wait_for_selector("#create")
        found = Findings(game, lang, players, Words(lang, _strings(page)))
        page.click(f'[data-game="{game}"]')
        page.wait_for_selector(f'[data-game="{game}"][aria-pressed="true"]')
        found.sample(page, "lobby", snapshot=True)
        seats = ["human"] + ["bot:easy"] * (players - 1)
        create_table(page, server, game, players, seats, options=options)
        page.wait_for_selector("#table")
        wait_turn_or_end(page)
        found.sample(page, "first turn", snapshot=True)
        # A refused move: the error frame is shown in the reader's words.
        page.evaluate(
            "() => { const t = window.pakkaTable, f = t.frames[String(t.shown)];"
            " t.socket.send({type: 'action', seat: t.shown, state_id: f.state_id, id: 99999}); }"
        )
        page.wait_for_selector("#toast:not([hidden])")
        found.sample(page, "refused move")
        move = _mover(game, rng=random.Random(21))
        count = {"n": 0}

        def move_and_look(p: Any) -> None:
            move(p)
            count["n"] += 1
            found.sample(p, f"after move {count['n']}", snapshot=count["n"] % 15 == 1)

        play_to_end([page], move_and_look)
        page.wait_for_selector("#result-text")
        found.sample(page, "game over", snapshot=True)
        found.check_frames(list(browser.frames))
        assert not errors, errors
        assert not found.found, found.report()
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_refused_settings_in_the_readers_words(browser: Any, server: str, lang: str) -> None:
    """An option value the game refuses: the lobby says why in the reader's language,
    naming the option in words (the refusal's message key, not the English reason)."""
    ctx = browser.new_context(viewport=DESKTOP, locale=LOCALES[lang])
    try:
        page = ctx.new_page()
        page.goto(server + "/#/")
        page.wait_for_selector("#create")
        found = Findings("zoker-kubo", lang, 2, Words(lang, _strings(page)))
        page.click('[data-game="zoker-kubo"]')
        page.wait_for_selector('[data-game="zoker-kubo"][aria-pressed="true"]')
        page.fill("#opt-points", "1,2")  # three numbers are needed
        page.dispatch_event("#opt-points", "change")
        page.click("#create")
        page.wait_for_selector("#toast:not([hidden])")
        text = page.inner_text("#toast span")
        words = {"fi": "Pisteet riveistä", "en": "Points per line"}[lang]
        assert words in text and "'points'" not in text, text
        found.sample(page, "refused settings")
        assert not found.found, found.report()
    finally:
        ctx.close()
