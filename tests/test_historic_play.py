"""laws-historic.md §8.3 (play vectors TV67–TV96; the ids collide with laws-wbf2017.md's) at the level of the
editions' pure play functions, NBB30 / EST30 / NL36 side by side where the digest compares them."""

from __future__ import annotations

from typing import Any

import pytest

from contractbridge.cards import Card, Hand, Seat, Side, Suit
from contractbridge.errors import RulingError
from contractbridge.laws import edition
from contractbridge.laws.nbb30 import ClaimMoment, Revoke, Role

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def ed(name: str) -> Any:
    return edition(name)


# ---- 3.5 revokes ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "law", "eligible"),
    [("NBB30", "NBB R55(6)", [5, 8, 11]), ("NL36", "NL36 27.4", [5, 8, 11]), ("EST30", "EST-L38", [8, 11])],
)
def test_tv67_two_tricks_from_the_eligible_ones(name: str, law: str, eligible: list[int]) -> None:
    """laws-historic.md TV67: revoke in following at trick 5 (won); also won 2, 8, 11: 2 transferred."""
    e = ed(name)
    assert e.revoke_transfer([Revoke(5)], [2, 5, 8, 11]) == 2
    assert e._eligible(Revoke(5), [2, 5, 8, 11]) == eligible  # trick 2 is never eligible
    assert e.cite("revoke_penalty") == law


@pytest.mark.parametrize(("name", "transferred"), [("NBB30", 2), ("NL36", 2), ("EST30", 1)])
def test_tv68_revoke_at_trick_10_only_13_later_judgement_cap(name: str, transferred: int) -> None:
    """laws-historic.md TV68 [JUDGEMENT: cap]: NBB/NL36 2 (10, 13); EST 1 (only 13)."""
    assert ed(name).revoke_transfer([Revoke(10)], [10, 13]) == transferred


@pytest.mark.parametrize("name", ["NBB30", "NL36", "EST30"])
def test_tv69_two_revokes_by_one_side_three_tricks(name: str) -> None:
    """laws-historic.md TV69: 2 + 1 = 3 with enough eligible tricks (R55(6); NL36 27.4; EST-L38)."""
    assert ed(name).revoke_transfer([Revoke(3), Revoke(6)], [3, 4, 7, 8, 9]) == 3


@pytest.mark.parametrize("name", ["NBB30", "NL36", "EST30"])
def test_tv70_trick_12_revoke_never_established(name: str) -> None:
    """laws-historic.md TV70: R55(2); EST-L36; NL36 27.2."""
    e = ed(name)
    assert not e.establishable(12) and e.establishable(11)
    assert e.revoke_transfer([Revoke(12)], [12, 13]) == 0


@pytest.mark.parametrize("name", ["NBB30", "NL36", "EST30"])
def test_tv71_dummy_revoke_no_penalty(name: str) -> None:
    """laws-historic.md TV71: R55(1)(a)(III); NL36 27.4(1)."""
    e = ed(name)
    assert e.revoke_transfer([Revoke(4, Role.DUMMY)], [4, 5, 6]) == 0
    assert e.revoke_correction(N, S).option_ids == ("no_penalty",)  # N is dummy when S declares


@pytest.mark.parametrize(
    ("name", "during_cut"), [("NBB30", False), ("EST30", False), ("NL36", True)]
)  # fmt: skip
def test_tv72_revoke_claimed_after_the_cut(name: str, during_cut: bool) -> None:
    """laws-historic.md TV72: R55(9); EST-L39; NL36 27.4(2) (until the cut is *completed*)."""
    e = ed(name)
    assert not e.revoke_claim_in_time(ClaimMoment.AFTER_CUT)
    assert e.revoke_claim_in_time(ClaimMoment.BEFORE_CUT)
    assert bool(e.revoke_claim_in_time(ClaimMoment.DURING_CUT)) is during_cut
    assert e.revoke_claim_in_time(ClaimMoment.RUBBER_OPEN) and not e.revoke_claim_in_time(ClaimMoment.RUBBER_SETTLED)


