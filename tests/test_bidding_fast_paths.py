"""The bidding robots' fast paths (#28) against the plain definitions they stand for: the integer call keys, the
auction facts a ``Context`` reads in one pass (L18, L19, EST-B05), and a hand's summary (EST-B08, B13, B37)."""

from __future__ import annotations

import random

import pytest

from contractbridge import Auction, Deal, Seat, Strain, Suit, Vulnerability
from contractbridge.calls import DOUBLE, PASS, REDOUBLE, Bid
from contractbridge.cards import Rank
from contractbridge.evaluation import culbertson_suit_quarters, has_normal_support, quarters
from contractbridge.systems import CULBERTSON, Forcing
from contractbridge.systems.base import DEFAULT_OPTIONS, HandEval, call_key, situation_after

CALLS = [PASS, DOUBLE, REDOUBLE, *(Bid(level, strain) for level in range(1, 8) for strain in Strain)]


def test_call_keys_identify_calls() -> None:
    """One key per call, the same for an equal call built again; a bid's key is its rank (L18E)."""
    keys = [call_key(c) for c in CALLS]
    assert len(set(keys)) == len(CALLS)
    for call in CALLS:
        if isinstance(call, Bid):
            assert call_key(Bid(call.level, call.strain)) == call_key(call) == call.rank


@pytest.mark.parametrize("seed", range(3))
def test_context_facts_equal_their_definitions(seed: int) -> None:
    """Over random auctions: the calls a ``Context`` finds legal are the auction's (L18, L19), and its last bid,
    opener, each seat's natural suits and the game force (EST-B05) agree with the calls and meanings."""
    rng = random.Random(seed)
    pair = (CULBERTSON, CULBERTSON)
    for _ in range(150):
        auction = Auction(Seat(rng.randrange(4)))
        while not auction.is_over:
            vul = Vulnerability(rng.randrange(4))
            node = situation_after(pair, auction.calls, auction.dealer, vul, DEFAULT_OPTIONS, (0, 0))
            ctx = node.context
            legal = auction.legal_calls()
            assert [c for c in CALLS if ctx.legal(c)] == [c for c in CALLS if c in legal]
            bids = [c for c in auction.calls if isinstance(c, Bid)]
            assert ctx.last_bid == (bids[-1] if bids else None)
            assert ctx.last_rank == (bids[-1].rank if bids else -1)
            assert ctx.opener == (None if not bids else auction.seat_of(auction.calls.index(bids[0])))
            n = len(auction.calls)
            ours = list(range(n - 2, -1, -2))
            forced = any(node.meanings[i].forcing is Forcing.GAME for i in ours)
            ours_bids = [i for i in ours if isinstance(auction.calls[i], Bid)]
            last_i = max((i for i in range(n) if isinstance(auction.calls[i], Bid)), default=None)
            reached = last_i is not None and last_i in ours_bids and bids[-1].level >= ctx.game(bids[-1].strain)
            assert ctx.our_game_forcing() == (forced and not reached)
            for seat in Seat:
                natural = []
                for i, c in enumerate(auction.calls):
                    if auction.seat_of(i) == seat and isinstance(c, Bid) and c.strain is not Strain.NOTRUMP:
                        suit = Suit(int(c.strain))
                        if not node.meanings[i].artificial and suit not in natural:
                            natural.append(suit)
                assert ctx.suits_bid_by((seat,)) == natural
            # mostly passes, so that auctions end; any legal call otherwise
            auction.push(PASS if rng.random() < 0.6 else rng.choice(legal))


def _supports(ranks: set[Rank], weak: bool) -> bool:
    """EST-B37 as the book words it: Q x x, J 10 x or x x x x; weak (B37, B49) also A x and K x."""
    if len(ranks) >= 4:
        return True
    if len(ranks) == 3:
        return bool(ranks & {Rank.ACE, Rank.KING, Rank.QUEEN}) or {Rank.JACK, Rank.TEN} <= ranks
    return weak and len(ranks) == 2 and bool(ranks & {Rank.ACE, Rank.KING})


def test_hand_summary_equals_the_plain_counts() -> None:
    """``HandEval``'s per-suit honour tricks (EST-B08) and normal support (EST-B37, weak or not), and
    ``has_normal_support``, equal the book's wording, over 200 random deals."""
    for n in range(200):
        for hand in Deal.random(10_000 + n).hands:
            ev = HandEval(hand)
            for suit in Suit:
                assert ev.suit_ht[suit] == quarters(culbertson_suit_quarters(hand.suit_bits(suit)))
                ranks = {card.rank for card in hand if card.suit == suit}
                for weak in (False, True):
                    assert ev.support(suit, weak) == has_normal_support(hand, suit, weak=weak) == _supports(ranks, weak)


def test_a_situation_or_context_built_directly_reads_its_own_calls() -> None:
    """A ``Situation`` given calls but no keys offers the options of those calls (not of the empty auction, whose
    cache key it used to share); a ``Context`` without meanings can be built (the game force, EST-B05, read only
    where a meaning is known)."""
    from contractbridge.systems.base import Context, Situation

    pair = (CULBERTSON, CULBERTSON)
    calls = (Bid(1, Strain.SPADES),)
    direct = Situation(pair, Seat.NORTH, Vulnerability.NONE, DEFAULT_OPTIONS, (0, 0), calls)
    walked = situation_after(pair, calls, Seat.NORTH, Vulnerability.NONE, DEFAULT_OPTIONS, (0, 0))
    assert [c.call for c in direct.offered] == [c.call for c in walked.offered]
    context = Context(CULBERTSON, (Bid(1, Strain.SPADES), PASS), Seat.NORTH, Vulnerability.NONE, DEFAULT_OPTIONS)
    assert context.auction_calls == (Bid(1, Strain.SPADES), PASS)
