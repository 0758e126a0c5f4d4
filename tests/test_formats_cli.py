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
    for previous, target in ((source, tmp_path / "a.pbn"), (tmp_path / "a.pbn", tmp_path / "c.lin")):
        result = runner.invoke(app, ["convert", str(previous), str(target)])
        assert result.exit_code == 0, result.output
        assert f"{len(original)} boards written to {target}" in " ".join(result.output.split())
    final = [loc.record for loc in files.read_records(tmp_path / "c.lin")]
    assert [(r.deal, r.calls, r.plays, r.tricks()) for r in final] == [
        (r.deal, r.calls, r.plays, r.tricks()) for r in original
    ]


def test_convert_to_json_lines_writes_one_board_a_file_that_replay_accepts(corpus: Path, tmp_path: Path) -> None:
    """#17 item 11: a JSON-lines target gets one board a file, TARGET-<board>.jsonl; each replays."""
    source = corpus / "lin" / "endplay_tests_example1.lin"
    original = [loc.record for loc in files.read_records(source)]
    result = runner.invoke(app, ["convert", str(source), str(tmp_path / "b.jsonl")])
    assert result.exit_code == 0, result.output
    assert f"{len(original)} boards written to {len(original)} files b-*.jsonl" in " ".join(result.output.split())
    assert not (tmp_path / "b.jsonl").exists()
    for record in original:
        path = tmp_path / f"b-{record.number}.jsonl"
        replayed = runner.invoke(app, ["replay", str(path)])
        assert replayed.exit_code == 0, replayed.output
        (again,) = [loc.record for loc in files.read_records(path)]
        assert (again.deal, again.calls, again.plays) == (record.deal, record.calls, record.plays)
    single = runner.invoke(app, ["convert", str(corpus / "lin" / "lin2pbn_test.lin"), str(tmp_path / "one.jsonl")])
    assert single.exit_code == 0 and "1 board written to" in " ".join(single.output.split())
    assert (tmp_path / "one.jsonl").exists()


def test_convert_vugraph_lin_to_pbn_keeps_event_teams_results_and_commentary(corpus: Path, tmp_path: Path) -> None:
    """#17 item 11: ``vg|`` (event, segment, teams, carry-over), ``rs|`` and ``nt|`` survive LIN → PBN."""
    source = corpus / "lin" / "bridgebots_usbf_sf_14502_vugraph.lin"
    target = tmp_path / "match.pbn"
    result = runner.invoke(app, ["convert", str(source), str(target)])
    assert result.exit_code == 0, result.output
    assert "not carried over" not in result.output
    games = pbn.read_file(target).games
    assert {g.get("Event") for g in games} == {"2010 USBF SF A"}
    assert 'Event ""' not in target.read_text(encoding="utf-8")
    first = games[0]
    teams = (first.get("HomeTeam"), first.get("VisitTeam"), first.get("Stage"))
    assert teams == ("Nickell", "Fleisher", "Segment 4 of 8")
    assert (first.get("Room"), games[1].get("Room"), first.get("Scoring")) == ("Open", "Closed", "IMP")
    notes = [c.text for g in games for c in g.comments if c.kind == "{"]
    assert "carry-over: Nickell 80, Fleisher 99" in notes
    lf = lin.read_file(source)
    assert len(notes) == 1 + sum(1 for p in lf.pairs if p.tag == "nt")
    assert "caitlin: Hi all" in notes
    # the results line: 4HE= for board 46 in both rooms, as the play shows
    assert [(g.get("Contract"), g.get("Declarer"), g.get("Result")) for g in games[:2]] == [("4H", "E", "10")] * 2


def test_convert_results_line_fills_boards_without_play(corpus: Path, tmp_path: Path) -> None:
    source = corpus / "lin" / "dealconvert_test_vugraph_dealonly.lin"
    target = tmp_path / "deals.pbn"
    result = runner.invoke(app, ["convert", str(source), str(target)])
    assert result.exit_code == 0, result.output
    games = pbn.read_file(target).games
    rs = next(p.value for p in lin.read_file(source).pairs if p.tag == "rs").split(",")
    assert len(games) == 32 and games[0].get("HomeTeam") == "HOME"
    for game, entry in zip(games, rs, strict=False):
        if entry.strip():
            assert game.get("Contract") and entry.upper().startswith(game.get("Contract", "")[:2])


def test_convert_warns_about_lin_pairs_it_cannot_carry(corpus: Path, tmp_path: Path) -> None:
    source = corpus / "lin" / "bridgebots_usbf_sf_14502_vugraph.lin"
    result = runner.invoke(app, ["convert", str(source), str(tmp_path / "match.lin.jsonl")])
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "warning:" in out and "nt|…|s not carried over" in out and "vg|…| not carried over" in out


def test_oversized_files_are_refused_with_a_one_line_error(corpus: Path, tmp_path: Path) -> None:
    """#18 item 4: beyond the limit (here --max-size 1 MB on a 1.9 MB archive) a typed error, no traceback."""
    big = corpus / "pbn" / "endplay_tests_example3.pbn"
    for command in (["check"], ["show"], ["convert"]):
        args = [*command, str(big), "--max-size", "1"] + ([str(tmp_path / "x.pbn")] if command == ["convert"] else [])
        result = runner.invoke(app, args)
        assert result.exit_code == 1, result.output
        assert "larger than the limit of 1,048,576 bytes" in result.output
        assert "Traceback" not in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
    assert not [p for p in files.check(big) if "larger than the limit" in str(p)]  # the default limit admits it


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
    assert irregular.exit_code == 1 and ":1:1: board 62: event 21: C6 by east" in irregular.output
    log = tmp_path / "log.jsonl"
    log.write_text('{"event": "board", "number": 1}\n', encoding="utf-8")
    broken = runner.invoke(app, ["check", str(log)])
    assert broken.exit_code == 1 and f"{log}:1:1: bad event log" in broken.output


def test_convert_never_replaces_a_file_unasked(tmp_path: Path) -> None:
    """No command replaces a user's file silently: an existing target is refused, --force replaces it."""
    source = Path(__file__).resolve().parents[1] / "examples" / "match.lin"
    target = tmp_path / "mine.pbn"
    target.write_text("my own notes\n")
    refused = runner.invoke(app, ["convert", str(source), str(target)])
    assert refused.exit_code == 1 and "exists" in refused.output and "--force" in refused.output
    assert target.read_text() == "my own notes\n"
    jsonl = tmp_path / "b.jsonl"
    first = runner.invoke(app, ["convert", str(source), str(jsonl)])
    assert first.exit_code == 0, first.output
    written = sorted(tmp_path.glob("b-*.jsonl"))
    before = [path.read_bytes() for path in written]
    again = runner.invoke(app, ["convert", str(source), str(jsonl)])
    assert again.exit_code == 1 and "exists" in again.output
    assert [path.read_bytes() for path in written] == before
    forced = runner.invoke(app, ["convert", str(source), str(target), "--force"])
    assert forced.exit_code == 0, forced.output
    assert target.read_text().startswith("%") or "[Event" in target.read_text()
