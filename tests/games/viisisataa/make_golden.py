"""Regenerate the golden match (by hand only).

Run ``uv run python -m tests.games.viisisataa.make_golden``.

The match is played once by ``rules`` bots from seed 2026; the test replays its
history by notation and compares every log line and the score sheet.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pakka
from pakka.bots import make_bot, play_bot_turn
from pakka.i18n import render_entry

HERE = Path(__file__).parent
SEED = 2026


def transcript(state: pakka.State[Any]) -> list[str]:
    """Every log entry (private ones marked with their seat) rendered in English."""
    out = []
    for e in state.log:
        text = render_entry("viisisataa", e.to_json(), "en")
        out.append(text if e.to is None else f"[to {e.to}] {text}")
    return out


def main() -> None:
    game = pakka.load("viisisataa", players=3)
    state = game.new_state(seed=SEED)
    bots = [make_bot(game, "rules", seed=s) for s in range(3)]
    while not state.is_terminal:
        play_bot_turn(bots[state.current_player or 0], state)
    data = {
        "seed": SEED,
        "players": 3,
        "history": state.history,
        "scores": state.scores,
        "winners": state.winners,
        "sheet": state.view(None)["sheet"],
    }
    (HERE / "golden_match.json").write_text(json.dumps(data, indent=1) + "\n")
    (HERE / "golden_match.txt").write_text("\n".join(transcript(state)) + "\n")


if __name__ == "__main__":
    main()
