"""``pakka.research.ray_local``'s CPU accounting, which the Ray speed-up benchmark
reports: a session's processes by pid, the CPU they used between two snapshots, and
which of them are Ray workers (checked on ordinary processes of a session of the
test's own; the cluster itself is tested in ``test_ray_arena.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from pakka.research.ray_local import cpu_since, session_cpu, workers

SPIN = "import time\nt = time.process_time()\nwhile time.process_time() - t < {s}: pass\n"
"""A child that uses ``s`` CPU seconds and ends."""


def test_a_sessions_cpu_is_counted_by_pid_and_only_that_session() -> None:
    # a parent that starts a spinning child and waits for it: the child's CPU is the
    # parent's reaped children's CPU afterwards
    parent = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import subprocess, sys, time\n"
            f"subprocess.run([sys.executable, '-c', {SPIN.format(s=0.5)!r}])\n"
            "time.sleep(60)",
        ],
        start_new_session=True,
    )
    try:
        before = session_cpu(parent.pid)
        assert parent.pid in before
        deadline = time.monotonic() + 120  # a loaded machine runs the child slowly
        used = 0.0
        while time.monotonic() < deadline:
            used = cpu_since(before, session_cpu(parent.pid))
            if used >= 0.45:
                break
            time.sleep(0.2)
        assert used >= 0.45, used
        assert os.getpid() not in session_cpu(parent.pid)  # not this test's own session
        assert workers(session_cpu(parent.pid)) == set()  # no process titled ray::
        assert cpu_since(before, session_cpu(parent.pid), only=set()) == 0.0
    finally:
        parent.kill()
        parent.wait()


def test_cpu_since_counts_new_processes_from_zero_and_ignores_ended_ones() -> None:
    before = {1: 2.0, 2: 5.0}
    after = {1: 3.5, 3: 0.25}  # 2 ended, 3 is new
    assert cpu_since(before, after) == 1.75
    assert cpu_since(before, after, only={3}) == 0.25
