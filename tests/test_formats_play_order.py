"""``record.play_order``: PBN-style tricks (seat order from the section's first seat) put in the order played,
each trick led by the previous trick's winner (L44E–F), checked against ``play.trick_winner``."""

from __future__ import annotations

import random

import pytest

from contractbridge.cards import Card, Seat, Strain
from contractbridge.formats.record import play_order
from contractbridge.play import trick_winner


def _columns(cards: list[Card], first: Seat, leader: Seat, strain: Strain) -> list[tuple[Card | None, ...]]:
    """The PBN columns of ``cards`` (in the order played), worked out trick by trick with ``trick_winner``."""
    columns: list[tuple[Card | None, ...]] = []
    for start in range(0, len(cards), 4):
        trick = cards[start : start + 4]
        row: list[Card | None] = [None] * 4
        for k, card in enumerate(trick):
            row[(leader.offset(k) - first) % 4] = card
        columns.append(tuple(row))
        if len(trick) == 4:
            leader = trick_winner(leader, trick, strain)
    return columns


@pytest.mark.parametrize("strain", list(Strain))
def test_play_order_follows_the_trick_winners(strain: Strain) -> None:
    rng = random.Random(28 + strain)
    for _ in range(200):
        pack = [Card.from_index(i) for i in range(52)]
        rng.shuffle(pack)
        played = pack[: rng.randrange(1, 53)]
        first, leader = Seat(rng.randrange(4)), Seat(rng.randrange(4))
        assert play_order(_columns(played, first, leader, strain), first, leader, strain) == played


def test_play_order_stops_at_the_first_card_not_played() -> None:
    spades = [Card.parse(t) for t in ("SA", "S2", "S3", "S4", "SK", "S5")]
    columns = [(spades[0], spades[1], spades[2], spades[3]), (spades[4], None, spades[5], None)]
    # North leads and wins the first trick with the ace (L44E); the second trick stops at East's missing card
    assert play_order(columns, Seat.NORTH, Seat.NORTH, Strain.NOTRUMP) == spades[:5]
