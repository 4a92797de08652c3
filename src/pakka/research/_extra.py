"""A clear message when an optional extra (``research``, ``distributed``) is not installed."""

from __future__ import annotations

import importlib

EXTRA_HINT = "pip install 'pakka[research]'  (or: uv sync --extra research)"


def require(*modules: str, extra: str = "research") -> None:
    """Import ``modules`` or raise :class:`ModuleNotFoundError` naming the extra to install."""
    hint = EXTRA_HINT.replace("research", extra)
    for name in modules:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as e:
            missing = e.name or name
            raise ModuleNotFoundError(
                f"pakka.research needs the {extra!r} extra ({missing!r} is not installed): {hint}",
                name=missing,
            ) from e
