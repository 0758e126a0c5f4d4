"""The director, law by law: at least one test per lettered paragraph of L24–L39 (WBF17), plus the
framework (L9–L11), L13–L15 and the editions."""

from __future__ import annotations

import pytest

from contractbridge.calls import Call
from contractbridge.cards import Card, Seat, Suit
from contractbridge.director import DirectedAuction, Status
from contractbridge.errors import (
    EditionError,
    EditionNotSupportedError,
    EventLogError,
    JudgementRequiredError,
    RulingError,
    RulingPendingError,
)
from contractbridge.laws import Edition, edition
from contractbridge.systems import CallMeaning
from contractbridge.systems.agreements import PartnershipAgreements
from director_helpers import auction, call, change, choose, expose, judge, laws, obligations, options, replay, standing

# ---- framework: L9, L10, L11 ------------------------------------------------------------------------


def _artificial(key: str, suits: frozenset[Suit]) -> CallMeaning:
    """An artificial call after ``key``'s auction, specifying ``suits`` (L26B, L29C)."""
    return CallMeaning(Call.parse(key.split()[-1]), "artificial", "", artificial=True, specified_suits=suits)


def test_l9b2_nobody_acts_before_rectification() -> None:
    da = replay(call("N", "1S"), call("E", "1H"))
    with pytest.raises(RulingPendingError, match=r"awaits South's choice of rectification \(L10C1, L9B2\)"):
        da.call("P", "W")  # not a call the laws allow before the ruling; South, the offender's LHO, chooses
    assert len(da.entries) == 2 and da.pending is not None  # nothing changed


def test_missing_judgement_names_the_question() -> None:
    with pytest.raises(EventLogError, match=r"comparable.*23A"):
        replay(call("N", "1S"), call("E", "1H"), choose("S", "reject"), call("E", "P"), call("S", "P"))


def test_l10c2_only_the_entitled_player_chooses() -> None:
    da = replay(call("N", "1S"), call("E", "1H"))
    with pytest.raises(RulingError, match="South"):
        da.choose("W", "reject")
    with pytest.raises(RulingError, match="not an option"):
        da.choose("S", "forbid")
    with pytest.raises(RulingError, match="no judgement"):
        da.judge("comparable", True)


def test_judge_must_answer_the_pending_question() -> None:
    da = replay(call("N", "1S"), call("E", "1H"), choose("S", "reject"), call("E", "P"))
    with pytest.raises(RulingError, match="pending question is 'comparable'"):
        da.judge("unintended", True)
    with pytest.raises(JudgementRequiredError):
        da.choose("S", "accept")


def test_l10c1_ruling_json_lists_every_option_and_explains() -> None:
    da = replay(call("N", "1S"), call("E", "1H"))
    out = da.to_dict()["ruling"]
    assert out["chooser"] == "S" and [o["id"] for o in out["options"]] == ["accept", "reject"]
    assert [f["law"] for f in out["before_rectification"]] == ["27A1", "27C"]
    text = da.explain()
    assert "South may accept it (27A1" in text and "(27A1)" in text and "West to pass for the rest" in text


def test_l11a_acting_before_rectification_forfeits_it() -> None:
    # L27A1 / L11A: South calling over the insufficient bid accepts it: no rectification left.
    da = replay(call("N", "1S"), call("E", "1H"), call("S", "2H"))
    assert da.rulings == [{"irregularity": "insufficient_bid", "law": "27A1", "option": "accept", "offender": "E"}]


def test_failed_event_changes_nothing() -> None:
    da = replay(call("E", "1S"), choose("S", "cancel"), call("N", "P"))
    before = da.to_dict()
    with pytest.raises(ValueError):
        da.call("2S", "E")  # must repeat 1S (L31A1)
    assert da.to_dict() == before


# ---- L24 --------------------------------------------------------------------------------------------


