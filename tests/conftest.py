"""Shared test helpers: the ``corpus`` fixture (the one way tests reach ``../shared``, see ``shared_data``), the
slow-test timeout and the robots' test effort."""

from __future__ import annotations

from pathlib import Path

import pytest

from shared_data import ABSENT, CORPUS, corpus_present


@pytest.fixture
def corpus() -> Path:
    """The real-world PBN/LIN/DDS corpus; tests that need it skip cleanly when it is absent."""
    if not corpus_present():
        pytest.skip(ABSENT)
    return CORPUS


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A slow suite (``make test-all``) may run for many minutes: its bound is 30 min a test, not the 300 s of
    ``make test`` (pyproject), unless the test names its own."""
    for item in items:
        if item.get_closest_marker("slow") is not None and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(1800))


@pytest.fixture(autouse=True)
def _robots_at_low_effort(monkeypatch: pytest.MonkeyPatch) -> None:
    """Robot seats built without an explicit effort (terminal, web table, and the processes tests start) think
    at the ``low`` effort: small, reproducible samples keep the suite fast on 2 cores (issue #13)."""
    monkeypatch.setenv("CONTRACTBRIDGE_ROBOT_EFFORT", "low")


@pytest.fixture(autouse=True)
def _data_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``play`` keeps its logs under the user's data directory when no ``--log`` is given (issue #27): every test
    (and every process it starts) has its own, never the developer's ``~/.local/share``."""
    home = tmp_path_factory.mktemp("data-home")
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home
