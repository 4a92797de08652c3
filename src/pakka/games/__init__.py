"""The built-in games: one package per game family, pure rules, no I/O.

Importing this package registers every built-in game in
:mod:`pakka.core.registry` (``import pakka`` does it); the game modules
themselves are imported lazily, on first use. A game joins pakka (and every
conformance test, bot, front end and research adapter) by adding one line to
:data:`BUILTIN`.
"""

from __future__ import annotations

from pakka.core.registry import register

BUILTIN: dict[str, str] = {
    "koodinmurtaja": "pakka.games.koodinmurtaja:Koodinmurtaja",
    "viisisataa": "pakka.games.viisisataa:Viisisataa",
    "zoker-solo": "pakka.games.zoker.solo:Solo",
    "zoker-memo": "pakka.games.zoker.memo:Memo",
    "zoker-tiko": "pakka.games.zoker.tiko:Tiko",
    "zoker-kubo": "pakka.games.zoker.kubo:Kubo",
    "zoker-pairs": "pakka.games.zoker.pairs:Pairs",
    "ravaytys": "pakka.games.ravaytys:Ravaytys",
}
"""Game name -> ``module:class`` of its :class:`~pakka.core.game.Game` subclass."""

for _name, _target in BUILTIN.items():
    register(_name, _target)
