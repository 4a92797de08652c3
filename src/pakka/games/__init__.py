"""The registered games: one package per game family, pure rules, no I/O.

A game joins pakka (and every conformance test, bot, front end and research
adapter) by adding one line to :data:`REGISTRY`; modules are imported lazily.
"""

from __future__ import annotations

REGISTRY: dict[str, str] = {
    "koodinmurtaja": "pakka.games.koodinmurtaja:Koodinmurtaja",
    "viisisataa": "pakka.games.viisisataa:Viisisataa",
    "zoker-solo": "pakka.games.zoker:Solo",
    "zoker-memo": "pakka.games.zoker:Memo",
    "zoker-tiko": "pakka.games.zoker:Tiko",
    "zoker-kubo": "pakka.games.zoker:Kubo",
    "zoker-pairs": "pakka.games.zoker:Pairs",
    "ravaytys": "pakka.games.ravaytys:Ravaytys",
}
"""Game name -> ``module:class`` of its :class:`~pakka.core.game.Game` subclass."""
