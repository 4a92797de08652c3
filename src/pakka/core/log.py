"""The game log in words: entries are message keys with arguments, never rendered text.

Front ends render an entry in the reader's language from the game's message
catalogue (see :mod:`pakka.i18n`). An entry with ``to=None`` is public; an
entry with ``to=seat`` (the card you drew) appears only in that seat's view.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class LogEntry(NamedTuple):
    """One event: ``key`` names the message, ``args`` fill it, ``to`` limits who sees it."""

    key: str
    args: dict[str, Any]
    to: int | None = None

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None`` for a spectator) may see this entry."""
        return self.to is None or self.to == seat

    def to_json(self) -> dict[str, Any]:
        """The entry as shown in a view (without its audience). The arguments are a
        copy: games may share one entry between states, so nobody may change it."""
        return {"key": self.key, "args": dict(self.args)}
