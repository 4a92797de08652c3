"""One error hierarchy for pakka; every error is a :class:`ValueError`."""

from __future__ import annotations

from typing import Any


class PakkaError(ValueError):
    """Base of every error that pakka raises for bad input."""


class RulesError(PakkaError):
    """An invalid game, player count or option; the message names the allowed values.

    ``key`` and ``fields`` (optional) are the same text as a message key of the
    catalogue (:mod:`pakka.core.messages` or the game's) and its arguments, as
    Viisisataa's refusals carry them, so a front end can say it in the reader's
    language; ``str()`` stays the English sentence."""

    def __init__(self, message: str, key: str | None = None, **fields: Any) -> None:
        super().__init__(message)
        self.key = key
        self.fields = fields


class IllegalAction(PakkaError):
    """A malformed or illegal action; the state it was offered to is unchanged."""


class NotationError(PakkaError):
    """Text that is not valid card or action notation."""


class RecordError(PakkaError):
    """A game record or saved state that cannot be read or does not replay."""
