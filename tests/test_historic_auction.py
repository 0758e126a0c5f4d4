"""laws-historic.md §8.2 (auction vectors TV46–TV66b; the ids collide with laws-wbf2017.md's, so each test
names the digest) through the director's record, ``PlayersAuction`` (a ``DirectedAuction``), per edition.
Every log ``play`` replays also goes through ``Table(irregular=True)`` under its edition (issue #12 item 1,
``director_helpers.at_table``): the table keeps the same record and reaches the same state."""

from __future__ import annotations

from typing import Any

import pytest

from contractbridge.calls import Call
from contractbridge.cards import Seat
from contractbridge.director import Status
from contractbridge.errors import EventLogError, IllegalCallError, RulingError, RulingPendingError
from contractbridge.laws import edition
from contractbridge.laws.nbb30 import Moment, PlayersAuction
from director_helpers import at_table, auction, call, choose, expose, judge, obligations, options, standing

Event = dict[str, Any]
HISTORIC = ("NBB30", "EST30", "NL36", "NL75")


def attention(seat: str) -> Event:
    return {"event": "attention", "seat": seat}


def misinformation(seat: str, c: str) -> Event:
    return {"event": "misinformation", "seat": seat, "call": c}


def play(edition_name: str, *parts: Event | list[Event], dealer: str = "N") -> PlayersAuction:
    events: list[Event] = []
    for p in parts:
        events.extend(p if isinstance(p, list) else [p])
    da = PlayersAuction.from_events(events, Seat.parse(dealer), edition_name)
    at_table(events, dealer, None, da, edition_name)
    assert isinstance(da, PlayersAuction)
    return da


def laws_of(da: PlayersAuction) -> dict[str, str]:
    assert da.pending is not None
    return {o.id: o.law for o in da.pending.options}


# ---- 2.1 the call model --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", HISTORIC)
def test_tv46_contract_declarer_dummy_leader_est_l19_nbb_r15_r18(name: str) -> None:
    """laws-historic.md TV46 (and §7.1 E01): A 1S, B 2H, C 4S, D X, P P P — 4S doubled by A."""
    da = play(name, auction("N", "1S 2H 4S X P P P"))  # A = N, B = E, C = S, D = W
    assert str(da.contract) == "4SX" and da.declarer == Seat.NORTH
    assert da.dummy == Seat.SOUTH and da.opening_leader == Seat.EAST


def test_tv47_declarer_first_to_name_the_denomination_nbb_r15() -> None:
    """laws-historic.md TV47: N 1H, E P, S 4H, all pass — declarer N though S made the final bid."""
    da = play("NBB30", auction("N", "1H P 4H P P P"))
    assert da.declarer == Seat.NORTH


@pytest.mark.parametrize(
    ("name", "law", "moves_on"),
    [("NBB30", "NBB R11(2)", True), ("EST30", "EST-L09", True), ("NL36", "NBB R11(2)", True),
     ("NL75", "NL75 Art.22(a)", False)],
)  # fmt: skip
def test_tv48_four_passes_r11_2_est_l09_nl75_art22a(name: str, law: str, moves_on: bool) -> None:
    """laws-historic.md TV48: NBB/EST the next dealer deals the other pack; NL75 no redeal."""
    da = play(name, auction("N", "P P P P"))
    assert da.is_passed_out and da.contract is None
    got_law, text, next_dealer = edition(name).passed_out_effect()  # type: ignore[attr-defined]
    assert (got_law, next_dealer) == (law, moves_on)
    assert da.notes[-1] == text and law in text


# ---- R40 / EST-L14 insufficient bids ----------------------------------------------------------------------


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R40(2)"), ("EST30", "EST-L14")])
def test_tv49_offender_corrects_before_attention_r40_2(name: str, law: str) -> None:
    """laws-historic.md TV49: N 1H, E 1D, E changes it to 2D before attention and before S calls."""
    da = play(name, call("N", "1H"), call("E", "1D"), call("E", "2D"))
    assert da.pending is None and standing(da) == "1H 2D" and not da.obligations
    assert da.rulings[-1] == {"irregularity": "insufficient_bid", "law": law, "option": "corrected", "offender": "E"}


