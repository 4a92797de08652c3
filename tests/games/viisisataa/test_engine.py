"""Engine internals that the rules tests do not see: cloning and the state's fields."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pakka.games.viisisataa.rules import AUTOMATED_MAX_HANDS

from .helpers import new


@settings(max_examples=30, deadline=None)
@given(
    n=st.sampled_from([2, 3, 4, 5]),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 150),
    misere=st.booleans(),
    doubling=st.booleans(),
)
def test_clone_continues_exactly_like_the_original(
    n: int, seed: int, steps: int, misere: bool, doubling: bool
) -> None:
    """Every field of a state is one of its slots, so clone() copies all of them: a clone
    and its original stay identical through the rest of the match."""
    # Random players sink without end: the match needs the explicit cap (R-5S-22).
    state = new(n, seed=seed, misere=misere, doubling=doubling, max_hands=AUTOMATED_MAX_HANDS)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert not state.__dict__, f"fields outside __slots__: {sorted(state.__dict__)}"
    twin = state.clone()
    while not state.is_terminal:
        legal = state.legal_actions()
        assert twin.legal_actions() == legal
        action = legal[rng.randrange(len(legal))]
        state.apply(action)
        twin.apply(action)
    assert twin.is_terminal
    assert twin.full_view() == state.full_view()
    assert twin.history == state.history
