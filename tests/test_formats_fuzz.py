"""Hypothesis over mutated corpus files: the readers raise nothing but FormatError with line and column, and
what they read round-trips (the fuzz target is tests/fuzz_formats.py)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz_formats import ALPHABET, READERS, campaign, mutate, seeds, target
from shared_data import corpus_present

SEEDS = seeds() if corpus_present() else []


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(index=st.integers(min_value=0), seed=st.integers(min_value=0, max_value=2**32), count=st.integers(1, 25))
def test_mutated_corpus_files(corpus: Path, index: int, seed: int, count: int) -> None:
    kind, data = SEEDS[index % len(SEEDS)]
    target(mutate(data, random.Random(seed), count), kind)


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet=ALPHABET, max_size=300), kind=st.sampled_from(["pbn", "lin", "jsonl"]))
def test_random_text(text: str, kind: str) -> None:
    target(text.encode("utf-8"), kind)


# ---------------------------------------------------------------------------------------------- campaigns
# Issue #18 item 5: a fuzz target per reader (``READERS``: PBN, LIN and JSON-lines records, each also through
# `check --replay`, `rule` logs, rubber sheets and rubber game logs, CSV results, system descriptions), seeded;
# the slow suite feeds 20,000 inputs per reader and prints the figures (untyped exceptions, inputs whose reading
# took over a second of CPU). No test asserts a time: the figure is printed.


def _campaign(kind: str, count: int, capsys: pytest.CaptureFixture[str], every: int) -> None:
    figures = campaign(kind, count, seed=18, every=every)
    with capsys.disabled():
        print(f"\n{figures}")
    assert figures.inputs == count
    assert not figures.untyped, "\n".join(f"{n} × {sig}: {figures.messages[sig]}" for sig, n in figures.untyped.items())


#: Readers whose inputs replay whole boards or rubbers through the table: a shorter run in ``make test``.
_COSTLY = ("pbn", "pbn-check", "lin-check", "rubber-log")


@pytest.mark.parametrize("kind", READERS)
def test_fuzz_readers_short(corpus: Path, kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    _campaign(kind, 30 if kind in _COSTLY else 100, capsys, every=1)  # a smoke run; the findings have tests


@pytest.mark.slow
@pytest.mark.timeout(3600)  # a campaign is bounded by its count; PBN takes about 6 CPU minutes
@pytest.mark.parametrize("kind", READERS)
def test_fuzz_readers_20000(corpus: Path, kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    _campaign(kind, 20_000, capsys, every=10)
