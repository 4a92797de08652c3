"""WCAG 2.2 AA checks with axe-core on the lobby, a rules page and a table of every
game, in both languages (issue 15).

axe-core is the npm package pinned in ``tools/package.json`` (``npm ci`` in
``tools`` installs it, as ``test.sh`` does); it is injected into the page and run
with the WCAG A/AA rule tags. Every violation fails the test, whatever its impact.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from pakka.core.registry import games

from .browser_helpers import DESKTOP, ROOT, start_game
from .test_words_browser import LOCALES, SETUP

AXE = ROOT / "tools" / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

RUN_JS = """(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags},
  resultTypes: ['violations']}).then((r) => r.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ' — ' + n.failureSummary)})))"""


def _axe_path() -> Path:
    if not AXE.exists():
        msg = f"{AXE} is missing: run `npm ci` in tools/"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(msg)
        pytest.skip(msg)
    return AXE


def violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's WCAG A/AA violations on the page as it is now."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(_axe_path()))
    return list(page.evaluate(RUN_JS, TAGS))


def _explain(where: str, found: list[dict[str, Any]]) -> str:
    lines = [f"{where}: {len(found)} axe violations"]
    for v in found:
        lines.append(f"  [{v['impact']}] {v['id']}: {v['help']}")
        lines.extend(f"      {n}" for n in v["nodes"])
    return "\n".join(lines)


def _context(browser: Any, lang: str) -> Any:
    return browser.new_context(viewport=DESKTOP, locale=LOCALES[lang])


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_lobby_and_rules_page_have_no_violations(browser: Any, server: str, lang: str) -> None:
    _axe_path()
    ctx = _context(browser, lang)
    try:
        page = ctx.new_page()
        page.goto(server + "/#/")
        page.wait_for_selector("#create")
        page.wait_for_selector("#open-tables .table-list, #open-tables p:not(:empty)")
        found = violations(page)
        assert not found, _explain(f"lobby ({lang})", found)
        # The lobby of a game with options of every kind.
        page.click('[data-game="viisisataa"]')
        page.wait_for_selector('[data-game="viisisataa"][aria-pressed="true"]')
        found = violations(page)
        assert not found, _explain(f"lobby of viisisataa ({lang})", found)
        page.goto(server + "/#rules=koodinmurtaja")
        page.wait_for_selector("article.rules .md")
        found = violations(page)
        assert not found, _explain(f"rules page ({lang})", found)
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["fi", "en"])
@pytest.mark.parametrize("game", sorted(SETUP))
def test_table_has_no_violations(browser: Any, server: str, game: str, lang: str) -> None:
    """A table of ``game`` on the human's first turn (its controls on screen)."""
    _axe_path()
    ctx = _context(browser, lang)
    try:
        page = ctx.new_page()
        players, options = SETUP[game]
        seats = ["human"] + ["bot:easy"] * (players - 1)
        start_game(page, server, game, players, seats, options=options)
        found = violations(page)
        assert not found, _explain(f"{game} table ({lang})", found)
    finally:
        ctx.close()


def test_every_registered_game_is_checked() -> None:
    assert set(SETUP) == set(games())
