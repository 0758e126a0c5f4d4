"""Issue #11: taking back a card played at an irregular WBF17 table (L45C, L47; digest
``shared/spec/laws-wbf2017.md`` §4 L45–L47, §12.11 TV122): a ``retract`` event is refused where the law keeps
the card played (L47F, L45C2/L45C4(a)), judged by the director for an unintended designation (L45C4(b), L47C,
L47D) or a mistaken explanation (L47E2), and turns a lead out of turn an opponent induced into a withdrawal
without rectification (L47E1)."""

from __future__ import annotations

from typing import Any

import pytest

from contractbridge.cards import Card, Seat
from contractbridge.errors import IllegalPlayError, RulingError
from play_helpers import N_WINS_T1, S_ON_LEAD, W_WINS_T1, choose, pending, replayed, table_of

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def retract(seat: str, reason: str) -> dict[str, Any]:
    return {"event": "retract", "seat": seat, "reason": reason}


def judge(question: str, answer: bool) -> dict[str, Any]:
    return {"event": "judge", "question": question, "answer": answer}


def test_l45c2_l47f_declarers_card_once_played_stays_played() -> None:
    table = table_of(*S_ON_LEAD, "C6")  # declarer's ♣6, held face up near the table: played (L45C2)
    before = table.to_events()
    for reason in ("change_of_mind", "anything"):
        with pytest.raises(IllegalPlayError, match="47F"):
            table.apply(retract("S", reason))
    assert table.to_events() == before and table.play_state is not None
    assert table.play_state.current_trick == [(S, Card("C6"))]


def test_l45c4b_l47c_l47d_an_unintended_designation_of_dummys_card_goes_back_with_the_cards_after_it() -> None:
    table = table_of(*N_WINS_T1, "D7", "D8", more=(retract("N", "unintended_designation"),))
    ruling = pending(table)
    assert (ruling.irregularity, ruling.law, ruling.question.law) == ("retraction", "47C", "47C")
    slip = table_of(*N_WINS_T1, "D7", "D8", more=(retract("N", "unintended_designation"), judge("47C", True)))
    assert slip.play_state is not None and slip.play_state.current_trick == []
    assert Card("D7") in slip.hand(N) and Card("D8") in slip.hand(E) and slip.turn == N  # E may change (L47D)
    replayed(slip)
    table.apply(judge("47C", False))  # a change of mind: the card stays (L45C4(a))
    assert table.play_state is not None and table.play_state.current_trick == [(N, Card("D7")), (E, Card("D8"))]


def test_l47c_not_after_declarer_played_again_and_only_for_dummys_card() -> None:
    table = table_of(*N_WINS_T1, "D7", "D8", "DT")
    with pytest.raises(IllegalPlayError, match="L47C"):
        table.apply(retract("N", "unintended_designation"))
    with pytest.raises(IllegalPlayError):
        table.apply(retract("E", "unintended_designation"))
    with pytest.raises(RulingError):
        table.apply(retract("W", "misexplanation"))  # W has no card in this trick


def test_l47e2a_a_card_played_after_a_mistaken_explanation_is_withdrawn_if_no_later_card_l47e2b_else_review() -> None:
    table = table_of(*S_ON_LEAD, "C6", "C2", more=(retract("W", "misexplanation"),))
    assert pending(table).law == "47E2(a)"
    table.apply(judge("47E2(a)", True))
    assert Card("C2") in table.hand(W) and table.turn == W and table.record is not None
    assert table.record.penalty_cards == []  # without further rectification
    late = table_of(*S_ON_LEAD, "C6", "C2", "CA", more=(retract("W", "misexplanation"),))
    assert late.record is not None and late.record.pending is None and "REVIEW(47E2(b))" in late.record.review


def test_tv122_a_lead_out_of_turn_induced_by_declarer_is_withdrawn_and_cannot_be_accepted_l47e1() -> None:
    table = table_of(*W_WINS_T1, "E:HK", more=(retract("E", "told_wrongly_turn"),))
    ruling = pending(table)
    assert (ruling.law, [o.id for o in ruling.options]) == ("47E1", ["withdraw"])
    table.apply(choose("withdraw", "director"))
    assert Card("HK") in table.hand(E) and table.turn == W and table.record is not None
    assert table.record.penalty_cards == []
    replayed(table)
    other = table_of(*W_WINS_T1, "E:HK")
    with pytest.raises(RulingError):
        other.apply(retract("W", "told_wrongly_turn"))  # the lead out of turn is E's