@pytest.mark.parametrize(
    ("name", "card_option", "law"),
    [("NBB30", "exposed", "NBB R55(1)"), ("EST30", "exposed", "EST-L35"), ("NL36", "penalty_card", "NL36 27.1")],
)
def test_tv73_defender_corrects_a_revoke(name: str, card_option: str, law: str) -> None:
    """laws-historic.md TV73: exposed (NBB/EST) or penalty card (NL36), or highest/lowest of the suit."""
    r = ed(name).revoke_correction(E, S)
    assert r.option_ids == (card_option, "highest", "lowest") and r.choosers == (S,) and r.law == law


def test_tv73_nl36_not_when_the_hand_was_face_up_for_declarers_claim() -> None:
    """NL36 27.1 footnote."""
    assert ed("NL36").revoke_correction(E, S, claim_face_up=True).option_ids == ("no_penalty",)


@pytest.mark.parametrize("name", ["NBB30", "EST30", "NL36"])
def test_tv74_declarer_corrects_lho_has_played(name: str) -> None:
    """laws-historic.md TV74: R55(1)(a)(II); NL36 27.1(b): LHO may require highest or lowest."""
    r = ed(name).revoke_correction(S, S, lho_played_after=True)
    assert r.option_ids == ("highest", "lowest") and r.choosers == (W,)
    assert ed(name).revoke_correction(S, S).option_ids == ("no_penalty",)


def test_nl36_missing_card_revokes_capped_at_two_33_3() -> None:
    """laws-historic.md §3.5 table / NL36 33.3: at most 2 tricks for revokes with a missing card."""
    revokes = [Revoke(3, missing_card=True), Revoke(6, missing_card=True)]
    assert ed("NL36").revoke_transfer(revokes, [3, 4, 7, 8, 9]) == 2
    assert ed("NBB30").revoke_transfer(revokes, [3, 4, 7, 8, 9]) == 3


def test_penalty_tricks_received_are_not_transferable_r55_6() -> None:
    assert ed("NBB30").revoke_transfer([Revoke(5)], [5, 8], received_as_penalty=[8]) == 1


def test_est_revoke_in_leading_counts_its_own_trick_judgement() -> None:
    """laws-historic.md §3.5 [JUDGEMENT]: a revoke in leading is established inside its own trick."""
    assert ed("EST30").revoke_transfer([Revoke(10, in_leading=True)], [10, 13]) == 2


def test_revoke_rejects_a_trick_outside_1_to_13() -> None:
    with pytest.raises(RulingError):
        Revoke(14)


# ---- 3.2 exposed cards and penalty cards -----------------------------------------------------------------------


def test_tv75_nl36_single_penalty_card_must_be_played_32_2_26_2() -> None:
    """laws-historic.md TV75: SK penalty card; hearts led and he has hearts / none / he is on lead."""
    nl36 = ed("NL36")
    sk = Card.parse("SK")
    with_hearts = Hand.parse("K62.Q5.J843.9742")
    assert nl36.playable_with_exposed(with_hearts, Suit.HEARTS, [sk]) == frozenset(with_hearts.cards_in(Suit.HEARTS))
    no_hearts = Hand.parse("K62..QJ843.97542")
    assert nl36.playable_with_exposed(no_hearts, Suit.HEARTS, [sk]) == {sk}
    assert nl36.playable_with_exposed(with_hearts, None, [sk]) == {sk}
    r = nl36.exposed_card(E, S, sk)
    assert r.automatic and r.option_ids == ("penalty_card",)


