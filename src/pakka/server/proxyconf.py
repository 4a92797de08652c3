"""The nginx configuration of a proxied multi-process site: one place that writes it,
for the tests' proxy fixture and the cluster mode of ``benchmarks/load.py``.

nginx spreads HTTP and WebSocket connections over the ``pakka serve`` processes
(round robin), sets ``X-Forwarded-For`` (the processes trust it from the proxy
only: ``PAKKA_TRUSTED_PROXIES``), and sends a request to the next process when one
refuses connections (a killed or restarting process).
"""

from __future__ import annotations

from pathlib import Path

TEMP_DIRS = ("body", "proxy", "fastcgi", "uwsgi", "scgi")


def nginx_config(prefix: Path, port: int, upstreams: list[str], connections: int = 512) -> str:
    """The text of an ``nginx.conf`` that serves ``127.0.0.1:port`` in the foreground,
    keeps its pid file, log and temp files under ``prefix`` (made here), and proxies to
    ``upstreams`` (``host:port`` each); ``connections`` per worker (each proxied
    WebSocket takes two)."""
    for d in TEMP_DIRS:
        (prefix / d).mkdir(parents=True, exist_ok=True)
    servers = "\n".join(f"    server {u} max_fails=1 fail_timeout=2s;" for u in upstreams)
    return f"""daemon off;
worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections {connections}; }}
http {{
  access_log off;
  client_body_temp_path {prefix}/body;
  proxy_temp_path {prefix}/proxy;
  fastcgi_temp_path {prefix}/fastcgi;
  uwsgi_temp_path {prefix}/uwsgi;
  scgi_temp_path {prefix}/scgi;
  map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
  upstream pakka {{
{servers}
  }}
  server {{
    listen 127.0.0.1:{port};
    location / {{
      proxy_pass http://pakka;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_next_upstream error timeout http_502;
      proxy_connect_timeout 2s;
      proxy_read_timeout 3600s;
    }}
  }}
}}
"""
