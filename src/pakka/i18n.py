"""Rendering log entries and labels in Finnish or English.

Each game package has a ``messages`` module with ``MESSAGES = {"en": {...},
"fi": {...}}``: message key -> ``str.format`` template over the entry's args.
Front ends call :func:`render_entry`; a missing translation falls back to
English, then to the key itself, so a log is never lost.

Templates are filled by :func:`fill`: ``str.format`` plus plural choices
``{n|card|cards}`` (the first text when ``n`` is 1, else the second), so that
"1 card" and "2 cards", "1 kortti" and "2 korttia" read right. The web client's
``format`` (``static/js/i18n.js``) understands the same syntax.
"""

from __future__ import annotations

import importlib
import locale
import os
import string
from collections.abc import Mapping
from functools import cache
from typing import Any

from pakka.core.errors import PakkaError
from pakka.core.messages import MESSAGES as CORE
from pakka.core.registry import game_class, game_module
from pakka.core.render import fill as fill
from pakka.core.table_messages import MESSAGES as TABLE

LANGUAGES = ("en", "fi")


@cache
def messages(game: str) -> Mapping[str, Mapping[str, str]]:
    """The message catalogue of ``game`` over the contract's own texts
    (:mod:`pakka.core.messages`) and the table's (:mod:`pakka.core.table_messages`);
    the game's texts win."""
    table: dict[str, dict[str, str]] = {lang: {**CORE[lang], **TABLE[lang]} for lang in CORE}
    module = game_module(game)
    if not module:
        return table
    try:
        mod = importlib.import_module(module + ".messages")
    except ModuleNotFoundError:
        return table
    own: Mapping[str, Mapping[str, str]] = getattr(mod, "MESSAGES", {})
    for lang, texts in own.items():
        table.setdefault(lang, {}).update(texts)
    return table


@cache
def card_names(game: str, lang: str) -> Mapping[str, str]:
    """Card code -> name in words in ``lang``, from the game's display layer."""
    try:
        return game_class(game).display.card_names(lang)
    except PakkaError:
        return {}


class _Formatter(string.Formatter):
    """``str.format`` that renders nested messages and names cards in words.

    In a template, ``{card:card}`` names one card code in words and
    ``{cards:cards}`` a list of codes; ``{reason:word=kubo.reason}`` renders the
    message ``kubo.reason.<value>`` (a code word of the log in words); an argument
    that is itself a message (``{"key", "args"}``) is rendered in the same language.
    """

    def __init__(self, game: str, lang: str) -> None:
        self.game = game
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Mapping) and "key" in value:
            value = render_entry(self.game, value, self.lang)
        if format_spec == "card":
            return card_names(self.game, self.lang).get(str(value), str(value))
        if format_spec == "cards":
            names = card_names(self.game, self.lang)
            return ", ".join(names.get(str(c), str(c)) for c in value)
        if format_spec.startswith("word="):
            entry = {"key": f"{format_spec[5:]}.{value}", "args": {}}
            return render_entry(self.game, entry, self.lang)
        return str(super().format_field(value, format_spec))


def render_entry(game: str, entry: Mapping[str, Any], lang: str = "en") -> str:
    """One log entry or :class:`~pakka.core.seam.Message` (``{"key", "args"}``) as
    text in ``lang``."""
    key = str(entry.get("key", ""))
    args = entry.get("args") or {}
    cat = messages(game)
    template = cat.get(lang, {}).get(key) or cat.get("en", {}).get(key)
    if template is None:
        return key + (" " + ", ".join(f"{k}={v}" for k, v in args.items()) if args else "")
    try:
        return fill(template, args, _Formatter(game, lang))
    except (KeyError, IndexError, ValueError, AttributeError):
        return template


def default_language() -> str:
    """``fi`` when the locale is Finnish, else ``en``."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            return "fi" if value.lower().startswith("fi") else "en"
    loc = locale.getlocale()[0] or ""
    return "fi" if loc.lower().startswith("fi") else "en"
