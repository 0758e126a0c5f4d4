"""The one place the tests reach ``../shared`` (the rule-book digests and the corpus beside the repository).

Tests take the corpus through the ``corpus`` fixture of ``conftest.py``, which skips cleanly, with the reason,
when the directory is absent (a clone of the repository alone, issue #27); the lists here only name files at
collection time (empty when absent) so that ``parametrize`` still collects. ``test_shared_data`` checks that no
other test module builds a path into ``../shared`` itself."""

from __future__ import annotations

from pathlib import Path

#: ``shared/`` sits beside the repository (a CI checkout has it there too; a bare clone does not).
SHARED = Path(__file__).resolve().parents[2] / "shared"
CORPUS = SHARED / "corpus"
#: Why the corpus tests skip in a clone of the repository alone.
ABSENT = f"the corpus ({CORPUS}) is not present beside the repository: corpus tests skipped"


def corpus_present() -> bool:
    """Whether ``../shared/corpus`` is there."""
    return CORPUS.is_dir()


def corpus_files(pattern: str) -> list[Path]:
    """The corpus files matching ``pattern`` (e.g. ``"lin/*"``), sorted; none when the corpus is absent."""
    return sorted(CORPUS.glob(pattern)) if corpus_present() else []


def corpus_cases(pattern: str) -> list[Path]:
    """``corpus_files`` for ``parametrize``: when the corpus is absent, one placeholder case, which the
    ``corpus`` fixture then skips with the reason (an empty parameter set would hide why)."""
    return corpus_files(pattern) if corpus_present() else [CORPUS / pattern]
