"""Test vectors TV50–TV91 of laws-wbf2017.md §12.4–12.8, each built as an event log."""

from __future__ import annotations

import pytest

from contractbridge.calls import Call
from contractbridge.cards import Card, Seat, Suit
from contractbridge.director import Status
from contractbridge.errors import EventLogError
from director_helpers import auction, call, change, choose, expose, judge, laws, obligations, options, replay, standing

# ---- 12.4 auction mechanics (L17–L22) -------------------------------------------------------------


def test_tv50_double_of_opponents_bid_is_legal_l19a1() -> None:
    da = replay(auction("N", "1H 1S X"))
    assert da.pending is None and standing(da) == "1H 1S X"


def test_tv51_double_of_partners_bid_is_inadmissible_l19a1_l35a() -> None:
    da = replay(auction("N", "1H P X"))
    assert da.pending is not None and da.pending.irregularity == "inadmissible_double" and da.pending.law == "36"


def test_tv52_redouble_after_passes_is_legal_l19b1() -> None:
    da = replay(auction("N", "1H X P P XX"))
    assert da.pending is None and standing(da) == "1H X P P XX"


def test_tv53_redouble_of_a_bid_is_inadmissible_l19b1() -> None:
    da = replay(auction("N", "1H X 1S XX"))
    assert da.pending is not None and da.pending.irregularity == "inadmissible_redouble"


def test_tv54_double_and_redouble_superseded_l19c_l22a() -> None:
    da = replay(auction("N", "1S X XX 2C P P P"))
    assert str(da.contract) == "2C" and da.declarer == Seat.WEST


def test_tv55_declarer_first_to_name_the_strain() -> None:
    da = replay(auction("N", "1C P 1H P 2H P 4H P P P"))
    assert str(da.contract) == "4H" and da.declarer == Seat.SOUTH
    assert da.dummy == Seat.NORTH and da.opening_leader == Seat.WEST


def test_tv56_sufficiency_l18() -> None:
    da = replay(call("N", "1S"))
    assert not da.is_sufficient(Call.parse("1H"))
    assert da.is_sufficient(Call.parse("2H")) and da.is_sufficient(Call.parse("1NT"))


def test_tv57_eight_clubs_is_l38_not_l27() -> None:
    da = replay(call("N", "1S"), call("E", "8C"))
    assert da.pending is not None and da.pending.irregularity == "bid_above_seven" and da.pending.law == "38"


def test_tv58_pass_out_of_rotation_does_not_end_the_auction_l17d3_l34() -> None:
    # 1C (N) – P (E) – [S's turn] W passes out of rotation – N (W's LHO) passes, accepting it (L29A).
    da = replay(auction("N", "1C P"), call("W", "P"), call("N", "P"))
    assert not da.is_over and da.turn == Seat.SOUTH
    assert standing(da) == "1C P"
    cancelled = [e for e in da.entries if e.status is Status.CANCELLED]
    assert [(e.seat, e.law) for e in cancelled] == [(Seat.WEST, "17D3"), (Seat.NORTH, "17D3")]
    assert any(f.law == "17D3" and f.ui_for == Seat.WEST.side for f in da.information)  # 16C applies


# ---- 12.5 insufficient bids (L27) -------------------------------------------------------------------


def test_tv59_ib_accepted_by_lho_calling_l27a1() -> None:
    da = replay(call("N", "1S"), call("E", "1H"), call("S", "2S"))
    assert da.pending is None and standing(da) == "1S 1H 2S"
    assert da.rulings[-1]["law"] == "27A1"


def test_tv60_lowest_same_denomination_replacement_l27b1a() -> None:
    da = replay(call("N", "1S"), call("E", "1H"))
    assert da.pending is not None and da.pending.chooser == Seat.SOUTH
    assert laws(da) == {"accept": "27A1", "reject": "27B"}
    da = replay(call("N", "1S"), call("E", "1H"), choose("S", "reject"), call("E", "2H"))
    assert da.pending is None and standing(da) == "1S 2H"
    assert obligations(da) == {} and da.information == [] and da.lead_penalties == []
    assert da.review == ["REVIEW(27D)"]


