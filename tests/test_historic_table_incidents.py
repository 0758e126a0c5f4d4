"""Issue #12 at a real table, what the players report in the play under NBB30, EST30 and NL36: incorrect hands and
the new deal they may bring (laws-historic.md §3.8, §1.3; digest TV84, TV85 — the historic digest's ids), both
defenders leading at once (§3.3, TV79), dummy drawing attention to a premature play (§3.9, R51(2)), and a claim
that establishes a revoke under NL36 (29.1 footnote) but not under NBB (R26(2))."""

from __future__ import annotations

from typing import Any

import pytest

from contractbridge.cards import Card, Seat
from contractbridge.errors import EventLogError, IllegalPlayError, RulingError
from contractbridge.players import play_board
from contractbridge.robots.bidder import BiddingRobot
from contractbridge.rubbergame import RubberSession
from contractbridge.table import Phase, Table
from director_helpers import choose
from play_helpers import replayed
from test_historic_table_play import cards, one_spade, play, premature
from test_rubbergame import irregular_hand_in_play

#        N: ♠AKQ2 ♥KJ4 ♦T98 ♣A53     E: ♠JT9 ♥AQ8 ♦KQ76 ♣K42
#        S: ♠8765 ♥T976 ♦J5 ♣QJ6     W: ♠43 ♥532 ♦A432 ♣T987   (1S by N: S dummy, E leads)


def report(table: Table, kind: str, **facts: Any) -> None:
    table.apply({"event": "board_irregularity", "kind": kind, **facts})


def two_tricks(name: str) -> Table:
    table = one_spade(name)
    play(table, "DK D5 D2 D8 SJ S5 S3 SQ")
    return table


# ---- §3.8 a surplus card ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R48(a)"), ("EST30", "EST-L42(a)")])
def test_tv84_a_surplus_card_found_after_later_play_declarer_may_claim_a_new_deal_r48(name: str, law: str) -> None:
    """digest TV84: W did not play to a trick and has played since: declarer may claim a new deal (R48(a);
    EST-L42, [JUDGEMENT] read as NBB): the board ends, nothing more may be played, and the log replayed."""
    table = two_tricks(name)
    report(table, "surplus_card", seat="W", played_later=True)
    record = table.record
    assert record is not None and record.pending is not None and record.pending.chooser == Seat.NORTH
    assert [o.id for o in record.pending.options] == ["new_deal", "remove_card"]
    table.apply(choose("N", "new_deal"))
    assert table.phase is Phase.DONE and table.turn is None and table.legal_cards() == frozenset()
    assert table.result is not None and table.result.new_deal == law and table.result.contract is None
    with pytest.raises(RulingError, match="new deal"):
        table.play("D9")
    replayed(table)
    again = Table.from_events(table.to_events())
    assert again.result == table.result


def test_tv84_nbb_the_offender_removes_a_card_instead_and_declarer_s_surplus_is_lho_s_choice() -> None:
    """R48(b): play goes on; declarer's own surplus is his LHO's to claim (R48(a) "as the case may be"), dummy's
    none (R48: not against dummy) — an automatic removal noted at once."""
    table = two_tricks("NBB30")
    report(table, "surplus_card", seat="W", played_later=True)
    table.apply(choose("N", "remove_card"))
    assert table.phase is Phase.PLAY and table.turn == Seat.NORTH and table.record is not None
    assert table.record.notes[-1].startswith("Surplus card (West): the offender removes a card")
    declarer = two_tricks("NBB30")
    report(declarer, "surplus_card", seat="N", played_later=True)
    assert declarer.record is not None and declarer.record.pending is not None
    assert declarer.record.pending.chooser == Seat.EAST
    dummy = two_tricks("NBB30")
    report(dummy, "surplus_card", seat="S", played_later=True)
    assert dummy.record is not None and dummy.record.pending is None and dummy.turn == Seat.NORTH


