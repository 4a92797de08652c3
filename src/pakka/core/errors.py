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
    """A malformed or illegal action; the state it was offered to is unchanged.

    Like :class:`RulesError`, it may carry ``key`` and ``fields``: a message key of
    the catalogue (core's or the game's) and its arguments saying the same in every
    language; ``str()`` stays the English sentence."""

    def __init__(self, message: str, key: str | None = None, **fields: Any) -> None:
        super().__init__(message)
        self.key = key
        self.fields = fields


def reason_message(e: BaseException) -> dict[str, Any] | None:
    """Why ``e`` refused, as a catalogue message (``{"key", "args"}``) when it says so
    in words of the catalogue: its ``key`` and ``fields``. ``None`` otherwise."""
    key = getattr(e, "key", None)
    if isinstance(key, str) and key:
        return {"key": key, "args": dict(getattr(e, "fields", None) or {})}
    return None


def reason_texts(e: BaseException, languages: tuple[str, ...]) -> dict[str, str] | None:
    """Why ``e`` refused, in each of ``languages``, from its ``text(lang)`` method (a
    refusal assembled from several catalogue texts, such as Räväytys'); ``None``
    when it has none."""
    text = getattr(e, "text", None)
    if not callable(text):
        return None
    return {lang: str(text(lang)) for lang in languages}


class NotationError(PakkaError):
    """Text that is not valid card or action notation."""


class RecordError(PakkaError):
    """A game record or saved state that cannot be read or does not replay."""