def test_tv76_nbb_exposed_card_declarer_may_call_it_r44() -> None:
    """laws-historic.md TV76: NBB exposed SK, its owner on lead: declarer may call it; if not, any lead."""
    nbb = ed("NBB30")
    sk = Card.parse("SK")
    hand = Hand.parse("K62.Q5.J843.9742")
    assert nbb.playable_with_exposed(hand, None, [sk], called=sk) == {sk}
    assert nbb.playable_with_exposed(hand, None, [sk]) == frozenset(hand)
    hearts = frozenset(hand.cards_in(Suit.HEARTS))
    assert nbb.playable_with_exposed(hand, Suit.HEARTS, [sk], called=sk) == hearts  # R44(3)
    r = nbb.exposed_card(E, S, sk)
    assert r.choosers == (S,) and r.option_ids == ("call", "leave")
    assert nbb.exposed_card(N, S, sk).option_ids == ("no_penalty",)  # R44(4): dummy and declarer never


def test_nl36_two_penalty_cards_declarer_designates_judgement() -> None:
    nl36 = ed("NL36")
    hand = Hand.parse("K62.Q5.J843.9742")
    sk, hq = Card.parse("SK"), Card.parse("HQ")
    assert nl36.playable_with_exposed(hand, None, [sk, hq], called=hq) == {hq}
    assert nl36.playable_with_exposed(hand, None, [sk, hq]) == frozenset(hand)


# ---- 3.3 leads out of turn ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R46(3)"), ("EST30", "EST-L30")])
def test_tv77_declarer_plays_to_wrong_opening_lead_becomes_dummy(name: str, law: str) -> None:
    """laws-historic.md TV77: the lead stands; declarer becomes dummy (R46(3); EST-L30)."""
    r = ed(name).defender_lead_out_of_turn(E, S, opening=True, declarer_played=True)
    assert r.option_ids == ("declarer_becomes_dummy",) and r.law == law and r.automatic


def test_tv77_nl36_has_no_declarer_becomes_dummy_clause() -> None:
    r = ed("NL36").defender_lead_out_of_turn(E, S, opening=True, declarer_played=True)
    assert r.option_ids == ("accept",) and r.law == "NL36 26.6"


@pytest.mark.parametrize(
    ("name", "ids"),
    [
        ("NBB30", ("exposed_forbid", "accept")),
        ("EST30", ("exposed_forbid", "accept")),
        ("NL36", ("penalty_card",)),
    ],
)
def test_tv78_dummy_exposed_before_declarer_chooses(name: str, ids: tuple[str, ...]) -> None:
    """laws-historic.md TV78: NBB/EST lose option (I); NL36 only the penalty card (26.6 footnote)."""
    r = ed(name).defender_lead_out_of_turn(E, S, opening=True, dummy_exposed=True)
    assert r.option_ids == ids
    full = ed(name).defender_lead_out_of_turn(E, S, opening=True)
    assert "lead_S" in full.option_ids and full.choosers == (S,)


@pytest.mark.parametrize(("name", "kind"), [("NBB30", "an exposed card"), ("NL36", "a penalty card")])
def test_tv79_simultaneous_leads(name: str, kind: str) -> None:
    """laws-historic.md TV79: R46(5); NL36 26.7."""
    r = ed(name).simultaneous_leads(W, E, Card.parse("D5"))
    assert r.offender == E and kind in r.options[0].effect and r.automatic


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R45"), ("EST30", "EST-L32"), ("NL36", "NL36 26.6(a)")])
def test_tv80_tv81_declarer_leads_from_the_wrong_hand(name: str, law: str) -> None:
    """laws-historic.md TV80: a defender objects: lead from the right hand, same suit if he can; TV81: a
    defender already played: the lead stands."""
    dummy_lead = Card.parse("H4")
    r = ed(name).declarer_wrong_hand(S, dummy_lead, Hand.parse("A2.K53.QJ2.AK876"), defender_played=False)
    assert r.option_ids == ("correct", "accept") and set(r.choosers) == {W, E} and r.law == law
    assert "a H" in r.option("correct").effect
    stands = ed(name).declarer_wrong_hand(S, dummy_lead, Hand.parse("A2.K53.QJ2.AK876"), defender_played=True)
    assert stands.option_ids == ("stands",)


