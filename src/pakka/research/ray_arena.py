"""Arena deals as Ray tasks (``pakka arena … --ray [ADDRESS]``; the ``distributed`` extra).

Each deal (every rotation of the lineup on one seeded deal) is one Ray task
running :func:`pakka.arena.play_deal`, exactly what a local worker process
runs, so the same seed gives the same results deal for deal. Only this
module imports Ray, and only when ``--ray`` is given.

``address`` is passed to ``ray.init``: ``None`` uses Ray's own rule (the
``RAY_ADDRESS`` environment variable, else a cluster already running on this
machine, else a new local one), ``"auto"`` an already running cluster,
``"HOST:6379"`` a head node's GCS address and ``"ray://HOST:10001"`` a Ray
client server. The workers must have the same pakka (and the bot packages
named in the lineup) installed; ``docs/research.md`` says how.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from pakka.research._extra import require

require("ray", extra="distributed")

import ray  # noqa: E402 (after the extra check)

from pakka.arena import GameResult, play_deal  # noqa: E402


def _play_deal(
    name: str, players: int, options: dict[str, Any], specs: list[str], deal: int, seed: int
) -> list[GameResult]:
    """One deal on a Ray worker (the local worker's job, unchanged)."""
    return play_deal(name, players, options, specs, deal, seed)


def play_deals(
    name: str,
    players: int,
    options: dict[str, Any],
    specs: Sequence[str],
    deals: int,
    seed: int,
    address: str | None = None,
    shutdown: bool = True,
) -> Iterator[list[GameResult]]:
    """Yield every deal's results as its Ray task finishes (in any order).

    Connects with ``ray.init(address)`` unless Ray is already initialised in
    this process; disconnects at the end when it connected (``shutdown``)."""
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    try:
        task: Callable[..., Any] = ray.remote(num_cpus=1)(_play_deal).remote
        pending = [task(name, players, options, list(specs), d, seed) for d in range(deals)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                rows: list[GameResult] = ray.get(ref)
                yield rows
    finally:
        if started and shutdown:
            ray.shutdown()
