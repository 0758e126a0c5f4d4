"""A robot declarer's claim states its line (L68C) in the form ``ClaimStatement.parse`` reads: the cards of its sure
line (``robots.claims.sure_line``), so a disputed robot claim is judged by that line (L70A, L70D, L70E), not as a
bare claim with every doubtful point against it."""

from __future__ import annotations

import pytest

from contractbridge import Board, Card, Deal, Hand, Seat, Table
from contractbridge.laws.wbf17.claims import ClaimStatement
from contractbridge.robots import Effort, default_robot
from contractbridge.robots.claims import sure_line, sure_tricks

#: after nine rounds of North's diamonds, North (3NT) is on lead in a blocked ending: ♠A ♥2 ♣3 2 opposite dummy's
#: ♠K Q J ♥A; the four tricks are sure only by unblocking the ♠K under the ♠A (L70: the line must be stated)
BLOCKED = Deal("N:A.2.AKQJT9876.32 98.KQT9876543.5. KQJ.A.4.AKQJT987 T765432.J.32.654")


def _hand(text: str) -> Hand:
    return Hand(Card(c) for c in text.split())


def test_the_statement_is_the_sure_line_card_by_card_and_reads_back() -> None:
    line = sure_tricks(_hand("SA H2 C2 C3"), _hand("SK SQ SJ HA"), _hand("HK HQ S9 S8 HJ S7 C4 C5"), None)
    assert line.tricks == 4 and line.statement(4) == "SA, SK, H2, HA, SQ, C2, SJ, C3"
    assert line.statement(1) == "SA, SK" and line.statement(0) == ""  # no trick: a concession states no line
    steps = ClaimStatement.parse(line.statement(4)).steps
    assert tuple(s.card for s in steps) == line.cards


def _ending() -> Table:
    table = Table(Board(1, BLOCKED), edition="WBF17", irregular=True)
    for call in ["3NT", "P", "P", "P"]:
        table.call(call)
    table.play("D5")  # East's lead; North wins nine diamond tricks, the others keep their ending cards
    table.play("D4"), table.play("D3"), table.play("DA")
    discards = {
        Seat.EAST: "HT H9 H8 H7 H6 H5 H4 H3",
        Seat.SOUTH: "CA CK CQ CJ CT C9 C8 C7",
        Seat.WEST: "D2 C6 ST S6 S5 S4 S3 S2",
    }
    for i, lead in enumerate(["DK", "DQ", "DJ", "DT", "D9", "D8", "D7", "D6"]):
        table.play(lead)
        for seat in (Seat.EAST, Seat.SOUTH, Seat.WEST):
            table.play(discards[seat].split()[i])
    assert table.actor == Seat.NORTH and len(table.tricks) == 9
    return table


@pytest.mark.parametrize("stated", [True, False])
def test_a_disputed_robot_claim_is_judged_by_its_stated_line_l70d_l70e(stated: bool) -> None:
    table = _ending()
    line = sure_line(table.view(Seat.NORTH))
    statement = line.statement(4) if stated else ""
    table.apply({"event": "claim", "seat": "N", "tricks": 4, "statement": statement})
    table.apply({"event": "dispute", "seat": "E"})
    assert table.record is not None and table.record.pending is not None
    ruling = table.record.pending
    proposed = ruling.options[0]
    if stated:  # the line unblocks the spades: every normal line of it takes the four tricks (L70D, L70E)
        assert (proposed.id, proposed.effect) == ("confirm", "NS takes 4 of the remaining 4 tricks")
        assert not any("structured form" in note for note in ruling.notes)
    else:  # a bare claim: a normal line that blocks the spades is against the claimer (L70A)
        assert proposed.effect != "NS takes 4 of the remaining 4 tricks"


def test_the_robot_claims_with_that_statement() -> None:
    pytest.importorskip("endplay")
    table = _ending()
    view = table.view(Seat.NORTH)
    assert default_robot(effort=Effort.parse("low"), seed=1).claim(view) == (4, sure_line(view).statement(4))