def test_defender_lead_out_of_turn_nbb_three_options_vs_nl36_r46_2_26_6b() -> None:
    nbb = ed("NBB30").defender_lead_out_of_turn(W, S)  # W leads when E was to lead
    assert nbb.option_ids == ("lead_S", "lead_H", "lead_D", "lead_C", "exposed_forbid", "accept")
    nl36 = ed("NL36").defender_lead_out_of_turn(W, S)
    assert nl36.option_ids == ("penalty_card", "lead_S", "lead_H", "lead_D", "lead_C")
    assert ed("NBB30").defender_lead_out_of_turn(W, S, other_side_played=True).option_ids == ("accept",)


def test_declarer_leads_when_a_defender_was_to_lead_r46_1() -> None:
    r = ed("NBB30").declarer_leads_for_defender(S)
    assert r.option_ids == ("retract", "accept") and set(r.choosers) == {W, E}


def test_played_before_penalty_r56_vs_nl36_26_10() -> None:
    assert ed("NBB30").played_before_penalty(E, Card.parse("C3"), True).option_ids == ("penalty_kept",)
    assert ed("NL36").played_before_penalty(E, Card.parse("C3"), True).option_ids == ("lapsed",)
    assert ed("NL36").played_before_penalty(E, Card.parse("C3"), False).option_ids == ("penalty_kept",)


# ---- 3.4 premature play --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "ids"),
    [
        ("NBB30", ("highest", "lowest", "win", "not_win", "discard")),
        ("EST30", ("highest", "lowest", "win", "not_win", "discard")),
        ("NL36", ("highest", "lowest", "named_suit")),
    ],
)
def test_tv82_defender_plays_before_partner(name: str, ids: tuple[str, ...]) -> None:
    """laws-historic.md TV82: R47(1); EST-L31; NL36 26.8."""
    r = ed(name).premature_play(W, S)
    assert r.option_ids == ids and r.choosers == (S,)


def test_nl36_no_premature_penalty_once_declarer_played_both_hands_26_8() -> None:
    assert ed("NL36").premature_play(W, S, declarer_played_both=True).option_ids == ("no_penalty",)


def test_tv83_declarer_plays_dummy_early_fourth_hand_may_play_r47_2() -> None:
    """laws-historic.md TV83."""
    assert ed("NBB30").declarer_plays_other_hand_early(S).option_ids == ("fourth_hand_may_play",)
    assert ed("EST30").declarer_plays_other_hand_early(S).law == "EST-L31"


def test_attention_to_the_trick_r52_vs_nl36_28_5_vs_est_none() -> None:
    """[DIFF] laws-historic.md Appendix C 15."""
    assert ed("NBB30").attention_to_trick(W, S).option_ids == ("highest", "lowest", "win", "not_win")
    assert ed("NL36").attention_to_trick(W, S).option_ids == ("highest", "lowest", "named_suit")
    assert ed("EST30").attention_to_trick(W, S) is None
    assert ed("NBB30").attention_to_trick(N, S).choosers == (E,)  # dummy offended: dummy's LHO


# ---- 3.8 incorrect hands -------------------------------------------------------------------------------------


def test_tv84_surplus_card_found_after_later_play_r48_vs_nl36_33_2() -> None:
    """laws-historic.md TV84: NBB declarer may claim a new deal; NL36 removes a card and transfers 1 trick."""
    nbb = ed("NBB30").surplus_card(E, S, played_later=True)
    assert nbb.option_ids == ("new_deal", "remove_card") and nbb.choosers == (S,)
    assert ed("NBB30").surplus_card(S, S, played_later=True).choosers == (W,)  # declarer offended: his LHO
    assert ed("NBB30").surplus_card(N, S, played_later=True).option_ids == ("remove_card",)  # never against dummy
    nl36 = ed("NL36").surplus_card(E, S, played_later=True)
    assert nl36.option_ids == ("remove_card",) and "transfers 1 trick" in nl36.options[0].effect
    assert ed("NL36").surplus_transfer(True) == 1 and ed("NL36").surplus_transfer(False) == 0
    assert ed("NL36").surplus_card(E, S, played_later=True, other_hand_short=True).option_ids == ("redeal",)


