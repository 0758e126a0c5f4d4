"""``contractbridge show``, ``convert`` and ``check`` (Typer CliRunner)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from contractbridge.cli import app
from contractbridge.formats import files, lin, pbn

runner = CliRunner()


def test_show_board_with_ascii_diagram(corpus: Path) -> None:
    result = runner.invoke(
        app, ["show", str(corpus / "pbn" / "bridgebots_sample_bfc_commentary.pbn"), "-b", "10", "--ascii"]
    )
    assert result.exit_code == 0, result.output
    assert "Board 10" in result.output and "S T82" in result.output
    assert "2C!" in result.output and "1S: 0-4 !ss" in result.output
    assert "Contract 3NT by West, 9 tricks (claimed)" in result.output


def test_show_missing_board_fails(corpus: Path) -> None:
    result = runner.invoke(app, ["show", str(corpus / "lin" / "lin2pbn_test.lin"), "--board", "99"])
    assert result.exit_code == 1 and "no board 99" in result.output


def test_convert_between_formats(corpus: Path, tmp_path: Path) -> None:
    source = corpus / "lin" / "endplay_tests_example1.lin"
    original = [loc.record for loc in files.read_records(source)]
    for step, target in enumerate((tmp_path / "a.pbn", tmp_path / "b.jsonl", tmp_path / "c.lin")):
        previous = source if step == 0 else (tmp_path / "a.pbn", tmp_path / "b.jsonl")[step - 1]
        result = runner.invoke(app, ["convert", str(previous), str(target)])
        assert result.exit_code == 0, result.output
    final = [loc.record for loc in files.read_records(tmp_path / "c.lin")]
    assert [(r.deal, r.calls, r.plays, r.tricks()) for r in final] == [
        (r.deal, r.calls, r.plays, r.tricks()) for r in original
    ]


def test_convert_same_format_is_lossless(corpus: Path, tmp_path: Path) -> None:
    source = corpus / "pbn" / "bcdd_test1.bcdd.pbn"
    result = runner.invoke(app, ["convert", str(source), str(tmp_path / "copy.pbn")])
    assert result.exit_code == 0
    assert pbn.read_file(tmp_path / "copy.pbn").games == pbn.read_file(source).games
    result = runner.invoke(
        app, ["convert", str(corpus / "lin" / "bridgetrainer_vugraph_2015wbtc_41284.lin"), str(tmp_path / "copy.lin")]
    )
    assert result.exit_code == 0
    assert lin.read_file(tmp_path / "copy.lin") == lin.read_file(
        corpus / "lin" / "bridgetrainer_vugraph_2015wbtc_41284.lin"
    )


def test_check_reports_file_line_and_exit_status(corpus: Path, tmp_path: Path) -> None:
    bad = corpus / "pbn" / "pbnref_errors_21.pbn"
    result = runner.invoke(app, ["check", str(bad)])
    assert result.exit_code == 1
    assert f"{bad}:7:1: [OptimumScore '100']" in result.output and "2 problems" in result.output
    good = runner.invoke(app, ["check", str(corpus / "pbn" / "endplay_tests_example2.pbn"), "--replay"])
    assert good.exit_code == 0 and "no problems" in good.output
    irregular = runner.invoke(app, ["check", "--replay", str(corpus / "pbn" / "bridgebots_shared_deals_rpbridge.pbn")])
    assert irregular.exit_code == 1 and ":1: board 62: event 21: C6 by east" in irregular.output
    log = tmp_path / "log.jsonl"
    log.write_text('{"event": "board", "number": 1}\n', encoding="utf-8")
    broken = runner.invoke(app, ["check", str(log)])
    assert broken.exit_code == 1 and f"{log}:1:1: bad event log" in broken.output
