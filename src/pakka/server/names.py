"""Names people give (a player's name, a table's name): one check for all of them.

A name is refused, with a reason a client can show in its reader's language (the
error ``type`` in the refusal's ``details``), when it holds control or format
characters (``name_control``: also invisible ones such as bidirectional overrides
and zero-width spaces), is too long (``name_length``), is empty after trimming
(``name_empty``) or could pass for the server or a bot (``name_reserved``).
"""

from __future__ import annotations

import re
import unicodedata

from pydantic_core import PydanticCustomError

PLAYER_NAME_MAX = 40
TABLE_NAME_MAX = 80

RESERVED = frozenset(
    {
        "admin", "administrator", "bot", "botti", "moderator", "operator",
        "pakka", "server", "palvelin", "system", "järjestelmä", "spectator", "katsoja",
    }
)  # fmt: skip
"""Names nobody may take (compared without case, accents or spacing)."""

_SEAT_LIKE = re.compile(r"^(bot|botti)\s*[\d(]")
"""A bot's name as the server gives it ("Bot (easy)", "Bot 2"): not for a person."""


def _folded(name: str) -> str:
    """``name`` as compared with the reserved names: NFKC, no accents, lower case,
    single spaces."""
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(text.casefold().split())


_RESERVED_FOLDED = frozenset(_folded(x) for x in RESERVED)


def check_name(name: str, limit: int = PLAYER_NAME_MAX, reserved: bool = True) -> str:
    """``name`` trimmed, if people may use it; else a :class:`PydanticCustomError`
    whose type says why (pydantic reports it as a field error)."""
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp") for c in name):
        raise PydanticCustomError("name_control", "a name may not hold control characters")
    name = " ".join(name.split())
    if len(name) > limit:
        raise PydanticCustomError(
            "name_length", "a name is at most {limit} characters", {"limit": limit}
        )
    if not name:
        raise PydanticCustomError("name_empty", "a name may not be empty")
    folded = _folded(name)
    if reserved and (folded in _RESERVED_FOLDED or _SEAT_LIKE.match(folded)):
        raise PydanticCustomError("name_reserved", "the name {name!r} is reserved", {"name": name})
    return name


def player_name(name: str) -> str:
    """A player's name (:func:`check_name`)."""
    return check_name(name, PLAYER_NAME_MAX)


def table_name(name: str) -> str:
    """A table's name: control characters and length checked; empty means the
    game's title (reserved words may appear in a table's name)."""
    return check_name(name, TABLE_NAME_MAX, reserved=False) if name.strip() else ""
