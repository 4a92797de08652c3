"""The bot ladder: fixed ratings of every game's bot levels, fitted by
``benchmarks/rate_bots.py`` and stored in the packaged ``bots.json``.

People's ratings are on the same scale (:mod:`pakka.ratings.core`): a game against a
bot moves the person's rating and never the bot's, and :func:`suggest` proposes the
level whose rating is closest to a player's.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from pakka.ratings.core import Rating

FILE = "bots.json"
"""The ladder file inside this package (written by ``benchmarks/rate_bots.py``)."""


@cache
def ladder() -> dict[str, Any]:
    """The stored ladder: ``{"games": {game: {"levels": {level: {mu, sigma, rating,
    spec}}, "deals", "players", "cap"}}}`` plus how it was measured (empty games when the
    file is missing); ``mu`` and ``sigma`` are what is read, the rest says what was
    measured (the level's bot spec, the number of duplicate deals, the per-deal cap)."""
    path = resources.files("pakka.ratings") / FILE
    if not path.is_file():
        return {"games": {}}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def bot_rating(game: str, level: str) -> Rating | None:
    """The fixed rating of ``level`` in ``game`` (``None`` when it was not measured)."""
    entry = ladder()["games"].get(game, {}).get("levels", {}).get(level)
    return None if entry is None else Rating(float(entry["mu"]), float(entry["sigma"]))


def level_ratings(game: str) -> dict[str, int]:
    """The shown rating of every measured level of ``game`` (what the lobby shows)."""
    levels = ladder()["games"].get(game, {}).get("levels", {})
    return {lv: Rating(float(e["mu"]), float(e["sigma"])).shown for lv, e in levels.items()}


def suggest(game: str, shown_rating: int) -> str | None:
    """The level whose shown rating is closest to ``shown_rating`` (the weaker one on a
    tie; ``None`` when the game's ladder is not measured)."""
    levels = level_ratings(game)
    if not levels:
        return None
    return min(levels, key=lambda lv: (abs(levels[lv] - shown_rating), levels[lv]))
