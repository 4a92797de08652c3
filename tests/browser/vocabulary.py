"""The words of every text a player may meet in one language, from the catalogues.

Shared by the browser's words check (``test_words_browser.py``: a word of the other
language on a page) and the reviewed list of words both languages share
(``tests/conformance/test_shared_words.py``), so that both read the same texts the
same way.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pakka.bots import LEVEL_WORDS
from pakka.core.registry import game_class, games
from pakka.i18n import card_names, messages
from pakka.option_words import OPTION_TEXT

PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(![rs])?(:[^{}]*)?(\|[^{}]*)?\}")
"""A template placeholder (``{n}``, ``{card:card}``, ``{n|card|cards}``)."""
PLURAL = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\|([^|{}]*)\|([^|{}]*)\}")
"""A plural choice ``{n|one|many}``: group 1 the one-form, group 2 the many-form."""
WORD = re.compile(r"[A-Za-zÅÄÖåäöÉéèü]+")
"""A word of either language."""


def catalogue_texts(lang: str, client: Iterable[str]) -> list[str]:
    """Every text of ``lang`` a player may meet: ``client`` (the web client's texts
    of ``lang``, ``STRINGS`` in ``i18n.js``), every game's catalogue, card names,
    option words and help, bot levels, game titles and summaries."""
    out = list(client) + list(OPTION_TEXT[lang].values()) + list(LEVEL_WORDS[lang].values())
    for name in games():
        out += list(messages(name).get(lang, {}).values())
        out += list(card_names(name, lang).values())
        cls = game_class(name)
        out += [cls.title.get(lang, ""), cls.summary.get(lang, "")]
        out += [o.help.get(lang, "") for o in cls.option_specs]
    return out


def catalogue_words(templates: Iterable[str]) -> set[str]:
    """The words (3+ letters, lower case) of ``templates``: both forms of a plural
    choice, no placeholder names."""
    out: set[str] = set()
    for text in templates:
        text = PLURAL.sub(lambda m: m.group(1) + " " + m.group(2), text)
        text = PLACEHOLDER.sub(" ", text)
        out |= {w.lower() for w in WORD.findall(text) if len(w) >= 3}
    return out
