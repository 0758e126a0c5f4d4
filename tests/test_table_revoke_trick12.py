"""Issue #11: a revoke on trick 12 at an irregular WBF17 table is corrected even once established, as long as the
hands are not back in the board (L62D1, L64B6; digest ``shared/spec/laws-wbf2017.md`` §12.12 TV130), with L16C
when a defender revoked before his partner's turn to that trick (L62D2); a revoke on an earlier trick, once
established, is not (L63B)."""

from __future__ import annotations

import pytest

from contractbridge.cards import Card, Seat
from contractbridge.errors import RulingError
from contractbridge.table import Phase, Table
from play_helpers import log, replayed

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
ATTENTION = {"event": "attention", "seat": "S"}
CORRECT = {"event": "choose", "seat": "director", "option": "correct"}
# 1NT by S (play_helpers.DEAL), eleven tricks; dummy then leads ♦7 to trick 12 and E, holding ♦Q, discards ♥K
ELEVEN = [
    "W:D4",
    "N:DK",
    "E:D8",
    "S:DT",
    "N:S4",
    "E:S9",
    "S:S7",
    "W:SJ",
    "W:D6",
    "N:DA",
    "E:DJ",
    "S:D9",
    "N:H3",
    "E:H9",
    "S:H4",
    "W:SQ",
    "E:HT",
    "S:H7",
    "W:C4",
    "N:HQ",
    "N:CA",
    "E:CJ",
    "S:C8",
    "W:C3",
    "N:S5",
    "E:S8",
    "S:S6",
    "W:S3",
    "E:H8",
    "S:H5",
    "W:D5",
    "N:HA",
    "N:SK",
    "E:ST",
    "S:C6",
    "W:S2",
    "N:CK",
    "E:CQ",
    "S:CT",
    "W:C2",
    "N:SA",
    "E:HJ",
    "S:C9",
    "W:C5",
]
TRICK_12 = ("N:D7", "E:HK", "S:C7", "W:D3")


def _board() -> Table:
    table = Table.from_events(log(*ELEVEN, *TRICK_12))
    assert len(table.tricks) == 12 and table.irregularities[-1].trick == 12
    return table


def test_tv130_a_revoke_on_trick_12_is_corrected_after_trick_13_l62d1_l64b6() -> None:
    table = _board()
    leader = table.turn
    assert leader is not None
    while table.phase is Phase.PLAY:  # trick 13: the revoke is established (L63A1)
        table.play(next(iter(table.legal_cards())))
    assert table.result is not None and table.result.adjustments == ("L64B6: no automatic transfer for east's revoke",)
    table.apply(ATTENTION)
    assert table.record is not None and table.record.pending is not None
    ruling = table.record.pending
    assert (ruling.irregularity, ruling.law, ruling.offender) == ("revoke", "62D1", E)
    assert ruling.review == ("16",)  # E revoked before W's turn to trick 12 (L62D2)
    table.apply(CORRECT)
    assert table.phase is Phase.PLAY and len(table.tricks) == 11 and table.turn == E
    assert table.legal_cards() == {Card("DQ")}  # he substitutes a legal card (L62B)
    table.play("DQ")
    while table.phase is Phase.PLAY:
        table.play(next(iter(table.legal_cards())))
    assert table.tricks[11].card_of(E) == Card("DQ") and table.tricks[12].card_of(E) == Card("HK")
    assert table.result is not None and table.result.adjustments == ()  # no transfer (L64B6)
    assert "REVIEW(16)" in table.record.review
    replayed(table)


def test_l62d1_before_trick_13_too_and_an_earlier_established_revoke_stays_l63b() -> None:
    table = Table.from_events([*log(*ELEVEN, *TRICK_12), ATTENTION, CORRECT])
    assert len(table.tricks) == 11 and table.legal_cards() == {Card("DQ")}
    assert table.record is not None and [(p.seat, p.card) for p in table.record.penalty_cards] == [
        (E, Card("HK")),  # W's ♦3, played after the revoke, is no penalty card: he plays it again (L62C2, #25)
    ]
    established = Table.from_events(log(*ELEVEN[:2], "E:HK", "S:DT", "N:S4", "E:S9"))  # E revokes, plays on
    with pytest.raises(RulingError):
        established.apply(ATTENTION)
