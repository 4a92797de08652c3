"""The hidden-information check: every frame a seat received, against what that
seat could know at that moment (recomputed by replaying the game's record)."""

from __future__ import annotations

import json
import re
from typing import Any

from pakka import Record
from pakka.core.game import State

_SPLIT = re.compile(r"[\s,;:()\[\]{}\"'|/]+")


def strings(obj: Any) -> list[str]:
    """Every string (keys and values) inside a JSON value."""
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [s for k, v in obj.items() for s in (*strings(k), *strings(v))]
    if isinstance(obj, list):
        return [s for v in obj for s in strings(v)]
    return []


def card_tokens(obj: Any, cards: set[str]) -> set[str]:
    """The card texts that appear in ``obj`` (as whole words of its strings)."""
    return {t for s in strings(obj) for t in _SPLIT.split(s) if t in cards}


def check_frames(
    record: Record,
    game_no: int,
    frames: list[dict[str, Any]],
    raw: list[str],
    secrets_: list[str],
) -> int:
    """Assert that no frame of game ``game_no`` carries anything hidden from its seat.

    For each ``state`` frame: the view equals ``State.view(seat)`` at that moment
    (log excluded), the log entries are the seat's own slice of ``log_for(seat)``,
    every card text anywhere in the frame is visible in that view, and no frame
    contains the seed or a foreign credential. Returns the number of frames checked.
    """
    states: dict[int, State[Any]] = {}
    state = record.new_state()
    states[0] = state.clone()
    for i, a in enumerate(record.actions):
        state.apply(a)
        states[i + 1] = state.clone()
    cards = {str(c) for c in state.game.full_deck()}
    checked = 0
    for text in raw:
        assert str(record.seed) not in text, "a frame carries the seed"
        for s in secrets_:
            assert s not in text, "a frame carries a credential"
    for f in frames:
        if f["type"] != "state" or f["game_no"] != game_no:
            continue
        seat = f["seat"]
        st = states[f["view"]["moves"]]
        expected = st.view(seat)
        log = expected.pop("log")
        assert f["view"] == expected, f"frame view differs from view({seat})"
        start = f["log_index"]
        assert f["log"] == log[start : start + len(f["log"])]
        visible = card_tokens(expected, cards) | card_tokens(log, cards)
        hidden_here = card_tokens(st.full_view(), cards) - visible
        leaked = card_tokens(f, cards) - visible
        assert not leaked, f"seat {seat} was sent hidden cards {leaked}"
        assert not (card_tokens(json.loads(json.dumps(f)), cards) & hidden_here)
        checked += 1
    return checked
