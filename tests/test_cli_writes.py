"""Issue #27 items 7–8: commands that write a file say what they wrote and never replace one; ``simulate``
counts its deals as they are solved; the CLI's wording (``score``'s heading, ``rubber-game --help``)."""

from __future__ import annotations

import json
from multiprocessing import get_context
from pathlib import Path

import pytest
from typer.testing import CliRunner

from contractbridge.cli import app
from contractbridge.simulate import iter_simulation

runner = CliRunner()


def test_generate_says_what_it_wrote_and_never_replaces_a_file(tmp_path: Path) -> None:
    out = tmp_path / "deals.pbn"
    result = runner.invoke(app, ["generate", "hcp(N) >= 20", "-n", "2", "--seed", "3", "-f", "pbn", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert f"Wrote 2 deal(s) to {out} (pbn)" in result.output
    before = out.read_text(encoding="utf-8")
    again = runner.invoke(app, ["generate", "", "-n", "1", "-o", str(out)])
    assert again.exit_code == 2 and "exists: choose another name" in again.output
    assert out.read_text(encoding="utf-8") == before


def test_simulate_counts_each_deal_as_it_is_solved() -> None:
    """The shared counter moves as the deals are solved (a few at a time), not once per chunk."""
    pytest.importorskip("endplay")
    counter = get_context("spawn").Value("q", 0)
    seen = []
    for part in iter_simulation("", 3, seed=1, workers=0, chunk_size=3, progress=counter):
        seen.append(part.deals)
    assert seen == [3] and counter.value == 3


def test_score_heading_is_one_line() -> None:
    result = runner.invoke(app, ["score", "3NT", "E", "--tricks", "10", "--vul", "None"])
    assert result.exit_code == 0, result.output
    assert "3NT by E, 10 tricks, not vulnerable" in result.output


def test_rubber_game_help_cites_the_laws_not_a_file_users_lack() -> None:
    result = runner.invoke(app, ["rubber-game", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0 and "laws-historic.md" not in result.output and "--resume" in result.output


def test_simulate_names_the_plot_it_wrote(tmp_path: Path) -> None:
    pytest.importorskip("endplay")
    pytest.importorskip("matplotlib")
    plot = tmp_path / "tricks.svg"
    args = ["simulate", "", "-n", "2", "--seed", "1", "--workers", "0", "--plot", str(plot)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert f"Wrote the trick distribution to {plot}" in result.output and plot.is_file()
    as_json = runner.invoke(app, [*args[:-2], "--json", "--plot", str(tmp_path / "again.svg")])
    assert json.loads(as_json.output)["plot"] == str(tmp_path / "again.svg")
