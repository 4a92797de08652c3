"""The words Finnish and English texts share are a reviewed list (issue 15).

The browser's words check (``tests/browser/test_words_browser.py``) finds an
English word on a Finnish page by the words of the English catalogues that no
Finnish text uses. An English word written into a Finnish text would therefore
vouch for itself ("colour" in a Finnish option help hid "colour" on Finnish
pages). This test closes that gap: the words both languages' texts contain must
be exactly the reviewed :data:`SHARED`, each with its reason, so a new English
word in a Finnish text (or a Finnish one in an English text) fails here.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pakka

if TYPE_CHECKING:
    from tests.browser.vocabulary import catalogue_texts, catalogue_words
else:  # pytest puts tests/ on the path (tests/browser is a package)
    from browser.vocabulary import catalogue_texts, catalogue_words

I18N_JS = Path(pakka.__file__).parent / "server" / "static" / "js" / "i18n.js"

SHARED = {
    # names: the site, the deck and the games are called so in both languages
    "pakka": "the site's name",
    "zoker": "the deck's name",
    "koodinmurtaja": "game name",
    "viisisataa": "game name",
    "räväytys": "game name",
    "solo": "game name",
    "memo": "game name",
    "tiko": "game name",
    "kubo": "game name",
    "piste": "Kubo's call 'Piste!' in both languages",
    # keys on the keyboard, named as printed on them
    "ctrl": "key name",
    "enter": "key name",
    "home": "key name",
    "end": "key name (and Kubo's typed command)",
    # the language switch speaks the other language on purpose (marked lang=)
    "kieli": "language switch, in Finnish on English pages",
    "vaihda": "language switch, in Finnish on English pages",
    "language": "language switch, in English on Finnish pages",
    "the": "language switch, in English on Finnish pages",
    # typed notation the terminal invites (commands and option values as typed)
    "draw": "Kubo's typed command in the terminal's notation hint",
    "pass": "Kubo's typed command in the terminal's notation hint",
    "stop": "Memo's typed command in the terminal's notation hint",
    "deal": "Solo's typed command in the terminal's notation hint",
    "true": "an option value as typed (kyllä/ei also accepted)",
    "false": "an option value as typed (kyllä/ei also accepted)",
    "misere": "Viisisataa's option name as typed",
    "hello": "the protocol's first message, named in its error",
}
"""Every word (3+ letters) found in texts of both languages, and why it may be."""


def _client(lang: str) -> list[str]:
    """The web client's texts of ``lang`` (``STRINGS`` in ``i18n.js``)."""
    js = I18N_JS.read_text("utf-8")
    en_at, fi_at = js.index("\n  en: {"), js.index("\n  fi: {")
    part = js[en_at:fi_at] if lang == "en" else js[fi_at:]
    return [m.group(1) for m in re.finditer(r'\n\s+\w+: "((?:[^"\\]|\\.)*)"', part)]


def _words(lang: str) -> set[str]:
    """The words of every text of ``lang`` a player may meet, the client's included."""
    return catalogue_words(catalogue_texts(lang, _client(lang)))


def test_the_client_catalogue_is_read_whole() -> None:
    """Both languages of ``i18n.js`` are read, with the same number of texts."""
    en, fi = _client("en"), _client("fi")
    assert len(en) > 300 and len(en) == len(fi)


def test_words_both_languages_share_are_the_reviewed_ones() -> None:
    """A word in texts of both languages is a name, a key, the language switch or
    typed notation (issue 15): nothing else of one language hides in the other."""
    shared = _words("en") & _words("fi")
    unexpected = sorted(shared - set(SHARED))
    assert not unexpected, f"words in both languages' texts, not reviewed: {unexpected}"
    gone = sorted(set(SHARED) - shared)
    assert not gone, f"reviewed words no longer shared (drop them from SHARED): {gone}"