def test_tv49_correction_must_be_the_lowest_bid_in_the_denomination_nbb_r40_2() -> None:
    with pytest.raises(EventLogError, match=r"only to 2D.*R40\(2\)"):
        play("NBB30", call("N", "1H"), call("E", "1D"), call("E", "3D"))


@pytest.mark.parametrize("replacement", ["2D", "1S", "1NT", "3C"])
def test_tv50_attention_drawn_any_sufficient_bid_partner_passes_r40_1(replacement: str) -> None:
    """laws-historic.md TV50: S points out E's 1D; E must make any sufficient bid; W must pass next."""
    da = play("NBB30", call("N", "1H"), call("E", "1D"), attention("S"))
    assert obligations(da) == {"W": "pass_next"} and da.turn == Seat.EAST
    da.call(replacement, "E")
    assert standing(da) == f"1H {replacement}"
    da.call("P", "S")
    assert da.legal_calls() == [Call.parse("P")]  # W must pass at his first turn
    da.call("2S", "W")  # a call while barred: R42(b)
    assert da.pending is not None and da.pending.law == "NBB R42(b)"


def test_tv50_replacement_must_be_a_sufficient_bid_r40_1() -> None:
    da = play("NBB30", call("N", "1H"), call("E", "1D"), attention("S"))
    for bad in ("P", "1C"):
        with pytest.raises(IllegalCallError, match=r"R40\(1\)"):
            da.call(bad, "E")


def test_tv50_est_only_the_opponents_draw_attention_est_l14() -> None:
    """[DIFF] laws-historic.md §2.2: NBB R40(1) 'another player'; EST-L14 'the opponents'."""
    nbb = play("NBB30", call("N", "1H"), call("E", "1D"), attention("W"))  # partner: NBB allows it
    assert obligations(nbb) == {"W": "pass_next"}
    with pytest.raises(EventLogError, match=r"only the opponents.*EST-L14"):
        play("EST30", call("N", "1H"), call("E", "1D"), attention("W"))


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R40(3)"), ("EST30", "EST-L14")])
def test_tv51_lho_calls_before_attention_ib_condoned_r40_3(name: str, law: str) -> None:
    """laws-historic.md TV51: S passes before attention is drawn: 1D counts as sufficient."""
    da = play(name, call("N", "1H"), call("E", "1D"), call("S", "P"))
    assert da.pending is None and standing(da) == "1H 1D P" and da.rulings[-1]["law"] == law
    da.call("1H", "W")  # [JUDGEMENT] later bids outrank the condoned bid, which is now the last bid
    assert standing(da) == "1H 1D P 1H"


# ---- R39 / EST-L13 calls out of turn -------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R39(2)"), ("EST30", "EST-L13")])
def test_tv52_bid_at_rho_turn_cancelled_partner_passes_r39_2(name: str, law: str) -> None:
    """laws-historic.md TV52: dealer N to call; E bids 1S: cancelled, N calls, W must pass at his first turn."""
    da = play(name, call("E", "1S"))
    assert da.pending is not None and da.pending.chooser is None and da.pending.law == law
    da.attention("N")
    assert da.turn == Seat.NORTH and obligations(da) == {"W": "pass_next"}
    for c in ("1H", "1S", "2C"):
        da.call(c, da.turn)  # type: ignore[arg-type]
    assert standing(da) == "1H 1S 2C" and da.turn == Seat.WEST and da.legal_calls() == [Call.parse("P")]


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R39(1)"), ("EST30", "EST-L13")])
def test_tv53_bid_at_partners_turn_before_any_bid_r39_1(name: str, law: str) -> None:
    """laws-historic.md TV53: S bids 1S at N's turn: W may demand a new deal or cancel 1S (no more penalty)."""
    da = play(name, call("S", "1S"))
    assert da.pending is not None and da.pending.chooser == Seat.WEST
    assert laws_of(da) == {"new_deal": law, "cancel": law}
    cancelled = play(name, call("S", "1S"), choose("W", "cancel"))
    assert cancelled.turn == Seat.NORTH and not cancelled.obligations and standing(cancelled) == ""
    redealt = play(name, call("S", "1S"), choose("W", "new_deal"))
    assert redealt.new_deal == law and redealt.to_dict()["phase"] == "new_deal"
    assert redealt.to_dict()["new_deal"]["dealer"] == "N"  # the same dealer deals again
    with pytest.raises(IllegalCallError, match="new deal"):
        redealt.call("1C", "N")


