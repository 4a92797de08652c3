"""Settings: database URLs and environment variables."""

from __future__ import annotations

from pathlib import Path

import pytest

from pakka.server.config import Settings, db_url


def test_db_url_forms(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PAKKA_DB", raising=False)
    assert db_url(None) == f"sqlite:///{tmp_path / 'pakka.sqlite3'}"
    assert db_url("games.db") == f"sqlite:///{tmp_path / 'games.db'}"
    assert db_url("postgresql://u@h/d") == "postgresql+psycopg://u@h/d"
    assert db_url("sqlite:////x/y.db") == "sqlite:////x/y.db"
    monkeypatch.setenv("PAKKA_DB", "other.db")
    assert db_url(None) == f"sqlite:///{tmp_path / 'other.db'}"


def test_settings_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAKKA_BOT_PAUSE", "0.25")
    monkeypatch.setenv("PAKKA_MAX_FRAME", "2048")
    monkeypatch.setenv("PAKKA_SQLITE_SYNC", "FULL")
    s = Settings.from_env(db="x.db")
    assert (s.bot_pause, s.max_frame, s.sqlite_sync, s.db) == (0.25, 2048, "FULL", "x.db")


def test_stacked_decks_are_off_unless_the_testing_flag_is_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("PAKKA_ALLOW_STACKED_DECKS", raising=False)
    assert Settings.from_env().allow_stacked_decks is False
    for raw, want in (("1", True), ("true", True), ("0", False), ("no", False)):
        monkeypatch.setenv("PAKKA_ALLOW_STACKED_DECKS", raw)
        assert Settings.from_env().allow_stacked_decks is want
