"""Observation encoders per game, found by name; the hashing encoder for the rest.

A game gets an exact encoder by adding one line to :data:`ENCODERS`
(``game name -> "module:class"``, the class taking the :class:`~pakka.Game`).
Every other registered game — including any added later — is encoded by
:class:`HashingEncoder`, so the adapters work for every game without glue.
"""

from __future__ import annotations

import importlib
from typing import Any

from pakka.research._extra import require

require("numpy")

from pakka.core.errors import RulesError  # noqa: E402 (after the extra check)
from pakka.core.game import Game  # noqa: E402 (after the extra check)
from pakka.research.encoders.base import Encoder, FloatArray, Segment  # noqa: E402 (after the extra check)
from pakka.research.encoders.hashing import HashingEncoder  # noqa: E402 (after the extra check)

ENCODERS: dict[str, str] = {
    "koodinmurtaja": "pakka.research.encoders.koodinmurtaja:KoodinmurtajaEncoder",
    "zoker-tiko": "pakka.research.encoders.zoker:TikoEncoder",
    "zoker-memo": "pakka.research.encoders.zoker:MemoEncoder",
    "zoker-solo": "pakka.research.encoders.zoker:SoloEncoder",
    "zoker-pairs": "pakka.research.encoders.zoker:PairsEncoder",
    "zoker-kubo": "pakka.research.encoders.zoker:KuboEncoder",
    "viisisataa": "pakka.research.encoders.viisisataa:ViisisataaEncoder",
    "ravaytys": "pakka.research.encoders.ravaytys:RavaytysEncoder",
}
"""Game name -> ``module:class`` of its exact observation encoder."""


def encoder_for(game: Game[Any], kind: str = "auto") -> Encoder:
    """The observation encoder for ``game``.

    ``kind``: ``"auto"`` (the game's own encoder if it has one, else hashing),
    ``"game"`` (the game's own; an error if it has none) or ``"hashing"``.
    """
    if kind == "hashing":
        return HashingEncoder(game)
    target = ENCODERS.get(game.name)
    if target is None:
        if kind == "game":
            raise RulesError(f"{game.name} has no encoder of its own; use encoder='hashing'")
        if kind != "auto":
            raise RulesError(f"encoder {kind!r}: use 'auto', 'game' or 'hashing'")
        return HashingEncoder(game)
    if kind not in ("auto", "game"):
        raise RulesError(f"encoder {kind!r}: use 'auto', 'game' or 'hashing'")
    module, _, attr = target.partition(":")
    cls = getattr(importlib.import_module(module), attr)
    enc: Encoder = cls(game)
    return enc


__all__ = ["ENCODERS", "Encoder", "FloatArray", "HashingEncoder", "Segment", "encoder_for"]
