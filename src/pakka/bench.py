"""Speed figures for ``pakka bench``: random playouts, ISMCTS and per-game benchmarks.

Everything runs in one process on one core. Each figure is measured
``repeats`` times for about ``seconds`` each and reported as the median with
the minimum and maximum. Rates are per CPU second of this process
(``time.process_time``), so other programs on a shared machine slow the
run down but distort the figures much less than wall-clock time would.

Random playouts go through the public API exactly as a front end would:
``legal_actions()`` then ``apply(action)`` (which re-checks legality). A
game's bots module may add ``BENCHMARKS`` (name -> callable returning a dict
of figures; it is called with ``seconds=`` when it accepts an argument) and
``BENCH_SETUPS`` (a list of ``(players, options)`` to measure by default).
"""

from __future__ import annotations

import importlib
import inspect
import random
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

from pakka.bots import GAME_BOT_MODULES
from pakka.bots.base import SeatHandle
from pakka.bots.ismcts import ISMCTSBot
from pakka.core.game import Game
from pakka.core.registry import game_class, load_automated

P = ParamSpec("P")
T = TypeVar("T")


def cpu_timed(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> tuple[T, float]:
    """What ``fn(*args, **kwargs)`` returns and the CPU seconds of this process it took
    (``time.process_time``): the one timer of the per-call figures here and in the
    ``benchmarks/`` scripts, so that other programs on a shared machine slow a run
    down without counting in it as they would in wall time."""
    t0 = time.process_time()
    out = fn(*args, **kwargs)
    return out, time.process_time() - t0


@dataclass
class Figure:
    """One measured quantity: every repeat's value, summarised by the median."""

    game: str
    setup: str
    name: str
    values: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        """The median over repeats."""
        return statistics.median(self.values)

    @property
    def low(self) -> float:
        """The smallest repeat."""
        return min(self.values)

    @property
    def high(self) -> float:
        """The largest repeat."""
        return max(self.values)

    def to_json(self) -> dict[str, Any]:
        """The figure as JSON data."""
        return {
            "game": self.game,
            "setup": self.setup,
            "name": self.name,
            "median": self.median,
            "min": self.low,
            "max": self.high,
            "values": self.values,
        }


def describe_setup(game: Game[Any]) -> str:
    """``4 players, deck=half, guess=positional`` — what a figure was measured on."""

    def text(v: Any) -> str:
        if isinstance(v, bool):
            return str(v).lower()
        if isinstance(v, tuple | list):
            return ",".join(map(str, v))
        return str(v)

    opts = ", ".join(f"{k}={text(v)}" for k, v in game.options.items())
    who = "1 player" if game.num_players == 1 else f"{game.num_players} players"
    return who + (f", {opts}" if opts else "")


def random_playouts(game: Game[Any], seconds: float, seed: int = 0) -> dict[str, float]:
    """Random full games per second and actions per second (``legal_actions`` + ``apply``)."""
    # The random player's own cost is kept small and equal for every engine (the peers
    # in benchmarks/peers.py pick the same way): one C-level random() per decision.
    pick = random.Random(seed).random
    games = actions = 0
    deal = seed * 100_000
    t0 = time.process_time()
    deadline = t0 + seconds
    while True:
        state = game.new_state(seed=deal)
        deal += 1
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[int(pick() * len(legal))])
            actions += 1
        games += 1
        now = time.process_time()
        if now >= deadline:
            break
    elapsed = now - t0
    return {"random games/s": games / elapsed, "actions/s": actions / elapsed}


def ismcts_rate(game: Game[Any], seconds: float, seed: int = 0) -> dict[str, float]:
    """ISMCTS iterations per CPU second from the first decision of a seeded deal."""
    state = game.new_state(seed=seed)
    p = state.current_player
    assert p is not None
    bot = ISMCTSBot(game, seed=seed, seconds=seconds)
    handle = SeatHandle(state, p, random.Random(seed))
    _, elapsed = cpu_timed(bot.search, handle)
    return {"ISMCTS iterations/s": bot.last_iterations / elapsed}


def _bots_module(name: str) -> Any:
    mod_name = GAME_BOT_MODULES.get(name)
    return importlib.import_module(mod_name) if mod_name else None


def default_setups(name: str) -> list[tuple[int, dict[str, Any]]]:
    """The game's ``BENCH_SETUPS``, else its minimum player count and 4 (when allowed)."""
    mod = _bots_module(name)
    setups = getattr(mod, "BENCH_SETUPS", None) if mod else None
    if setups:
        return [(int(n), dict(o)) for n, o in setups]
    cls = game_class(name)
    counts = sorted({cls.min_players, max(cls.min_players, min(4, cls.max_players))})
    return [(n, {}) for n in counts]


SETUP_KEYS = frozenset({"players", "decisions", "games", "deals", "seed", "iterations"})
"""Keys of an extra benchmark's result that describe its setup rather than measure."""


def _call_extra(fn: Callable[..., dict[str, Any]], seconds: float) -> dict[str, Any]:
    """Call an extra benchmark, passing ``seconds=`` only if it takes that keyword."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        params = []
    takes_seconds = any(
        p.name == "seconds" or p.kind is inspect.Parameter.VAR_KEYWORD for p in params
    )
    return fn(seconds=seconds) if takes_seconds else fn()


def _split_extra(result: dict[str, Any]) -> tuple[str, dict[str, float]]:
    """An extra benchmark's dict as (setup text, figures): text values and counts such as
    ``players`` describe the setup; the other numbers are figures."""
    setup = []
    figures = {}
    for k, v in result.items():
        if isinstance(v, bool) or not isinstance(v, int | float) or k in SETUP_KEYS:
            setup.append(f"{k}={v}")
        else:
            figures[k] = float(v)
    return ", ".join(setup), figures


def run_bench(
    names: Iterable[str],
    seconds: float = 1.0,
    repeats: int = 5,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    extras: bool = True,
    on_figure: Callable[[Figure], None] | None = None,
) -> list[Figure]:
    """Measure every named game; ``players``/``options`` replace the default setups."""
    figures: list[Figure] = []
    for name in names:
        setups = (
            [(players, dict(options or {}))]
            if players is not None or options
            else default_setups(name)
        )
        for n, opts in setups:
            game = load_automated(name, players=n, **opts)  # e.g. a match cap unless given
            setup = describe_setup(game)
            measured: dict[str, Figure] = {}
            for rep in range(repeats):
                for fig_name, value in (
                    random_playouts(game, seconds, seed=rep) | ismcts_rate(game, seconds, seed=rep)
                ).items():
                    measured.setdefault(fig_name, Figure(name, setup, fig_name)).values.append(
                        value
                    )
            for fig in measured.values():
                figures.append(fig)
                if on_figure:
                    on_figure(fig)
        mod = _bots_module(name) if extras else None
        for bench_name, fn in (getattr(mod, "BENCHMARKS", {}) if mod else {}).items():
            extra: dict[str, Figure] = {}
            for _ in range(repeats):
                setup_text, values = _split_extra(_call_extra(fn, seconds))
                label = f"{bench_name}: {setup_text}" if setup_text else bench_name
                for fig_name, value in values.items():
                    extra.setdefault(fig_name, Figure(name, label, fig_name)).values.append(value)
            for fig in extra.values():
                figures.append(fig)
                if on_figure:
                    on_figure(fig)
    return figures
