#!/usr/bin/env bash
# Runs pakka's whole test suite on a fresh machine that has only Python >= 3.11.
# It installs what the tests need where it can (uv from PyPI, the locked Python
# environment, a C compiler, Chromium and PostgreSQL from apt when run as root), starts a private
# PostgreSQL cluster for the server tests, then runs ruff, mypy --strict and pytest.
# Extra arguments go to pytest, e.g. ./test.sh tests/games -x
set -euo pipefail
cd "$(dirname "$0")"
export UV_PYTHON_DOWNLOADS=never
export PATH="$HOME/.local/bin:$PATH"

say() { printf '\n== %s\n' "$*"; }

if ! command -v uv >/dev/null 2>&1; then
  say "installing uv"
  python3 -m pip install --quiet --user uv 2>/dev/null || python3 -m pip install --quiet uv
fi

apt_install() {
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    if [ -z "${_APT_UPDATED:-}" ]; then apt-get update -qq >/dev/null; _APT_UPDATED=1; fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  else
    return 1
  fi
}

# The 'fast' extra compiles the research encoders (pakka_fast, fast/): it needs a C
# compiler and the Python headers of the interpreter uv builds with.
if ! command -v cc >/dev/null 2>&1 \
  || ! python3 -c 'import os, sysconfig; assert os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h"))' 2>/dev/null; then
  say "installing a C compiler and the Python headers (the compiled research encoders)"
  apt_install gcc python3-dev || echo "WARNING: could not install gcc/python3-dev; the 'fast' extra will not build"
fi

say "installing the locked environment"
# The extras the suite needs, by name: not --all-extras, which would also pull in
# the 'learn' extra (PyTorch, gigabytes) that only examples/learn uses.
# 'fast' is the compiled research encoders (see above).
uv sync --frozen --quiet --extra postgres --extra research --extra peers --extra distributed --extra fast

if [ ! -x /usr/bin/chromium ]; then
  say "installing Chromium for the browser tests"
  apt_install chromium || echo "WARNING: could not install Chromium (not root or no apt); browser tests will fail"
fi
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  say "installing Node.js and npm for the client's type check"
  apt_install nodejs npm || echo "WARNING: could not install Node.js; the type check will fail"
fi
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  say "installing nginx (the reverse proxy of the multi-process tests)"
  apt_install nginx || echo "WARNING: could not install nginx; the proxy tests will fail"
fi
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  say "installing PostgreSQL for the server tests"
  apt_install postgresql || echo "WARNING: could not install PostgreSQL; PostgreSQL tests will fail"
fi

if [ -z "${PAKKA_TEST_PG_URL:-}" ] && [ -x scripts/pg.sh ]; then
  say "starting a private PostgreSQL cluster"
  if pg_url=$(scripts/pg.sh start); then
    export PAKKA_TEST_PG_URL="$pg_url"
    trap 'scripts/pg.sh stop >/dev/null 2>&1 || true' EXIT
    echo "PostgreSQL at $PAKKA_TEST_PG_URL"
  else
    echo "WARNING: could not start PostgreSQL; PostgreSQL tests will fail"
  fi
fi

say "ruff"
uv run ruff check src tests benchmarks fast
uv run ruff format --check src tests benchmarks fast
say "mypy --strict"
uv run mypy
say "tsc --noEmit (the browser client, // @ts-check; TypeScript pinned in tools/package-lock.json)"
uv run python scripts/gen_ts_types.py --check
(cd tools && npm ci --no-audit --no-fund --silent && npx --no-install tsc --noEmit -p tsconfig.json)
say "pytest"
uv run pytest "$@"
