"""Per-game terminal renderers for ``pakka play`` and ``pakka replay``.

A renderer module (listed in :data:`RENDERERS`) defines::

    def render(view: dict, lang: str) -> rich.console.RenderableType
        '''The board as the seat of ``view`` sees it (log excluded).'''

and may define::

    def describe_action(text: str, view: dict, lang: str) -> str
        '''A friendlier label for a legal action in the numbered menu.'''

    def menu(view: dict, legal: list[str], lang: str) -> list[str]
        '''Which legal actions (notation) to number, in order; the others can
        still be typed.'''

Games without a renderer fall back to a generic one that prints the view.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from rich.console import RenderableType

RENDERERS: dict[str, str] = {
    "koodinmurtaja": "pakka.cli.render.koodinmurtaja",
    "viisisataa": "pakka.cli.render.viisisataa",
    "zoker-solo": "pakka.cli.render.zoker",
    "zoker-memo": "pakka.cli.render.zoker",
    "zoker-tiko": "pakka.cli.render.zoker",
    "zoker-kubo": "pakka.cli.render.zoker",
    "zoker-pairs": "pakka.cli.render.zoker",
    "ravaytys": "pakka.cli.render.ravaytys",
}
"""Game name -> renderer module."""
Render = Callable[[dict[str, Any], str], RenderableType]
Describe = Callable[[str, dict[str, Any], str], str]
Menu = Callable[[dict[str, Any], list[str], str], list[str]]


def menu_hook(game: str) -> Menu | None:
    """The renderer's ``menu`` function for ``game``, if it has one."""
    name = RENDERERS.get(game)
    if name is None:
        return None
    try:
        mod = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        return None
    hook: Menu | None = getattr(mod, "menu", None)
    return hook


def renderer(game: str) -> tuple[Render, Describe | None]:
    """``(render, describe_action or None)`` for ``game``; the generic renderer
    for a game without its own module."""
    name = RENDERERS.get(game)
    if name is None:
        from pakka.cli.render import generic

        return generic.render, None
    try:
        mod = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        from pakka.cli.render import generic

        return generic.render, None
    render: Render = mod.render
    describe: Describe | None = getattr(mod, "describe_action", None)
    return render, describe
