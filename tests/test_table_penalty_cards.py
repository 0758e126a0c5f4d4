"""Issue #11 wiring: penalty cards from the auction (L24E) enforced at the table through ``WBF17.legal_cards``
(L44C, L50D1, L51A; digest ``shared/spec/laws-wbf2017.md`` §12.10 TV105, §12.9 TV95), built as event logs."""

from __future__ import annotations

from typing import Any

import pytest

from contractbridge.cards import Card, Seat
from contractbridge.deal import Board, Deal
from contractbridge.errors import RulingError
from contractbridge.table import IrregularityKind, Table

# W holds ♠QJ32, no heart: he exposes ♠Q ♠J during the auction and becomes the opening leader against 1NT by S.
DEAL = Deal("N:AK54.AKQ2.AK7.AK T98.JT987.QJ8.QJ 76.6543.T9.T9876 QJ32..65432.5432")
Event = dict[str, Any]


def log(*plays: str) -> list[Event]:
    """The board, the auction with W's exposure (L24C: two cards, E must pass once; both major PCs, L24E, L50B),
    then ``plays`` in order (``"W:SJ"`` names the seat, a bare card is played by the seat whose turn it is)."""
    events: list[Event] = [
        Table(Board(1, DEAL), irregular=True).to_events()[0],
        {"event": "call", "seat": "N", "call": "P"},
        {"event": "call", "seat": "E", "call": "P"},
        {"event": "call", "seat": "S", "call": "1NT"},
        {"event": "expose", "seat": "W", "cards": ["SQ", "SJ"], "led": False},
        {"event": "judge", "question": "partner_could_see", "answer": True},
        {"event": "call", "seat": "W", "call": "P"},
        {"event": "call", "seat": "N", "call": "P"},
        {"event": "call", "seat": "E", "call": "P"},
    ]
    for p in plays:
        seat, _, card = p.rpartition(":")
        events.append({"event": "play", "card": card, **({"seat": seat} if seat else {})})
    return events


def test_major_penalty_cards_must_be_led_at_the_first_opportunity_l50d1a_l51a() -> None:
    table = Table.from_events(log())
    assert table.record is not None
    assert [(p.card, p.major) for p in table.record.penalty_cards] == [(Card("SQ"), True), (Card("SJ"), True)]
    assert table.turn == Seat.WEST
    assert table.legal_cards() == {Card("SQ"), Card("SJ")}  # either: declarer names it (L51A)
    assert table.view(Seat.WEST).legal_cards == {Card("SQ"), Card("SJ")}
    assert table.view(Seat.EAST).legal_cards == frozenset()


def test_a_card_other_than_the_penalty_card_is_recorded_at_an_irregular_table_l52() -> None:
    table = Table.from_events(log("W:D2"))
    pending = table.pending_irregularity
    assert pending is not None and pending.kind is IrregularityKind.RESTRICTED_CARD
    assert pending.seat == Seat.WEST and pending.action == Card("D2") and table.turn is None
    assert Card("D2") in table.hand(Seat.WEST)  # not played: the table waits for the ruling


def test_following_suit_comes_before_the_penalty_card_tv95_tv105_l44c_l50d1b() -> None:
    # W leads ♠J (a PC), dummy wins ♠A and leads ♦A: W holds diamonds, so he follows; ♠Q stays a PC (TV95).
    table = Table.from_events(log("W:SJ", "SA", "S8", "S6", "DA", "D8", "D9"))
    assert table.turn == Seat.WEST
    diamonds = frozenset(Card(c) for c in ["D6", "D5", "D4", "D3", "D2"])
    assert table.legal_cards() == diamonds == table.view(Seat.WEST).legal_cards
    # dummy then leads a heart: W is void, so he must play ♠Q now rather than discard (TV105, L50D1(a))
    table = Table.from_events(log("W:SJ", "SA", "S8", "S6", "DA", "D8", "D9", "D2", "H2", "H7", "H3"))
    assert table.turn == Seat.WEST and table.legal_cards() == {Card("SQ")}
    table.play("SQ")
    assert table.turn == Seat.EAST  # E won with ♥7; the penalty cards are gone
    table.play("H8")
    table.play("H4")
    assert table.turn == Seat.WEST and table.legal_cards() == frozenset(table.hand(Seat.WEST))  # no PC left: any card


def test_a_strict_table_has_no_penalty_cards_and_no_restriction() -> None:
    """Exposures during the auction are recorded only at an irregular table: a strict table refuses them, so its
    legal cards are L44's alone."""
    table = Table(Board(1, DEAL))
    for c in ["P", "P", "1NT"]:
        table.call(c)
    with pytest.raises(RulingError):
        table.apply({"event": "expose", "seat": "W", "cards": ["SQ", "SJ"]})
    for c in ["P", "P", "P"]:
        table.call(c)
    assert table.legal_cards() == frozenset(DEAL[Seat.WEST])


def partner_log(*more: Event) -> list[Event]:
    """E exposes ♣Q during the auction (L24B: W must pass once); 1NT by S: W leads while E has a major PC."""
    return [
        Table(Board(1, DEAL), irregular=True).to_events()[0],
        {"event": "call", "seat": "N", "call": "P"},
        {"event": "expose", "seat": "E", "cards": ["CQ"], "led": False},
        {"event": "judge", "question": "partner_could_see", "answer": True},
        {"event": "call", "seat": "E", "call": "P"},
        {"event": "call", "seat": "S", "call": "1NT"},
        {"event": "call", "seat": "W", "call": "P"},
        {"event": "call", "seat": "N", "call": "P"},
        {"event": "call", "seat": "E", "call": "P"},
        *more,
    ]


def test_tv103_declarer_chooses_before_the_partner_of_a_major_pc_owner_leads_l50d2() -> None:
    table = Table.from_events(partner_log())
    assert table.record is not None and table.record.pending is not None and table.turn is None
    assert [o.id for o in table.record.pending.options] == ["require_C", "forbid_C", "no_restriction"]
    clubs = frozenset(c for c in DEAL[Seat.WEST] if c.suit is Card("C2").suit)
    required = Table.from_events(partner_log({"event": "choose", "seat": "S", "option": "require_C"}))
    assert required.legal_cards() == clubs and required.view(Seat.WEST).legal_cards == clubs  # L50D2(a)
    assert required.record is not None and required.record.penalty_cards == []  # ♣Q picked up
    forbidden = Table.from_events(partner_log({"event": "choose", "seat": "S", "option": "forbid_C"}))
    assert forbidden.legal_cards() == frozenset(DEAL[Seat.WEST]) - clubs
    free = Table.from_events(partner_log({"event": "choose", "seat": "S", "option": "no_restriction"}))
    assert free.legal_cards() == frozenset(DEAL[Seat.WEST])  # L50D2(b): the PC stays
    assert free.record is not None and [p.card for p in free.record.penalty_cards] == [Card("CQ")]
    forbidden.play("C2")  # against the ban: recorded at an irregular table, a revoke that stands (L61A)
    revoke = forbidden.irregularities[-1]
    assert revoke.kind is IrregularityKind.RESTRICTED_CARD and forbidden.pending_irregularity is None
