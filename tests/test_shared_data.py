"""Issue #27: the repository passes its own tests without ``../shared``. Every test reaches it through the
``corpus`` fixture (``conftest.py``) and the file lists of ``shared_data``; no other test module builds a path
into it, so none can fail with "cannot read" where it should skip."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

from shared_data import CORPUS, corpus_cases

TESTS = Path(__file__).resolve().parent
#: A path built into ``../shared``: ``parents[2] / "shared"``, a ``"../shared"`` string, ``Path("…/shared")``.
REACHES_SHARED = re.compile(r"""parents\[\d\]\s*/\s*["']shared["']|["'][\w./-]*\.\./shared|/\s*["']shared["']""")


def test_no_test_builds_a_path_into_shared() -> None:
    offenders = [
        f"{p.name}:{n}"
        for p in sorted(TESTS.glob("*.py"))
        if p.name not in ("shared_data.py", "test_shared_data.py")
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if REACHES_SHARED.search(line)
    ]
    assert offenders == [], f"reach ../shared through the corpus fixture / shared_data: {offenders}"


def test_the_guard_sees_the_ways_a_path_is_built() -> None:
    for line in ('C = Path(__file__).resolve().parents[2] / "shared" / "corpus"', 'open("../shared/corpus/x.lin")'):
        assert REACHES_SHARED.search(line)
    assert not REACHES_SHARED.search("digest ``shared/spec/laws-wbf2017.md`` §12.13")


def test_a_bare_clone_skips_corpus_tests_with_the_reason(tmp_path: Path) -> None:
    """The real ``conftest.py`` and ``shared_data.py`` where no ``shared/`` is beside them (as in a clone of the
    repository alone): a test taking the fixture, and a parametrized one, are skipped saying why."""
    tests = tmp_path / "repo" / "tests"
    tests.mkdir(parents=True)
    for name in ("conftest.py", "shared_data.py"):
        shutil.copy(TESTS / name, tests / name)
    (tests / "test_uses.py").write_text(
        "from shared_data import corpus_cases\n"
        "import pytest\n"
        "def test_reads(corpus):\n    assert corpus.is_dir()\n"
        "@pytest.mark.parametrize('path', corpus_cases('lin/*'))\n"
        "def test_each(corpus, path):\n    assert path.is_file()\n"
    )
    assert not (tmp_path / "shared").exists()
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "-p", "no:randomly", str(tests)],
        cwd=tests.parent,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "2 skipped" in run.stdout and run.stdout.count("not present beside the repository") == 2


def test_cases_are_a_placeholder_when_absent(corpus: Path) -> None:
    assert all(p.is_relative_to(CORPUS) and p.exists() for p in corpus_cases("lin/*"))
