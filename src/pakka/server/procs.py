"""Starting and stopping the child processes of a proxied site, for the tests'
proxy fixture and the cluster mode of ``benchmarks/load.py``: nginx in the
foreground with the configuration of :mod:`pakka.server.proxyconf`, and stopping
(or killing) a child this process started, by its own pid only, never by name.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
from pathlib import Path

from pakka.server.proxyconf import nginx_config

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
"""The nginx binary (Debian's; ``./test.sh`` installs it)."""


def start_nginx(
    prefix: Path, port: int, upstreams: list[str], connections: int = 512
) -> subprocess.Popen[bytes]:
    """nginx in the foreground as this process's child, serving ``127.0.0.1:port`` and
    proxying to ``upstreams`` (:func:`~pakka.server.proxyconf.nginx_config`), with its
    ``nginx.conf``, pid file, log and temp files under ``prefix``. It does not wait for
    nginx to answer; stop it with :func:`stop_child`."""
    conf = prefix / "nginx.conf"
    conf.write_text(nginx_config(prefix, port, upstreams, connections))
    return subprocess.Popen(
        [NGINX, "-c", str(conf), "-p", str(prefix)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def kill_child(proc: subprocess.Popen[bytes], timeout: float = 10.0) -> None:
    """SIGKILL the child ``proc`` (by its own pid) unless it has exited, and reap it
    (waiting at most ``timeout`` seconds)."""
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout)


def stop_child(
    proc: subprocess.Popen[bytes], timeout: float = 10.0, kill_timeout: float = 10.0
) -> None:
    """SIGTERM the child ``proc`` (by its own pid) unless it has exited, wait up to
    ``timeout`` seconds for it to finish (a server drains and gives its leases up), and
    when it hangs :func:`kill_child` it (reaped within ``kill_timeout``)."""
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        kill_child(proc, kill_timeout)
