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
- :func:`freeze_startup` (after the tables are loaded) first imports every game's
  modules and bots and plays one short seeded game of each (:func:`warm_games`), so
  that the lookup tables those modules build (Viisisataa's per-suit action tables
  alone are about 100,000 tuples of actions) exist before the freeze rather than
  when the first table of that game is created; then it moves every object alive
  (modules, the application, the restored tables) to the permanent generation, which
  collections no longer scan. Measured under ``benchmarks/load.py --mix all``
  without the warm-up: 270,000 objects for the collector to scan, 100,000 of them
  those tables, imported after the freeze.

Only :func:`pakka.server.run` calls :func:`tune`; applications made by
``create_app`` in tests or under another ASGI server keep the interpreter's defaults
unless they call it.
"""

from __future__ import annotations

import gc

THRESHOLDS = (50_000, 20, 100)
"""``gc.set_threshold`` of a serving process (CPython's defaults: 700, 10, 10)."""

ENV = "PAKKA_GC_THRESHOLDS"
"""The environment variable of ``Settings.gc_thresholds``, which overrides
:data:`THRESHOLDS`: three integers, e.g. ``10000,20,100``."""

_tuned = False


def thresholds(raw: str = "") -> tuple[int, int, int]:
    """The thresholds to set: ``raw`` (``Settings.gc_thresholds``: three positive
    integers separated by commas) if given, else :data:`THRESHOLDS`."""
    if not raw.strip():
        return THRESHOLDS
    parts = raw.split(",")
    try:
        values = tuple(int(p) for p in parts)
    except ValueError:
        values = ()
    if len(values) != 3 or min(values) < 1:
        raise ValueError(f"{ENV} must be three positive integers like 10000,20,100, not {raw!r}")
    return values[0], values[1], values[2]


def tune(raw: str = "") -> None:
    """Raise the collector's thresholds for this process (see the module docstring);
    ``raw`` is ``Settings.gc_thresholds``."""
    global _tuned
    gc.set_threshold(*thresholds(raw))
    _tuned = True


def warm_games(actions: int = 200) -> dict[str, int]:
    """Import every registered game with its modules and bots, and play ``actions``
    seeded random actions of each (views of the seat to move included), so that
    what those modules build lazily exists now. Returns the actions played per game."""
    import importlib
    import pkgutil
    import random

    from pakka import bots
    from pakka.core import registry

    played: dict[str, int] = {}
    for name in registry.games():
        cls = registry.game_class(name)
        package = cls.__module__.rpartition(".")[0] or cls.__module__
        mod = importlib.import_module(package)
        for info in pkgutil.walk_packages(getattr(mod, "__path__", []), package + "."):
            importlib.import_module(info.name)
        bots.bot_names(name)
        rng = random.Random(0)
        state = registry.load(name).new_state(seed=0)
        played[name] = 0
        for _ in range(actions):
            seat = state.current_player
            if seat is None:
                break
            state.view(seat)
            state.apply_legal(rng.choice(state.legal_actions()))
            played[name] += 1
    return played


def freeze_startup() -> None:
    """After start-up: warm the games, collect once, then freeze what is alive (only if
    :func:`tune` ran)."""
    if _tuned:
        warm_games()
        gc.collect()
        gc.freeze()