def test_tv85_missing_card_found_in_the_other_pack_r49b_vs_nl36_33_3() -> None:
    """laws-historic.md TV85."""
    nbb = ed("NBB30").missing_card(E, "other_pack")
    assert nbb.option_ids == ("restored",) and "not an exposed card" in nbb.options[0].effect
    assert "may become a penalty card" in ed("NL36").missing_card(E, "other_pack").options[0].effect
    assert ed("NBB30").missing_card(E, "nowhere").option_ids == ("redeal",)


# ---- 3.10 administration ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R57"), ("EST30", "EST-L45"), ("NL36", "NL36 26.5")])
def test_tv86_penalty_suit_absent_lapses(name: str, law: str) -> None:
    """laws-historic.md TV86."""
    v = ed(name).suit_absent()
    assert not v and v.law == law


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R58(1)"), ("EST30", "EST-L46")])
def test_tv87_wrong_penalty_demanded_side_loses_any_penalty(name: str, law: str) -> None:
    """laws-historic.md TV87."""
    assert ed(name).wrong_penalty_demanded().law == law


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R59"), ("EST30", "EST-L47"), ("NL36", "NL36 31.3")])
def test_tv88_partner_of_the_entitled_player_names_the_penalty(name: str, law: str) -> None:
    """laws-historic.md TV88: the right is lost."""
    v = ed(name).penalty_named_by(N, [S], dummy=E)
    assert not v and v.law == law and "lost" in v.reason
    assert ed(name).penalty_named_by(S, [S], dummy=E)
    assert not ed(name).partners_consulted()


# ---- 3.7 claims --------------------------------------------------------------------------------------------------


def test_tv89_nl36_defenders_concession_void_without_partner() -> None:
    """laws-historic.md TV89: NL36 29.2 [DIFF]; NBB R26: valid."""
    assert not ed("NL36").concession(E, S, partner_agrees=False)
    assert ed("NL36").concession(E, S, partner_agrees=True)
    assert ed("NL36").concession(S, S)  # declarer's own concession
    assert ed("NBB30").concession(E, S, partner_agrees=False)


def test_tv90_conceding_an_unlosable_trick() -> None:
    """laws-historic.md TV90: NBB R26(3) may not be claimed; NL36 29.3 void."""
    nbb, nl36 = ed("NBB30").unlosable_trick_conceded(), ed("NL36").unlosable_trick_conceded()
    assert not nbb and not nl36 and nbb.law == "NBB R26(3)" and nl36.law == "NL36 29.3"


def test_tv91_nl36_no_unannounced_finesse() -> None:
    """laws-historic.md TV91: NL36 29.1; NBB: an open question the defenders settle (R54)."""
    v = ed("NL36").declarer_may_finesse(announced=False)
    assert not v and v.law == "NL36 29.1"
    assert ed("NL36").declarer_may_finesse(announced=True)
    assert "defenders settle" in ed("NBB30").declarer_may_finesse(announced=False).reason


def test_tv92_nl36_both_defenders_throw_in_claim_accepted() -> None:
    """laws-historic.md TV92: NL36 29.1."""
    assert ed("NL36").claim_thrown_in(True) and not ed("NL36").claim_thrown_in(False)


