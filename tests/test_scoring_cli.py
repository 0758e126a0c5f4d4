"""The scoring commands: score (L77), imps (L78B), rubber (NBB30/EST30 sheet), matchpoint (L78A)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from contractbridge.cli import app

runner = CliRunner()


def test_score_signed_for_both_sides() -> None:
    """TV09: 4♠X by N, 7 tricks, NS vulnerable → NS −800, EW +800."""
    out = runner.invoke(app, ["score", "4SX", "N", "--tricks", "7", "--vul", "NS"])
    assert out.exit_code == 0, out.output
    assert "NS -800" in out.output and "EW +800" in out.output
    out = runner.invoke(app, ["score", "3NT", "E", "-t", "10", "--vul", "EW"])
    assert "NS -630" in out.output and "EW +630" in out.output
    out = runner.invoke(app, ["score", "pass"])
    assert "NS 0, EW 0" in out.output


def test_score_bad_input_is_a_clear_error() -> None:
    for args, words in [
        (["score", "8S", "N", "-t", "7"], "level must be 1 to 7"),
        (["score", "4S", "N", "-t", "14"], "0 to 13"),
        (["score", "4S", "N", "-t", "10", "--vul", "XX"], "not a vulnerability"),
        (["score", "4S", "Q", "-t", "10"], "not a seat"),
        (["score", "4S", "N"], "--tricks"),
        (["score", "4S", "-t", "10"], "declarer is required"),
    ]:
        out = runner.invoke(app, args)
        assert out.exit_code == 2 and words in out.output, (args, out.output)


def test_imps() -> None:
    assert "+10 IMP" in runner.invoke(app, ["imps", "450"]).output
    assert "-10 IMP" in runner.invoke(app, ["imps", "-450"]).output
    assert "+6 IMP" in runner.invoke(app, ["imps", "420", "170"]).output  # TV40


def test_rubber_interactive_saves_after_each_hand(tmp_path: Path) -> None:
    save = tmp_path / "rubber.json"
    keys = "\n".join(
        [
            "4S", "N", "10", "none",
            "5D", "E", "10", "EW 100",  # one down, EW hold four trump honours
            "nonsense",  # a bad contract: reported, nothing recorded
            "3NT", "S", "9", "NS 150",
        ]
    )  # fmt: skip
    out = runner.invoke(app, ["rubber", "--edition", "EST30", "--save", str(save)], input=keys + "\n")
    assert out.exit_code == 0, out.output
    assert "not a contract" in out.output and "Rubber (EST30)" in out.output
    data = json.loads(save.read_text())
    assert data["edition"] == "EST30" and len(data["hands"]) == 3
    assert "NS 1120, EW 100" in out.output  # 120 + 50 + 100 + 150 + 700 for NS; honours 100 for EW


def test_rubber_resume_and_end_by_agreement(tmp_path: Path) -> None:
    save = tmp_path / "r.json"
    runner.invoke(app, ["rubber", "--save", str(save)], input="4H\nW\n10\n\nquit\n")
    assert len(json.loads(save.read_text())["hands"]) == 1
    out = runner.invoke(app, ["rubber", "--load", str(save)], input="end\n")
    assert out.exit_code == 0, out.output
    assert "undecided" in out.output and "EW 420" in out.output
    assert json.loads(save.read_text())["ended_by_agreement"] is True
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    out = runner.invoke(app, ["rubber", "--load", str(bad)])
    assert out.exit_code == 2 and out.output.count("bad.json") == 1, out.output  # the file named once
    wrong = tmp_path / "wrong.json"
    wrong.write_text('{"edition": "NBB30", "hands": 5}')
    out = runner.invoke(app, ["rubber", "--load", str(wrong)])
    assert out.exit_code == 2 and out.output.count("wrong.json") == 1, out.output


RESULTS = """board,NS pair,EW pair,NS score
1,1,11,450
1,2,12,420
1,3,13,420
1,4,14,400
1,5,15,-50
2,1,12,-100
2,2,13,-100
2,3,14,140
"""


def test_matchpoint_csv(tmp_path: Path) -> None:
    """TV44 board 1: 8 5 5 2 0; EW get the complement; ranking with ties by percentage."""
    path = tmp_path / "session.csv"
    path.write_text(RESULTS)
    out = runner.invoke(app, ["matchpoint", str(path)])
    assert out.exit_code == 0, out.output
    rows = [line.split("│") for line in out.output.splitlines() if line.count("│") == 7]
    board1 = [[c.strip() for c in r[1:7]] for r in rows if r[1].strip() == "1"]
    assert [r[4] for r in board1] == ["8", "5", "5", "2", "0"]
    assert [r[5] for r in board1] == ["0", "3", "3", "6", "8"]
    assert "Ranking" in out.output
    # pair 15: 8/8 = 100 % first; pair 3: 5/8 + 4/4 and pair 1: 8/8 + 1/4 → 9/12 = 75 %: tied second
    lines = out.output.splitlines()
    assert any("100.00" in line and " 1 " in line for line in lines)
    ranking = [line for line in lines if "75.00" in line]
    assert len(ranking) == 2 and all("2=" in line for line in ranking)


def test_matchpoint_reports_every_bad_line_with_file_line_and_field(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    text = RESULTS + "3,1,11\n3,2,12,abc\n3,3,13,425\n"
    path.write_text(text)
    out = runner.invoke(app, ["matchpoint", str(path)])
    assert out.exit_code == 2
    output = " ".join(out.output.split())
    assert "bad.csv:10: field 'NS score' is missing" in output
    assert "bad.csv:11: field 'NS score' is not a whole number" in output
    assert "bad.csv:12: field 'NS score' is not a bridge score" in output
    assert path.read_text() == text  # nothing lost
    dup = tmp_path / "dup.csv"
    dup.write_text("1,1,11,450\n1,1,12,420\n")
    out = runner.invoke(app, ["matchpoint", str(dup)])
    assert out.exit_code == 2 and "dup.csv:2" in " ".join(out.output.split())
    out = runner.invoke(app, ["matchpoint", str(tmp_path / "missing.csv")])
    assert out.exit_code == 2 and "missing.csv" in " ".join(out.output.split())


def test_rubber_save_never_replaces_another_file(tmp_path: Path) -> None:
    """No command replaces a user's file: --save refuses an existing file it did not load, and changes nothing."""
    mine = tmp_path / "notes.json"
    mine.write_text("my own notes\n")
    out = runner.invoke(app, ["rubber", "--save", str(mine)], input="4H\nW\n10\n\nquit\n")
    assert out.exit_code == 2 and "exists" in out.output
    assert mine.read_text() == "my own notes\n"
