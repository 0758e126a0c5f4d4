"""Four robots bid random deals: every auction is legal and ends, every call has an explanation, and each
explanation is consistent with the hand that made it (the robot's reason and the system's meaning, L20F)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from contractbridge import Auction, Board, Deal, Hand, Seat, Vulnerability
from contractbridge.cli import app
from contractbridge.evaluation import HTTable, honour_tricks, total_honour_tricks
from contractbridge.players import Player, play_board
from contractbridge.robots import BiddingRobot, bid_deal, choose, explain
from contractbridge.systems import system
from contractbridge.table import Phase, Table


def check_deal(seed: int, system_name: str) -> int:
    deal = Deal.random(seed)
    dealer, vul = Seat(seed % 4), Vulnerability((seed // 4) % 4)
    auction, records = bid_deal(deal, dealer, vul, system_name)
    assert auction.is_over
    replay = Auction(dealer)
    sys = system(system_name)
    for index, record in enumerate(records):
        replay.push(record.call)  # legal: push raises on an unlawful call
        assert record.meaning.call == record.call and record.meaning.text and record.meaning.rule
        hand = deal[record.seat]
        assert record.meaning.satisfied_by(hand), (seed, index, record.meaning)
        told = sys.explain(auction, index, vul)
        assert told.call == record.call and told.satisfied_by(hand), (seed, index, told)
    return len(records)


@pytest.mark.parametrize("system_name", ["culbertson", "club"])
def test_random_deals(system_name: str) -> None:
    """1,000 random deals per system (10,000 in the slow suite). A passed-out deal has four calls (L22A); the
    robots open and compete, so the auctions average over seven calls (about eight measured): a count near
    4,000 would mean robots that only pass."""
    assert sum(check_deal(seed, system_name) for seed in range(1000)) >= 7_000


@pytest.mark.slow
@pytest.mark.parametrize("system_name", ["culbertson", "club"])
def test_random_deals_10000(system_name: str) -> None:
    """10,000 more deals, with the count asserted as above (over seven calls a deal on average)."""
    assert sum(check_deal(seed, system_name) for seed in range(1000, 11000)) >= 70_000


def test_mixed_systems_at_one_table() -> None:
    """North-South play Culbertson, East-West the Club system: the auction stays legal, and each side's
    calls are read by that side's system (L20F)."""
    for seed in range(200):
        deal = Deal.random(seed)
        auction, records = bid_deal(
            deal, Seat(seed % 4), Vulnerability.NONE, ["culbertson", "club", "culbertson", "club"]
        )
        assert auction.is_over
        for index, record in enumerate(records):
            mine, theirs = ("club", "culbertson") if record.seat.side else ("culbertson", "club")
            told = explain(auction, index, Vulnerability.NONE, system=mine, opponents=theirs)
            assert told.satisfied_by(deal[record.seat])


def test_opponents_artificial_club_is_not_their_suit() -> None:
    """Over the Club system's artificial 1C, clubs are free for a natural overcall (EST-B55, B28)."""
    hand, auction = Hand("32.32.A32.AKJ432"), Auction(Seat.EAST, "1C")
    assert str(choose(hand, auction, opponents="club")[0]) == "3C"  # a jump overcall: 3 HT, strong clubs
    assert str(choose(hand, auction)[0]) == "P"  # over a natural 1C the clubs are theirs


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_fast_honour_tricks_match_breakdown(seed: int) -> None:
    """The robots' fast count equals the itemised EST-B08/B56 count."""
    for hand in Deal.random(seed).hands:
        for table in HTTable:
            assert total_honour_tricks(hand, table) == honour_tricks(hand, table).value


def test_robots_at_a_table() -> None:
    """Four BiddingRobots (the Player protocol) bid and play whole boards at a Table, from their own views;
    the auction is the one ``bid_deal`` produces."""
    for number in range(1, 9):
        board = Board(number, Deal.random(number))
        table = Table(board)
        robots = {
            seat: BiddingRobot("club" if seat.side else "culbertson", opponents="culbertson" if seat.side else "club")
            for seat in Seat
        }
        assert all(isinstance(r, Player) for r in robots.values())
        play_board(table, robots)
        assert table.phase is Phase.DONE
        expected, _ = bid_deal(
            board.deal, board.dealer, board.vulnerability, ["culbertson", "club", "culbertson", "club"]
        )
        assert table.auction == expected
        for index, (seat, _call) in enumerate(table.auction.history()):
            assert robots[seat].explain(table.auction, index, board.vulnerability).satisfied_by(board.deal[seat])


def test_play_command_with_robots() -> None:
    """``contractbridge play --robot-seats NESW`` runs a whole board with the bidding robots."""
    result = CliRunner().invoke(app, ["play", "--seed", "5", "--robot-seats", "NESW", "--system", "club"])
    assert result.exit_code == 0, result.output
    assert "N calls" in result.output or "E calls" in result.output
    # --seat: you sit South; the robots take the other three seats (here South only answers "quit")
    result = CliRunner().invoke(app, ["play", "--seed", "5", "--seat", "S"], input="explain 1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "W calls" in result.output or "N calls" in result.output
