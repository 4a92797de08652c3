"""Game texts for the browser client: message catalogues and player rules.

The client renders log entries (``{key, args}``) itself, in the language the
player chose, so it needs each game's catalogue; the lobby links each game's
rules. Both are public texts of the installed games and hold no table data.

Mount with ``app.include_router(catalogue.router)``.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, HTTPException
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict

from pakka.core.registry import game_class, games
from pakka.i18n import LANGUAGES, card_names, messages
from pakka.rules import rules_text
from pakka.server.limits import limit_hints

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


class HintRequest(BaseModel):
    """A seat's own view, as the client received it in a ``state`` frame."""

    model_config = ConfigDict(extra="forbid")
    view: dict[str, Any]


@router.post("/api/games/{game}/hint", dependencies=[Depends(limit_hints)])
def game_hint(game: str, body: HintRequest) -> dict[str, Any] | None:
    """The game's hint (its display layer's ``hint``: Koodinmurtaja's rank
    probabilities, Räväytys' proposed lay-down), computed from the caller's own view
    only; ``null`` when the position offers none.

    The request carries nothing but what the caller already sees, so the
    answer cannot reveal anything hidden from them. A hint is a search: each
    client address may ask ``Settings.hint_rate`` times a second (429 beyond).
    """
    _known(game)
    display = game_class(game).display
    if not display.hints or body.view.get("game") != game:
        raise HTTPException(status_code=404, detail=f"no hints for {game!r}")
    try:
        hint = display.hint(body.view)
        return None if hint is None else dict(hint)
    except (KeyError, TypeError, ValueError, IndexError) as e:
        raise HTTPException(status_code=400, detail=f"not a {game} view: {e}") from None
