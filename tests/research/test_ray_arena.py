"""``pakka arena --ray``: the deals as Ray tasks on a real local Ray cluster give the
same results as a local run, deal for deal.

The cluster is a Ray head with one CPU (so one worker process runs the tasks),
on 127.0.0.1 only (Ray's single-machine mode: on Linux Ray would otherwise turn
127.0.0.1 into the machine's outside address and listen on every interface),
without the dashboard, with usage statistics off and a token of its own, in a
private temporary directory; the driver is a process of its own.
Each ``ray start --block`` runs in a process group of its own; the test stops
exactly those groups and then any process left whose command line names its
temporary directory — never ``ray stop``, which would stop every Ray on the
machine.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("ray")  # the distributed extra

from pakka.arena import run_arena

RAY = str(Path(sys.executable).with_name("ray"))
MYBOTS = Path(__file__).resolve().parents[2] / "examples" / "mybots"
"""The documented bot from outside the package (docs/bots.md), shipped to the workers."""


RAY_ENV = {
    "RAY_USAGE_STATS_ENABLED": "0",  # nothing tries to leave the machine
    "RAY_DISABLE_DOCKER_CPU_WARNING": "1",
    # Under ``uv run`` Ray would ship the whole working directory to the workers
    # as a runtime environment of its own; the workers have pakka installed.
    "RAY_ENABLE_UV_RUN_RUNTIME_ENV": "0",
    # Ray on Linux turns a node address of 127.0.0.1 into the machine's outside
    # address; with its single-machine switch off the nodes stay on loopback.
    "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0",
    # A token of this test's own for every process of its cluster (and not the
    # user's ~/.ray/auth_token): ``ray start`` turns token authentication on, while
    # a client without these settings assumes it off and is refused.
    "RAY_AUTH_MODE": "token",
    "RAY_AUTH_TOKEN": secrets.token_hex(32),
}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _ours(tmp: str, address: str) -> list[int]:
    """Pids of the processes whose command line names ``tmp`` or the cluster's address
    (a port picked free for this test): only what the test started."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmd = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if tmp.encode() in cmd or address.encode() in cmd:
                pids.append(int(entry.name))
    return pids


class LocalCluster:
    """A Ray head with ``cpus`` CPUs (one worker process each; Ray's single-machine
    mode has no other nodes) on loopback, started by :meth:`start` and stopped by
    :meth:`stop`."""

    def __init__(self, cpus: int) -> None:
        self.tmp = tempfile.mkdtemp(prefix="pkray", dir="/tmp")  # short: socket paths
        self.port = _free_port()
        self.address = f"127.0.0.1:{self.port}"
        self.cpus = cpus
        self.procs: list[subprocess.Popen[bytes]] = []
        self.log = Path(self.tmp, "start.log").open("wb")  # noqa: SIM115 (closed by stop)

    def start(self) -> None:
        """Start the head; return when it answers with its CPUs."""
        self.procs.append(
            subprocess.Popen(
                [
                    RAY,
                    "start",
                    "--head",
                    f"--port={self.port}",
                    f"--num-cpus={self.cpus}",
                    "--include-dashboard=false",
                    f"--temp-dir={self.tmp}",
                    f"--min-worker-port={self.port + 1}",
                    f"--max-worker-port={self.port + 200}",
                    "--node-ip-address=127.0.0.1",
                    "--disable-usage-stats",
                    "--block",
                ],
                env=dict(os.environ, **RAY_ENV),
                stdout=self.log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: stopped as one
            )
        )
        self._wait_for(self.cpus)

    def _wait_for(self, cpus: int) -> None:
        """Wait until the cluster answers with ``cpus`` CPUs (up to 90 s on a loaded machine)."""
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            for p in self.procs:
                if p.poll() is not None:
                    raise RuntimeError(Path(self.tmp, "start.log").read_text()[-3000:])
            r = subprocess.run(
                [RAY, "status", f"--address={self.address}"],
                capture_output=True,
                text=True,
                env=dict(os.environ, **RAY_ENV),
                check=False,
            )
            if r.returncode == 0 and (cpus == 0 or f"/{cpus}.0 CPU" in r.stdout):
                return
            time.sleep(1)
        raise RuntimeError("the local Ray cluster did not come up in 90 s")

    def stop(self) -> None:
        """Stop what this cluster started: its process groups, then its leftovers."""
        for p in reversed(self.procs):
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in self.procs:
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()
            with contextlib.suppress(ProcessLookupError):
                os.killpg(p.pid, signal.SIGKILL)  # the group of our own `ray start`
        for pid in _ours(self.tmp, self.address):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self.log.close()
        shutil.rmtree(self.tmp, ignore_errors=True)


def start_cluster(cpus: int, attempts: int = 3) -> LocalCluster:
    """A started :class:`LocalCluster`. Ray gives a node a fixed 30 s to register,
    which a heavily loaded machine can miss: then what was started is stopped and
    the start tried again."""
    for attempt in range(attempts):
        c = LocalCluster(cpus)
        try:
            c.start()
            return c
        except RuntimeError:
            c.stop()
            if attempt == attempts - 1:
                raise
    raise AssertionError("unreachable")


@pytest.fixture
def cluster() -> Iterator[LocalCluster]:
    c = start_cluster(1)
    try:
        yield c
    finally:
        c.stop()
        assert not _ours(c.tmp, c.address)


DRIVER = """
import json, sys
import ray
from pakka.arena import run_arena
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
        env=dict(os.environ, **RAY_ENV, PYTHONPATH=str(MYBOTS.parent)),
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
