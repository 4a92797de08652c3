"""One error hierarchy for pakka; every error is a :class:`ValueError`."""

from __future__ import annotations


class PakkaError(ValueError):
    """Base of every error that pakka raises for bad input."""


class RulesError(PakkaError):
    """An invalid game, player count or option; the message names the allowed values."""


class IllegalAction(PakkaError):
    """A malformed or illegal action; the state it was offered to is unchanged."""


class NotationError(PakkaError):
    """Text that is not valid card or action notation."""


class RecordError(PakkaError):
    """A game record or saved state that cannot be read or does not replay."""
