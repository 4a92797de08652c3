"""The fallback board for games without their own renderer: the view's fields in a table.

It shows every game-specific field of the view (what the seat may know), so a
new game is playable in the terminal before it has a proper renderer.
"""

from __future__ import annotations

import json
from typing import Any

from rich.table import Table

COMMON_FIELDS = frozenset(
    {
        "game",
        "players",
        "options",
        "seat",
        "current_player",
        "is_terminal",
        "winners",
        "moves",
        "log",
    }
)
"""View fields that the play loop shows itself (turn, scores, log)."""

_LABELS = {
    "en": {"scores": "scores", "field": "field", "value": "value"},
    "fi": {"scores": "pisteet", "field": "kenttä", "value": "arvo"},
}


def _fmt(value: Any) -> str:
    if isinstance(value, list) and all(isinstance(x, str) for x in value):
        return " ".join(value) if value else "–"
    if isinstance(value, list) and all(isinstance(x, list) for x in value):
        return "\n".join(f"{i}: {_fmt(x)}" for i, x in enumerate(value))
    if isinstance(value, str | int | float | bool) or value is None:
        return str(value)
    return json.dumps(value, ensure_ascii=False)


def render(view: dict[str, Any], lang: str) -> Table:
    """The view's game-specific fields (plus scores) as a two-column table."""
    labels = _LABELS.get(lang, _LABELS["en"])
    table = Table(show_header=True, header_style="bold")
    table.add_column(labels["field"], style="cyan", no_wrap=True)
    table.add_column(labels["value"])
    for key, value in view.items():
        if key in COMMON_FIELDS:
            continue
        table.add_row(labels.get(key, key), _fmt(value))
    return table
