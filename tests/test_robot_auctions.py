"""Four robots bid random deals: every auction is legal and ends, every call has an explanation, and each
explanation is consistent with the hand that made it (the robot's reason and the system's meaning, L20F)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contractbridge import Auction, Deal, Seat, Vulnerability
from contractbridge.evaluation import HTTable, honour_tricks, total_honour_tricks
from contractbridge.robots import BiddingRobot, bid_deal
from contractbridge.systems import system


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
    """1,000 random deals per system (10,000 in the slow suite)."""
    assert sum(check_deal(seed, system_name) for seed in range(1000)) >= 4000


@pytest.mark.slow
@pytest.mark.parametrize("system_name", ["culbertson", "club"])
def test_random_deals_10000(system_name: str) -> None:
    for seed in range(1000, 11000):
        check_deal(seed, system_name)


def test_mixed_systems_at_one_table() -> None:
    """North-South play Culbertson, East-West the Club system: the auction stays legal."""
    for seed in range(200):
        deal = Deal.random(seed)
        auction, _ = bid_deal(deal, Seat(seed % 4), Vulnerability.NONE, ["culbertson", "club", "culbertson", "club"])
        assert auction.is_over


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_fast_honour_tricks_match_breakdown(seed: int) -> None:
    """The robots' fast count equals the itemised EST-B08/B56 count."""
    for hand in Deal.random(seed).hands:
        for table in HTTable:
            assert total_honour_tricks(hand, table) == honour_tricks(hand, table).value


class _View:
    """The fields of a table view the robot reads (its own seat's view only)."""

    def __init__(self, seat: Seat, deal: Deal, auction: Auction) -> None:
        self.seat, self.hand, self.auction, self.vulnerability = seat, deal[seat], auction, Vulnerability.NONE
        self.legal_cards = frozenset(deal[seat])


def test_robot_player_protocol() -> None:
    """BiddingRobot.call(view) bids from the seat's own view and remembers its reason; play(view) is legal."""
    deal = Deal.random(7)
    auction = Auction(Seat.NORTH)
    robots = [BiddingRobot("culbertson") for _ in Seat]
    while not auction.is_over:
        seat = auction.turn
        assert seat is not None
        robot = robots[seat]
        auction.push(robot.call(_View(seat, deal, auction)))
        assert robot.last_meaning is not None and robot.last_meaning.satisfied_by(deal[seat])
    expected, _ = bid_deal(deal, Seat.NORTH)
    assert auction == expected
    view = _View(Seat.WEST, deal, auction)
    assert robots[Seat.WEST].play(view) in deal[Seat.WEST]
    assert robots[Seat.NORTH].explain(auction, 0).call == auction.calls[0]
