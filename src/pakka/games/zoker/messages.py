"""The texts every Zoker game shares (places, layers, lines, the end), English and
Finnish; each game's own texts are in its ``messages`` module, over these."""

from __future__ import annotations

SHARED: dict[str, dict[str, str]] = {
    "en": {
        "zoker.place.solo": "column {col}, row {row}",
        "zoker.place.memo": "place {place} (row {row}, column {col})",
        "zoker.place.kubo": "layer {layer} ({layer_value}), {row_value}, {col_value}",
        "zoker.layer": "layer {layer} ({value})",
        "zoker.over": "The game is over.",
        "zoker.line": "{cards:cards}",
        "zoker.line_list": "{first}; {rest}",
    },
    "fi": {
        "zoker.place.solo": "sarake {col}, rivi {row}",
        "zoker.place.memo": "paikka {place} (rivi {row}, sarake {col})",
        "zoker.place.kubo": "taso {layer} ({layer_value}), {row_value}, {col_value}",
        "zoker.layer": "taso {layer} ({value})",
        "zoker.over": "Peli on päättynyt.",
        "zoker.line": "{cards:cards}",
        "zoker.line_list": "{first}; {rest}",
    },
}
"""Shared catalogue keys (``zoker.*``)."""

MESSAGES = SHARED
"""The shared texts alone (a Zoker game serves its own ``messages.MESSAGES``)."""
