"""A refused Räväytys move reads as one plain sentence in both languages (issue 15),
as the terminal and the browser show it: the core's ``error.illegal_action`` around
the game's reason. Over seeded games, every illegal action id of a sample of
positions is refused saying "not allowed" (Finnish "ei ole sallittu") once, never
twice; what the phase allows is said in words, never as a typed-command hint
(``discard CARD``, ``take | draw``, ``KORTTI``); and a swap names the wild card
in a natural Finnish case ("villiin (jokeri)", never "villin jokeri tilalle")."""

from __future__ import annotations

import random
import re

from pakka.core.errors import PakkaError, reason_message
from pakka.core.registry import load_automated
from pakka.i18n import render_entry

HINT = re.compile(
    r"\b(?:CARD|KORTTI|RANK|ARVO|SUIT|MAA|START|ALKU|WILD|VILLI|Mn)\b|\||\[lo|\(close\)"
)
"""The placeholders and separators of a typed-command hint."""

COMMANDS = re.compile(
    r"\b(?:discard|take|draw|buy|pass|meld|lay|swap|set|run|add|close|cancel|place)\b"
)
"""The English command words, which a Finnish sentence never contains."""

NOT_ALLOWED = {"en": re.compile(r"not allowed"), "fi": re.compile(r"sallittu")}


def _sentence(e: PakkaError, lang: str) -> str:
    why = reason_message(e)
    assert why is not None, e
    return render_entry("ravaytys", {"key": "error.illegal_action", "args": {"reason": why}}, lang)


def test_a_refused_move_says_not_allowed_once_and_what_is_allowed_in_words() -> None:
    g = load_automated("ravaytys", 3)
    rng = random.Random(5)
    seen: set[str] = set()
    for seed in range(3):
        state = g.new_state(seed=seed)
        for step in range(300):
            if state.is_terminal:
                break
            if step % 10 == 0:
                legal = {a.id for a in state.legal_actions()}
                ids = [i for i in range(g.num_distinct_actions) if i not in legal]
                for i in rng.sample(ids, min(40, len(ids))):
                    try:
                        state.clone().apply_id(i)
                    except PakkaError as e:
                        for lang in ("en", "fi"):
                            text = _sentence(e, lang)
                            assert len(NOT_ALLOWED[lang].findall(text)) == 1, text
                            assert not HINT.search(text), text
                            if lang == "fi":
                                assert not COMMANDS.search(text), text
                                assert "villin " not in text, text
                            seen.add(text)
                    else:
                        raise AssertionError(f"id {i} is not legal but was applied")
            acts = state.legal_actions()
            state.apply(acts[rng.randrange(len(acts))])
    # the general refusal (the action in words, then what the phase allows) was met
    assert any("you cannot " in t and "the dealer must discard one card" in t for t in seen)
    assert any("nyt et voi tehdä näin" in t for t in seen)
    assert len(seen) > 50
