"""Koodinmurtaja's refusals carry a message key with English and Finnish texts
(``koodinmurtaja.why.*``), like Räväytys' and Viisisataa's: every refused action
id of random positions, in both variants, says why in both languages."""

from __future__ import annotations

import random
import string

import pytest

from pakka.core.errors import IllegalAction
from pakka.core.registry import load
from pakka.core.render import one_based_args
from pakka.games.koodinmurtaja.messages import MESSAGES
from pakka.games.koodinmurtaja.refusals import Refusal


def test_every_refusal_key_has_both_languages_with_the_same_fields() -> None:
    keys = [k for k in MESSAGES["en"] if k.startswith("koodinmurtaja.why.")]
    assert len(keys) >= 12
    fmt = string.Formatter()
    for k in keys:
        en = {f for _, f, _, _ in fmt.parse(MESSAGES["en"][k]) if f}
        fi = {f for _, f, _, _ in fmt.parse(MESSAGES["fi"][k]) if f}
        assert en == fi, k


@pytest.mark.parametrize("guess", ["positional", "rank-only"])
def test_r_km_8_every_refused_id_is_a_refusal_with_a_key(guess: str) -> None:
    """R-KM-8..12, D-KM-2, D-KM-7: each illegal id of random positions is refused
    with a catalogue key; ``str()`` is the English text, ``text("fi")`` the Finnish,
    both naming seats from 1."""
    game = load("koodinmurtaja", 3, guess=guess, empty_stock_penalty=True)
    seen: set[str] = set()
    for seed in range(4):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal:
            if step % 3 == 0:
                for i in range(game.num_distinct_actions):
                    try:
                        state.clone().apply_id(i)
                    except Refusal as e:
                        assert e.key is not None
                        # the texts count seats from 1, as the screens name them
                        seats = one_based_args(e.fields)
                        assert str(e) == MESSAGES["en"][e.key].format(**seats)
                        assert e.text("fi") == MESSAGES["fi"][e.key].format(**seats)
                        assert e.text("fi") != str(e)
                        seen.add(e.key)
                    except IllegalAction as e:  # pragma: no cover - the test's failure
                        raise AssertionError(f"id {i}: refusal without a key: {e}") from e
            state.apply(rng.choice(state.legal_actions()))
            step += 1
        with pytest.raises(Refusal) as over:
            state.apply_id(0)
        assert over.value.key == "koodinmurtaja.why.over"
    assert "koodinmurtaja.why.target_one" in seen
    assert (
        "koodinmurtaja.why.positional" if guess == "positional" else "koodinmurtaja.why.rank_only"
    ) in seen