@pytest.mark.parametrize("name", ["NBB30", "EST30"])
@pytest.mark.parametrize(("offender", "lho"), [("E", "S"), ("S", "W")])
def test_tv54_offenders_lho_calls_first_call_counts_in_turn_r39_3(name: str, offender: str, lho: str) -> None:
    """laws-historic.md TV54 (TV52 and TV53 variants): the premature call counts as made in turn."""
    da = play(name, call(offender, "1S"), call(lho, "2H"))
    assert da.pending is None and standing(da) == "1S 2H" and not da.obligations


def test_pass_out_of_turn_is_cancelled_without_penalty_judgement() -> None:
    """laws-historic.md §2.2 gap [JUDGEMENT]: a pass out of turn is cancelled, no penalty."""
    da = play("NBB30", call("S", "P"))
    assert da.pending is None and da.turn == Seat.NORTH and not da.obligations
    assert da.entries[0].status is Status.CANCELLED


def test_bid_at_partners_turn_after_bidding_started_is_r42f_judgement() -> None:
    """laws-historic.md §2.2 gap [JUDGEMENT]: treated under R42(f)."""
    da = play("NBB30", call("N", "1C"), call("W", "1S"))  # E's turn; W is E's partner
    assert da.pending is not None and da.pending.law == "NBB R42(f)" and options(da) == ["new_deal", "cancel"]
    da.choose("N", "cancel")
    assert obligations(da) == {"W": "pass_next"} and da.turn == Seat.EAST


# ---- R42 / EST-L16 illegal calls ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R42(a)"), ("EST30", "EST-L16 item 1")])
def test_tv55_eight_spades_new_deal_pass_or_seven_r42_a(name: str, law: str) -> None:
    """laws-historic.md TV55: LHO chooses: new deal / treat as a pass / accept as 7S."""
    da = play(name, call("N", "8S"))
    assert da.pending is not None and da.pending.chooser == Seat.EAST
    assert laws_of(da) == {"new_deal": law, "cancel": law, "accept": law}
    assert standing(play(name, call("N", "8S"), choose("E", "accept"))) == "7S"
    assert standing(play(name, call("N", "8S"), choose("E", "cancel"))) == "P"


def test_tv56_double_of_partners_bid_no_acceptance_r42_c() -> None:
    """laws-historic.md TV56: new deal / treat as a pass; no acceptance."""
    da = play("NBB30", auction("N", "1H P X"))
    assert laws_of(da) == {"new_deal": "NBB R42(c)", "cancel": "NBB R42(c)"}
    da.choose("W", "cancel")
    assert standing(da) == "1H P P" and da.turn == Seat.WEST


