"""The director at ``Table(irregular=True)``: rulings from the table's log, obligations enforced by the table."""

from __future__ import annotations

import pytest

from contractbridge import Board, Deal, Phase, Seat, Table
from contractbridge.calls import PASS, Call
from contractbridge.errors import IllegalCallError, IrregularityPendingError, RulingError
from contractbridge.table import IrregularityKind

DEAL = Deal("N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987")


def tv62_table() -> Table:
    """TV62 at a table: 1S – (E) 1H; S rejects; E replaces with pass (not comparable) → W passes REST."""
    table = Table(Board(1, DEAL), irregular=True)
    table.call("1S", "N")
    table.call("1H", "E")
    table.apply({"event": "choose", "seat": "S", "option": "reject"})
    table.call("P", "E")
    table.apply({"event": "judge", "question": "comparable", "answer": False})
    return table


def test_insufficient_bid_is_a_pending_ruling_at_the_table_l27() -> None:
    table = Table(Board(1, DEAL), irregular=True)
    table.call("1S")
    table.call("1H", "E")
    pending = table.pending_irregularity
    assert pending is not None and pending.kind is IrregularityKind.INSUFFICIENT_BID and table.turn is None
    ruling = table.record.pending
    assert ruling is not None and ruling.chooser == Seat.SOUTH
    with pytest.raises(IrregularityPendingError):
        table.call("P", "W")
    with pytest.raises(RulingError):
        table.apply({"event": "choose", "seat": "W", "option": "accept"})


def test_table_enforces_the_obligation_to_pass_l27b2() -> None:
    table = tv62_table()
    assert table.pending_irregularity is None and str(table.auction) == "1S P"
    table.call("2S", "S")
    assert table.turn == Seat.WEST and table.legal_calls() == [PASS]
    assert table.view(Seat.WEST).legal_calls == (PASS,)


def test_call_violating_the_obligation_is_itself_an_irregularity_l37() -> None:
    table = tv62_table()
    table.call("2S", "S")
    table.call("3D", "W")
    pending = table.pending_irregularity
    assert pending is not None and pending.kind is IrregularityKind.PASS_OBLIGATION
    table.apply({"event": "choose", "seat": "director", "option": "cancel"})
    assert str(table.auction) == "1S P 2S P" and table.turn == Seat.NORTH


def test_log_round_trip_and_undo() -> None:
    table = tv62_table()
    table.call("2S", "S")
    again = Table.from_events(table.to_events())
    assert str(again.auction) == str(table.auction) and again.legal_calls() == [PASS]
    table.undo()
    assert table.turn == Seat.SOUTH and len(table.legal_calls()) > 1


def test_lead_restriction_blocks_the_opening_lead_until_declarer_chooses_l26b() -> None:
    # TV66 at a table: W's insufficient 2D replaced by a pass; NS play 4S by N; E (W's partner) leads.
    table = Table(Board(1, DEAL), irregular=True)
    for seat, c in (("N", "1S"), ("E", "P"), ("S", "2S"), ("W", "2D")):
        table.call(c, seat)
    table.apply({"event": "choose", "seat": "N", "option": "reject"})
    table.call("P", "W")
    table.apply({"event": "judge", "question": "comparable", "answer": False})
    for c in ("4S", "P", "P", "P"):
        table.call(c)
    assert table.pending_irregularity is not None and table.turn is None
    table.apply({"event": "choose", "seat": "N", "option": "forbid_H"})
    assert table.phase is Phase.PLAY and table.turn == Seat.EAST and str(table.contract) == "4S"
    (r,) = table.record.lead_restrictions
    assert r.forbidden is not None and r.forbidden.letter == "H"


def test_exposed_card_must_be_in_the_hand_l24() -> None:
    table = Table(Board(1, DEAL), irregular=True)
    table.call("1S")
    with pytest.raises(IllegalCallError, match="not in"):
        table.apply({"event": "expose", "seat": "E", "cards": ["SA"]})
    table.apply({"event": "expose", "seat": "E", "cards": ["HA"]})
    table.apply({"event": "judge", "question": "partner_could_see", "answer": True})
    table.call("P", "E")
    table.call("1NT", "S")
    assert table.legal_calls() == [PASS]  # W must pass at his next turn (L24B)


def test_strict_table_has_no_director() -> None:
    table = Table(Board(1, DEAL))
    with pytest.raises(RulingError, match="irregular"):
        table.apply({"event": "choose", "seat": "S", "option": "accept"})
    with pytest.raises(IllegalCallError):
        table.call(Call.parse("1H"), "E")


def test_system_description_in_the_board_event_l29c_l26b() -> None:
    table = Table(Board(1, DEAL), irregular=True)
    events = table.to_events()
    events[0]["system"] = {"2C": {"artificial": True, "suits": []}}
    events.append({"event": "call", "seat": "E", "call": "2C"})
    table = Table.from_events(events)
    ruling = table.record.pending
    assert ruling is not None and any("L29C" in n for n in ruling.notes)


def test_undo_a_choice_and_a_judgement() -> None:
    table = tv62_table()
    table.undo()  # the judgement
    ruling = table.record.pending
    assert ruling is not None and ruling.question is not None and table.pending_irregularity is not None
    table.undo()  # E's pass
    table.undo()  # the choice
    ruling = table.record.pending
    assert ruling is not None and ruling.chooser == Seat.SOUTH
    table.apply({"event": "choose", "seat": "S", "option": "accept"})
    assert str(table.auction) == "1S 1H" and table.turn == Seat.SOUTH
