"""Every code block of the README runs as written (#17 item 9): a ``python`` block is saved as a script and run;
each command of a ``sh`` block must exit 0, given empty lines then EOF as input (an interactive command takes
its defaults, then ends at EOF).

Each block runs in a fresh directory holding a copy of ``examples/``. An HTML comment just above a block
tunes it: ``<!-- readme-test: slow -->`` (run by ``make test-all``), ``<!-- readme-test: skip (reason) -->``.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BLOCK = re.compile(r"(?:<!-- readme-test: (?P<mark>[^>]*?) -->\n)?```(?P<lang>\w+)\n(?P<code>.*?)^```", re.S | re.M)
CLI = [sys.executable, "-c", "from contractbridge.cli import main; main()"]


@dataclass(frozen=True)
class Block:
    line: int
    lang: str
    code: str
    mark: str

    @property
    def id(self) -> str:
        return f"README.md:{self.line}:{self.lang}"


def blocks() -> list[Block]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    out = []
    for m in BLOCK.finditer(text):
        line = text.count("\n", 0, m.start("code"))
        out.append(Block(line, m.group("lang"), m.group("code"), m.group("mark") or ""))
    return out


def commands(code: str) -> list[list[str]]:
    """The commands of a shell block: comments dropped, ``\\`` continuations joined."""
    out = []
    for line in code.replace("\\\n", " ").splitlines():
        words = shlex.split(line, comments=True)
        if words:
            out.append(words)
    return out


def _params() -> list[object]:
    params: list[object] = []
    for block in blocks():
        marks: list[pytest.MarkDecorator] = []
        if block.mark.startswith("slow"):
            marks.append(pytest.mark.slow)
        elif block.mark.startswith("skip"):
            marks.append(pytest.mark.skip(reason=block.mark))
        params.append(pytest.param(block, marks=marks, id=block.id))
    return params


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    return tmp_path


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "120", "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run(
        args, cwd=cwd, env=env, input="\n" * 20, capture_output=True, text=True, timeout=600, check=False
    )


def test_the_readme_has_blocks_of_both_kinds() -> None:
    langs = {b.lang for b in blocks()}
    assert {"python", "sh"} <= langs


@pytest.mark.parametrize("block", _params())
def test_readme_block_runs(block: Block, workdir: Path) -> None:
    if block.lang == "python":
        script = workdir / "snippet.py"
        script.write_text(block.code, encoding="utf-8")
        done = _run([sys.executable, str(script)], workdir)
        assert done.returncode == 0, f"{block.id}\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
        return
    assert block.lang == "sh", f"{block.id}: a code block in a language the README test cannot run"
    for words in commands(block.code):
        assert words[0] == "contractbridge", f"{block.id}: not a contractbridge command: {words}"
        done = _run([*CLI, *words[1:]], workdir)
        shown = " ".join(words)
        assert done.returncode == 0, f"{block.id}: {shown}\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
        assert "Traceback" not in done.stderr, f"{block.id}: {shown}\n{done.stderr[-3000:]}"
