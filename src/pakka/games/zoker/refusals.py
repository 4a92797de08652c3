"""Why a Zoker move is refused: :class:`Refusal`, an :class:`IllegalAction` with a
message key of the shared Zoker catalogue (``zoker.why.*`` in :mod:`.messages`) and
its fields, as the other games' refusals carry them, so a front end says why in the
reader's language (cards named in words with ``{card:card}``). ``str()`` is the
English text."""

from __future__ import annotations

from typing import Any

from pakka.core.errors import IllegalAction
from pakka.core.render import render
from pakka.games.zoker.display import card_names
from pakka.games.zoker.messages import SHARED


class Refusal(IllegalAction):
    """An illegal Zoker action: ``key`` (``zoker.why.*``) and ``fields``."""

    key: str

    def __init__(self, key: str, **fields: Any) -> None:
        super().__init__(render(SHARED["en"], key, fields, card_names("en")), key, **fields)

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang`` (``en`` or ``fi``; English for anything else)."""
        texts = SHARED.get(lang, SHARED["en"])
        return render(texts, self.key, self.fields, card_names(lang))
