"""A Ray head on this machine's loopback only, started and stopped by its owner alone.

For the Ray arena test and the Ray speed-up benchmark: one ``ray start --head
--block`` with ``cpus`` CPUs (one worker process each; Ray's single-machine mode
has no other nodes) on 127.0.0.1 only, without the dashboard, with usage
statistics off and an authentication token of its own, in a private temporary
directory. Ray on Linux would otherwise turn 127.0.0.1 into the machine's
outside address and listen on every interface.

:meth:`LocalCluster.stop` stops exactly what :meth:`LocalCluster.start`
started: the process group of its own ``ray start`` and then any process left
whose command line names its temporary directory or its address (a port picked
free for it) — never ``ray stop``, which stops every Ray of the user on the
machine. A driver must run in a process of its own with :data:`RAY_ENV` (or
:attr:`LocalCluster.env`) in its environment: Ray reads its settings, the
token among them, once per process.

This module runs the ``ray`` command next to the running Python; it does not
import Ray.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

RAY = str(Path(sys.executable).with_name("ray"))
"""The ``ray`` command of this environment (the ``distributed`` extra)."""

RAY_ENV = {
    "RAY_USAGE_STATS_ENABLED": "0",  # nothing tries to leave the machine
    "RAY_DISABLE_DOCKER_CPU_WARNING": "1",
    # Under ``uv run`` Ray would ship the whole working directory to the workers
    # as a runtime environment of its own; the workers have pakka installed.
    "RAY_ENABLE_UV_RUN_RUNTIME_ENV": "0",
    # Ray on Linux turns a node address of 127.0.0.1 into the machine's outside
    # address; with its single-machine switch off the nodes stay on loopback.
    "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0",
    # A token of this process's own for every process of its clusters (and not the
    # user's ~/.ray/auth_token): ``ray start`` turns token authentication on, while
    # a client without these settings assumes it off and is refused.
    "RAY_AUTH_MODE": "token",
    "RAY_AUTH_TOKEN": secrets.token_hex(32),
}
"""The environment of every process of a :class:`LocalCluster` and of its drivers."""

START_SECONDS = 90
"""How long :meth:`LocalCluster.start` waits for the head (a loaded machine is slow)."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def ours(tmp: str, address: str) -> list[int]:
    """Pids of the processes whose command line names ``tmp`` or ``address``: only
    what a cluster with that temporary directory and address started."""
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


def session_cpu(session: int) -> dict[int, float]:
    """CPU seconds (user + system, with reaped children's) of each live process of
    session ``session`` (a cluster started with ``start_new_session``), by pid."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2 :].split()  # from field 3 (state) on
            if int(fields[3]) == session:  # field 6: session id
                out[int(entry.name)] = sum(int(x) for x in fields[11:15]) / tick
    return out


def workers(pids: Iterable[int]) -> set[int]:
    """Those of ``pids`` that are Ray worker processes (their title ``ray::…``: the
    processes that run tasks, not the head's own services)."""
    out = set()
    for pid in pids:
        try:
            if Path(f"/proc/{pid}/cmdline").read_bytes().startswith(b"ray::"):
                out.add(pid)
        except OSError:
            continue
    return out


def cpu_since(
    before: dict[int, float], after: dict[int, float], only: set[int] | None = None
) -> float:
    """CPU seconds the processes of ``after`` (those in ``only`` if given) used since
    ``before`` (both :func:`session_cpu` snapshots; a process new in ``after`` counts
    from 0, one that ended in between is not counted)."""
    return sum(
        cpu - before.get(pid, 0.0) for pid, cpu in after.items() if only is None or pid in only
    )


class LocalCluster:
    """A Ray head with ``cpus`` CPUs on loopback, started by :meth:`start` and
    stopped by :meth:`stop`."""

    def __init__(self, cpus: int) -> None:
        self.tmp = tempfile.mkdtemp(prefix="pkray", dir="/tmp")  # short: socket paths
        self.port = free_port()
        self.address = f"127.0.0.1:{self.port}"
        self.cpus = cpus
        self.env = dict(os.environ, **RAY_ENV)
        """The environment of this cluster's processes and of its drivers."""
        self.procs: list[subprocess.Popen[bytes]] = []
        self.log_path = Path(self.tmp, "start.log")
        self.log = self.log_path.open("wb")  # closed by stop

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
                env=self.env,
                stdout=self.log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: stopped as one
            )
        )
        self._wait_for(self.cpus)

    @property
    def session(self) -> int:
        """The session id of this cluster's processes (its ``ray start``'s pid)."""
        return self.procs[0].pid

    def _wait_for(self, cpus: int) -> None:
        """Wait until the cluster answers with ``cpus`` CPUs (up to :data:`START_SECONDS`)."""
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            for p in self.procs:
                if p.poll() is not None:
                    raise RuntimeError(self.log_path.read_text()[-3000:])
            r = subprocess.run(
                [RAY, "status", f"--address={self.address}"],
                capture_output=True,
                text=True,
                env=self.env,
                check=False,
            )
            if r.returncode == 0 and (cpus == 0 or f"/{cpus}.0 CPU" in r.stdout):
                return
            time.sleep(1)
        raise RuntimeError(
            f"the local Ray cluster did not come up in {START_SECONDS} s: "
            + self.log_path.read_text()[-3000:]
        )

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
        for pid in ours(self.tmp, self.address):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self.log.close()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def left(self) -> list[int]:
        """Pids of this cluster's processes still alive (none after :meth:`stop`)."""
        return ours(self.tmp, self.address)


def start_cluster(cpus: int, attempts: int = 3) -> LocalCluster:
    """A started :class:`LocalCluster`. A node's raylet waits a fixed 15 s for its
    dashboard agent and Ray gives a node 30 s to register, which a heavily loaded
    machine can miss: then what was started is stopped and the start tried again."""
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