def test_l24b_card_led_prematurely_partner_passes_next() -> None:
    da = replay(call("N", "1C"), call("E", "P"), expose("S", "D4", led=True), judge("partner_could_see", True))
    assert obligations(da) == {"N": "pass_next"} and da.obligations[Seat.NORTH].law == "24B"
    da = replay(da_events := [call("N", "1C"), call("E", "1D"), expose("S", "D4", led=True)],
                judge("partner_could_see", True), auction("S", "P P P"))  # fmt: skip
    assert da_events and [(p.card, p.major) for p in da.penalty_cards] == [(Card("D4"), True)]


def test_l24_partner_could_not_see_no_rectification() -> None:
    da = replay(call("N", "1C"), call("E", "P"), expose("S", "SK"), judge("partner_could_see", False))
    assert obligations(da) == {} and da.exposed == []


def test_l24d_offender_becomes_dummy_cards_go_back() -> None:
    da = replay(call("N", "1S"), call("E", "P"), expose("S", "HA"), judge("partner_could_see", True),
                auction("S", "P P P"))  # fmt: skip
    assert da.dummy == Seat.SOUTH and da.penalty_cards == [] and any("L24D" in n for n in da.notes)


# ---- L25 --------------------------------------------------------------------------------------------


def test_l25a2_change_of_mind_is_not_unintended() -> None:
    da = replay(call("N", "1S"), change("N", "1NT"))
    assert da.pending is not None and da.pending.question is not None and da.pending.question.law == "25A"
    da = replay(call("N", "1S"), change("N", "1NT"), judge("unintended", False))
    assert da.pending is not None and da.pending.law == "25B" and da.pending.chooser == Seat.EAST


def test_l25a5_change_in_the_clarification_period() -> None:
    da = replay(auction("N", "1S P P P"), change("W", "2H"), judge("unintended", True))
    assert not da.is_over and standing(da) == "1S P P 2H"


def test_l25a6_lho_may_withdraw_his_call() -> None:
    base = [*auction("N", "P P 1S X"), change("S", "1NT"), judge("unintended", True)]
    da = replay(*base)
    assert da.pending is not None and da.pending.law == "25A6" and da.pending.chooser == Seat.WEST
    assert options(da) == ["keep", "withdraw"]
    assert standing(replay(*base, choose("W", "keep"))) == "P P 1NT X"
    da = replay(*base, choose("W", "withdraw"))
    assert standing(da) == "P P 1NT" and da.turn == Seat.WEST
    assert [(f.seat, f.ui_for) for f in da.information] == [(Seat.WEST, Seat.SOUTH.side)]  # AI for EW


def test_l25a6_keep_impossible_when_it_became_insufficient() -> None:
    da = replay(*auction("N", "P P 1S 1NT"), change("S", "2C"), judge("unintended", True))
    assert da.pending is not None and options(da) == ["withdraw"]


def test_l25b1_lho_accepts_a_considered_change() -> None:
    base = [*auction("N", "P P 1S"), change("S", "1NT"), judge("unintended", False)]
    da = replay(*base, choose("W", "accept"))
    assert standing(da) == "P P 1NT" and (Seat.SOUTH, "25B1") in da.lead_penalties
    da = replay(*base, call("W", "2C"))  # calling over it knowingly accepts it (L25B1)
    assert standing(da) == "P P 1NT 2C"


# ---- L26 --------------------------------------------------------------------------------------------


def test_l26b_only_suits_the_offender_did_not_specify() -> None:
    # E bid hearts legally, later a withdrawn call; declarer may not forbid hearts.
    events = [*auction("N", "1C 1H 1S P 2C"), call("E", "1D"), choose("S", "reject"),
              call("E", "P"), judge("comparable", False), *auction("S", "P P")]  # fmt: skip
    da = replay(*events)
    assert str(da.contract) == "2C" and da.opening_leader == Seat.EAST
    (r,) = da.lead_restrictions
    assert r.offender == Seat.EAST and r.leader == Seat.WEST and not r.opening_lead
    assert Suit.HEARTS not in r.suits and set(r.suits) == {Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS}
    assert da.pending is None  # W leads later: recorded for the play


