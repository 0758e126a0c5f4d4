"""The terminal's robots (``contractbridge play``) bid the system their pair's card names, where the robots play
it, as the web table's do (L40A1(b): a pair's agreements are its card's; ``robots.explanations.seat_systems``);
else the ``--system`` of the command."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from contractbridge.calls import Call
from contractbridge.cli import app
from contractbridge.deal import Board, Deal
from contractbridge.systems.agreements import PartnershipAgreements
from contractbridge.table import Table

runner = CliRunner()
#: North's 2½–4 HT: the Club system opens an artificial 1C (EST-B55), Culbertson passes
DEAL = Deal.random("club2/1/1")


def _first_call(tmp_path: Path, name: str, card: dict[str, object] | None, *options: str) -> Call:
    """North's (the dealer's) first call by a robot at the terminal, the board resumed from a log whose board
    event carries ``card`` (the pairs' system cards)."""
    agreements = None if card is None else PartnershipAgreements.from_dict(card)
    start, log = tmp_path / f"{name}-start.jsonl", tmp_path / f"{name}.jsonl"
    start.write_text(Table(Board(1, DEAL), agreements=agreements).to_jsonl())
    args = ["play", "--resume", str(start), "--log", str(log), "--robot-seats", "N", "--robot-effort", "low", *options]
    result = runner.invoke(app, args, input="quit\n")
    assert result.exit_code == 0, result.output
    return Table.from_jsonl(log.read_text()).auction.calls[0]


def test_the_terminal_robots_bid_the_system_their_pairs_card_names_l40a1b(tmp_path: Path) -> None:
    assert _first_call(tmp_path, "plain", None) == Call.parse("P")  # Culbertson, the command's default
    assert _first_call(tmp_path, "option", None, "--system", "club") == Call.parse("1C")
    assert _first_call(tmp_path, "card", {"NS": {"system": "Club"}}) == Call.parse("1C")  # the card over --system
    # the card names a system the robots do not play: the command's system (the robot's explanations say so)
    assert _first_call(tmp_path, "acol", {"NS": {"system": "Acol"}}) == Call.parse("P")
    # the opponents' card names Club: North still bids Culbertson, his own pair's system
    assert _first_call(tmp_path, "theirs", {"EW": {"system": "club"}}) == Call.parse("P")


def test_the_hint_in_a_persons_seat_bids_the_system_his_pairs_card_names_l40a1b(tmp_path: Path) -> None:
    """North is the person: the robot that answers his ``hint`` bids the Club system his pair's card names."""
    for name, card, call in (("hint-club", {"NS": {"system": "club"}}, "1C"), ("hint-plain", None, "P")):
        agreements = None if card is None else PartnershipAgreements.from_dict(card)
        start = tmp_path / f"{name}.jsonl"
        start.write_text(Table(Board(1, DEAL), agreements=agreements).to_jsonl())
        args = ["play", "--resume", str(start), "--log", str(tmp_path / f"{name}-out.jsonl"), "--seat", "N"]
        result = runner.invoke(app, [*args, "--robot-effort", "low"], input="hint\nquit\n")
        assert result.exit_code == 0, result.output
        assert f"The robot would call {call}:" in result.output


def test_a_seat_s_robot_for_its_card_s_system_is_kept_from_board_to_board() -> None:
    """A robot seated for the system its pair's card names is built once and kept, as the ``--system`` robots are
    (one built per board restarted the same random sampling on every board)."""
    from contractbridge.cards import Seat
    from contractbridge.commands.table import _Seating
    from contractbridge.robots import Effort, default_robot

    robots = {Seat.NORTH: default_robot("culbertson", seed=1, effort=Effort.parse("low"))}
    seating = _Seating(robots, "culbertson", 1, Effort.parse("low"))
    club = PartnershipAgreements.from_dict({"NS": {"system": "club"}})
    first, second = (seating.at(Table(Board(n, DEAL), agreements=club)) for n in (1, 2))
    assert first[Seat.NORTH] is second[Seat.NORTH] and first[Seat.NORTH] is not robots[Seat.NORTH]
    assert seating.at(Table(Board(3, DEAL)))[Seat.NORTH] is robots[Seat.NORTH]  # no card: the command's robot
