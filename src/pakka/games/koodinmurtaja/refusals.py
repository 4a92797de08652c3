"""Why a Koodinmurtaja action is refused: :class:`Refusal`, an :class:`IllegalAction`
with a message key of the game's catalogue (``koodinmurtaja.why.*``) and its fields,
as Räväytys' and Viisisataa's refusals carry them, so a front end can say why in the
reader's language. ``str()`` is the English text."""

from __future__ import annotations

from typing import Any

from pakka.core.errors import IllegalAction
from pakka.games.koodinmurtaja.messages import MESSAGES


class Refusal(IllegalAction):
    """An illegal Koodinmurtaja action: ``key`` (``koodinmurtaja.why.*``) and ``fields``."""

    key: str

    def __init__(self, key: str, **fields: Any) -> None:
        super().__init__(MESSAGES["en"][key].format(**fields), key, **fields)

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang`` (``en`` or ``fi``; English for anything else)."""
        return MESSAGES.get(lang, MESSAGES["en"])[self.key].format(**self.fields)
