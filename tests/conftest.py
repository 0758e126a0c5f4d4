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


@pytest.fixture(autouse=True)
def _robots_at_low_effort(monkeypatch: pytest.MonkeyPatch) -> None:
    """Robot seats built without an explicit effort (terminal, web table, and the processes tests start) think
    at the ``low`` effort: small, reproducible samples keep the suite fast on 2 cores (issue #13)."""
    monkeypatch.setenv("CONTRACTBRIDGE_ROBOT_EFFORT", "low")
