"""Issue #11 wiring: a faced opening lead out of turn at an irregular table (L54; digest
``shared/spec/laws-wbf2017.md`` §12.11 TV110) is a pending ruling in the table's record with the options of
``laws.wbf17.play.out_of_turn``, applied by ``choose`` events; replaying the log gives the same table."""

from __future__ import annotations

from typing import Any

import pytest

from contractbridge.cards import Card, Seat
from contractbridge.deal import Board, Deal
from contractbridge.errors import RulingError
from contractbridge.table import IrregularityKind, Table
from play_helpers import replayed

# 1NT by S: W is the opening leader; E faces ♥K instead (TV110).
DEAL = Deal("N:AK54.AQ32.AK7.AK T98.KJT98.QJ8.QJ 76.7654.T9.T9876 QJ32..65432.5432")
Event = dict[str, Any]


def log(*more: Event) -> list[Event]:
    calls = [
        {"event": "call", "seat": s, "call": c} for s, c in zip("NESWNE", ["P", "P", "1NT", "P", "P", "P"], strict=True)
    ]
    lead = {"event": "play", "seat": "E", "card": "HK"}
    return [Table(Board(1, DEAL), irregular=True).to_events()[0], *calls, lead, *more]


def play(card: str) -> Event:
    return {"event": "play", "card": card}


def choose(option: str, seat: str = "S") -> Event:
    return {"event": "choose", "seat": seat, "option": option}


def test_tv110_the_opening_lead_out_of_turn_is_declarers_choice_l54() -> None:
    table = Table.from_events(log())
    assert table.record is not None and table.record.pending is not None
    ruling = table.record.pending
    assert (ruling.irregularity, ruling.law, ruling.offender, ruling.chooser) == (
        "opening_lead_out_of_turn",
        "54",
        Seat.EAST,
        Seat.SOUTH,
    )
    assert [(o.id, o.law) for o in ruling.options] == [
        ("accept", "54B, 53A"),
        ("spread", "54A"),
        ("withdraw", "54D, 50D"),
    ]
    lead = table.pending_irregularity
    assert lead is not None and lead.kind is IrregularityKind.LEAD_OUT_OF_TURN and lead.turn == Seat.WEST
    assert table.turn is None and table.legal_cards() == frozenset()
    with pytest.raises(RulingError):  # the choice is declarer's (L54), not the defenders'
        table.apply(choose("accept", "W"))
    assert table.record.pending is ruling
    table.undo()  # the lead taken back: no ruling is left behind
    assert table.record.pending is None and table.turn == Seat.WEST and table.irregularities == []


def test_tv110a_accepted_declarer_plays_second_from_his_own_hand_l54b1() -> None:
    table = Table.from_events(log(choose("accept")))
    assert table.pending_irregularity is None and table.record is not None and table.record.pending is None
    assert table.declarer == Seat.SOUTH and table.turn == Seat.SOUTH  # the second card: declarer's own hand
    assert table.view(Seat.WEST).dummy_hand == DEAL[Seat.NORTH]  # dummy is spread (L54B1)
    assert [r["option"] for r in table.record.rulings] == ["accept"]
    table.apply(play("H4"))
    assert table.turn == Seat.WEST
    replayed(table)


def test_tv110b_declarer_spreads_his_hand_and_partner_declares_l54a() -> None:
    table = Table.from_events(log(choose("spread")))
    assert table.declarer == Seat.NORTH and table.dummy == Seat.SOUTH
    assert table.turn == Seat.SOUTH and table.actor == Seat.NORTH  # E's lead is now in turn; N plays dummy's card
    assert table.view(Seat.EAST).dummy_hand == DEAL[Seat.SOUTH]
    for card in ["H4", "S2", "HA"]:
        table.apply(play(card))
    assert table.tricks[0].winner == Seat.NORTH and table.turn == Seat.NORTH
    replayed(table)
    table.undo()
    table.undo()
    table.undo()
    table.undo()  # back to the choice: the roles are S's again until he chooses
    assert table.declarer == Seat.SOUTH and table.record is not None and table.record.pending is not None


def test_tv110c_withdrawn_the_card_is_a_major_penalty_card_l54d_l50d1() -> None:
    table = Table.from_events(log(choose("withdraw")))
    assert table.record is not None
    assert [(p.seat, p.card, p.major, p.law) for p in table.record.penalty_cards] == [
        (Seat.EAST, Card("HK"), True, "54D, 50D")
    ]
    assert Card("HK") in table.hand(Seat.EAST) and table.declarer == Seat.SOUTH
    # W is to lead while his partner has a major PC: declarer first chooses (L50D2, TV103), the lead waits
    ruling = table.record.pending
    assert ruling is not None and table.turn is None
    assert (ruling.irregularity, ruling.law, ruling.chooser) == ("penalty_card_lead", "50D2", Seat.SOUTH)
    assert [o.id for o in ruling.options] == ["require_H", "forbid_H", "no_restriction"]
    required = Table.from_events(log(choose("withdraw"), choose("require_H")))
    assert required.record is not None and required.record.penalty_cards == []  # ♥K picked up (L50D2(a))
    assert required.turn == Seat.WEST and required.legal_cards() == frozenset(DEAL[Seat.WEST])  # void: L59
    replayed(required)
    table.apply(choose("no_restriction"))  # L50D2(b): the PC stays
    assert table.turn == Seat.WEST and len(table.record.penalty_cards) == 1
    for card in ["S2", "SA"]:
        table.apply(play(card))
    assert table.legal_cards() == {Card("ST"), Card("S9"), Card("S8")}  # following suit first (L44C, TV95)
    for card in ["S8", "S6", "H2"]:  # dummy wins and leads a heart
        table.apply(play(card))
    assert table.turn == Seat.EAST and table.legal_cards() == {Card("HK")}  # the PC, at the first opportunity
    table.apply(play("HJ"))  # an irregular table records the failure to play it (L52)
    pending = table.pending_irregularity
    assert pending is not None and pending.kind is IrregularityKind.RESTRICTED_CARD
    replayed(table)


def test_tv111_declarer_who_could_have_seen_dummy_must_accept_the_lead_l54c() -> None:
    table = Table.from_events(log({"event": "dummy_seen"}))
    assert table.record is not None and table.record.pending is not None
    ruling = table.record.pending
    assert (ruling.law, ruling.chooser, [o.id for o in ruling.options]) == ("54C", Seat.SOUTH, ["accept"])
    with pytest.raises(RulingError):
        table.apply(choose("spread"))
    table.apply(choose("accept"))
    assert table.declarer == Seat.SOUTH and table.turn == Seat.SOUTH  # he remains declarer, second hand (L54B1)
    assert table.play_state is not None and table.play_state.current_trick == [(Seat.EAST, Card("HK"))]
    replayed(table)


def test_l54c_the_fact_needs_a_pending_opening_lead_out_of_turn() -> None:
    table = Table.from_events(log(choose("accept")))
    with pytest.raises(RulingError):
        table.apply({"event": "dummy_seen"})
