"""A clear message when the ``research`` extra is not installed."""

from __future__ import annotations

import importlib

EXTRA_HINT = "pip install 'pakka[research]'  (or: uv sync --extra research)"


def require(*modules: str) -> None:
    """Import ``modules`` or raise :class:`ModuleNotFoundError` naming the extra to install."""
    for name in modules:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as e:
            missing = e.name or name
            raise ModuleNotFoundError(
                f"pakka.research needs the 'research' extra ({missing!r} is not installed): "
                f"{EXTRA_HINT}",
                name=missing,
            ) from e
