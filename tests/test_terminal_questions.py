"""The terminal table's questions (L20F1–F3): ``explain N`` is a logged ``question`` about an opponent's call, at the
asker's turn, answered by the caller's partner with an ``answer`` event; the asker's own side's calls are refused
(L20F1, L40B2(b), L20G3), and the robots' meanings printed as they call are the opponents' only."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from contractbridge import Board, Deal
from contractbridge.calls import Call
from contractbridge.cli import app
from contractbridge.robots import explain
from contractbridge.table import Table

runner = CliRunner()

DEAL = Deal("N:AKQJ63.AQ3.A7.KJ .T8742.T9863.A64 85.KJ6.KQ2.T9872 T9742.95.J54.Q53")


def _log(path: Path, calls: list[str], edition: str = "WBF17") -> list[dict[str, object]]:
    table = Table(Board(1, DEAL), edition=edition)
    for call in calls:
        table.call(call)
    path.write_text(table.to_jsonl())
    return _events(path)


def _events(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_explain_asks_about_an_opponents_call_and_their_robot_partner_answers_l20f1_l20f3(tmp_path: Path) -> None:
    log = tmp_path / "b.jsonl"
    _log(log, ["2NT"])  # North opens 2NT; East, at his turn, asks what it means
    result = runner.invoke(app, ["play", "--resume", str(log), "--seat", "E"], input="explain 1\nquit\n")
    assert result.exit_code == 0, result.output
    question, answer = _events(log)[-2:]
    assert question["event"] == "question" and question["seat"] == "E" and question["call"] == 1
    assert question["answerers"] == ["S"] and question["law"] == "20F1, 20F3"
    assert answer["event"] == "answer" and answer["seat"] == "S" and answer["question"] == 1
    assert str(answer["text"]).startswith("2NT: ")
    assert "E asks about call 1 (L20F1, 20F3)" in result.output and "S answers: 2NT: " in result.output


def test_explain_alone_asks_about_the_opponents_whole_auction_both_answer_l20f1(tmp_path: Path) -> None:
    log = tmp_path / "b.jsonl"
    _log(log, ["1S", "P", "2S"])
    result = runner.invoke(app, ["play", "--resume", str(log), "--seat", "W"], input="explain\nquit\n")
    assert result.exit_code == 0, result.output
    question, *answers = _events(log)[-3:]
    assert question["event"] == "question" and "call" not in question and question["answerers"] == ["N", "S"]
    texts = {a["seat"]: a["text"] for a in answers}
    assert str(texts["N"]).startswith("2S: ") and str(texts["S"]).startswith("1S: ")  # each explains his partner's


def test_explain_of_the_players_own_side_is_refused_and_logs_nothing_l20f1_l40b2b(tmp_path: Path) -> None:
    log = tmp_path / "b.jsonl"
    before = _log(log, ["1S", "P"])  # South, whose partner opened, may not ask about 1S nor read his own card
    result = runner.invoke(app, ["play", "--resume", str(log), "--seat", "S"], input="explain 1\nexplain 3\nquit\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "call 1 is your own side's: a player asks about the opponents' calls only (L20F1, L20F3)" in out
    assert "(L40B2(b), L20G3)" in out and "write: explain (the opponents' whole auction) or explain N" in out
    assert _events(log) == before


def test_a_question_when_the_book_has_none_is_answered_and_not_logged(tmp_path: Path) -> None:
    log = tmp_path / "b.jsonl"
    before = _log(log, ["2NT"], edition="NBB30")
    result = runner.invoke(app, ["play", "--resume", str(log), "--seat", "E"], input="explain 1\nquit\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "S: 2NT: " in out and "not logged: NBB30 has no question events" in out
    assert _events(log) == before


def test_the_robots_meanings_are_printed_for_the_opponents_calls_only(tmp_path: Path) -> None:
    log = tmp_path / "b.jsonl"
    result = runner.invoke(app, ["play", "--seed", "5", "--seat", "S", "--log", str(log)], input="quit\n")
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if " calls " in line]
    partner = [line for line in lines if line.startswith("N calls")]
    opponents = [line for line in lines if line[0] in "EW"]
    assert partner and opponents
    assert all(" — " not in line and "!" not in line for line in partner)  # partner's meaning: not to S (L20G3)
    assert all(" — " in line for line in opponents)


def test_a_person_here_answers_a_question_about_his_partners_call_l20f1(tmp_path: Path) -> None:
    log = tmp_path / "b.jsonl"
    _log(log, ["1S"])  # N (a robot) opens; E and S are people at the terminal: E asks, S answers
    result = runner.invoke(
        app, ["play", "--resume", str(log), "--robot-seats", "NW"], input="explain 1\n\nfive spades, 13+\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "S: answer E's question (L20F1)> " in result.output
    assert "Give the explanation of your partnership's agreement (L20F1)" in result.output
    question, answer = _events(log)[-2:]
    assert question["seat"] == "E" and answer == {**answer, "seat": "S", "question": 1, "text": "five spades, 13+"}


def test_an_opponents_call_is_shown_as_their_agreement_not_as_the_callers_hand_l20f1(tmp_path: Path) -> None:
    """West opens 1H by the first branch of the approach bid: the line shown is the agreement as East would explain
    it (both branches), never which one West's hand took (an explanation is of the agreement, L20F1)."""
    log = tmp_path / "b.jsonl"
    table = Table(Board(4, Deal.random(0)))  # West deals
    log.write_text(table.to_jsonl())
    result = runner.invoke(app, ["play", "--resume", str(log), "--seat", "S"], input="quit\n", env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    table = Table.from_jsonl(log.read_text())
    agreement = explain(table.auction, 0, table.board.vulnerability).text
    assert table.auction.calls[0] == Call.parse("1H") and "; or " in agreement
    assert f"W calls 1H — {agreement}" in result.output


def test_a_1930s_table_refuses_the_own_sides_call_citing_no_wbf_law(tmp_path: Path) -> None:
    log = tmp_path / "b.jsonl"
    _log(log, ["1S", "P"], edition="NBB30")
    result = runner.invoke(app, ["play", "--resume", str(log), "--seat", "S"], input="explain 1\nquit\n")
    out = " ".join(result.output.split())
    assert "call 1 is your own side's: a player asks about the opponents' calls only: the board's record" in out
    assert "L20F" not in out and "L40B2" not in out


def test_explain_with_a_digit_that_is_not_a_number_is_refused_and_play_goes_on(tmp_path: Path) -> None:
    """``explain ²`` (a digit to ``str.isdigit``, no number to ``int``) gets the usage message, not a traceback."""
    log = tmp_path / "b.jsonl"
    _log(log, ["2NT"])
    result = runner.invoke(app, ["play", "--resume", str(log), "--seat", "E"], input="explain \u00b2\nquit\n")
    assert result.exit_code == 0, result.output
    assert "explain N, N from 1 to" in result.output and _events(log)[-1]["event"] == "call"


def test_hint_in_the_auction_shows_the_calls_meaning_only_at_a_practice_table_l40b2b(tmp_path: Path) -> None:
    """The meaning of the call ``hint`` suggests is the player's own system card's reading (it says what his partner's
    calls mean to it): a player may not consult his own card during the board (L40B2(b), L20G3), so a table shows the
    call alone; a practice table shows the meaning too, saying it is a practice aid (docs/disclosure.md)."""
    log = tmp_path / "b.jsonl"
    _log(log, ["P", "1H"])  # North passed, East opened: South, whose partner passed, asks for a hint
    result = runner.invoke(app, ["play", "--resume", str(log), "--seat", "S"], input="hint\nquit\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    found = re.search(r"The robot would call (\S+): its meaning is your own system card's, which you may not consult "
                      r"during the board \(L40B2\(b\), L20G3\); play --practice shows it", out)  # fmt: skip
    assert found is not None and "practice aid" not in out
    practice = runner.invoke(app, ["play", "--resume", str(log), "--seat", "S", "--practice"], input="hint\nquit\n")
    assert practice.exit_code == 0, practice.output
    shown = " ".join(practice.output.split())
    assert f"The robot would call {found.group(1)}: " in shown and "(a practice aid: your own system card)" in shown
    assert "which you may not consult" not in shown
