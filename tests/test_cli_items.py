"""#17 items 8, 13, 14, 15: the version and help placeholders, early refusal of impossible constraints, the
rubber command's prompts and sheet, and the documented type of ``compare.matchpoints``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from contractbridge.cli import app, main
from contractbridge.formats.inputs import LIMITS
from contractbridge.scoring import compare

runner = CliRunner()


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The installed entry point (``main``), which names the help placeholders, in a process of its own."""
    code = "from contractbridge.cli import main; main()"
    env = {**os.environ, "COLUMNS": "160"}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, check=False)


def help_of(command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    """``contractbridge COMMAND --help`` through ``main``, in this process (a process each costs a second)."""
    monkeypatch.setenv("COLUMNS", "160")
    monkeypatch.setattr(sys, "argv", ["contractbridge", command, "--help"])
    with pytest.raises(SystemExit) as done:
        main()
    assert done.value.code == 0
    return capsys.readouterr().out


def test_version_and_help_placeholders(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Item 8: ``--version``; option values named after the option, no Typer ``<str>``/``<bool>`` types."""
    result = cli("--version")
    assert result.returncode == 0 and result.stdout.startswith("contractbridge ")
    for command in ("score", "play", "replay", "generate", "rubber"):
        shown = help_of(command, monkeypatch, capsys)
        assert "<str>" not in shown and "<bool>" not in shown and "<int>" not in shown, shown
        if command == "play":
            assert "--seed" in shown and "SEED" in shown
        if command == "replay":
            assert "docs/architecture.md" in shown


def test_generate_refuses_an_impossible_constraint_at_once() -> None:
    """Item 13: no deal of a first batch satisfies hcp(N) > 37: refused with one line, not minutes of dealing."""
    result = runner.invoke(app, ["generate", "hcp(N) > 37"])
    assert result.exit_code != 0 and "no deal of 65,536 satisfied the constraint" in result.output
    rare = runner.invoke(app, ["generate", "hcp(N) >= 30", "-n", "1000", "--seed", "1"])
    assert rare.exit_code != 0 and "more than the 100,000,000 allowed" in rare.output
    fine = runner.invoke(app, ["generate", "hcp(N) >= 20", "-n", "3", "--seed", "1"])
    assert fine.exit_code == 0 and len(fine.output.splitlines()) == 3


def test_rubber_asks_a_bad_field_again_and_shows_games_and_vulnerability(tmp_path: Path) -> None:
    """Item 14: a bad field is asked again (the hand is kept), 14 tricks refused before the honours question,
    the sheet shows games and vulnerability; EOF ends cleanly with the sheet saved."""
    save = tmp_path / "r.json"
    keys = "4S\nX\nN\n14\n10\n\n"
    result = runner.invoke(app, ["rubber", "--save", str(save)], input=keys)
    assert result.exit_code == 0, result.output
    assert "not a seat: 'X'" in result.output and "not '14'" in result.output
    assert result.output.index("not '14'") < result.output.index("Honours")
    assert "Games: NS 1, EW 0; vulnerable: NS" in result.output and "hand was not recorded" not in result.output
    assert save.is_file()
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (LIMITS["rubber"] + 10))
    huge = runner.invoke(app, ["rubber", "--load", str(big)])
    assert huge.exit_code == 2 and "larger than" in huge.output and "Traceback" not in huge.output


def test_matchpoints_type_is_the_documented_float_array() -> None:
    """Item 15, decided: ``compare.matchpoints`` returns a NumPy float array (the README shows it so)."""
    mp = compare.matchpoints([450, 420, 420, 400, -50])
    assert isinstance(mp, np.ndarray) and mp.dtype.kind == "f"
    assert mp.tolist() == [8.0, 5.0, 5.0, 2.0, 0.0]
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    assert "array([8., 5., 5., 2., 0.])" in readme
