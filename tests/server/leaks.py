"""The hidden-information check: every frame a seat received, against what that
seat could know at that moment (recomputed by replaying the game's record)."""

from __future__ import annotations

import json
import re
from typing import Any

from pakka import Record
from pakka.core.game import State

_TOKEN = re.compile(r"[^\s,;:()\[\]{}\"'|/=]+")

CHECKED_ELSEWHERE = ("view", "log", "legal", "last_action")


def card_tokens(obj: Any, cards: set[str]) -> set[str]:
    """The card texts that appear in ``obj`` as whole words of its JSON text."""
    return {t for t in _TOKEN.findall(json.dumps(obj, ensure_ascii=False)) if t in cards}


def check_frames(
    record: Record,
    game_no: int,
    frames: list[dict[str, Any]],
    raw: list[str],
    secrets_: list[str],
) -> int:
    """Assert that no frame of game ``game_no`` carries anything hidden from its seat.

    For each ``state`` frame: the view equals ``State.view(seat)`` at that moment
    (log excluded); the log entries are exactly the seat's next slice of
    ``log_for(seat)``; ``legal`` is empty or exactly the display layer's structured
    legal actions of the state for that seat when it is to act; ``last_action`` is the
    recorded public action;
    and every other field carries no card text that the seat cannot see. No frame
    contains the seed or a foreign credential. Returns the number of actions the checked frames
    cover (a compound move's frame covers each of its steps).
    """
    states: list[State[Any]] = []
    state = record.new_state()
    states.append(state.clone())
    for a in record.actions:
        state.apply(a)
        states.append(state.clone())
    cards = {str(c) for c in state.game.full_deck()}
    public = type(state).public_history
    checked = 0
    for text in raw:
        assert str(record.seed) not in text, "a frame carries the seed"
        for s in secrets_:
            assert s not in text, "a frame carries a credential"
    for f in frames:
        if f["type"] != "state" or f["game_no"] != game_no:
            continue
        seat = f["seat"]
        moves = f["view"]["moves"]
        st = states[moves]
        expected = st.view(seat)
        log = expected.pop("log")
        assert f["view"] == expected, f"frame view differs from view({seat})"
        start = f["log_index"]
        assert f["log"] == log[start : start + len(f["log"])], "log is not the seat's own"
        if f["legal"]:
            assert seat is not None and st.current_player == seat
            assert f["legal"] == st.game.display.legal(st)
        last = f["last_action"]
        if last is not None:
            assert moves > 0 and last["action"] == record.actions[moves - 1]
            assert public or last["seat"] == seat, "a hidden action was shown"
        rest = {k: v for k, v in f.items() if k not in CHECKED_ELSEWHERE}
        extra = card_tokens(rest, cards) - card_tokens(expected, cards)
        if extra:
            extra -= card_tokens(log, cards)
        assert not extra, f"seat {seat} was sent cards {extra} outside its view"
        # A compound move (a bot's whole Räväytys lay-down) arrives as one frame whose
        # ``steps`` are the recorded actions that led to it, in order.
        steps = f.get("steps") or []
        if steps:
            assert [s["action"] for s in steps] == list(
                record.actions[moves - len(steps) : moves]
            ), "a frame's steps are not the recorded actions"
        checked += max(1, len(steps))
    return checked