def test_tv61_ib_over_partner_replaced_lowest_same_denomination_l27b1a() -> None:
    da = replay(auction("N", "1S P 1H"), choose("W", "reject"), call("S", "2H"))
    assert da.pending is None and standing(da) == "1S P 2H" and obligations(da) == {}
    assert da.entries[-1].law == "27B1(a)"


def test_tv62_replaced_by_pass_partner_passes_rest_l27b2() -> None:
    da = replay(call("N", "1S"), call("E", "1H"), choose("S", "reject"), call("E", "P"))
    assert da.pending is not None and da.pending.question is not None
    assert da.pending.question.id == "comparable"  # the engine asks, never guesses
    da = replay(call("N", "1S"), call("E", "1H"), choose("S", "reject"), call("E", "P"), judge("comparable", False))
    assert obligations(da) == {"W": "pass_rest"} and da.obligations[Seat.WEST].law == "27B2"
    assert "REVIEW(72C)" in da.review and da.lead_penalties == [(Seat.EAST, "27B2")]
    assert any(f.call.level == 1 for f in da.information if f.seat == Seat.EAST)  # type: ignore[attr-defined]


def test_tv63_double_as_replacement_not_comparable_l27b3() -> None:
    base = [call("N", "1S"), call("E", "1H"), choose("S", "reject"), call("E", "X")]
    da = replay(*base)
    assert da.pending is not None and da.pending.question is not None
    da = replay(*base, judge("comparable", False))
    assert da.pending is None and da.turn == Seat.EAST and obligations(da) == {"W": "pass_rest"}
    assert da.entries[-1].status is Status.CANCELLED
    # whatever E now chooses, W still passes for the rest of the auction
    da = replay(*base, judge("comparable", False), call("E", "2H"))
    assert standing(da) == "1S 2H" and obligations(da) == {"W": "pass_rest"}
    assert da.legal_calls() == [] or da.turn != Seat.WEST
    da = replay(*base, judge("comparable", False), call("E", "2H"), call("S", "P"))
    assert da.turn == Seat.WEST and [str(c) for c in da.legal_calls()] == ["P"]


def test_tv64_second_insufficient_bid_l27b4() -> None:
    base = [call("N", "1S"), call("E", "1H"), choose("S", "reject"), call("E", "1D")]
    da = replay(*base)
    assert da.pending is not None and da.pending.law == "27B4" and da.pending.chooser == Seat.SOUTH
    da = replay(*base, choose("S", "reject"))
    assert obligations(da) == {"W": "pass_rest"} and da.turn == Seat.EAST
    da = replay(*base, choose("S", "accept"))
    assert standing(da) == "1S 1D" and obligations(da) == {}


def test_tv65_premature_replacement_stands_l27c() -> None:
    da = replay(call("N", "1S"), call("E", "1H"), call("E", "2H"))
    assert da.pending is None and standing(da) == "1S 2H" and obligations(da) == {}
    assert da.rulings[0]["law"] == "27C" and da.entries[-1].law == "27B1(a)"


TV66 = [*auction("N", "1S P 2S 2D"), choose("N", "reject"), call("W", "P"), judge("comparable", False)]


def test_tv66_lead_restriction_after_b2_l27b2_l26b() -> None:
    da = replay(*TV66)
    assert obligations(da) == {"E": "pass_rest"}
    da = replay(*TV66, *auction("N", "4S P P P"))
    assert str(da.contract) == "4S" and da.declarer == Seat.NORTH and da.opening_leader == Seat.EAST
    assert da.pending is not None and da.pending.law == "26B" and da.pending.chooser == Seat.NORTH
    assert options(da) == ["none", "forbid_S", "forbid_H", "forbid_D", "forbid_C"]
    da = replay(*TV66, *auction("N", "4S P P P"), choose("N", "forbid_H"))
    (r,) = da.lead_restrictions
    assert r.leader == Seat.EAST and r.forbidden == Suit.HEARTS and r.decided


def test_tv67_natural_raise_is_b1a_no_restriction_l27b1a_l26a() -> None:
    da = replay(*auction("N", "1S P 2S 2D"), choose("N", "reject"), call("W", "3D"))
    assert obligations(da) == {} and da.lead_penalties == [] and standing(da) == "1S P 2S 3D"


# ---- 12.6 calls out of rotation (L28–L34) -----------------------------------------------------------


