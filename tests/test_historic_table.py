"""Issue #12 item 1: the historic editions at an irregular ``Table`` — the players' record (``PlayersAuction``)
through ``Edition.new_record``, their event kinds (``attention``, a double naming a bid, NL75
``misinformation``) routed to it, and a demanded new deal ending the board (laws-historic.md §2, §8.2)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from contractbridge import events
from contractbridge.cards import Card, Seat
from contractbridge.deal import Board, Deal
from contractbridge.director import DirectedAuction
from contractbridge.errors import EventLogError, IllegalCallError, RulingError
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


# ---- issue #12 item 3: cards exposed during the auction, in the play (laws-historic.md §3.2) -------------------
DEAL = Deal("N:AKQ2.KJ4.T98.A53 JT9.AQ8.KQ76.K42 8765.T976.J5.QJ6 43.532.A432.T987")


def after_exposure(name: str, seat: str, card: str, option: str) -> Table:
    """N opens 1S, ``seat`` exposes ``card``, the player entitled to choose picks ``option``, all pass: 1S by N."""
    table = Table(Board(1, DEAL, dealer=Seat.NORTH), name, irregular=True)
    table.call("1S")
    table.apply({"event": "expose", "seat": seat, "cards": [card]})
    if option == "no_penalty":  # R43(b): the offender's LHO chooses at once
        table.apply(choose(Seat.parse(seat).lho.letter, option))
    for c in ["P", "P", "P"]:
        table.call(c)
    if option != "no_penalty":  # R43(a): declarer chooses at the end of the auction
        table.apply(choose("N", option))
    assert table.phase is Phase.PLAY and table.record is not None and table.record.pending is None
    return table


def test_nl36_a_single_penalty_card_must_be_led_nbb_r43_b_nl36_32_2() -> None:
    """E exposes DQ during the auction, S lets the deal stand (NBB R43(b), Def.XXVI(g)): under NL36 it is a
    penalty card E must lead (32.2, [DIFF] Appendix C); under NBB30 and EST30 an exposed card declarer may call
    (R44, EST-L33), which obliges E to nothing until called."""
    nl36 = after_exposure("NL36", "E", "DQ", "no_penalty")
    assert nl36.turn == Seat.EAST and nl36.legal_cards() == {Card.parse("DQ")}
    for name in ("NBB30", "EST30"):
        table = after_exposure(name, "E", "DQ", "no_penalty")
        assert table.legal_cards() == frozenset(DEAL[Seat.EAST])


def test_nl36_following_suit_comes_before_the_penalty_card_26_5_32_2() -> None:
    """W's exposed DA: when spades are led W follows suit (the penalty lapses for this trick only, 26.5)."""
    table = after_exposure("NL36", "W", "DA", "no_penalty")
    table.play("SJ")
    table.play("S5")
    assert table.turn == Seat.WEST and table.legal_cards() == {Card.parse("S4"), Card.parse("S3")}


@pytest.mark.parametrize(("option", "penalty"), [("exposed", True), ("forbid_D", False)])
def test_r43_a_low_card_stays_exposed_only_if_declarer_chooses_so_nl36(option: str, penalty: bool) -> None:
    """laws-historic.md TV60: W drops D2; declarer N chooses (I) an exposed card, or (II) forbids E's diamond
    lead, after which D2 is no exposed card in the play. Under NL36 an exposed card is a penalty card: W must
    play it to a diamond lead."""
    table = after_exposure("NL36", "W", "D2", option)
    assert table.record is not None and [(s, str(c)) for s, c, _ in table.record.exposed] == (
        [(Seat.WEST, "D2")] if penalty else []
    )
    table.play("DK")
    table.play("D5")
    diamonds = {Card.parse(c) for c in ("DA", "D4", "D3", "D2")}
    assert table.legal_cards() == ({Card.parse("D2")} if penalty else diamonds)


def test_declarer_and_dummy_are_never_penalised_for_exposed_cards_r44_4() -> None:
    table = after_exposure("NL36", "S", "DJ", "no_penalty")  # S becomes dummy
    table.play("SJ")
    assert table.turn == Seat.SOUTH and table.legal_cards() == {Card.parse(c) for c in ("S8", "S7", "S6", "S5")}


def call_card(card: str) -> dict[str, Any]:
    return {"event": "call_card", "seat": "N", "card": card}


@pytest.mark.parametrize("name", ["NBB30", "EST30"])
def test_declarer_calls_an_exposed_card_r44_1_est_l33(name: str) -> None:
    """E's DQ, exposed during the auction with the deal standing: once declarer calls it, E must lead it."""
    table = after_exposure(name, "E", "DQ", "no_penalty")
    table.apply(call_card("DQ"))
    assert table.legal_cards() == {Card.parse("DQ")}
    assert table.record is not None and "Declarer calls DQ (" in table.record.notes[-1]
    table.play("DQ")
    assert table.to_events()[-2] == call_card("DQ")


def test_a_called_card_that_cannot_follow_suit_stays_exposed_for_a_later_call_r44_3() -> None:
    table = after_exposure("NBB30", "W", "DA", "no_penalty")
    table.play("SJ")
    table.play("S5")
    table.apply(call_card("DA"))
    assert table.legal_cards() == {Card.parse("S4"), Card.parse("S3")}  # following suit first
    table.play("S3")
    table.play("SA")  # N wins and leads
    table.play("D8")
    table.play("DK")
    table.play("DJ")
    assert table.turn == Seat.WEST and table.legal_cards() == {Card.parse(c) for c in ("DA", "D4", "D3", "D2")}
    table.apply(call_card("DA"))  # called again at a later trick
    assert table.legal_cards() == {Card.parse("DA")}


def test_only_declarer_calls_and_only_an_exposed_card_r44_1() -> None:
    table = after_exposure("NBB30", "E", "DQ", "no_penalty")
    before = table.to_events()
    with pytest.raises(RulingError, match=r"only declarer .*NBB R44\(1\)"):
        table.apply({"event": "call_card", "seat": "W", "card": "DQ"})
    with pytest.raises(RulingError, match="not a defender's exposed card"):
        table.apply(call_card("DK"))
    assert table.to_events() == before and table.legal_cards() == frozenset(DEAL[Seat.EAST])
