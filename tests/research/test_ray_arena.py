"""``pakka arena --ray``: the deals as Ray tasks on a real local Ray cluster give the
same results as a local run, deal for deal.

The cluster is a Ray head (no CPUs of its own, so every task runs on the worker
node) and one worker node with one CPU, both bound to 127.0.0.1, without the
dashboard and with usage statistics off, in a private temporary directory.
Each ``ray start --block`` runs in a process group of its own; the test stops
exactly those groups and then any process left whose command line names its
temporary directory — never ``ray stop``, which would stop every Ray on the
machine.
"""

from __future__ import annotations

import contextlib
import os
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

ray = pytest.importorskip("ray")

from pakka.arena import run_arena  # noqa: E402

RAY = str(Path(sys.executable).with_name("ray"))
MYBOTS = Path(__file__).resolve().parents[2] / "examples" / "mybots"
"""The documented bot from outside the package (docs/bots.md), shipped to the workers."""


RAY_ENV = {
    "RAY_USAGE_STATS_ENABLED": "0",  # nothing tries to leave the machine
    "RAY_DISABLE_DOCKER_CPU_WARNING": "1",
    # Under ``uv run`` Ray would ship the whole working directory to the workers
    # as a runtime environment of its own; the workers have pakka installed.
    "RAY_ENABLE_UV_RUN_RUNTIME_ENV": "0",
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
    """A Ray head (no CPUs) and one worker node per entry of ``worker_cpus`` (its CPU
    count) on loopback, started by :meth:`start` and stopped by :meth:`stop`."""

    def __init__(self, worker_cpus: list[int]) -> None:
        self.tmp = tempfile.mkdtemp(prefix="pkray", dir="/tmp")  # short: socket paths
        self.port = _free_port()
        self.address = f"127.0.0.1:{self.port}"
        env = dict(os.environ, **RAY_ENV)
        common = ["--node-ip-address=127.0.0.1", "--block", "--disable-usage-stats"]
        self.procs: list[subprocess.Popen[bytes]] = []
        self.log = Path(self.tmp, "start.log").open("wb")  # noqa: SIM115 (closed by stop)
        self.env = env
        self.common = common
        self.worker_cpus = worker_cpus

    def start(self) -> None:
        """Start the head, then the worker nodes; return when all have registered."""
        env, common = self.env, self.common

        def start(*args: str) -> None:
            self.procs.append(
                subprocess.Popen(
                    [RAY, "start", *args, *common],
                    env=env,
                    stdout=self.log,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,  # its own process group: stopped as one
                )
            )

        start(
            "--head",
            f"--port={self.port}",
            "--num-cpus=0",
            "--include-dashboard=false",
            f"--temp-dir={self.tmp}",
            f"--min-worker-port={self.port + 1}",
            f"--max-worker-port={self.port + 200}",
        )
        self._wait_for(0)
        for cpus in self.worker_cpus:
            start(f"--address={self.address}", f"--num-cpus={cpus}")
        self._wait_for(sum(self.worker_cpus))

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


def start_cluster(worker_cpus: list[int], attempts: int = 3) -> LocalCluster:
    """A started :class:`LocalCluster`. Ray gives a node a fixed 30 s to register,
    which a heavily loaded machine can miss: then what was started is stopped and
    the start tried again."""
    for attempt in range(attempts):
        c = LocalCluster(worker_cpus)
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
    c = start_cluster([1])
    try:
        yield c
    finally:
        if ray.is_initialized():
            ray.shutdown()
        c.stop()
        assert not _ours(c.tmp, c.address)


def test_arena_on_ray_gives_the_local_results_deal_for_deal(
    cluster: LocalCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    for k, v in RAY_ENV.items():
        monkeypatch.setenv(k, v)
    ray.init(
        address=cluster.address,
        _node_ip_address="127.0.0.1",
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"py_modules": [str(MYBOTS)]},  # how a bot package reaches a cluster
    )
    monkeypatch.syspath_prepend(str(MYBOTS.parent))  # and the local run
    bots = ["mybots.greedy:GreedyBot:samples=2", "random", "easy"]
    local = run_arena("zoker-tiko", 3, bots, deals=4, seed=11)
    remote = run_arena("zoker-tiko", 3, bots, deals=4, seed=11, ray=True)
    assert ray.is_initialized()  # it used our connection and left it open
    strip = [(g.deal, g.rotation, g.seat_bots, g.scores, g.returns, g.moves) for g in local.games]
    got = [(g.deal, g.rotation, g.seat_bots, g.scores, g.returns, g.moves) for g in remote.games]
    assert got == strip
    assert len(got) == 4 * 3
    # every task ran on the worker node (the head has no CPUs)
    nodes = {n["NodeID"] for n in ray.nodes() if n["Alive"] and n["Resources"].get("CPU")}
    assert len(nodes) == 1