def test_tv68_pass_at_rhos_turn_l30a() -> None:
    da = replay(call("E", "P"))
    assert da.pending is not None and da.pending.chooser == Seat.SOUTH
    assert laws(da)["cancel"] == "29B, 30A"
    da = replay(call("E", "P"), choose("S", "cancel"))
    assert da.turn == Seat.NORTH and obligations(da) == {"E": "pass_next"}
    da = replay(call("E", "P"), choose("S", "cancel"), call("N", "1C"), call("E", "P"), call("S", "P"))
    assert obligations(da) == {}  # once only; no restriction on W
    assert [str(c) for c in da.legal_calls()][:2] == ["P", "X"]


def test_tv69_pass_at_partners_turn_l30b1() -> None:
    base = [call("S", "P"), choose("W", "cancel"), call("N", "1C"), call("E", "P")]
    da = replay(*base, call("S", "P"))
    assert da.pending is not None and da.pending.question is not None and da.pending.law == "30B1(b)"
    da = replay(*base, call("S", "P"), judge("comparable", True))
    assert obligations(da) == {} and "REVIEW(23C)" in da.review
    da = replay(*base, call("S", "1H"), judge("comparable", False))
    assert obligations(da) == {"N": "pass_next"} and da.lead_penalties == [(Seat.SOUTH, "30B1(b)(ii)")]


def test_tv70_bid_at_rhos_turn_rho_passes_repeat_l31a1() -> None:
    da = replay(call("E", "1S"), choose("S", "cancel"), call("N", "P"))
    assert da.turn == Seat.EAST and [str(c) for c in da.legal_calls()] == ["1S"]
    with pytest.raises(EventLogError, match="repeat"):
        replay(call("E", "1S"), choose("S", "cancel"), call("N", "P"), call("E", "1H"))
    da = replay(call("E", "1S"), choose("S", "cancel"), call("N", "P"), call("E", "1S"))
    assert da.pending is None and standing(da) == "P 1S" and obligations(da) == {}


def test_tv71_bid_at_rhos_turn_rho_bids_l31a2() -> None:
    base = [call("E", "1S"), choose("S", "cancel"), call("N", "1D")]
    da = replay(*base, call("E", "2C"), judge("comparable", False))
    assert obligations(da) == {"W": "pass_next"} and da.obligations[Seat.WEST].law == "31A2(b)"
    da = replay(*base, call("E", "1S"), judge("comparable", True))
    assert obligations(da) == {} and "REVIEW(23C)" in da.review and da.lead_penalties == []


def test_tv72_lho_calls_accepting_the_coor_l29a() -> None:
    da = replay(call("E", "1S"), call("S", "2H"))
    assert da.pending is None and standing(da) == "1S 2H" and da.turn == Seat.WEST
    assert da.rulings[0]["law"] == "29A"


def test_tv73_player_whose_turn_it_was_calls_l28b() -> None:
    da = replay(call("E", "1S"), call("N", "1C"))
    assert da.pending is None and standing(da) == "1C" and da.turn == Seat.EAST
    assert obligations(da) == {} and da.lead_penalties == []
    assert [(f.seat, f.law, f.ui_for) for f in da.information] == [(Seat.EAST, "28B", Seat.EAST.side)]


def test_tv74_double_at_rhos_turn_rho_passes_repeat_l32a1() -> None:
    da = replay(auction("N", "1H P"), call("W", "X"), choose("N", "cancel"), call("S", "P"))
    assert [str(c) for c in da.legal_calls()] == ["X"]
    assert replay(auction("N", "1H P"), call("W", "X"), choose("N", "cancel")).information  # 16C until repeated
    da = replay(auction("N", "1H P"), call("W", "X"), choose("N", "cancel"), call("S", "P"), call("W", "X"))
    assert da.pending is None and standing(da) == "1H P P X" and obligations(da) == {}
    assert da.information == []  # repeated: no rectification


def test_tv75_double_at_rhos_turn_rho_bids_l32a2() -> None:
    base = [*auction("N", "1H P"), call("W", "X"), choose("N", "cancel"), call("S", "2H")]
    da = replay(*base, call("W", "X"), judge("comparable", True))
    assert obligations(da) == {} and "REVIEW(23C)" in da.review
    da = replay(*base, call("W", "2S"), judge("comparable", False))
    assert obligations(da) == {"E": "pass_next"} and da.obligations[Seat.EAST].law == "32A2(b)"


