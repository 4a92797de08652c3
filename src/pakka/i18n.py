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
import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from pakka.games import REGISTRY

LANGUAGES = ("en", "fi")

_PLURAL = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\|([^|{}]*)\|([^|{}]*)\}")


def fill(template: str, args: Mapping[str, Any]) -> str:
    """``template`` with its plural choices ``{n|one|many}`` resolved from ``args``
    (``one`` when ``n`` is 1), then filled by ``str.format``."""

    def choose(m: re.Match[str]) -> str:
        if m.group(1) not in args:
            return m.group(0)
        try:
            one = int(args[m.group(1)]) == 1
        except (TypeError, ValueError):
            one = False
        text = m.group(2) if one else m.group(3)
        return text.replace("{", "{{").replace("}", "}}")

    return _PLURAL.sub(choose, template).format(**args)


@cache
def messages(game: str) -> Mapping[str, Mapping[str, str]]:
    """The message catalogue of ``game`` (empty if it has none)."""
    module = REGISTRY.get(game, "").partition(":")[0]
    if not module:
        return {}
    try:
        mod = importlib.import_module(module + ".messages")
    except ModuleNotFoundError:
        return {}
    table: Mapping[str, Mapping[str, str]] = getattr(mod, "MESSAGES", {})
    return table


def render_entry(game: str, entry: Mapping[str, Any], lang: str = "en") -> str:
    """One log entry (``{"key", "args"}``) as text in ``lang``."""
    key = str(entry.get("key", ""))
    args = entry.get("args") or {}
    cat = messages(game)
    template = cat.get(lang, {}).get(key) or cat.get("en", {}).get(key)
    if template is None:
        return key + (" " + ", ".join(f"{k}={v}" for k, v in args.items()) if args else "")
    try:
        return fill(template, args)
    except (KeyError, IndexError, ValueError):
        return template


def default_language() -> str:
    """``fi`` when the locale is Finnish, else ``en``."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            return "fi" if value.lower().startswith("fi") else "en"
    loc = locale.getlocale()[0] or ""
    return "fi" if loc.lower().startswith("fi") else "en"
