"""Issue #11 wiring: a revoke corrected before it is established at an irregular WBF17 table (L62, L63; digest
``shared/spec/laws-wbf2017.md`` §5.4, §12.12 TV131–TV133): an ``attention`` event makes the director's L62
ruling pending; once chosen the revoke card and the cards after it go back, the offender must follow suit, and a
defender's revoke card is a major penalty card; an established revoke cannot be corrected."""

from __future__ import annotations

from typing import Any

import pytest

from contractbridge.cards import Card, Seat
from contractbridge.errors import RulingError
from contractbridge.laws.wbf17.corrections import standing_revokes
from contractbridge.table import Table
from play_helpers import replayed
from test_table_revoke_transfers import PLAY, log

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
Event = dict[str, Any]
ATTENTION: Event = {"event": "attention", "seat": "S"}
CORRECT: Event = {"event": "choose", "seat": "director", "option": "correct"}
# 2♣ by S; tricks 1–2 to dummy; trick 3: dummy leads ♦7 (PLAY[8:12] is "D7 D8 D9 C5": W ruffs, holding diamonds)


def test_tv132_a_defenders_revoke_corrected_becomes_a_major_penalty_card_l62a_l62b1() -> None:
    table = Table.from_events([*log(PLAY[:12]), ATTENTION])
    assert table.record is not None and table.record.pending is not None
    ruling = table.record.pending
    assert (ruling.irregularity, ruling.law, ruling.offender, ruling.chooser) == ("revoke", "62B1", W, None)
    assert table.turn is None
    table.apply(CORRECT)
    assert table.turn == W and Card("C5") in table.hand(W) and standing_revokes(table) == []
    assert table.legal_cards() == {Card(c) for c in ("D2", "D3", "D4", "D5", "D6")}  # W must follow (L62B)
    assert [(p.seat, p.card, p.major) for p in table.record.penalty_cards] == [(W, Card("C5"), True)]
    replayed(table)


def test_tv132_cards_played_after_the_revoke_go_back_l62c1() -> None:
    cards = [*PLAY[:8], "D7", "H7", "D9"]  # E discards ♥7 holding diamonds; declarer plays ♦9 after it
    table = Table.from_events([*log(cards), ATTENTION, CORRECT])
    assert table.turn == E and Card("D9") in table.hand(S) and Card("H7") in table.hand(E)
    assert table.legal_cards() == {Card("D8"), Card("DJ"), Card("DQ")}
    table.play("D8")
    assert Card("DT") in table.legal_cards()  # declarer plays again as he likes (L62C1)
    replayed(table)


def test_tv133_declarers_revoke_corrected_is_no_penalty_card_l62b2() -> None:
    cards = [*PLAY[:8], "D7", "D8", "C8"]  # declarer ruffs holding diamonds
    table = Table.from_events([*log(cards), ATTENTION])
    assert table.record is not None and table.record.pending is not None and table.record.pending.law == "62B2"
    table.apply(CORRECT)
    assert table.turn == S and table.record.penalty_cards == []
    assert table.legal_cards() == {Card("D9"), Card("DT")}


def test_tv131_an_established_revoke_is_not_corrected_l63a1_l63b() -> None:
    table = Table.from_events(log(PLAY[:13]))  # W, who revoked on trick 3, has led to trick 4
    before = table.to_events()
    with pytest.raises(RulingError):
        table.apply(ATTENTION)
    assert table.to_events() == before and len(standing_revokes(table)) == 1
    with pytest.raises(RulingError):  # nothing to correct at all
        Table.from_events(log(PLAY[:8])).apply(ATTENTION)


def test_the_offenders_partners_card_to_the_same_trick_does_not_establish_the_revoke_l63a1() -> None:
    """L63A1: a revoke is established when the offender or his partner plays to a *later* trick; East's partner
    following to the revoke trick itself leaves it correctable (L62A)."""
    cards = [*PLAY[:8], "D7", "H7", "D9", "D2"]  # E discards ♥7 holding diamonds; W follows to the same trick
    table = Table.from_events([*log(cards), ATTENTION])
    assert table.record is not None and table.record.pending is not None
    assert (table.record.pending.irregularity, table.record.pending.offender) == ("revoke", E)
    table.apply(CORRECT)
    assert Card("H7") in table.hand(E) and standing_revokes(table) == []
    replayed(table)