def test_tv84_nl36_no_new_deal_one_trick_transferred_33_2() -> None:
    """digest TV84, NL36 33.2 ([DIFF] Appendix C 12): no new deal; W's side transfers one trick won in play at the
    end; with another hand short it is a redeal by the same dealer (33.2, §1.3)."""
    table = two_tricks("NL36")
    report(table, "surplus_card", seat="W", played_later=True)
    assert table.record is not None and table.record.pending is None and table.turn == Seat.NORTH
    while table.turn is not None:
        table.play(min(table.legal_cards()))
    result = table.result
    assert result is not None and table.play_state is not None
    assert result.tricks == table.play_state.declarer_tricks + 1
    assert result.adjustments == ("1 trick from EW to NS (NL36 33.2)",)
    replayed(table)
    short = two_tricks("NL36")
    report(short, "surplus_card", seat="W", played_later=True, other_hand_short=True)
    assert short.result is not None and short.result.new_deal == "NL36 33.2"


# ---- §3.8 a missing card ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R49(a)"), ("EST30", "EST-L43(a)"), ("NL36", "NL36 33.3(a)")])
def test_a_missing_card_not_found_is_a_redeal_r49_a_nl36_33_3(name: str, law: str) -> None:
    table = two_tricks(name)
    report(table, "missing_card", seat="E", found="nowhere")
    assert table.phase is Phase.DONE and table.result is not None and table.result.new_deal == law


def test_tv85_a_missing_card_found_goes_back_nbb_not_exposed_nl36_may_be_a_penalty_card() -> None:
    """digest TV85: found in the other pack: restored; NBB R49(b) not an exposed card; NL36 33.3 it may become a
    penalty card. Play goes on."""
    nbb = two_tricks("NBB30")
    report(nbb, "missing_card", seat="E", found="other_pack")
    nl36 = two_tricks("NL36")
    report(nl36, "missing_card", seat="E", found="other_pack")
    assert nbb.record is not None and "it is not an exposed card" in nbb.record.notes[-1]
    assert nl36.record is not None and "may become a penalty card" in nl36.record.notes[-1]
    assert nbb.turn == nl36.turn == Seat.NORTH


def test_an_incorrect_hand_report_the_table_cannot_take_is_a_typed_error() -> None:
    table = two_tricks("NBB30")
    before = table.to_events()
    for facts in ({}, {"seat": 3}, {"seat": "W", "played_later": "yes"}):
        with pytest.raises(EventLogError):
            report(table, "surplus_card", **facts)
    with pytest.raises(EventLogError, match="found"):
        report(table, "missing_card", seat="W", found="under the table")
    assert table.to_events() == before
    auction = Table(table.board, "NBB30", irregular=True)
    with pytest.raises(RulingError, match="no play yet"):
        report(auction, "surplus_card", seat="W", played_later=True)


def test_a_new_deal_in_the_play_lets_the_same_dealer_deal_again_in_the_rubber() -> None:
    """R48(a) in a rubber: the hand ends in a new deal, nothing goes on the sheet, the same dealer deals again at
    the same vulnerability (NBB R48; the session's ``score``), and the log replayed to the same session."""
    session, table = irregular_hand_in_play("NBB30", 2)
    declarer, dealer = table.declarer, session.dealer
    assert declarer is not None
    report(table, "surplus_card", seat=declarer.lho.letter, played_later=True)
    table.apply(choose(declarer.letter, "new_deal"))
    assert session.score() == [] and session.hands == 0 and session.dealer == dealer
    again = session.deal()
    assert again.board.dealer == dealer and again.board.number == 2
    play_board(again, {s: BiddingRobot() for s in Seat})
    session.score()
    replayed = RubberSession.from_jsonl(session.to_jsonl())
    assert replayed.deals == 2 and replayed.hands == 1 and replayed.dealer == dealer.lho
    assert [str(h) for h in replayed.sheet.hands] == [str(h) for h in session.sheet.hands]


