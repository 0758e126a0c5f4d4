"""The auction (L17–L22; NBB R11–R15): test vectors TV50–TV58 (laws-wbf2017.md §12.4), TV46–TV47
(laws-historic.md §8.2), and ``legal_calls`` against a brute-force reading of L18–L19 and L22."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auction_oracle import brute_force_contract, brute_force_declarer, brute_force_legal
from contractbridge import Auction, Contract, Seat, Strain
from contractbridge.calls import DOUBLE, PASS, REDOUBLE, Bid, Call, CallKind, all_bids
from contractbridge.errors import (
    AuctionClosedError,
    IllegalCallError,
    InadmissibleCallError,
    InsufficientBidError,
    OutOfTurnError,
    ParseError,
)

ALL_CALLS: tuple[Call, ...] = (PASS, DOUBLE, REDOUBLE, *all_bids())


def test_tv50_double_of_opponents_bid_is_legal_l19a1() -> None:
    """TV50: dealer N: 1H – (E) 1S – (S) X."""
    auction = Auction(Seat.NORTH, "1H 1S")
    assert auction.can_double() and DOUBLE in auction.legal_calls()
    auction.push(DOUBLE, Seat.SOUTH)
    assert auction.doubling.name == "DOUBLED"


def test_tv51_double_of_partners_bid_is_inadmissible_l19a1_l36() -> None:
    """TV51: dealer N: 1H – P – (S) X doubles partner's bid."""
    auction = Auction(Seat.NORTH, "1H P")
    assert not auction.can_double() and DOUBLE not in auction.legal_calls()
    with pytest.raises(InadmissibleCallError, match="own side"):
        auction.push(DOUBLE)
    assert str(auction) == "1H P" and auction.turn == Seat.SOUTH


def test_tv52_redouble_of_opponents_double_after_passes_l19b1() -> None:
    """TV52: dealer N: 1H – X – P – P – (N) XX."""
    auction = Auction(Seat.NORTH, "1H X P P")
    assert auction.turn == Seat.NORTH and auction.can_redouble()
    auction.push(REDOUBLE, Seat.NORTH)
    assert auction.doubling.name == "REDOUBLED"


def test_tv53_redouble_over_a_bid_is_inadmissible_l19b1() -> None:
    """TV53: dealer N: 1H – X – 1S – (W) XX: the last non-pass call is a bid."""
    auction = Auction(Seat.NORTH, "1H X 1S")
    assert not auction.can_redouble() and REDOUBLE not in auction.legal_calls()
    with pytest.raises(InadmissibleCallError, match="no double to redouble"):
        auction.push(REDOUBLE, Seat.WEST)
    assert str(auction) == "1H X 1S"


def test_tv54_later_bid_supersedes_double_and_redouble_l19c_l22a() -> None:
    """TV54: dealer N: 1S – X – XX – 2C – P – P – P → 2C undoubled by W."""
    auction = Auction(Seat.NORTH, "1S X XX 2C P P P")
    assert auction.is_over and auction.contract == Contract.parse("2C") and auction.declarer == Seat.WEST


def test_tv55_declarer_is_first_of_the_side_to_name_the_strain_l22a_l41a() -> None:
    """TV55: dealer N: 1C – P – 1H – P – 2H – P – 4H – P – P – P → 4H by S, dummy N, W leads."""
    auction = Auction(Seat.NORTH, "1C P 1H P 2H P 4H P P P")
    assert auction.contract == Contract.parse("4H")
    assert (auction.declarer, auction.dummy, auction.opening_leader) == (Seat.SOUTH, Seat.NORTH, Seat.WEST)


def test_tv56_sufficiency_l18b_e() -> None:
    """TV56: over 1S, 1H is insufficient, 2H and 1NT are sufficient."""
    auction = Auction(Seat.NORTH, "1S")
    assert not auction.is_legal(Call.parse("1H"))
    assert auction.is_legal(Call.parse("2H")) and auction.is_legal(Call.parse("1NT"))
    with pytest.raises(InsufficientBidError, match="1H is insufficient over 1S"):
        auction.push("1H")


def test_tv57_bid_above_seven_is_l38_not_insufficient_and_never_a_contract() -> None:
    """TV57: 8C is handled by L38 (inadmissible), not as an insufficient bid; no 8-level contract."""
    for calls in ("", "7NT", "1S"):
        auction = Auction(Seat.NORTH, calls)
        with pytest.raises(InadmissibleCallError, match="above seven") as info:
            auction.push(Bid(8, Strain.CLUBS))
        assert not isinstance(info.value, InsufficientBidError)
        with pytest.raises(InadmissibleCallError, match="never stand"):
            auction.record(Bid(8, Strain.CLUBS), Seat.NORTH)
    with pytest.raises(ParseError, match="1 to 7"):
        Call.parse("8C")
    assert Call.parse("8C", allow_above_seven=True) == Bid(8, Strain.CLUBS)
    with pytest.raises(ValueError, match="1 to 7"):
        Contract(8, Strain.CLUBS)


