"""``contractbridge draw`` and ``rubber-game`` (laws-historic.md §1, §4)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from contractbridge.cards import Seat
from contractbridge.cli import app
from contractbridge.commands.terminal import TerminalTable
from contractbridge.deal import Board, Deal
from contractbridge.players import Player
from contractbridge.rubbergame import RubberSession
from contractbridge.table import Table
from play_helpers import Stubborn


def test_draw_prints_who_plays_sits_out_and_deals() -> None:
    result = CliRunner().invoke(app, ["draw", "--members", "Ann,Bob,Cor,Dirk,Eva", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert result.output.count(" draws ") == 5 and "Sitting out: " in result.output and "Dealer: " in result.output


def test_draw_refuses_a_table_the_book_does_not_allow() -> None:
    result = CliRunner().invoke(app, ["draw", "--members", "Ann,Bob,Cor,Dirk,Eva", "--edition", "EST30"])
    assert result.exit_code == 1 and "EST-L02" in result.output
    result = CliRunner().invoke(app, ["draw", "--members", "Ann,Bob,Cor"])
    assert result.exit_code == 1 and "at least 4" in result.output


@pytest.mark.usefixtures("quick_robots")  # four robots play the rubber the log keeps
def test_rubber_game_by_four_robots_saves_a_log_that_replays(tmp_path: Path) -> None:
    log = tmp_path / "rubber.jsonl"
    # seed 8: a rubber of 4 hands (seed 5's had 22, each with its double-dummy table for the outcome)
    result = CliRunner().invoke(app, ["rubber-game", "--seat", "", "--seed", "8", "--edition", "EST30",
                                      "--log", str(log)])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Rubber over" in result.output and "EST-S11" in result.output and "We (NS)" in result.output
    session = RubberSession.from_jsonl(log.read_text(encoding="utf-8"))
    assert session.sheet.is_finished
    assert json.loads(log.read_text(encoding="utf-8").splitlines()[0])["edition"] == "EST30"


def test_rubber_game_human_seat_answers_and_quits() -> None:
    """Issue #12: each hand of the rubber is played at the terminal table of ``play`` (``TerminalTable``): the
    auction grid, ``hint``, ``help``, a typed error for a bad call, and ``quit``."""
    result = CliRunner().invoke(app, ["rubber-game", "--seat", "S", "--seed", "2"], input="9Z\nhint\nhelp\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Rubber stopped" in result.output and "S call> " in result.output and "9Z" in result.output
    assert "The robot would call" in result.output and "explain N" in result.output
    assert "Board 1" in result.output and "Your hand (S)" in result.output


def test_rubber_game_rejects_nl75() -> None:
    result = CliRunner().invoke(app, ["rubber-game", "--edition", "NL75"])
    assert result.exit_code == 1 and "no rubber game" in result.output


@pytest.mark.usefixtures("quick_robots")  # the sheet, not the robots' play
def test_play_rubber_by_four_robots_scores_the_rubber_of_the_edition(tmp_path: Path) -> None:
    """Issue #12 item 5: ``contractbridge play --rubber`` plays a whole rubber against the robots with the We/They
    sheet after every hand (NBB R27–R36), under NBB30 when no edition is named (``laws.DEFAULT_RUBBER_EDITION``);
    its log replays as a ``RubberSession``."""
    log = tmp_path / "rubber.jsonl"
    # seed 8: a rubber of 3 hands (seed 3's had 7, each with its double-dummy table for the outcome)
    result = CliRunner().invoke(app, ["play", "--rubber", "--robot-seats", "NESW", "--seed", "8", "--log", str(log)])
    assert result.exit_code == 0, result.output
    assert "Rubber over" in result.output and "NBB R36" in result.output and "We (NS)" in result.output
    session = RubberSession.from_jsonl(log.read_text(encoding="utf-8"))
    assert session.sheet.is_finished and session.edition == "NBB30"


def test_play_rubber_human_seat_and_a_duplicate_code_refused() -> None:
    result = CliRunner().invoke(app, ["play", "--rubber", "--edition", "EST30", "--seat", "S", "--seed", "2"],
                                input="quit\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Rubber stopped" in result.output and "S call> " in result.output
    result = CliRunner().invoke(app, ["play", "--rubber", "--edition", "WBF17", "--robot-seats", "NESW"])  # duplicate
    assert result.exit_code == 1 and "no rubber game" in result.output


def test_a_robot_claim_voided_by_the_objection_is_not_made_again_in_the_same_trick() -> None:
    """NBB R54 / EST30: a defender's objection means no claim was made and play goes on. The robot declarer must
    not claim again at once (the terminal looped forever claiming and voiding)."""
    table = Table(Board(1, Deal.random(seed=12)), edition="EST30")
    robots: dict[Seat, Player] = {seat: Stubborn() for seat in Seat}
    outcome = TerminalTable(Console(file=io.StringIO()), table, robots, lambda _: "quit", own_score=False).run()
    assert outcome.done and len(table.tricks) == 13  # every trick played: each claim voided, then a card
    kinds = [e["event"] for e in table.to_events()]
    assert kinds.count("claim") == kinds.count("dispute") > 0  # claimed and voided, in several tricks
    assert all(kinds[i + 2] == "play" for i, k in enumerate(kinds) if k == "claim")  # then a card, not a claim
