"""Filling a catalogue message (``{"key", "args"}``) in one language, for the engines.

An engine's refusal (:class:`~pakka.core.errors.IllegalAction` with ``key`` and
``fields``) says why as a catalogue message; its ``str()`` is that message in English,
made here from the game's own catalogue, so that the engine needs nothing above
``core``. The front ends render the same message with :func:`pakka.i18n.render_entry`
(and the browser's ``i18n.js``), which understand the same template syntax:

* ``str.format`` fields, ``{n|one|many}`` plural choices (:func:`fill`);
* an argument that is itself a message (``{"key", "args"}``) is rendered first;
* ``{card:card}`` names a card code in words and ``{cards:cards}`` a list of codes
  (from ``cards``, a code -> name mapping of the language);
* ``{x:word=prefix}`` renders the message ``prefix.<x>``.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from typing import Any

_PLURAL = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\|([^|{}]*)\|([^|{}]*)\}")


def fill(template: str, args: Mapping[str, Any], formatter: string.Formatter | None = None) -> str:
    """``template`` with its plural choices ``{n|one|many}`` resolved from ``args``
    (``one`` when ``n`` is 1), then filled by ``str.format`` (or ``formatter``)."""

    def choose(m: re.Match[str]) -> str:
        if m.group(1) not in args:
            return m.group(0)
        try:
            one = int(args[m.group(1)]) == 1
        except (TypeError, ValueError):
            one = False
        text = m.group(2) if one else m.group(3)
        return text.replace("{", "{{").replace("}", "}}")

    text = _PLURAL.sub(choose, template)
    return text.format(**args) if formatter is None else formatter.format(text, **args)


class _Formatter(string.Formatter):
    """``str.format`` over one language's texts: nested messages, card names, words."""

    def __init__(self, texts: Mapping[str, str], cards: Mapping[str, str]) -> None:
        self.texts = texts
        self.cards = cards

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Mapping) and "key" in value:
            value = render(self.texts, value["key"], value.get("args") or {}, self.cards)
        if format_spec == "card":
            return self.cards.get(str(value), str(value))
        if format_spec == "cards":
            return ", ".join(self.cards.get(str(c), str(c)) for c in value)
        if format_spec.startswith("word="):
            return render(self.texts, f"{format_spec[5:]}.{value}", {}, self.cards)
        return str(super().format_field(value, format_spec))


def render(
    texts: Mapping[str, str],
    key: str,
    args: Mapping[str, Any],
    cards: Mapping[str, str] | None = None,
) -> str:
    """The message ``key`` with ``args`` in the language of ``texts`` (one language's
    catalogue); ``cards`` names card codes for ``{card:card}``. A missing key is
    a :class:`KeyError` (a catalogue test catches it, not a player)."""
    return fill(texts[key], args, _Formatter(texts, cards or {}))


SEAT_ARGS = frozenset(
    {
        "player", "seat", "target", "winner", "guesser", "by", "to", "from", "next", "dealer",
        "leader", "bidder", "buyer", "declarer", "partner", "taker", "owner", "loser",
        "starter", "claimer", "same", "other",
    }
)  # fmt: skip
"""Message argument names that hold a seat number (counted from 0, as engines number
seats); the browser shows them as names (``SEAT_ARGS`` in ``static/js/table.js``,
kept equal by a test), the terminal from 1 (:func:`one_based`)."""

SEAT_LIST_ARGS = frozenset({"winners", "losers", "players", "seats", "partners", "team"})
"""Message argument names that hold a list of seat numbers."""


def one_based(message: Mapping[str, Any]) -> dict[str, Any]:
    """``message`` (``{"key", "args"}``, nested messages too) with every seat number
    counted from 1, as a player reads seats ("seat 1" is the first seat): integer
    :data:`SEAT_ARGS`, lists of integers in :data:`SEAT_LIST_ARGS`."""
    args = message.get("args") or {}
    return {**message, "args": one_based_args(args)}


def one_based_args(args: Mapping[str, Any]) -> dict[str, Any]:
    """The arguments of a message with seat numbers counted from 1 (:func:`one_based`)."""
    out: dict[str, Any] = {}
    for k, v in args.items():
        if k in SEAT_ARGS and isinstance(v, int) and not isinstance(v, bool):
            v = v + 1
        elif k in SEAT_LIST_ARGS and isinstance(v, list | tuple):
            if all(isinstance(x, int) and not isinstance(x, bool) for x in v):
                v = [x + 1 for x in v]
        elif isinstance(v, Mapping) and "key" in v:
            v = one_based(v)
        out[k] = v
    return out
