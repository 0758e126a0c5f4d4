"""Issue #12 item 1: the historic editions at an irregular ``Table`` — the players' record (``PlayersAuction``)
through ``Edition.new_record``, their event kinds (``attention``, a double naming a bid, NL75
``misinformation``) routed to it, and a demanded new deal ending the board (laws-historic.md §2, §8.2)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from contractbridge import events
from contractbridge.cards import Seat
from contractbridge.deal import Board
from contractbridge.director import DirectedAuction
from contractbridge.errors import EventLogError, IllegalCallError
from contractbridge.laws.nbb30 import PlayersAuction
from contractbridge.table import Phase, Table
from director_helpers import auction, call, choose, deal_for

HISTORIC = ("NBB30", "EST30", "NL36", "NL75")
BOARD = Board(1, deal_for([]), dealer=Seat.NORTH)


@pytest.mark.parametrize("name", HISTORIC)
def test_an_irregular_table_keeps_the_players_record(name: str) -> None:
    table = Table(BOARD, name, irregular=True)
    assert type(table.record) is PlayersAuction and table.record.edition is table.rules
    assert type(Table(BOARD, irregular=True).record) is DirectedAuction  # WBF17: the director's record


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R39(1)"), ("EST30", "EST-L13")])
def test_tv53_new_deal_ends_the_board_at_the_table_r39_1(name: str, law: str) -> None:
    """laws-historic.md TV53: S bids 1S at N's turn, W demands a new deal: the board is over without a result,
    the same dealer deals again; no call is accepted any more."""
    table = Table(BOARD, name, irregular=True)
    table.call("1S", "S")
    assert table.phase is Phase.AUCTION and table.turn is None and table.pending_irregularity is not None
    table.apply(choose("W", "new_deal"))
    assert table.phase is Phase.DONE and table.turn is None and table.legal_calls() == []
    result = table.result
    assert result is not None and result.new_deal == law and not result.passed_out and result.contract is None
    assert result.to_dict()["new_deal"] == law and str(result) == f"new deal ({law})"
    assert table.record is not None and table.record.to_dict()["new_deal"] == {"law": law, "dealer": "N"}
    before = table.to_events()
    with pytest.raises(IllegalCallError, match="new deal"):
        table.call("1C", "N")
    assert table.to_events() == before


def test_a_passed_out_board_is_no_new_deal_nbb_r11_2() -> None:
    table = Table.from_events([Table(BOARD, "NBB30", irregular=True).to_events()[0], *auction("N", "P P P P")])
    result = table.result
    assert result is not None and result.passed_out and result.new_deal is None and "new_deal" not in result.to_dict()


def test_the_players_events_replay_from_an_old_log_and_are_written_back_unchanged() -> None:
    """A log as the historic helper wrote it (JSON lines, ``names`` on a call, ``attention``): the table reads
    each line into a typed event, routes it to the record and writes the same line back."""
    lines = [
        json.dumps(e)
        for e in [
            Table(BOARD, "NBB30", irregular=True).to_events()[0],
            call("N", "3H"),
            {"event": "call", "seat": "E", "call": "X", "names": "3D"},  # laws-historic.md TV58, NBB R42(e)
            choose("S", "cancel"),
        ]
    ]
    log: list[dict[str, Any]] = [json.loads(line) for line in lines]
    table = Table.from_events(log)
    direct = PlayersAuction.from_events(log[1:], Seat.NORTH, "NBB30")
    assert table.record is not None and table.record.to_dict() == direct.to_dict()
    assert [json.dumps(e) for e in table.to_events()] == lines
    assert isinstance(events.parse(log[2]), events.Call) and events.parse(log[2]).names is not None  # type: ignore[union-attr]


def test_nl75_misinformation_reaches_the_record_at_the_table_art21() -> None:
    """laws-historic.md TV66: W, misinformed, changes 1D to 1S; N (no partner call yet) may change 1H."""
    board = Board(1, deal_for([]), dealer=Seat.SOUTH)
    table = Table(board, "NL75", irregular=True)
    for c in ["1C", "1D", "1H"]:
        table.call(c)
    table.apply({"event": "misinformation", "seat": "W", "call": "1S"})
    assert table.record is not None and table.record.pending is not None
    assert table.record.pending.chooser == Seat.NORTH and table.pending_irregularity is not None
    table.apply(choose("N", "change"))
    assert str(table.auction) == "1C 1S" and table.turn == Seat.NORTH


def test_attention_at_a_table_whose_edition_does_not_know_it_is_refused() -> None:
    """WBF17 has no players' attention event: an irregular table refuses it, naming the kinds it knows; a
    rubber-bridge table lists them among the kinds it knows."""
    with pytest.raises(EventLogError, match=r"unknown event 'attention'.*judge"):
        Table(BOARD, irregular=True).apply({"event": "attention", "seat": "E"})
    with pytest.raises(EventLogError, match=r"unknown event 'miss'.*attention.*misinformation"):
        Table(BOARD, "NBB30", irregular=True).apply({"event": "miss", "seat": "E"})