def test_tv76_simultaneous_calls_l33() -> None:
    # L33: E's call, simultaneous with N's, is deemed made after it: record N first, then E in rotation.
    da = replay(call("N", "1C"), call("E", "1S"))
    assert da.pending is None
    # …whereas a simultaneous call by S (not in turn after N) is a call out of rotation.
    da = replay(call("N", "1C"), call("S", "1S"))
    assert da.pending is not None and da.pending.irregularity == "call_out_of_rotation"


def test_tv77_call_at_rhos_turn_when_rho_must_pass_l28a() -> None:
    tv62 = [call("N", "1S"), call("E", "1H"), choose("S", "reject"), call("E", "P"), judge("comparable", False)]
    da = replay(*tv62, call("S", "2S"), call("N", "3S"))
    assert da.pending is None and standing(da) == "1S P 2S P 3S"
    w = da.entries[-2]
    assert w.seat == Seat.WEST and w.compulsory and w.law == "28A"


# ---- 12.7 inadmissible calls (L35–L39) --------------------------------------------------------------


def test_tv78_inadmissible_double_l36b() -> None:
    da = replay(auction("N", "1H P X"), choose(None, "cancel"))
    assert da.turn == Seat.SOUTH and obligations(da) == {"N": "pass_rest"}
    assert da.lead_penalties == [(Seat.SOUTH, "36B")] and "REVIEW(72C)" in da.review


def test_tv79_lho_calls_over_inadmissible_double_l36a() -> None:
    da = replay(auction("N", "1H P X"), call("W", "2C"))
    assert da.pending is None and da.turn == Seat.SOUTH and standing(da) == "1H P"
    assert obligations(da) == {} and da.lead_penalties == []
    assert [e.status for e in da.entries[-2:]] == [Status.CANCELLED, Status.CANCELLED]


def test_tv81_violation_of_rest_obligation_l37b() -> None:
    tv62 = [call("N", "1S"), call("E", "1H"), choose("S", "reject"), call("E", "P"), judge("comparable", False)]
    da = replay(*tv62, call("S", "2S"), call("W", "3D"))
    assert da.pending is not None and da.pending.law == "37"
    da = replay(*tv62, call("S", "2S"), call("W", "3D"), choose(None, "cancel"))
    assert standing(da) == "1S P 2S P" and obligations(da) == {"E": "pass_rest", "W": "pass_rest"}
    assert (Seat.WEST, "37B") in da.lead_penalties


def test_tv82_lho_calls_over_violation_l37a() -> None:
    tv62 = [call("N", "1S"), call("E", "1H"), choose("S", "reject"), call("E", "P"), judge("comparable", False)]
    da = replay(*tv62, call("S", "2S"), call("W", "3D"), call("N", "3S"))
    assert da.pending is None and standing(da) == "1S P 2S 3D 3S"
    assert obligations(da) == {"W": "pass_rest"} and da.lead_penalties == [(Seat.EAST, "27B2")]


def test_tv83_bid_of_more_than_seven_l38() -> None:
    da = replay(auction("N", "1C P"), call("S", "8S"), choose(None, "cancel"))
    assert standing(da) == "1C P P" and obligations(da) == {"N": "pass_rest", "S": "pass_rest"}
    assert (Seat.SOUTH, "38C") in da.lead_penalties and "REVIEW(72C)" in da.review
    da = replay(auction("N", "1C P"), call("S", "8S"), call("W", "X"))
    assert standing(da) == "1C P P" and obligations(da) == {"N": "pass_rest", "S": "pass_rest"}
    assert da.lead_penalties == [] and "REVIEW(72C)" not in da.review
    assert da.entries[3].status is Status.CANCELLED and da.entries[3].call.kind.value == "double"


def test_tv84_defender_bids_after_final_pass_l39c_l26b() -> None:
    da = replay(auction("N", "4S P P P"), call("W", "5H"))
    assert da.pending is not None and da.pending.law == "39"
    da = replay(auction("N", "4S P P P"), call("W", "5H"), choose(None, "cancel"))
    assert da.pending is not None and da.pending.law == "26B" and da.pending.chooser == Seat.NORTH
    assert options(da) == ["none", "forbid_S", "forbid_H", "forbid_D", "forbid_C"]
    assert str(da.contract) == "4S"


