"""Shared test helpers: where the project's shared data (rule-book digests, corpus) lives."""

from __future__ import annotations

from pathlib import Path

import pytest

#: ``shared/`` sits beside the repository (a clean clone in CI has it there too).
SHARED = Path(__file__).resolve().parents[2] / "shared"
CORPUS = SHARED / "corpus"


@pytest.fixture
def corpus() -> Path:
    """The real-world PBN/LIN/DDS corpus; tests that need it skip cleanly when it is absent."""
    if not CORPUS.is_dir():
        pytest.skip("shared/corpus is not present beside the repository")
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
