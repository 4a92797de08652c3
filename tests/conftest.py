"""Shared pytest configuration for pakka's tests.

In CI (``CI=true``) a skipped test is a failure: every test must be able to run
there (the test command installs Chromium and starts PostgreSQL first).
"""

from __future__ import annotations

import os
from collections.abc import Generator

import pluggy
import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pluggy.Result[pytest.TestReport], None]:
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    if os.environ.get("CI") == "true" and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"skipped in CI (not allowed): {report.longrepr}"