def test_l26b_not_if_the_offender_declares() -> None:
    da = replay(call("N", "1S"), call("E", "1H"), choose("S", "reject"), call("E", "2C"),
                judge("comparable", False), auction("S", "P P P"))  # fmt: skip
    assert da.declarer == Seat.EAST and da.lead_restrictions == []


# ---- L27 --------------------------------------------------------------------------------------------


def test_l27b1b_comparable_double_replacement_stands() -> None:
    da = replay(call("N", "1S"), call("E", "1H"), choose("S", "reject"), call("E", "X"), judge("comparable", True))
    assert standing(da) == "1S X" and obligations(da) == {} and da.review == ["REVIEW(27D)"]
    assert da.information == []  # L16C does not apply


def test_l27b1b_sufficient_bid_judged_comparable() -> None:
    da = replay(call("N", "1NT"), call("E", "1S"), choose("S", "reject"), call("E", "2D"), judge("comparable", True))
    assert obligations(da) == {} and da.entries[-1].law == "27B1(b)"


def test_l27b1a_artificial_needs_judgement_of_denominations() -> None:
    system = PartnershipAgreements({"1NT 2C": _artificial("1NT 2C", frozenset({Suit.HEARTS, Suit.SPADES}))})
    base = [call("N", "1NT"), call("E", "1S"), choose("S", "reject"), call("E", "2S")]
    assert replay(*base).pending is None  # natural both ways: mechanical B1(a)
    assert replay(*base, system=system).pending is None  # the system does not describe E's 1S
    da = replay(call("N", "1NT"), call("E", "1D"), choose("S", "reject"), call("E", "2D"), system=PartnershipAgreements(
        {"1NT 1D": _artificial("1NT 1D", frozenset({Suit.HEARTS}))}))  # fmt: skip
    assert da.pending is not None and da.pending.question is not None
    assert da.pending.question.id == "same_denominations"


def test_l27b2_sufficient_non_comparable_bid() -> None:
    da = replay(call("N", "1S"), call("E", "1H"), choose("S", "reject"), call("E", "3H"), judge("comparable", False))
    assert obligations(da) == {"W": "pass_rest"} and da.obligations[Seat.WEST].law == "27B2"


def test_l27b3_inadmissible_double_replacement_is_cancelled() -> None:
    da = replay(*auction("N", "1S P 2S 2D"), choose("N", "reject"), call("W", "XX"))
    assert da.pending is not None and da.pending.law == "27B3" and options(da) == ["cancel"]


def test_l27d_review_after_b1() -> None:
    da = replay(call("N", "1S"), call("E", "1H"), choose("S", "reject"), call("E", "2H"))
    assert "REVIEW(27D)" in da.review


# ---- L28–L34 ----------------------------------------------------------------------------------------


def test_l29c_artificial_call_out_of_rotation() -> None:
    system = PartnershipAgreements({"2C": _artificial("2C", frozenset())})
    da = replay(call("E", "2C"), system=system)
    assert da.pending is not None and any("L29C" in n for n in da.pending.notes)


def test_l30b1a_partner_may_make_any_call_with_ui() -> None:
    da = replay(call("S", "P"), choose("W", "cancel"))
    assert da.turn == Seat.NORTH and len(da.legal_calls()) == 36
    assert [(f.seat, f.ui_for) for f in da.information] == [(Seat.SOUTH, Seat.SOUTH.side)]


def test_l30b1_pass_at_lhos_turn_before_calling() -> None:
    # dealer E: N, who has not called yet, passes at his LHO E's turn.
    da = replay(call("N", "P"), dealer="E")
    assert da.pending is not None and laws(da)["cancel"] == "29B, 30B1"


