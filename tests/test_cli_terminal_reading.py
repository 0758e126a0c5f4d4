"""Issue #27 items 4–5 at the terminal table: the claimer's hand faced and only y/n/show accepted (L68C,
L69A), a robot's claim stating its line, the auction grid before each question and beside the diagram in play,
a void shown as "—", forced cards played on request, capitalised seat names in errors, ``hint`` in the
terminal's card notation, and the board's whole record at its end."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from contractbridge import Board, Card, Deal, Seat
from contractbridge.cli import app
from contractbridge.commands.terminal import cards_text, seat_names
from contractbridge.laws.wbf17.claims import ClaimStatement
from contractbridge.players import play_board
from contractbridge.robots.claims import robot_claims
from contractbridge.table import Phase, Table
from play_helpers import Stubborn

pytest.importorskip("endplay")

runner = CliRunner()

#: North holds every top card: after trick 1, North (declarer at 7NT) claims the rest.
TOPS = Deal("N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432")


def _log(path: Path, calls: list[str], deal: Deal = TOPS) -> None:
    table = Table(Board(1, deal))
    for call in calls:
        table.call(call)
    path.write_text(table.to_jsonl())


def test_the_claimers_hand_is_faced_and_only_y_n_or_show_answer(tmp_path: Path) -> None:
    log = tmp_path / "b.jsonl"
    _log(log, ["7NT", "P", "P", "P"])
    result = runner.invoke(app, ["play", "--resume", str(log), "--seat", "E"], input="ST\nmaybe\nshow\ny\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "North's hand, faced (L68C): ♠ A K Q  ♥ A K Q" in out  # after trick 1 (♠J gone)
    assert out.count("agree to the claim?") == 3 and "Answer y (agree), n (dispute: play goes on" in out
    assert "E disputes" not in out  # "maybe" and "show" are not a dispute
    table = Table.from_jsonl(log.read_text())
    assert table.phase is Phase.DONE and table.result is not None and table.result.tricks == 13


def test_a_robots_claim_states_its_line_in_the_form_the_director_reads_l68c(tmp_path: Path) -> None:
    """The robot's statement is its sure line, card by card (L68C), which ``ClaimStatement.parse`` reads, so a
    disputed claim is judged by that line (L70D, L70E), not as a bare claim."""
    log = tmp_path / "b.jsonl"
    _log(log, ["7NT", "P", "P", "P"])
    result = runner.invoke(app, ["play", "--resume", str(log), "--seat", "E"], input="ST\ny\n")
    assert result.exit_code == 0, result.output
    (claim,) = [e for e in Table.from_jsonl(log.read_text()).to_events() if e["event"] == "claim"]
    statement = ClaimStatement.parse(str(claim["statement"]))
    assert f"N claims 12 of the remaining tricks: {claim['statement']}" in " ".join(result.output.split())
    assert "layouts" not in result.output
    # North's and South's cards of the twelve tricks, in order: every one a card North or South holds
    assert len(statement.steps) == 24 and all(step.card is not None for step in statement.steps)
    assert {step.card for step in statement.steps} <= set(TOPS[Seat.NORTH]) | set(TOPS[Seat.SOUTH])


def test_the_full_record_at_the_end_and_the_auction_beside_the_play(tmp_path: Path) -> None:
    log = tmp_path / "b.jsonl"
    _log(log, ["7NT", "P", "P", "P"])
    result = runner.invoke(app, ["play", "--resume", str(log), "--seat", "E"], input="show\nST\ny\n")
    out = result.output
    assert "7NT (1)" in out and "Your hand (E): ♠ 10 9 8" in out  # the grid with the diagram, numbered
    record = out.split("The auction")[1]
    assert "trick  1: E ♠10" in record and "claim by North of 12 tricks" in record and "West: agree" in record


def test_a_void_is_shown_and_seat_names_are_capitalised() -> None:
    assert cards_text(TOPS[Seat.EAST], voids=True).startswith("♠ 10 9 8")
    void = Deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    assert cards_text(void[Seat.NORTH], voids=True) == "♠ A K Q J 10 9 8 7 6 5 4 3 2  ♥ —  ♦ —  ♣ —"
    assert seat_names("expose: SA is not in south's hand") == "expose: SA is not in South's hand"


def test_forced_cards_are_played_when_asked_and_hint_speaks_one_notation(tmp_path: Path) -> None:
    """East, on lead, has a choice: after ``auto on`` he is still asked; the hint names cards as the table shows
    them (♠10), never the log's letters (ST) or the sampler's internals."""
    log = tmp_path / "b.jsonl"
    _log(log, ["7NT", "P", "P", "P"])
    result = runner.invoke(app, ["play", "--resume", str(log), "--seat", "E"], input="auto on\nhint\nquit\n")
    out = result.output
    assert "Forced cards are played for you: on" in out
    assert re.search(r"The robot would play [♠♥♦♣](10|[2-9AKQJ]) \(over \d+ layouts", out)
    assert "constraints" not in out and not re.search(r"\b[SHDC][2-9TJQKA]\b", out.split("The robot would play")[1])


def test_a_forced_card_is_played_for_the_person_who_asks(tmp_path: Path) -> None:
    """East's singleton ♣J is his only legal card when West leads a club: with ``auto on`` it is played for him
    (and logged like any card); without it he is asked as ever."""
    deal = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT98.JT98.J 65.765.765.T9876 432.432.432.5432")
    log = tmp_path / "b.jsonl"
    table = Table(Board(1, deal))
    for call in ["P", "P", "7NT", "P", "P", "P"]:
        table.call(call)
    table.play(Card.parse("C5"), Seat.WEST)
    log.write_text(table.to_jsonl())
    result = runner.invoke(app, ["play", "--resume", str(log), "--seat", "E"], input="auto on\nquit\n")
    assert "(auto: the only legal card) ♣J" in result.output
    events = Table.from_jsonl(log.read_text()).to_events()
    assert {"event": "play", "seat": "E", "card": "CJ"} in events


def test_play_board_with_robot_claims_finishes_a_disputed_board() -> None:
    """README's ``play_board(…, on_action=robot_claims(robots))``: a claim a robot disputes is void and play
    goes on by agreement (L68D2(b)), once a trick at most, so the board ends with a result."""
    robots = {seat: Stubborn() for seat in Seat}
    table = Table(Board(1, Deal.random(12)))
    play_board(table, robots, on_action=robot_claims(robots))
    assert table.phase is Phase.DONE and table.result is not None and len(table.tricks) == 13
    kinds = [e["event"] for e in table.to_events()]
    assert kinds.count("claim") == kinds.count("dispute") == kinds.count("play_on") > 0
    assert all(kinds[i + 3] == "play" for i, k in enumerate(kinds) if k == "claim")
