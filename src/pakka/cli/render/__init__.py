"""Per-game terminal renderers for ``pakka play`` and ``pakka replay``.

A renderer module (listed in :data:`RENDERERS`) defines::

    def render(view: dict, lang: str) -> rich.console.RenderableType
        '''The board as the seat of ``view`` sees it (log excluded).'''

and may define::

    def describe_action(text: str, view: dict, lang: str) -> str
        '''A friendlier label for a legal action in the numbered menu.'''

Games without a renderer fall back to a generic one that prints the view.
"""

from __future__ import annotations

RENDERERS: dict[str, str] = {
    "koodinmurtaja": "pakka.cli.render.koodinmurtaja",
    "viisisataa": "pakka.cli.render.viisisataa",
}
"""Game name -> renderer module."""
