"""The analysis commands: ``dd``, ``generate`` and ``simulate``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from contractbridge import dd
from contractbridge.cards import Seat, Strain, Suit
from contractbridge.cli import app
from contractbridge.deal import Deal
from contractbridge.dealer import parse_constraint
from dd_oracles import read_pbn

pytest.importorskip("endplay")

runner = CliRunner()
LIST1 = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"


def test_dd_command_table_and_par() -> None:
    """DDS hands/list1.txt: TABLE S 5 8 5 8 … and PAR "NS -110" (EW 2S)."""
    result = runner.invoke(app, ["dd", LIST1])
    assert result.exit_code == 0, result.output
    assert "North │  6 │ 5 │ 6 │ 5 │ 7" in result.output
    assert "NS -110: EW 2S=" in result.output
    out = json.loads(runner.invoke(app, ["dd", LIST1, "--json"]).output)
    assert out["tricks"]["S"] == {"N": 5, "E": 8, "S": 5, "W": 8}
    assert out["par"] == {"score": -110, "contracts": ["EW 2S="]}


def test_dd_command_bad_deal_is_a_clear_error() -> None:
    result = runner.invoke(app, ["dd", "N:AKQ.. - - -"])
    assert result.exit_code == 2
    assert "error:" in result.output


def test_generate_text_reproducible_and_exact() -> None:
    args = ["generate", "spades(N) >= 5 and hcp(N) in 15..17", "-n", "5", "--seed", "42"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert first.output == runner.invoke(app, args).output
    lines = first.output.splitlines()
    assert len(lines) == 5
    check = parse_constraint("spades(N) >= 5 and hcp(N) in 15..17")
    for line in lines:
        deal = Deal(line)
        assert deal[Seat.NORTH].length(Suit.SPADES) >= 5 and check(deal)


def test_generate_pbn_with_dd(tmp_path: Path) -> None:
    """PBN games with OptimumResultTable and OptimumScore that read back equal to our DD tables and par."""
    out = tmp_path / "deals.pbn"
    result = runner.invoke(
        app, ["generate", "hcp(N) >= 20", "-n", "2", "--seed", "3", "-f", "pbn", "--dd", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    oracles = list(read_pbn(out))
    assert len(oracles) == 2
    for number, oracle in enumerate(oracles, start=1):
        assert oracle.source.endswith(f":{number}")
        table = dd.dd_table(oracle.deal)
        assert len(oracle.cells) == 20
        assert all(table.tricks(s, p) == v for (s, p), v in oracle.cells.items())
        assert oracle.dealer is not None and oracle.vulnerability is not None
        assert oracle.par_score == dd.par(table, oracle.vulnerability, oracle.dealer).score
    assert '[ParContract "' in out.read_text()
    # The project's PBN reader agrees (strict: no problems reported).
    from contractbridge.formats import pbn

    games = pbn.loads(out.read_text(), strict=True)
    assert len(games) == 2
    for game, oracle in zip(games, oracles, strict=True):
        ours = {(seat, strain): v for (strain, seat), v in oracle.cells.items()}
        assert game.double_dummy == ours


def test_generate_json_with_dd() -> None:
    result = runner.invoke(app, ["generate", "", "-n", "1", "--seed", "1", "-f", "json", "--dd"])
    row = json.loads(result.output)
    table = dd.dd_table(Deal(row["deal"]))
    assert row["tricks"]["NT"]["N"] == table.tricks(Strain.NOTRUMP, Seat.NORTH)


def test_generate_bad_constraint_reports_the_column() -> None:
    result = runner.invoke(app, ["generate", "hcp(N) >= 5 and", "-n", "1"])
    assert result.exit_code == 2
    assert "column 16" in result.output


def test_generate_predeal() -> None:
    result = runner.invoke(app, ["generate", "", "-n", "3", "--seed", "1", "--predeal", "N:AKQJ.AKQ.AKQ.AKQ - - -"])
    assert result.exit_code == 0, result.output
    for line in result.output.splitlines():
        assert str(Deal(line)[Seat.NORTH]) == "AKQJ.AKQ.AKQ.AKQ"


def test_evaluation_functions_in_the_language() -> None:
    """``ht(N)`` (Culbertson honour tricks, EST-B08) as a constraint term, also in worker processes."""
    from contractbridge.evaluation import honour_tricks
    from contractbridge.simulate import simulate

    result = runner.invoke(app, ["generate", "ht(N) >= 4 and pt(S) >= 7", "-n", "5", "--seed", "2"])
    assert result.exit_code == 0, result.output
    for line in result.output.splitlines():
        assert honour_tricks(Deal(line)[Seat.NORTH]).value >= 4
    assert simulate("club_ht(E) >= 3", 4, seed=1, workers=1, dd=False).deals == 4


def test_simulate_command(tmp_path: Path) -> None:
    plot = tmp_path / "tricks.svg"
    args = [
        "simulate",
        "hcp(N) + hcp(S) >= 25",
        "-n",
        "4",
        "--seed",
        "1",
        "--workers",
        "0",
        "--json",
        "--plot",
        str(plot),
    ]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["deals"] == 4
    assert sum(out["tricks"]["NT"]["N"]) == 4
    assert "<svg" in plot.read_text()
    text = runner.invoke(app, ["simulate", "hcp(N) >= 30", "-n", "2", "--seed", "1", "--workers", "0"])
    assert text.exit_code == 0, text.output
    assert "acceptance" in text.output
