"""Why a Koodinmurtaja action is refused: :class:`Refusal`, an :class:`IllegalAction`
with a message key of the game's catalogue (``koodinmurtaja.why.*``) and its fields,
as Räväytys' and Viisisataa's refusals carry them, so a front end can say why in the
reader's language. The fields count seats from 0, as the engine does; the texts
(``str()`` in English, :meth:`Refusal.text`) count them from 1, as the screens do."""

from __future__ import annotations

from typing import Any

from pakka.core.errors import IllegalAction
from pakka.core.render import fill, one_based_args
from pakka.games.koodinmurtaja.messages import MESSAGES


class Refusal(IllegalAction):
    """An illegal Koodinmurtaja action: ``key`` (``koodinmurtaja.why.*``) and ``fields``."""

    key: str

    def __init__(self, key: str, **fields: Any) -> None:
        super().__init__(fill(MESSAGES["en"][key], one_based_args(fields)), key, **fields)

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang`` (``en`` or ``fi``; English for anything else), seats
        counted from 1 as the screens name them."""
        return fill(MESSAGES.get(lang, MESSAGES["en"])[self.key], one_based_args(self.fields))
