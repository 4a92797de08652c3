"""The garbage collector's settings for a serving process: short pauses, not fewer bytes.

A server holding hundreds of live tables has many long-lived objects (game states,
their kept search tables, connections). CPython's collector scans them all in a
full (generation 2) collection and stops the event loop meanwhile: with 200 tables
those pauses were 100-190 ms (measured with ``gc.callbacks`` under
``benchmarks/load.py``), the whole p99 of the server's latency. Two measures, as
large Python services take them:

- :func:`tune` (at start-up) raises the thresholds, so that young objects are
  collected after 50,000 allocations rather than 700 and a full collection is
  considered ten times more rarely; objects without reference cycles are freed by
  reference counting at once either way, so memory grows only by cyclic garbage
  waiting a little longer.
- :func:`freeze_startup` (after the tables are loaded) moves every object alive then
  (modules, the application, the restored tables) to the permanent generation, which
  collections no longer scan.

Only :func:`pakka.server.run` calls :func:`tune`; applications made by
``create_app`` in tests or under another ASGI server keep the interpreter's defaults
unless they call it.
"""

from __future__ import annotations

import gc

THRESHOLDS = (50_000, 20, 100)
"""``gc.set_threshold`` of a serving process (CPython's defaults: 700, 10, 10)."""

_tuned = False


def tune() -> None:
    """Raise the collector's thresholds for this process (see the module docstring)."""
    global _tuned
    gc.set_threshold(*THRESHOLDS)
    _tuned = True


def freeze_startup() -> None:
    """After start-up: collect once, then freeze what is alive (only if :func:`tune` ran)."""
    if _tuned:
        gc.collect()
        gc.freeze()