# ---- §3.3 simultaneous leads ------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R46(5)"), ("EST30", "EST-L30"), ("NL36", "NL36 26.7")])
def test_tv79_both_defenders_lead_at_once_the_correct_lead_stands(name: str, law: str) -> None:
    """digest TV79: E leads DK (his lead) while W leads the C9 at the same time (an ``expose`` with ``led``): E's
    lead stands; the C9 is exposed (NBB, EST: declarer may call it) or a penalty card (NL36: W must play it)."""
    table = one_spade(name)
    table.play("DK")
    table.apply({"event": "expose", "seat": "W", "cards": ["C9"], "led": True})
    assert table.record is not None and table.record.notes[-1].endswith(f"({law}).")
    assert (Seat.WEST, Card.parse("C9"), False) in table.record.exposed
    play(table, "D5 D2 D8 C2 CQ")
    assert table.legal_cards() == cards("C9" if name == "NL36" else "CT C9 C8 C7")
    replayed(table)
    nobody_led = one_spade(name)
    play(nobody_led, "DK D5 D2 D8")
    with pytest.raises(IllegalPlayError, match="'play' event"):  # E is on lead and has not led
        nobody_led.apply({"event": "expose", "seat": "W", "cards": ["C9"], "led": True})


# ---- §3.9 dummy draws attention to a premature play -------------------------------------------------------
def test_dummy_draws_attention_to_a_premature_play_r51_2_versus_nl36_30_2_d() -> None:
    """W plays H2 before his partner; dummy S draws attention. NBB R51(2)/EST-L22: declarer may not penalise it —
    E plays as he likes and W's H2 counts as played at his turn (R21); NL36 30.2(d): declarer still chooses."""
    for name in ("NBB30", "EST30"):
        table = premature(name)
        table.apply({"event": "attention", "seat": "S"})
        assert table.record is not None and table.record.pending is None and table.turn == Seat.EAST
        assert table.record.rulings[-1]["option"] == "no_penalty"
        assert table.legal_cards() == cards("HA HQ H8")
        play(table, "HQ H6")
        assert table.legal_cards() == cards("H2")
        replayed(table)
    nl36 = premature("NL36")
    nl36.apply({"event": "attention", "seat": "S"})
    assert nl36.record is not None and nl36.record.pending is not None and nl36.record.pending.chooser == Seat.NORTH


# ---- NL36 29.1: a claim establishes a revoke --------------------------------------------------------------
@pytest.mark.parametrize(("name", "established"), [("NBB30", False), ("EST30", False), ("NL36", True)])
def test_a_claim_establishes_a_revoke_in_the_previous_trick_nl36_29_1_not_nbb_r26_2(
    name: str, established: bool
) -> None:
    """W revokes in trick 2 and declarer claims at once: NBB R26(2) and EST-L40 — the claim establishes nothing;
    NL36 29.1 footnote — the statement establishes it: no correction after the claim is withdrawn, and tricks
    transfer once the claim is agreed ([DIFF])."""
    table = one_spade(name)
    play(table, "SJ S5 S4 SQ D8 DK D5 C7")
    table.claim(Seat.NORTH, 11)
    with pytest.raises(RulingError, match="claim is open"):
        table.apply({"event": "attention", "seat": "W"})
    table.dispute(Seat.EAST)  # play goes on (R54; NL36 29.1)
    if established:
        with pytest.raises(RulingError, match=r"29\.1 footnote"):
            table.apply({"event": "attention", "seat": "W"})
    else:
        table.apply({"event": "attention", "seat": "W"})
        assert table.record is not None and table.record.pending is not None
    agreed = one_spade(name)
    play(agreed, "SJ S5 S4 SQ D8 DK D5 C7")
    agreed.claim(Seat.EAST, 1)
    agreed.agree(Seat.NORTH)
    if name == "NL36":
        agreed.agree(Seat.WEST)  # a defender's concession needs his partner (29.2)
    result = agreed.result
    assert result is not None and bool(result.adjustments) is established
    assert result.tricks == (13 if established else 11)  # EW's two tricks (2 and the one claimed) transferred