@pytest.mark.parametrize("name", HISTORIC)
def test_tv57_double_naming_wrong_level_is_a_double_r13_4_nl75_art19(name: str) -> None:
    """laws-historic.md TV57: last bid 3H; 'double two hearts' is a valid double of 3H."""
    da = play(name, call("N", "3H"))
    da.named_call("E", "X", "2H")
    assert da.pending is None and standing(da) == "3H X"


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R42(e)"), ("EST30", "EST-L16 item 5"), ("NL75", None)])
def test_tv58_double_naming_wrong_suit_r42_e_vs_nl75_art19(name: str, law: str | None) -> None:
    """laws-historic.md TV58 [DIFF] (Appendix C 4): NBB/EST illegal call (I/II); NL75 a double of 3H."""
    da = play(name, call("N", "3H"), {"event": "call", "seat": "E", "call": "X", "names": "3D"})
    if law is None:
        assert da.pending is None and standing(da) == "3H X" and "NL75 Art.19" in da.notes[-1]
    else:
        assert laws_of(da) == {"new_deal": law, "cancel": law}


def test_tv59_redouble_of_a_redoubled_bid_no_acceptance_r13_2_r42_b() -> None:
    """laws-historic.md TV59 [JUDGEMENT]: only new deal / treat as a pass."""
    da = play("NBB30", auction("N", "1H X XX P P XX"))
    assert options(da) == ["new_deal", "cancel"] and da.pending is not None
    assert da.pending.law == "NBB R13(2), R42(b)"


def test_tv66b_barred_partner_bids_r40_1_r42_b() -> None:
    """laws-historic.md TV66b: the offender's partner, obliged to pass by R40(1), bids 2H: R42(b) I–III."""
    da = play("NBB30", call("N", "1S"), call("E", "1H"), attention("S"), call("E", "2C"), call("S", "P"),
              call("W", "2H"))  # fmt: skip
    assert da.pending is not None and da.pending.chooser == Seat.NORTH
    assert laws_of(da) == {"new_deal": "NBB R42(b)", "cancel": "NBB R42(b)", "accept": "NBB R42(b)"}
    accepted = play("NBB30", call("N", "1S"), call("E", "1H"), attention("S"), call("E", "2C"), call("S", "P"),
                    call("W", "2H"), choose("N", "accept"))  # fmt: skip
    assert standing(accepted) == "1S 2C P 2H" and not accepted.obligations


def test_est_l48_right_lost_by_calling_after_the_error() -> None:
    """[DIFF] laws-historic.md Appendix C 7: EST-L48; NBB has no such rule (the LHO must choose first)."""
    est = play("EST30", call("N", "8S"), call("E", "P"))
    assert est.pending is None and standing(est) == "7S P" and est.rulings[-1]["law"] == "EST-L48"
    with pytest.raises(EventLogError, match="awaits"):
        play("NBB30", call("N", "8S"), call("E", "P"))


# ---- R43 / EST-L17 cards exposed during the auction --------------------------------------------------------------


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R43(a)"), ("EST30", "EST-L17")])
def test_tv60_low_card_dropped_by_a_future_defender_r43_a(name: str, law: str) -> None:
    """laws-historic.md TV60: W drops D7; N becomes declarer: (I) exposed card or (II) forbid E's diamond lead."""
    da = play(name, call("N", "1S"), expose("W", "D7"), auction("E", "P P P"))
    assert da.pending is not None and da.pending.chooser == Seat.NORTH
    assert laws_of(da) == {"exposed": f"{law}(I)", "forbid_D": f"{law}(II)"}  # E, W's partner, leads
    da.choose("N", "forbid_D")
    assert da.pending is None and "East may not open D" in da.notes[-1]
    other = play(name, call("N", "1S"), expose("E", "D7"), auction("E", "P P P"))  # E leads himself
    assert options(other) == ["exposed"]


def test_tv60_no_penalty_if_the_offender_declares_r43_a_judgement() -> None:
    da = play("NBB30", call("N", "1S"), expose("S", "D7"), auction("E", "P P P"))
    assert da.pending is None and "not a defender" in da.notes[-1]


