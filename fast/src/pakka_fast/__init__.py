"""pakka-fast: compiled observation encoders for ``pakka.research``.

One Cython extension module per game builds, from a pakka state's fields, the
very vector that game's pure-Python encoder (``pakka.research.encoders``)
builds: the same float32 bytes, which the tests check position by position.
pakka uses them when this package is installed (``pakka[fast]``) and falls
back to its own Python otherwise. Nothing here is imported by pakka's core.
"""

ABI = 1
"""Raised whenever a compiled module's reading of pakka's state fields changes;
pakka uses the compiled encoders only when its own expected value matches."""
