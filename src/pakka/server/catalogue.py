"""Game texts for the browser client: message catalogues and player rules.

The client renders log entries (``{key, args}``) itself, in the language the
player chose, so it needs each game's catalogue; the lobby links each game's
rules. Both are public texts of the installed games and hold no table data.

Mount with ``app.include_router(catalogue.router)``.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

from fastapi import APIRouter, Depends, HTTPException
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict

from pakka.core.cards import RANK_NAMES
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


def _koodinmurtaja_hint(view: dict[str, Any]) -> dict[str, Any]:
    """Rank probabilities of every hidden card the viewer cannot see."""
    deduction = importlib.import_module("pakka.games.koodinmurtaja.deduction")
    rank_names = RANK_NAMES
    marg = deduction.knowledge_from_view(view).marginals(random.Random(0), samples=1000)
    cards: dict[str, dict[str, float]] = {}
    for handle, probs in marg.items():
        ranks = deduction.rank_probabilities(probs)
        cards[str(handle)] = {rank_names[r]: round(p, 4) for r, p in sorted(ranks.items()) if p > 0}
    return {"cards": cards}


def _ravaytys_hint(view: dict[str, Any]) -> dict[str, Any]:
    """The solver's proposed lay-down of the round's contract from the viewer's hand."""
    from pakka.core.cards import parse_card

    cards_mod = importlib.import_module("pakka.games.ravaytys.cards")
    solver = importlib.import_module("pakka.games.ravaytys.solver")
    counts = [0] * int(cards_mod.NUM_KINDS)
    for text in view["hand"]:
        counts[parse_card(str(text)).index] += 1
    opts = view["options"]
    contract = view["contract"]
    keep = 0 if opts.get("go_out_by_melding") else 1
    values = cards_mod.VALUES[str(opts.get("scoring", "default"))]
    arr = solver.best_contract(
        counts,
        int(contract["sets"]),
        int(contract["runs"]),
        values,
        keep,
        int(opts.get("max_wilds_per_group", 0)),
    )
    if arr is None:
        return {"steps": [], "groups": []}
    groups = [[cards_mod.name(c) for c in g.cards] for g in arr.groups]
    return {"steps": list(solver.build_steps(arr)), "groups": groups}


_HINTS = {"koodinmurtaja": _koodinmurtaja_hint, "ravaytys": _ravaytys_hint}


@router.post("/api/games/{game}/hint", dependencies=[Depends(limit_hints)])
def game_hint(game: str, body: HintRequest) -> dict[str, Any]:
    """Probabilities for the hint overlay, computed from the caller's own view only.

    The request carries nothing but what the caller already sees, so the
    answer cannot reveal anything hidden from them. A hint is a search: each
    client address may ask ``Settings.hint_rate`` times a second (429 beyond).
    """
    _known(game)
    fn = _HINTS.get(game)
    if fn is None or body.view.get("game") != game:
        raise HTTPException(status_code=404, detail=f"no hints for {game!r}")
    try:
        return fn(body.view)
    except (KeyError, TypeError, ValueError, IndexError) as e:
        raise HTTPException(status_code=400, detail=f"not a {game} view: {e}") from None