def test_cards_shown_to_claim_r26_1_est_l40_nl36_29_2() -> None:
    assert ed("NBB30").cards_shown_in_claim(partner_saw=True).option_ids == ("exposed",)
    assert ed("NBB30").cards_shown_in_claim(partner_saw=False).option_ids == ("no_penalty",)
    assert ed("EST30").cards_shown_in_claim(partner_saw=True).option_ids == ("no_penalty",)
    assert ed("NL36").cards_shown_in_claim(partner_saw=True).option_ids == ("penalty_card",)


# ---- 3.9 dummy -------------------------------------------------------------------------------------------------


def test_tv93_dummy_points_out_a_lead_out_of_turn() -> None:
    """laws-historic.md TV93: NBB/EST may not penalise (R51(2); EST-L22); NL36 allowed (30.2(d))."""
    assert not ed("NBB30").dummy_draws_attention(dummy_looked=False)
    assert not ed("EST30").dummy_draws_attention(dummy_looked=False)
    assert ed("NL36").dummy_draws_attention(dummy_looked=False)
    assert not ed("NL36").dummy_draws_attention(dummy_looked=True)  # 30.1


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R50"), ("EST30", "EST-L22"), ("NL36", "NL36 30.3")])
def test_tv94_dummy_suggests_a_card(name: str, law: str) -> None:
    """laws-historic.md TV94: dummy's LHO may require declarer to play, or not to play, it."""
    r = ed(name).dummy_suggests(N, Card.parse("SA"))
    assert r.option_ids == ("play", "not_play") and r.choosers == (E,) and r.law == law


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R51(1)"), ("EST30", "EST-L22"), ("NL36", "NL36 30.4")])
def test_tv95_dummy_says_lead_from_hand(name: str, law: str) -> None:
    """laws-historic.md TV95: dummy's LHO chooses the hand."""
    r = ed(name).dummy_names_hand(N)
    assert r.choosers == (E,) and r.law == law


# ---- 3.6 quitted tricks -----------------------------------------------------------------------------------------


def test_tv96_quitted_trick_looked_at_r53_nl36_28_3_est_l28() -> None:
    """laws-historic.md TV96 [DIFF] (Appendix C 11): NBB lead penalty; NL36 +50 to declarer's side; EST none."""
    nbb = ed("NBB30").quitted_trick_looked(E, S)
    assert nbb.choosers == (S,) and nbb.premium is None
    assert nbb.option_ids[:4] == ("lead_S", "lead_H", "lead_D", "lead_C")
    nl36 = ed("NL36").quitted_trick_looked(E, S)
    assert nl36.premium == (Side.NS, 50) and nl36.automatic
    est = ed("EST30").quitted_trick_looked(E, S)
    assert est.option_ids == ("no_penalty",) and est.premium is None


def test_tv44_tv45_nl36_fear_of_revoke_costs_50_wrong_count_does_not() -> None:
    """laws-historic.md TV44 (no revoke-fear exception in 28.3) and TV45 (5 cards: 28.3(b))."""
    assert ed("NL36").quitted_trick_looked(E, S, "fear_of_revoke").premium == (Side.NS, 50)
    assert ed("NL36").quitted_trick_looked(E, S, "wrong_count").premium is None
    assert ed("NBB30").quitted_trick_looked(E, S, "fear_of_revoke").option_ids == ("lawful",)  # R24(d)
    with pytest.raises(RulingError):
        ed("NBB30").quitted_trick_looked(E, S, "curiosity")


def test_declarer_looks_at_a_quitted_trick_his_lho_names_the_suit_r53() -> None:
    assert ed("NBB30").quitted_trick_looked(S, S).choosers == (W,)
    assert ed("NL36").quitted_trick_looked(S, S).premium == (Side.EW, 50)


def test_every_ruling_serialises() -> None:
    r = ed("NL36").quitted_trick_looked(E, S)
    assert r.to_dict()["premium"] == {"side": "NS", "points": 50}
    with pytest.raises(RulingError, match="not an option"):
        r.option("lead_S")