@pytest.mark.parametrize("cards", [["DQ"], ["D7", "C2"]])
@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R43(b)"), ("EST30", "EST-L17")])
def test_tv61_honour_or_two_cards_lho_may_demand_new_deal_r43_b(name: str, law: str, cards: list[str]) -> None:
    """laws-historic.md TV61."""
    da = play(name, call("N", "1S"), expose("E", *cards))
    assert da.pending is not None and da.pending.chooser == Seat.SOUTH
    assert laws_of(da) == {"new_deal": law, "no_penalty": law}


def test_exposure_after_the_auction_nbb_r44_vs_est_l17() -> None:
    """[DIFF] laws-historic.md Appendix C 6: NBB's window ends when the auction closes, EST's at the play."""
    nbb = play("NBB30", auction("N", "1S P P P"), expose("E", "DQ"))
    assert nbb.pending is None and "NBB R44" in nbb.notes[-1]
    est = play("EST30", auction("N", "1S P P P"), expose("E", "DQ"))
    assert est.pending is not None and est.pending.law == "EST-L17"


# ---- R41 / EST-L15 / NL36 25.2 late calls -----------------------------------------------------------------------


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R41"), ("EST30", "EST-L15"), ("NL36", "NL36 25.2")])
def test_tv62_defender_bids_after_the_auction_declarer_names_partners_lead(name: str, law: str) -> None:
    """laws-historic.md TV62: declarer names the suit of the offender's partner's first lead."""
    da = play(name, auction("N", "1S P P P"), call("E", "2H"))
    assert da.pending is not None and da.pending.chooser == Seat.NORTH and da.pending.law == law
    assert options(da) == ["lead_S", "lead_H", "lead_D", "lead_C", "no_penalty"]
    da.choose("N", "lead_C")
    assert "West must lead C" in da.notes[-1] and da.rulings[-1]["option"] == "lead_C"


# ---- 2.5 review of the auction -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R17(2)"), ("EST30", "EST-L12"), ("NL36", "NL36 25.1")])
def test_tv63_after_the_opening_lead_not_who_doubled(name: str, law: str) -> None:
    """laws-historic.md TV63: only the contract and whether it was doubled, not by whom."""
    da = play(name, auction("N", "1S X P P P"))
    with pytest.raises(RulingError, match=law.replace("(", r"\(").replace(")", r"\)")):
        da.ask_review("E", Moment.PLAY, who_doubled=True)
    answer = da.ask_review("E", Moment.PLAY)
    assert answer.contract_only == "1SX" and answer.calls == () and answer.law == law


@pytest.mark.parametrize(("name", "allowed"), [("NBB30", True), ("EST30", False), ("NL36", True), ("NL75", False)])
def test_tv64_dummy_to_be_asks_for_a_review_before_the_lead(name: str, allowed: bool) -> None:
    """laws-historic.md TV64 [DIFF] (Appendix C 5): NBB allowed; EST only the opening leader; NL36 every
    player; NL75 only declarer and the defenders at their first turn to play."""
    da = play(name, auction("N", "1S P P P"))
    if allowed:
        assert [c for _, c in da.ask_review("S", Moment.CLOSED).calls] == da.standing_calls()
    else:
        with pytest.raises(RulingError):
            da.ask_review("S", Moment.CLOSED, first_turn_to_play=True)
    if name == "EST30":
        assert da.ask_review("E", Moment.CLOSED).law == "EST-L12"  # the opening leader may
    if name == "NL75":
        assert da.ask_review("E", Moment.CLOSED, first_turn_to_play=True).law == "NL75 Art.20"


def test_tv65_nl75_player_obliged_to_pass_may_not_ask() -> None:
    """laws-historic.md TV65: NL75 Art.20."""
    da = play("NL75", call("N", "1S"), call("E", "1H"), attention("S"), call("E", "2H"), call("S", "P"))
    assert da.turn == Seat.WEST and Seat.WEST in da.obligations
    with pytest.raises(RulingError, match=r"NL75 Art\.20"):
        da.ask_review("W", Moment.AUCTION)
    nbb = play("NBB30", call("N", "1S"), call("E", "1H"), attention("S"), call("E", "2H"), call("S", "P"))
    assert nbb.ask_review("W", Moment.AUCTION).law == "NBB R17(1)(a)"  # NBB has no such exception


