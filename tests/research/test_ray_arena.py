"""``pakka arena --ray``: the deals as Ray tasks on a real local Ray cluster give the
same results as a local run, deal for deal.

The cluster (:class:`pakka.research.ray_local.LocalCluster`) is a Ray head with
one CPU (so one worker process runs the tasks), on 127.0.0.1 only, without the
dashboard, with usage statistics off and a token of its own, in a private
temporary directory; the driver is a process of its own. The test stops exactly
the cluster's process group and its leftovers — never ``ray stop``, which would
stop every Ray on the machine.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("ray")  # the distributed extra

from pakka.arena import run_arena
from pakka.research.ray_local import LocalCluster, start_cluster

MYBOTS = Path(__file__).resolve().parents[2] / "examples" / "mybots"
"""The documented bot from outside the package (docs/bots.md), shipped to the workers."""


@pytest.fixture
def cluster() -> Iterator[LocalCluster]:
    c = start_cluster(1)
    try:
        yield c
    finally:
        c.stop()
        assert not c.left()


DRIVER = """
import json, sys
import ray
from pakka.arena import run_arena
from pakka.research.ray_local import LocalCluster, start_cluster
address, mybots, bots = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
ray.init(
    address=address,
    _node_ip_address="127.0.0.1",
    include_dashboard=False,
    log_to_driver=False,
    runtime_env={"py_modules": [mybots]},  # how a bot package reaches a cluster
)
remote = run_arena("zoker-tiko", 3, bots, deals=4, seed=11, ray=True)
assert ray.is_initialized()  # it used this connection and left it open
nodes = {n["NodeID"] for n in ray.nodes() if n["Alive"] and n["Resources"].get("CPU")}
games = [[g.deal, g.rotation, g.seat_bots, g.scores, g.returns, g.moves] for g in remote.games]
address = ray.get_runtime_context().gcs_address
ray.shutdown()
print(json.dumps({"games": games, "cpu_nodes": len(nodes), "address": address}))
"""
"""The Ray side, in a process of its own: Ray reads its settings (the token among
them) from the environment once per process, and its driver state stays out of
the test session."""


def test_arena_on_ray_gives_the_local_results_deal_for_deal(
    cluster: LocalCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    bots = ["mybots.greedy:GreedyBot:samples=2", "random", "easy"]
    r = subprocess.run(
        [sys.executable, "-c", DRIVER, cluster.address, str(MYBOTS), ",".join(bots)],
        # the driver checks the bot specs before sending them: the package is installed here too
        env=dict(cluster.env, PYTHONPATH=str(MYBOTS.parent)),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert r.returncode == 0, r.stderr[-3000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    monkeypatch.syspath_prepend(str(MYBOTS.parent))  # the bot package for the local run
    local = run_arena("zoker-tiko", 3, bots, deals=4, seed=11)
    want = [[g.deal, g.rotation, g.seat_bots, g.scores, g.returns, g.moves] for g in local.games]
    assert out["games"] == json.loads(json.dumps(want))
    assert len(want) == 4 * 3
    assert out["address"].startswith("127.0.0.1:"), out["address"]  # loopback only
    assert out["cpu_nodes"] == 1
