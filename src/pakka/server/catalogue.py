"""Game texts for the browser client: message catalogues and player rules.

The client renders log entries (``{key, args}``) itself, in the language the
player chose, so it needs each game's catalogue; the lobby links each game's
rules. Both are public texts of the installed games and hold no table data.
Hints are not here: they belong to a seat of a table (``POST
/api/tables/{id}/hint`` in :mod:`pakka.server.routes`), so that a rated table can
refuse them; no endpoint computes a hint from a view the client sends.

Mount with ``app.include_router(catalogue.router)``.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException
from fastapi.responses import JSONResponse

from pakka.core.registry import game_class, games
from pakka.i18n import LANGUAGES, card_names, messages
from pakka.rules import rules_text

router = APIRouter()

_CACHE = {"Cache-Control": "public, max-age=300"}


def _known(game: str) -> None:
    if game not in games():
        raise HTTPException(status_code=404, detail=f"no game {game!r}")


@router.get("/api/games/{game}/messages")
def game_messages(game: str) -> JSONResponse:
    """The game's texts for the client to render every message itself:
    ``messages`` (``{lang: {key: template}}``, the game's catalogue over core's,
    which holds the error texts), ``cards`` (``{lang: {code: name}}`` from the
    game's display layer, for ``{card:card}``), ``notation`` (a bid or contract as a
    view holds it -> its message, ``Display.notation_words``) and ``languages``."""
    _known(game)
    cat = messages(game)
    body: dict[str, Any] = {
        "game": game,
        "languages": list(LANGUAGES),
        "messages": {lang: dict(cat.get(lang, {})) for lang in LANGUAGES},
        "cards": {lang: dict(card_names(game, lang)) for lang in LANGUAGES},
        "notation": dict(game_class(game).display.notation_words()),
    }
    return JSONResponse(body, headers=_CACHE)


@router.get("/api/games/{game}/rules/{lang}")
def game_rules(game: str, lang: str) -> JSONResponse:
    """The game's player-facing rules as Markdown (English when ``lang`` is missing)."""
    _known(game)
    if lang not in LANGUAGES:
        raise HTTPException(status_code=404, detail=f"no language {lang!r}")
    try:
        text = rules_text(game, lang)
    except KeyError:
        raise HTTPException(status_code=404, detail=f"no rules text for {game!r}") from None
    return JSONResponse({"game": game, "lang": lang, "markdown": text}, headers=_CACHE)
