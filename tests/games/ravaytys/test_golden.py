"""Golden transcript: a complete seeded 3-player game played by the rules bot
(with some seeded random moves mixed in). Any change of rules, dealing, action
order or notation shows up as a diff of ``golden_game.txt``.

Regenerate (after an intended change) with
``PAKKA_REGEN_GOLDEN=1 uv run pytest tests/games/ravaytys/test_golden.py``.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pakka
from pakka.bots.ravaytys import rules_policy

GOLDEN = Path(__file__).with_name("golden_game.txt")


def transcript() -> str:
    game = pakka.load("ravaytys", players=3)
    s = game.new_state(seed=20261129)
    rng = random.Random(7)
    while not s.is_terminal:
        if rng.random() < 0.1:
            legal = s.legal_actions()
            a = legal[rng.randrange(len(legal))]
        else:
            a = rules_policy(s, rng)
        s.apply(a)
    lines = [f"seed 20261129 players 3 actions {len(s.history)}"]
    lines += [f"round {i + 1}: {' '.join(map(str, r))}" for i, r in enumerate(s.sheet)]
    lines.append(f"totals {' '.join(map(str, s.totals))} winners {s.winners}")
    lines += s.history
    return "\n".join(lines) + "\n"


def test_golden_transcript_of_a_seeded_game() -> None:
    """The whole game (8 rounds, R-RV-1..22) replays to exactly the stored record."""
    text = transcript()
    if os.environ.get("PAKKA_REGEN_GOLDEN") or not GOLDEN.exists():
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")
    # the stored actions replay by notation to the stored totals
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    game = pakka.load("ravaytys", players=3)
    s = game.new_state(seed=20261129)
    for t in lines[10:]:
        s.apply(t)
    assert s.is_terminal
    assert lines[9].startswith(f"totals {' '.join(map(str, s.totals))}")
