"""Small helpers for sets of cards kept as integer bitmasks (bit ``i`` = card ``i``)."""

from __future__ import annotations


def set_bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first (a card set as a list)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
