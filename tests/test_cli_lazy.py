"""#28 item 2: ``contractbridge --help`` without importing the command modules (lazy imports; the listing
shipped as data in ``contractbridge.commands.INDEX``), and the package's names imported on first use."""

from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

import contractbridge
from contractbridge.cli import COMMAND_MODULES, app, commands_of
from contractbridge.commands import INDEX


def _entry(module: str) -> tuple[tuple[str, str], ...]:
    """What ``INDEX[module]`` must hold: each command's name and the first paragraph of its help."""
    return tuple(
        (name, inspect.cleandoc(command.short_help or command.help or "").split("\n\n")[0])
        for name, command in commands_of(module).items()
    )


def _render(index: dict[str, tuple[tuple[str, str], ...]]) -> str:
    """``INDEX`` as the source text of ``contractbridge/commands/__init__.py`` holds it."""
    lines = ["INDEX: Final[dict[str, tuple[tuple[str, str], ...]]] = {"]
    for module, commands in index.items():
        lines.append(f"    {json.dumps(module)}: (")
        for name, text in commands:
            words = text.split(" ")
            chunks, line = [], ""
            for word in words:
                if line and len(line) + len(word) > 90:
                    chunks.append(line)
                    line = ""
                line += word + " "
            chunks.append(line[:-1])
            body = "\n".join(f"            {json.dumps(c, ensure_ascii=False)}" for c in chunks)
            lines.append(f"        (\n            {json.dumps(name)},\n{body},\n        ),")
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines)


def test_the_index_lists_every_command_with_its_help() -> None:
    expected = {module: _entry(module) for module in COMMAND_MODULES}
    hint = "regenerate INDEX in contractbridge/commands/__init__.py (python tests/test_cli_lazy.py):\n"
    assert expected == INDEX, hint + _render(expected)


def test_the_top_level_help_lists_every_command_without_importing_them() -> None:
    code = (
        "import sys\nfrom contractbridge.cli import main\nsys.argv = ['contractbridge', '--help']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith('contractbridge')))"
    )
    env = {**os.environ, "COLUMNS": "160"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
    for module in COMMAND_MODULES:
        for name, help_text in INDEX[module]:
            assert f" {name} " in out and help_text.split("\n")[0][:40] in out
    loaded = out.strip().splitlines()[-1]
    assert "contractbridge.table" not in loaded and "contractbridge.commands.table" not in loaded
    assert "contractbridge.laws" not in loaded and "contractbridge.robots" not in loaded


def test_the_help_wraps_each_paragraph_to_the_terminal() -> None:
    """A docstring's line breaks (cut at 120 columns in the source) are not the help's: the listing and a
    command's own help wrap each paragraph to the terminal (a lone "10 first." line, a paragraph cut after
    "With" before)."""
    code = "import sys\nfrom contractbridge.cli import main\nsys.argv = ['contractbridge', *sys.argv[1:]]\nmain()\n"
    env = {**os.environ, "COLUMNS": "200"}
    for args, line in ((["--help"], "rounded to the nearest 10 first."),
                       (["play", "--help"], "a summary at the end. With --deals FILE.pbn")):  # fmt: skip
        run = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env)
        assert run.returncode == 0 and line in run.stdout, run.stdout


def test_a_command_loads_its_module_when_it_runs() -> None:
    result = CliRunner().invoke(app, ["score", "4S", "N", "--tricks", "10", "--vul", "NS"])
    assert result.exit_code == 0 and "620" in result.output
    shown = CliRunner().invoke(app, ["imps", "--help"])
    assert shown.exit_code == 0 and "L78B" in shown.output


def test_the_package_names_resolve_on_first_use() -> None:
    for name in contractbridge.__all__:
        assert getattr(contractbridge, name) is not None
    assert set(contractbridge.__all__) <= set(dir(contractbridge))
    with pytest.raises(AttributeError, match="no_such_name"):
        contractbridge.no_such_name  # noqa: B018


def test_a_module_missing_from_the_index_is_listed_from_the_module(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(INDEX, "scoring")
    monkeypatch.setenv("COLUMNS", "160")
    shown = CliRunner().invoke(app, ["--help"]).output
    listed = [line[2:].split(" ")[0] for line in shown.splitlines() if line.startswith("│ ")]  # continuations: ""
    assert listed.count("matchpoint") == 1 and listed.count("deal") == 1 and "serve" in listed


def test_a_score_sheet_finds_its_edition_when_nothing_imported_the_laws() -> None:
    """The package's names load lazily, so ``rulebooks.find`` loads the rule books itself (NBB R27-R37)."""
    code = (
        "import sys\nfrom contractbridge import Contract, Seat\nfrom contractbridge.scoring import rubber\n"
        "assert 'contractbridge.laws' not in sys.modules\n"
        "sheet = rubber.Rubber('NBB30')\nsheet.record(Contract.parse('4S'), Seat.NORTH, 10)\n"
        "print(sheet.result().totals)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "(120, 0)"


def test_python_dash_m_runs_the_command() -> None:
    """``python -m contractbridge.cli`` is the ``contractbridge`` command (it did nothing at all before)."""
    out = subprocess.run([sys.executable, "-m", "contractbridge.cli", "--version"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.startswith("contractbridge ")


if __name__ == "__main__":  # `python tests/test_cli_lazy.py` rewrites INDEX after a command's help changes
    import re
    from pathlib import Path

    source = Path(contractbridge.commands.__file__)
    text = source.read_text(encoding="utf-8")
    block = re.compile(r"^INDEX: Final\[.*?^\}$", re.MULTILINE | re.DOTALL)
    fresh = _render({module: _entry(module) for module in COMMAND_MODULES})
    source.write_text(block.sub(lambda _: fresh, text, count=1), encoding="utf-8")
    print(f"wrote {source}")
