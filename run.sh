#!/usr/bin/env bash
# Starts pakka on a fresh machine that has only Python >= 3.11: installs uv and the
# locked environment, then runs `pakka serve` (the web site on http://127.0.0.1:8000
# with an embedded SQLite database). Other pakka commands: ./run.sh play koodinmurtaja
# (./run.sh --help lists them; ./run.sh serve --port 8080 picks another port).
set -euo pipefail
cd "$(dirname "$0")"
export UV_PYTHON_DOWNLOADS=never
export PATH="$HOME/.local/bin:$PATH"
if ! command -v uv >/dev/null 2>&1; then
  python3 -m pip install --quiet --user uv 2>/dev/null || python3 -m pip install --quiet uv
fi
# --inexact: only add what is missing, never remove. ./test.sh installs every extra
# (research, postgres); an exact sync here would uninstall them again, even under a
# test suite that is running at that moment.
uv sync --frozen --inexact --quiet
# pakka's messages ("continue later with: ... play --resume FILE") name this script.
export PAKKA_PROG="${PAKKA_PROG:-./run.sh}"
if [ "$#" -eq 0 ]; then set -- serve; fi
exec uv run --frozen pakka "$@"