def test_l30b2_l31c_l32c_call_again_at_lhos_turn_is_a_change() -> None:
    for again in ("P", "2S", "X"):
        da = replay(call("N", "1S"), call("N", again) if again != "X" else call("N", "X"))
        assert da.pending is not None and da.pending.irregularity == "change_of_call", again


def test_l30c_artificial_pass_is_l31() -> None:
    system = PartnershipAgreements({"P": _artificial("P", frozenset())})
    da = replay(call("E", "P"), system=system)
    assert da.pending is not None and laws(da)["cancel"] == "29B, 31A"


def test_l31b_bid_at_partners_turn() -> None:
    base = [call("S", "1H"), choose("W", "cancel"), call("N", "1C"), call("E", "P")]
    da = replay(*base, call("S", "1H"), judge("comparable", True))
    assert obligations(da) == {} and "REVIEW(23C)" in da.review
    da = replay(*base, call("S", "2NT"), judge("comparable", False))
    assert obligations(da) == {"N": "pass_next"} and da.obligations[Seat.NORTH].law == "31A2(b)"


def test_l32b_double_at_partners_turn() -> None:
    base = [*auction("N", "1C"), call("W", "X"), choose("N", "cancel"), call("E", "P"), call("S", "P")]
    da = replay(*base, call("W", "X"), judge("comparable", True))
    assert obligations(da) == {} and standing(da) == "1C P P X"
    assert da.rulings[0]["law"] == "29B, 32B"


def test_l35_classification() -> None:
    kinds = {
        "36": replay(auction("N", "1H P X")),
        "37": replay(call("E", "P"), choose("S", "cancel"), call("N", "1C"), call("E", "1S")),
        "38": replay(call("N", "8NT")),
        "39": replay(auction("N", "1C P P P"), call("E", "1S")),
    }
    for law, da in kinds.items():
        assert da.pending is not None and da.pending.law == law


def test_l36b4_inadmissible_double_out_of_rotation() -> None:
    da = replay(call("N", "1H"), call("W", "X"))  # an admissible double out of rotation: L29/L32
    assert da.pending is not None and da.pending.irregularity == "call_out_of_rotation"
    da = replay(call("N", "1H"), call("S", "X"), choose(None, "cancel"))  # S doubles partner out of rotation
    assert da.turn == Seat.EAST and obligations(da) == {"N": "pass_rest"}
    assert da.lead_penalties == [(Seat.SOUTH, "36B4")]


def test_l36c_tv80_redouble_noticed_after_the_opening_lead() -> None:
    events = [*auction("N", "4S X P"), {"event": "call", "seat": "W", "call": "XX", "attention": False},
              *auction("N", "P P P")]  # fmt: skip
    da = replay(*events)
    assert str(da.contract) == "4SX" and da.is_over


def test_l38a_contract_never_above_seven() -> None:
    da = replay(auction("N", "7NT"), call("E", "8C"), choose(None, "cancel"), auction("S", "P P P"))
    assert str(da.contract) == "7NT"


def test_l39a_every_call_after_the_final_pass_is_cancelled() -> None:
    da = replay(auction("N", "1NT P P P"), call("E", "2S"), call("S", "P"))
    assert str(da.contract) == "1NT" and da.pending is None
    assert [e.status for e in da.entries[4:]] == [Status.CANCELLED, Status.CANCELLED]
    assert da.lead_restrictions == []  # L39B: LHO called before rectification


# ---- L13–L15 ----------------------------------------------------------------------------------------


def _board(kind: str, **facts: object) -> DirectedAuction:
    return replay({"event": "board_irregularity", "kind": kind, **facts})


def test_tv145_surplus_card_l13c() -> None:
    da = _board("surplus_card")
    assert da.pending is not None and laws(da) == {"continue": "13C"}
    assert "no adjusted score" in da.pending.options[0].effect
    da.choose(None, "continue")
    assert da.review == []
    assert "REVIEW(12A)" in replay({"event": "board_irregularity", "kind": "surplus_card",
                                    "played_to_quitted_trick": True}, choose(None, "continue")).review  # fmt: skip


