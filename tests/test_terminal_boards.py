"""Whole boards at the terminal as people play them (pexpect, following the robot's ``hint`` in each person's seat):
two people at one terminal, each asked in turn and shown his own hand, the face-down opening lead of a robot or of
one of them while the other may ask (L41A–C), and a table with a director (``play --director``). Seed 1 deals the
board on which the robots bid 2S by East; South leads."""

from __future__ import annotations

import json
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

from contractbridge.cards import Card, Seat
from contractbridge.cli import app
from contractbridge.eventlog import read_table
from contractbridge.table import Phase, Table
from terminal_driver import accepted, follow_the_robot, spawn

pytest.importorskip("endplay")


def _board(tmp_path: Path, *args: str) -> tuple[Table, str]:
    log = tmp_path / "board.jsonl"
    child = spawn("play", "--seed", "1", "--log", str(log), "--robot-effort", "low", *args)
    screen = follow_the_robot(child)
    child.close()
    assert child.exitstatus == 0, screen[-2000:]
    table = read_table(log)
    assert table.phase is Phase.DONE and str(table.contract) == "2S" and table.declarer is Seat.EAST, screen[-2000:]
    assert "Result: 2S by E" in screen and "Score: NS " in screen and "Par: " in screen
    return table, screen


def _kinds(table: Table) -> list[tuple[str, str]]:
    return [(e["event"], e["seat"]) for e in table.to_events()[1:] if e["event"] not in ("call", "play")]


def test_two_opponents_at_one_terminal_each_asked_before_the_robots_face_down_lead_is_faced(tmp_path: Path) -> None:
    """North and East: the robot South leads face down; East, the presumed declarer, then North, his partner, are
    asked (L41B); each prompt after the other person's shows the table to its own person."""
    table, screen = _board(tmp_path, "--seat", "NE")
    assert _kinds(table)[:3] == [("face_down_lead", "S"), ("no_questions", "E"), ("no_questions", "N")]
    assert "E: S has led face down" in screen and "N: S has led face down" in screen
    # whenever the prompt passes from one person to the other, his own hand is shown first
    prompts = [line for line in screen.splitlines() if line.startswith(("Your hand (", "N card", "E card", "N call",
                                                                         "E call"))]  # fmt: skip
    shown = None
    for line in prompts:
        if line.startswith("Your hand ("):
            shown = line[len("Your hand (")]
        else:
            assert line[0] == shown, line
    assert accepted(screen)


def test_the_leader_and_his_partner_at_one_terminal_the_lead_lies_face_down_until_the_partner_has_no_questions(
    tmp_path: Path,
) -> None:
    """South (the leader) and North: South's own lead lies face down while North may ask (L41A–B), the robot declarer
    has no questions; the card is shown once faced."""
    table, screen = _board(tmp_path, "--seat", "SN")
    kinds = _kinds(table)
    assert kinds[:3] == [("face_down_lead", "S"), ("no_questions", "E"), ("no_questions", "N")]
    (lead,) = [Card.parse(e["card"]) for e in table.to_events() if e["event"] == "face_down_lead"]
    before = screen[screen.index("S leads face down") : screen.index("S plays ")]
    assert "N: S has led face down" in before and lead.symbol not in before  # North is not told it (L41A)
    assert f"S plays {lead.symbol}" in screen


@pytest.mark.parametrize("seat", ["E", "S"])
def test_a_whole_board_at_a_directors_table_as_declarer_and_defender(tmp_path: Path, seat: str) -> None:
    """``play --director``: the board's table has a director (its log says so); played through, it ends as at a table
    without one, with the face-down lead for a person who may ask (L41A–C)."""
    table, _ = _board(tmp_path, "--seat", seat, "--director")
    assert table.irregular and table.record is not None and not table.irregularities
    down = ("face_down_lead", "S") in _kinds(table)
    assert down is (seat == "E")  # the presumed declarer may ask; dummy may not (L41B); the leader leads face up
    first = json.loads((tmp_path / "board.jsonl").read_text().splitlines()[0])
    assert first["irregular"] is True


def test_director_is_refused_with_a_rubber_or_a_resumed_board(tmp_path: Path) -> None:
    for args in (["--rubber"], ["--resume", str(tmp_path / "x.jsonl")]):
        result = CliRunner().invoke(app, ["play", "--director", *args])
        assert result.exit_code == 1 and "error: --director makes new boards' tables" in result.output
    assert not list(tmp_path.iterdir())


def test_a_robots_choice_of_a_rulings_option_is_shown(tmp_path: Path) -> None:
    """At a director's table South's insufficient 1C over 2S is ruled, West (the robot, the offender's LHO) choosing
    to accept it (L27A1): the screen says so, not only the calls around it."""
    log = tmp_path / "board.jsonl"
    child = spawn("play", "--director", "--seed", "1", "--seat", "S", "--log", str(log), "--robot-effort", "low")
    child.expect("S call> ")
    child.sendline("1C")
    child.expect("S call> ")
    screen = child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert ("choose", "W") in _kinds(read_table(log))
    assert "W chooses accept on the insufficient bid (L27A1)" in screen, screen


def test_director_refuses_a_call_number_too_long_to_be_one(tmp_path: Path) -> None:
    """``director N`` with thousands of digits is refused as malformed, the log untouched (no ``int()`` of it)."""
    log = tmp_path / "board.jsonl"
    child = spawn("play", "--director", "--seed", "1", "--seat", "S", "--log", str(log), "--robot-effort", "low")
    child.expect("S call> ")
    before = log.read_text(encoding="utf-8")
    child.sendline("director " + "9" * 5000)
    child.expect("S call> ")
    assert "write: director N" in child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and log.read_text(encoding="utf-8") == before
