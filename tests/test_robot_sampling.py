"""Sampling the hidden hands (issue #13 items 1 and 3): consistent with the view and the auction, relaxed in
the documented order, never failing."""

from __future__ import annotations

import numpy as np

from contractbridge import Board, Deal, Seat
from contractbridge.cards import Card, Hand, Suit
from contractbridge.robots.inference import RELAXATION_ORDER, Tier, read_auction
from contractbridge.robots.sampling import Knowledge, Sampler, holdings_of
from contractbridge.systems import system
from contractbridge.table import Table

CULBERTSON = system("culbertson")
DEAL = "N:AK32.K32.K32.K32 .AQJT9.AQJT9.AQJ QJT9.8765.8765.8 87654.4.4.T97654"


def _hands(row: np.ndarray) -> dict[Seat, Hand]:
    return {
        s: Hand.from_bits(int(row[s][0]) | int(row[s][1]) << 13 | int(row[s][2]) << 26 | int(row[s][3]) << 39)
        for s in Seat
    }


def _table(cards: str) -> Table:
    """1NT by North (3NT), East on lead, South dummy."""
    table = Table(Board(1, Deal(DEAL), dealer=Seat.NORTH))
    for call in ["1NT", "P", "3NT", "P", "P", "P"]:
        table.call(call)
    for card in cards.split():
        table.play(card)
    return table


def test_samples_keep_the_seen_cards_the_voids_and_the_auction() -> None:
    view = _table("DA D5").view(Seat.WEST)
    knowledge = Knowledge.from_view(view)
    assert knowledge.hidden == (Seat.NORTH, Seat.EAST)
    reading = read_auction(view.auction, view.vulnerability, CULBERTSON, CULBERTSON, view.seat, knowledge.hidden)
    sample = Sampler(knowledge, reading, np.random.default_rng(1)).draw(12)
    assert len(sample) == 12
    assert knowledge.consistent(sample.holdings).all()
    for row in sample.holdings:
        hands = _hands(row)
        assert Deal(hands).is_complete and Card.parse("DA") in hands[Seat.EAST]
        for seat in knowledge.hidden:
            assert reading.accepts(seat, hands[seat], sample.tier)


def test_a_shown_void_forces_the_suit_into_the_other_hidden_hand() -> None:
    view = _table("HA H5 H4 H2 HQ H6 S4").view(Seat.NORTH)
    knowledge = Knowledge.from_view(view)
    assert knowledge.voids[Seat.WEST] == frozenset({Suit.HEARTS})
    sample = Sampler(knowledge, None, np.random.default_rng(2)).draw(8)
    unseen_hearts = holdings_of(knowledge.unseen)[Suit.HEARTS]
    assert unseen_hearts and len(sample) == 8
    assert all(int(row[Seat.EAST][Suit.HEARTS]) & unseen_hearts == unseen_hearts for row in sample.holdings)


def test_impossible_knowledge_is_relaxed_and_never_fails() -> None:
    """Both hidden hands void in a suit with unseen cards (only a revoke can do that): the voids go last."""
    knowledge = Knowledge.from_view(_table("DA").view(Seat.NORTH))
    voids = list(knowledge.voids)
    for seat in knowledge.hidden:
        voids[seat] = frozenset({Suit.CLUBS})
    broken = Knowledge(knowledge.seat, knowledge.known, knowledge.visible, tuple(voids), knowledge.played)
    sample = Sampler(broken, None, np.random.default_rng(3)).draw(5)
    assert len(sample) == 5 and sample.tier is Tier.CARDS
    assert broken.consistent(sample.holdings, voids=False).all()
    assert RELAXATION_ORDER == (Tier.REBID, Tier.STRENGTH, Tier.LENGTHS, Tier.VOIDS)
