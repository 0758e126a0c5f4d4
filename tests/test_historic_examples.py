"""laws-historic.md §7.1, the law and scoring examples of the books: E01 (with TV46 in
test_historic_auction.py), E02–E04 here; E05 and E06 (EST-B09, B10) are in test_evaluation.py."""

from __future__ import annotations

from contractbridge.cards import Seat, Side
from contractbridge.contract import Contract
from contractbridge.laws.nbb30 import PlayersAuction
from contractbridge.robots.bidder import BiddingRobot
from contractbridge.rubbergame import RubberSession
from contractbridge.scoring.rubber import Item, Rubber


def test_e01_contract_and_declarer_est_l19() -> None:
    """E01: A 1S, B 2H, C 4S, D double, three passes: 4S doubled, A declares, C is dummy, B leads."""
    events = [
        {"event": "call", "seat": s, "call": c}
        for s, c in zip("NESWNES", ["1S", "2H", "4S", "X", "P", "P", "P"], strict=True)
    ]
    da = PlayersAuction.from_events(events, Seat.NORTH, "EST30")
    assert (str(da.contract), da.declarer, da.dummy, da.opening_leader) == ("4SX", Seat.NORTH, Seat.SOUTH, Seat.EAST)


def test_e02_game_and_carry_over_est_s03() -> None:
    """E02: 60 below, then 4S made: 120 below, 180 in all; the next game starts from 0 for both sides."""
    sheet = Rubber("EST30")
    sheet.record(Contract.parse("2S"), Seat.NORTH, 8)  # 60 below
    sheet.record(Contract.parse("1D"), Seat.EAST, 7)  # the opponents' part-score, 20
    sheet.record(Contract.parse("4S"), Seat.NORTH, 10)
    assert sheet.games(Side.NS) == 1 and sheet.below_line(Side.NS) == 0 and sheet.below_line(Side.EW) == 0
    below = [e.points for e in sheet.entries if e.below and e.side is Side.NS]
    assert below == [60, 120] and sum(below) == 180 and sheet.total(Side.EW) == 20  # all points still count


def test_e03_overtrick_in_notrump_is_valued_by_its_position_est_s06() -> None:
    """E03: 1NT making 8 tricks: the overtrick is odd trick 2, worth 40."""
    sheet = Rubber("EST30")
    lines = sheet.record(Contract.parse("1NT"), Seat.SOUTH, 8)
    assert [(e.item, e.points) for e in lines] == [(Item.TRICKS, 30), (Item.OVERTRICKS, 40)]


def test_e04_score_sheet_and_players_results_est_t1() -> None:
    """E04: below the line tricks bid and made, above it the premiums; the result written above each
    player's name, + for the winners and − for the losers."""
    session = RubberSession("EST30", seed=5)
    result = session.play_rubber({s: BiddingRobot() for s in Seat})
    assert all(e.below == (e.item is Item.TRICKS) for e in session.sheet.entries)
    signed = session.player_results()
    assert result.winner is not None
    winners = {session.lineup.seats[s] for s in result.winner.seats}
    assert all(signed[name] == (result.points if name in winners else -result.points) for name in signed)
    assert sum(signed.values()) == 0