def test_tv58_pass_out_of_rotation_does_not_end_the_auction_l17d3_l34() -> None:
    """TV58: dealer N: 1C – (E) P – [S's turn] (W) P – (N) P: the auction is not over; it goes back to S."""
    auction = Auction(Seat.NORTH, "1C P")
    with pytest.raises(OutOfTurnError, match="south's turn"):
        auction.push(PASS, Seat.WEST)  # strict: refused, nothing changes
    assert str(auction) == "1C P" and auction.turn == Seat.SOUTH
    auction.record(PASS, Seat.WEST)  # the pass out of rotation stands (it was called over)
    auction.push(PASS, Seat.NORTH)
    assert not auction.is_over and auction.missed_turn == Seat.SOUTH and auction.contract is None
    auction.pop()
    auction.pop()  # the passes after S's missed turn are cancelled
    assert auction.turn == Seat.SOUTH and auction.missed_turn is None


def test_tv46_declarer_dummy_and_leader_historic_nbb_r15_r18() -> None:
    """TV46 (historic): A 1S, B 2H, C 4S, D X, P P P → 4S doubled, declarer A, dummy C, leader B."""
    auction = Auction(Seat.NORTH, "1S 2H 4S X P P P")
    assert auction.contract == Contract.parse("4SX")
    assert (auction.declarer, auction.dummy, auction.opening_leader) == (Seat.NORTH, Seat.SOUTH, Seat.EAST)


def test_tv47_declarer_named_the_strain_first_not_the_final_bidder_nbb_r15() -> None:
    """TV47 (historic): N 1H, E P, S 4H, all pass → declarer N."""
    auction = Auction(Seat.NORTH, "1H P 4H P P P")
    assert auction.declarer == Seat.NORTH and auction.last_bidder == Seat.SOUTH


def test_passed_out_and_call_after_the_final_pass_l22b_l39() -> None:
    auction = Auction(Seat.EAST, "P P P P")
    assert auction.is_passed_out and auction.contract is None and auction.declarer is None
    assert auction.turn is None and auction.legal_calls() == []
    with pytest.raises(AuctionClosedError, match="auction is over"):
        auction.push(PASS)
    with pytest.raises(AuctionClosedError):
        auction.record(PASS, Seat.EAST)


def test_record_accepted_insufficient_bid_and_call_out_of_rotation_l27a1_l29a() -> None:
    auction = Auction(Seat.NORTH, "1S")
    auction.record(Call.parse("1H"), Seat.EAST)  # accepted IB: treated as legal
    assert auction.last_bid == Call.parse("1H") and auction.turn == Seat.SOUTH
    auction.record(Call.parse("2C"), Seat.NORTH)  # N calls at S's turn; it stands and rotation follows N
    assert auction.turn == Seat.EAST and auction.seats == (Seat.NORTH, Seat.EAST, Seat.NORTH)
    assert auction.history()[-1] == (Seat.NORTH, Call.parse("2C"))
    with pytest.raises(InadmissibleCallError, match="no double to redouble"):
        auction.record(REDOUBLE, Seat.EAST)
    auction.pop()
    assert auction.turn == Seat.SOUTH


@settings(max_examples=300, deadline=None)
@given(dealer=st.sampled_from(list(Seat)), data=st.data())
def test_legal_calls_match_brute_force_over_random_auctions(dealer: Seat, data: st.DataObject) -> None:
    auction = Auction(dealer)
    calls: list[Call] = []
    while True:
        turn, legal = brute_force_legal(dealer, calls)
        assert auction.turn == turn
        assert set(auction.legal_calls()) == legal
        assert len(auction.legal_calls()) == len(legal)
        for call in ALL_CALLS:
            assert auction.is_legal(call) == (call in legal)
            if call not in legal:
                with pytest.raises(IllegalCallError):
                    auction.push(call)
                assert auction.calls == tuple(calls)
        if turn is None:
            break
        assert auction.legal_calls()[0] == PASS  # order: pass, double, redouble, bids upward
        bids = [c for c in auction.legal_calls() if c.kind is CallKind.BID]
        assert bids == sorted(bids, key=lambda b: b.rank)  # type: ignore[attr-defined]
        # passes are likely, so that auctions end at every stage
        call = data.draw(st.one_of(st.just(PASS), st.sampled_from(sorted(legal, key=str))))
        auction.push(call)
        calls.append(call)
    declarer = brute_force_declarer(dealer, calls)
    assert auction.declarer == declarer and auction.is_passed_out == (declarer is None)
    if declarer is not None:
        assert auction.dummy == declarer.partner and auction.opening_leader == declarer.lho
        last_bid = [c for c in calls if isinstance(c, Bid)][-1]
        assert auction.contract is not None and auction.contract.bid == last_bid
    assert auction.contract == brute_force_contract(calls)
    assert Auction(dealer, calls) == auction
    while calls:
        assert auction.pop() == calls.pop()
    assert auction == Auction(dealer)
