"""Player-facing rules of every game, written for pakka in English and Finnish.

``<game>.en.md`` and ``<game>.fi.md`` beside this file; ``pakka rules GAME``
and the web lobby show them.
"""

from __future__ import annotations

from importlib import resources


def rules_text(game: str, lang: str = "en") -> str:
    """The rules of ``game`` in ``lang`` (English if that language is missing)."""
    base = resources.files(__name__)
    for candidate in (f"{game}.{lang}.md", f"{game}.en.md"):
        f = base / candidate
        if f.is_file():
            return f.read_text(encoding="utf-8")
    raise KeyError(f"no rules text for {game!r}")