def test_l13_incorrect_count() -> None:
    assert laws(_board("incorrect_count")) == {"continue": "13A1"}
    assert laws(_board("incorrect_count", seen=True)) == {"continue": "13A2"}
    da = _board("incorrect_count", called=True)
    assert da.pending is not None and da.pending.question is not None and da.pending.question.law == "13B1"
    assert laws(_board("incorrect_count", after_play=True)) == {"adjusted_score": "13D"}


def test_tv146_missing_card_found_after_play_began_l14b() -> None:
    da = _board("missing_card", seat="W", after_opening_lead=True)
    assert da.pending is not None and "revoke" in da.pending.options[0].effect
    assert "UI for East" in da.pending.options[0].effect  # L14C
    assert laws(_board("missing_card", seat="W")) == {"restore": "14A"}


def test_tv147_wrong_board_new_to_all_l15b2() -> None:
    assert laws(_board("wrong_board")) == {"result_stands": "15B2"}
    assert laws(_board("wrong_board", played_before=True)) == {"cancel_score": "15B1, 15B3"}


def test_tv148_wrong_hand_partner_called_l15a2a() -> None:
    assert laws(_board("wrong_hand", seat="S", partner_called=True)) == {"adjusted_score": "15A1, 15A2(a)"}


def test_l15a2b_wrong_hand_calls_again() -> None:
    da = replay(auction("N", "P P 1H P"), {"event": "board_irregularity", "kind": "wrong_hand", "seat": "S"},
                choose(None, "recall"))  # fmt: skip
    assert standing(da) == "P P" and da.turn == Seat.SOUTH


# ---- editions ---------------------------------------------------------------------------------------


def test_editions_known_but_not_implemented_raise() -> None:
    for name in ("NBB30", "EST30", "NL36", "NL75"):  # a bare Edition knows only the correct procedure
        da = DirectedAuction(Seat.NORTH, Edition(name, "bare"))
        da.call("1C", "N")  # the correct procedure is common to all editions
        with pytest.raises(EditionNotSupportedError, match=name):
            da.call("1C", "E")  # an irregularity needs the edition's rules
        assert da.standing_calls() == [Call.parse("1C")]
    with pytest.raises(EditionError):
        edition("ACBL2017")


def test_edition_reports_the_source_of_a_rule() -> None:
    assert edition("wbf17").source_of("call") == "WBF17"
    assert edition("NL75").source_of("call") == "NBB30"  # NL75 borrows its irregularities (laws-historic.md §0)
    assert Edition("NL75").source_of("call") == "none"


def test_every_part_of_an_edition_names_its_book() -> None:
    """``source_of`` reports the book of the class that defines a rule: each mixin an edition is built from names
    the book it belongs to (a mixin without ``name`` reported "?" for WBF17's ``call``)."""
    from contractbridge.laws import EDITIONS

    for name in EDITIONS:
        parts = [k for k in type(edition(name)).__mro__ if k.__module__.startswith("contractbridge.laws.")]
        assert all("name" in vars(k) for k in parts), [k.__name__ for k in parts if "name" not in vars(k)]


def test_call_parse_above_seven_only_for_the_director() -> None:
    assert str(Call.parse("8C", allow_above_seven=True)) == "8C"


def test_l25a6_lhos_call_cannot_be_kept_after_a_change_that_ends_the_auction() -> None:
    """Found by the brute-force oracle: 1D P P, N doubles, E passes, N changes X to P (considered, accepted by E,
    L25B1). N's pass ends the auction (L22A), so E's pass over the X cannot be kept (L25A6): withdrawn."""
    da = replay(auction("N", "P P P 1C P 1D P P X P"), change("N", "P"), judge("unintended", False))
    da.apply(choose("E", "accept"))
    assert options(da) == ["withdraw"]
    da.apply(choose("E", "withdraw"))
    assert da.is_over and str(da.contract) == "1D" and da.declarer == Seat.EAST
