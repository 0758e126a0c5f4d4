"""Issue #11: cards played while a lead out of turn awaits its ruling, at an irregular WBF17 table (L53A, L53B,
L60A1–A3, L60B; digest ``shared/spec/laws-wbf2017.md`` §12.11 TV119, TV120): the next hand's card accepts the
lead, the correct leader's lead stands, a defender's card before declarer leads again is a major penalty card,
and any other card waits (L9B2); a strict table refuses the lead out of turn itself."""

from __future__ import annotations

import pytest

from contractbridge.cards import Card, Seat
from contractbridge.deal import Board
from contractbridge.errors import CardNotInHandError, IrregularityPendingError, OutOfTurnError
from contractbridge.table import Table
from play_helpers import DEAL, N_WINS_T1, W_WINS_T1, choose, pending, replayed, table_of

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def test_tv119_declarer_plays_to_a_defenders_lead_out_of_turn_and_accepts_it_l53a_l60a1_l60a2() -> None:
    table = table_of(*W_WINS_T1, "E:HK")  # W's lead; E leads ♥K; S, next after E, plays before the director rules
    assert pending(table).law == "56"
    table.play("H4", S)
    assert table.record is not None and table.record.pending is None
    assert table.record.rulings[-1] == {
        "irregularity": "lead_out_of_turn",
        "law": "53A, 60A1, 60A2",
        "option": "accepted_by_play",
        "offender": "E",
    }
    assert table.play_state is not None and table.play_state.current_trick == [(E, Card("HK")), (S, Card("H4"))]
    assert table.turn == W and table.record.penalty_cards == []  # the lead counts as made in turn (L60A2)
    replayed(table)
    table.undo()  # the forfeit goes with the card that made it
    assert pending(table).law == "56" and Card("H4") in table.hand(S)


def test_l60a1_the_lho_of_declarers_hand_accepts_a_lead_from_the_wrong_hand_l55a() -> None:
    table = table_of(*N_WINS_T1, "S:C6", more=({"event": "play", "seat": "W", "card": "C2"},))
    assert table.record is not None and table.record.rulings[-1]["law"] == "53A, 60A1, 60A2"
    assert "REVIEW(16)" in table.record.review  # L55C: declarer's line may use what his lead showed
    assert table.turn == N and table.play_state is not None
    assert table.play_state.current_trick == [(S, Card("C6")), (W, Card("C2"))]


def test_l53b_the_correct_leader_leads_and_the_lead_out_of_turn_goes_back() -> None:
    table = table_of(*W_WINS_T1, "E:HK", more=({"event": "play", "seat": "W", "card": "D2"},))
    assert table.record is not None and table.record.rulings[-1]["law"] == "53B"
    assert Card("HK") in table.hand(E) and table.record.penalty_cards == []  # the seed makes it no penalty card
    assert table.play_state is not None and table.play_state.current_trick == [(W, Card("D2"))] and table.turn == N


def test_l9b2_any_other_card_waits_for_the_ruling_and_a_card_not_held_is_an_error() -> None:
    table = table_of(*W_WINS_T1, "E:HK")
    before = table.to_events()
    with pytest.raises(IrregularityPendingError):
        table.play("SA", N)  # dummy is not the next hand after E
    with pytest.raises(CardNotInHandError):
        table.play("SA", S)
    assert pending(table).law == "56" and table.to_events() == before


def test_tv120_a_defender_plays_before_declarer_leads_from_the_correct_hand_l60b() -> None:
    table = table_of(*N_WINS_T1, "S:C6", more=(choose("withdraw", "W"),))  # N must lead (L55B2)
    table.play("D2", W)
    ruling = pending(table)
    assert (ruling.irregularity, ruling.law, ruling.offender) == ("play_before_correct_lead", "60B", W)
    table.apply(choose("penalty_card", "director"))
    assert table.record is not None
    assert [(pc.seat, pc.card, pc.major) for pc in table.record.penalty_cards] == [(W, Card("D2"), True)]
    assert table.turn == N and Card("D2") in table.hand(W)
    replayed(table)


def test_l56_without_a_withdrawn_declarer_lead_a_defenders_lead_out_of_turn_is_l56() -> None:
    table = table_of(*N_WINS_T1, "W:D2")  # dummy's lead; W leads: L56, not L60B
    assert pending(table).law == "56"


def test_a_strict_table_refuses_the_lead_out_of_turn() -> None:
    table = Table(Board(1, DEAL))
    for call in ["P", "P", "1NT", "P", "P", "P"]:
        table.call(call)
    for card in W_WINS_T1:
        table.play(card)
    with pytest.raises(OutOfTurnError):
        table.play("HK", E)
    assert table.turn == W
