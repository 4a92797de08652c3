"""Golden transcripts: one seeded game of each Zoker game, replayed exactly.

Each file in ``golden/`` holds the game, players, options, seed, the actions
(chosen once by seeded bots) and the outcome: the final scores, winners and
the log in English. Regenerate (after a deliberate rules change) with
``ZOKER_GOLDEN=write uv run pytest tests/games/zoker/test_golden.py``.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

import pakka
from pakka.bots import make_bot, play_bot_turn
from pakka.i18n import render_entry

GOLDEN = Path(__file__).parent / "golden"
CASES: list[tuple[str, int, dict[str, Any], str]] = [
    ("zoker-solo", 1, {}, "policy"),
    ("zoker-memo", 3, {}, "perfect"),
    ("zoker-tiko", 3, {}, "rules"),
    ("zoker-kubo", 3, {}, "greedy"),
    ("zoker-kubo", 2, {"claims": "manual", "layers": "size"}, "random"),
    ("zoker-pairs", 1, {}, "finder"),
]


def _file(name: str, players: int, options: dict[str, Any]) -> Path:
    suffix = "".join(f"-{k}-{v}" for k, v in sorted(options.items()))
    return GOLDEN / f"{name}-{players}{suffix}.json"


def _outcome(state: pakka.State[Any]) -> dict[str, Any]:
    return {
        "scores": state.scores,
        "winners": state.winners,
        "log": [render_entry(state.game.name, e, "en") for e in state.log_for(None)],
    }


@pytest.mark.parametrize(("name", "players", "options", "bot"), CASES)
def test_golden_transcript(name: str, players: int, options: dict[str, Any], bot: str) -> None:
    """A seeded game replays to the recorded outcome (all R-/D- rules together)."""
    game = pakka.load(name, players=players, **options)
    path = _file(name, players, options)
    if os.environ.get("ZOKER_GOLDEN") == "write":
        state = game.new_state(seed=2026)
        bots = [make_bot(game, bot, seed=p) for p in range(players)]
        rng = random.Random(0)
        while not state.is_terminal:
            p = state.current_player
            assert p is not None
            play_bot_turn(bots[p], state, rng)
        data = {
            "game": name,
            "players": players,
            "options": options,
            "seed": 2026,
            "bot": bot,
            "actions": state.history,
            **_outcome(state),
        }
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
    data = json.loads(path.read_text("utf-8"))
    state = game.new_state(seed=data["seed"])
    for text in data["actions"]:
        state.apply(text)
    assert state.is_terminal
    assert _outcome(state) == {k: data[k] for k in ("scores", "winners", "log")}