def test_review_only_at_ones_own_turn_r17_1_a() -> None:
    da = play("NBB30", call("N", "1S"))
    with pytest.raises(RulingError, match="own turn"):
        da.ask_review("S", Moment.AUCTION)


# ---- NL75 Art.21 misinformation ------------------------------------------------------------------------------------


def test_tv66_nl75_misinformed_call_changed_then_lho_may_change() -> None:
    """laws-historic.md TV66: W was misinformed; E has not called; W changes; N may then change his call."""
    da = play("NL75", auction("S", "1C 1D 1H"), misinformation("W", "1S"), dealer="S")
    assert da.pending is not None and da.pending.chooser == Seat.NORTH
    assert options(da) == ["change"]  # 1H is not lawful over 1S any more
    da = play("NL75", auction("S", "1C 1D 1H"), misinformation("W", "1S"), choose("N", "change"), dealer="S")
    assert standing(da) == "1C 1S" and da.turn == Seat.NORTH
    keep = play("NL75", auction("S", "1C 1D 2H"), misinformation("W", "1S"), dealer="S")
    assert options(keep) == ["keep", "change"]
    keep = play("NL75", auction("S", "1C 1D 2H"), misinformation("W", "1S"), choose("N", "keep"), dealer="S")
    assert standing(keep) == "1C 1S 2H" and keep.turn == Seat.EAST


def test_tv66_too_late_once_partner_called_and_other_editions_have_no_such_right() -> None:
    da = play("NL75", auction("S", "1C 1D 1H P"), dealer="S")
    with pytest.raises(RulingError, match=r"Art\.21"):
        da.misinformed("W", "1S")
    nbb = play("NBB30", auction("S", "1C 1D 1H"), dealer="S")
    with pytest.raises(RulingError, match="no rule"):
        nbb.misinformed("W", "1S")


# ---- framework ---------------------------------------------------------------------------------------------------


def test_slip_is_a_question_for_the_lho_r16() -> None:
    da = play("NBB30", call("N", "1S"), {"event": "change", "seat": "N", "call": "1NT"})
    assert options(da) == ["new_deal", "cancel", "slip"] and da.pending is not None
    da.choose("E", "slip")
    assert standing(da) == "1NT"


def test_automatic_penalty_waits_for_attention_and_nothing_else_happens() -> None:
    da = play("NBB30", call("E", "1S"))
    with pytest.raises(RulingPendingError):
        da.call("P", "W")
    with pytest.raises(RulingError, match="own irregularity"):
        da.attention("E")
    assert da.pending is not None and len(da.entries) == 1
    with pytest.raises(RulingError, match="not a rubber-bridge code"):
        PlayersAuction(Seat.NORTH, "WBF17")


def test_judge_is_not_needed_players_choose() -> None:
    """The books have no director: every NBB ruling has a player or 'automatic' as chooser."""
    da = play("NBB30", call("N", "1S"), call("E", "1H"))
    assert da.to_dict()["ruling"]["chooser"] == "director"  # serialised 'automatic' (chooser None)
    with pytest.raises(EventLogError):
        play("NBB30", call("N", "1S"), call("E", "1H"), judge("comparable", True))


def test_tv54_bid_at_lhos_turn_then_lho_calls_r39_3() -> None:
    """laws-historic.md TV54 with the call made at the LHO's own turn: his call condones it (R39(3))."""
    da = play("NBB30", call("W", "1S"), call("N", "2H"))  # dealer N was to call; W (N's RHO) bid first
    assert da.pending is None and standing(da) == "1S 2H" and da.turn == Seat.EAST