def test_tv85_dummy_bids_after_final_pass_no_rectification_l39b() -> None:
    da = replay(auction("N", "4S P P P"), call("S", "5S"))
    assert da.pending is None and da.entries[-1].status is Status.CANCELLED and da.lead_penalties == []
    assert str(da.contract) == "4S"


def test_tv86_defender_passes_after_final_pass_l39b() -> None:
    da = replay(auction("N", "4S P P P"), call("E", "P"))
    assert da.pending is None and da.lead_restrictions == [] and da.entries[-1].law == "39B"


# ---- 12.8 exposed cards, changes of call (L24, L25) -------------------------------------------------


def test_tv87_honour_exposed_l24b_d_e() -> None:
    da = replay(call("N", "1C"), call("E", "P"), expose("S", "SK"))
    assert da.pending is not None and da.pending.question is not None
    assert da.pending.question.id == "partner_could_see"
    da = replay(call("N", "1C"), call("E", "P"), expose("S", "SK"), judge("partner_could_see", True))
    assert obligations(da) == {"N": "pass_next"} and da.obligations[Seat.NORTH].law == "24B"
    # S becomes a defender: SK is a major penalty card
    d = replay(call("N", "1C"), call("E", "1D"), expose("S", "SK"), judge("partner_could_see", True),
               auction("S", "P P P P"))  # fmt: skip
    assert str(d.contract) == "1D" and [(p.card, p.major) for p in d.penalty_cards] == [(Card("SK"), True)]
    # S becomes declarer: the card goes back (L24D)
    d = replay(call("N", "1C"), call("E", "P"), expose("S", "SK"), judge("partner_could_see", True),
               auction("S", "1S P P P"))  # fmt: skip
    assert d.declarer == Seat.SOUTH and d.penalty_cards == []


def test_tv88_low_card_exposed_l24a() -> None:
    da = replay(call("N", "1C"), call("E", "1D"), expose("S", "D4"), judge("partner_could_see", True))
    assert obligations(da) == {}
    da = replay(call("N", "1C"), call("E", "1D"), expose("S", "D4"), judge("partner_could_see", True),
                auction("S", "P P P"))  # fmt: skip
    assert [(p.card, p.major) for p in da.penalty_cards] == [(Card("D4"), False)]


def test_tv89_two_cards_exposed_l24c() -> None:
    da = replay(call("N", "1C"), call("E", "1D"), expose("S", "H7", "C3"), judge("partner_could_see", True))
    assert obligations(da) == {"N": "pass_next"} and da.obligations[Seat.NORTH].law == "24C"
    da.call("P", "S")
    da.call("P", "W")
    da.call("P", "N")
    assert [(p.card, p.major) for p in da.penalty_cards] == [(Card("H7"), True), (Card("C3"), True)]


def test_tv90_unintended_change_l25a1_l25a4() -> None:
    da = replay(call("N", "P"), call("E", "P"), call("S", "1S"), change("S", "1NT"), judge("unintended", True))
    assert standing(da) == "P P 1NT" and da.pending is None and da.lead_penalties == []
    da = replay(auction("N", "P P 1S P 2S"), change("S", "1NT"))
    assert da.pending is None and standing(da) == "P P 1S P 2S"
    assert da.entries[-1].status is Status.CANCELLED and da.entries[-1].law == "25A4"


def test_tv91_considered_change_cancelled_l25b2_l25b3() -> None:
    base = [call("N", "P"), call("E", "P"), call("S", "1S"), change("S", "1NT"), judge("unintended", False)]
    da = replay(*base)
    assert (
        da.pending is not None and da.pending.chooser == Seat.WEST and laws(da) == {"accept": "25B1", "reject": "25B2"}
    )
    da = replay(*base, choose("W", "reject"))
    assert standing(da) == "P P 1S" and da.entries[-1].status is Status.CANCELLED
    assert [(f.seat, str(f.call)) for f in da.information] == [(Seat.SOUTH, "1NT")]
    assert da.lead_penalties == [(Seat.SOUTH, "25B2")]
