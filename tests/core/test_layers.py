"""The layers of pakka, checked on the source: ``core`` <- ``games`` <- ``bots`` <-
front ends. A lower layer never imports a higher one (``core`` knows no game:
games register themselves into its empty registry)."""

from __future__ import annotations

import ast
from pathlib import Path

import pakka
from pakka.core import registry

SRC = Path(pakka.__file__).parent

HIGHER = {
    "core": (
        "pakka.games",
        "pakka.bots",
        "pakka.cli",
        "pakka.server",
        "pakka.research",
        "pakka.arena",
        "pakka.bench",
        "pakka.i18n",
    ),
    "games": (
        "pakka.bots",
        "pakka.cli",
        "pakka.server",
        "pakka.research",
        "pakka.arena",
        "pakka.bench",
    ),
    "bots": ("pakka.cli", "pakka.server", "pakka.research", "pakka.review"),
    "ratings": (
        "pakka.bots",
        "pakka.cli",
        "pakka.server",
        "pakka.research",
        "pakka.arena",
        "pakka.bench",
    ),
    "review": ("pakka.cli", "pakka.server", "pakka.research", "pakka.arena", "pakka.bench"),
}


def _imports(path: Path) -> list[str]:
    """Every module a file imports (top level or inside functions)."""
    out: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append(node.module)
            if node.module == "pakka":
                out.extend(f"pakka.{alias.name}" for alias in node.names)
    return out


def test_no_layer_imports_a_higher_one() -> None:
    """``core`` imports nothing from ``games`` (nor anything above); ``games`` nothing
    from bots or front ends; ``bots`` nothing from front ends."""
    bad = []
    for layer, forbidden in HIGHER.items():
        for path in sorted((SRC / layer).rglob("*.py")):
            for name in _imports(path):
                if name == "pakka" or name.startswith(forbidden):
                    bad.append(f"{path.relative_to(SRC)} imports {name}")
    assert bad == []


def test_the_core_registry_starts_empty_and_games_register_themselves() -> None:
    """``pakka.core.registry`` holds no game of its own: the built-in games are added
    by ``pakka.games`` (imported by ``import pakka``), and others with ``register``."""
    source = (SRC / "core" / "registry.py").read_text(encoding="utf-8")
    assert "koodinmurtaja" not in source
    assert "REGISTRY: dict[str, str] = {}" in source
    from pakka.games import BUILTIN

    assert list(BUILTIN) == pakka.games()[: len(BUILTIN)]
    registry.register("layer-toy", "tests.nowhere:Toy")
    try:
        assert "layer-toy" in pakka.games()
        assert registry.game_module("layer-toy") == "tests.nowhere"
    finally:
        registry.unregister("layer-toy")
    assert "layer-toy" not in pakka.games()
