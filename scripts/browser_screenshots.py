"""Screenshots of the browser client for docs/browser.md, made by Playwright.

Starts ``pakka serve`` on a free 127.0.0.1 port with a temporary SQLite file,
opens a Viisisataa and a Räväytys table in Finnish against bots from the lobby
(Debian's Chromium at /usr/bin/chromium), waits for the human's first turn and
saves ``docs/img/viisisataa-fi.png`` and ``docs/img/ravaytys-fi.png``.

    uv run python scripts/browser_screenshots.py [--out docs/img]

The deals are random (a new table each run), so the pictures change from run to
run; what they show is the table as a Finnish player sees it.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
TABLES = {
    "viisisataa": (3, {"max_hands": "1"}),
    "ravaytys": (3, {}),
}
"""Game -> players and lobby options of the table to photograph."""


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_up(url: str, proc: subprocess.Popen[bytes]) -> None:
    """Wait until the server answers (or fail if it exits or takes 30 s)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit("pakka serve exited")
        try:
            with urllib.request.urlopen(url + "/api/games", timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("pakka serve did not start in 30 s")


def photograph(page: Page, url: str, game: str, out: Path) -> Path:
    """Create a table of ``game`` from the lobby, wait for the first turn, save it."""
    players, options = TABLES[game]
    page.goto(url + "/#/")
    page.click(f'[data-game="{game}"]')
    page.wait_for_selector(f'[data-game="{game}"][aria-pressed="true"]')
    page.select_option("#players", str(players))
    for key, value in options.items():
        page.fill(f"#opt-{key}", value)
    for i in range(1, players):
        page.select_option(f"#seat-{i}", "bot:easy")
    page.fill("#my-name", "Aino")
    page.click("#create")
    page.wait_for_selector('#table[data-mine="true"]', timeout=30_000)
    page.wait_for_timeout(300)
    path = out / f"{game}-fi.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def main() -> None:
    """Serve, photograph both tables in Finnish, stop the server."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "shots.sqlite3"
        env = dict(os.environ, PAKKA_BOT_PAUSE="0")
        serve = "from pakka.cli.main import main; main()"
        cmd = [sys.executable, "-c", serve, "serve", "--port", str(port), "--db", str(db)]
        proc = subprocess.Popen(cmd, env=env, cwd=ROOT)
        try:
            wait_up(url, proc)
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                try:
                    ctx = browser.new_context(
                        viewport={"width": 1280, "height": 860}, locale="fi-FI"
                    )
                    page = ctx.new_page()
                    for game in TABLES:
                        print(photograph(page, url, game, args.out))
                finally:
                    browser.close()
        finally:
            # Stop only the server this script started, by its pid.
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


if __name__ == "__main__":
    main()
