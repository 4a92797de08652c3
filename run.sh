#!/usr/bin/env bash
# Starts pakka on a fresh machine that has only Python >= 3.11: installs uv and the
# locked environment, then runs `pakka serve` (the web site on http://127.0.0.1:8000
# with an embedded SQLite database). Other pakka commands: ./run.sh play koodinmurtaja
set -euo pipefail
cd "$(dirname "$0")"
export UV_PYTHON_DOWNLOADS=never
export PATH="$HOME/.local/bin:$PATH"
if ! command -v uv >/dev/null 2>&1; then
  python3 -m pip install --quiet --user uv 2>/dev/null || python3 -m pip install --quiet uv
fi
uv sync --frozen --quiet
if [ "$#" -eq 0 ]; then set -- serve; fi
exec uv run --frozen pakka "$@"
