"""Rendering log entries and labels in Finnish or English.

Each game package has a ``messages`` module with ``MESSAGES = {"en": {...},
"fi": {...}}``: message key -> ``str.format`` template over the entry's args.
Front ends call :func:`render_entry`; a missing translation falls back to
English, then to the key itself, so a log is never lost.
"""

from __future__ import annotations

import importlib
import locale
import os
from collections.abc import Mapping
from functools import cache
from typing import Any

from pakka.core.registry import game_module

LANGUAGES = ("en", "fi")


@cache
def messages(game: str) -> Mapping[str, Mapping[str, str]]:
    """The message catalogue of ``game`` (empty if it has none)."""
    module = game_module(game)
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
        return template.format(**args)
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
