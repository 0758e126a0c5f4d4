"""Leads and plays out of turn (L53–L60): vectors TV110–TV122 of laws-wbf2017.md §12.11, and one test per
lettered paragraph, built from values (declarer, the offender, the card, whose turn it was)."""

from __future__ import annotations

from contractbridge.cards import Card, Hand, Seat, Suit
from contractbridge.director import Effect, EffectKind
from contractbridge.laws.wbf17.play.out_of_turn import (
    accepted_lead_second_card,
    lead_out_of_turn,
    opening_lead_out_of_turn,
    play_after_irregularity,
    premature_play,
    simultaneous_cards,
)
from contractbridge.laws.wbf17.play.penalty_cards import PenaltyCards, lead_options
from contractbridge.laws.wbf17.play.restrictions import allowed_cards

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def kinds(effects: tuple[Effect, ...]) -> list[EffectKind]:
    return [e.kind for e in effects]


# ---- TV110–TV112: faced opening lead out of turn (L54) --------------------------------------------------------
def test_tv110_declarer_may_accept_spread_or_require_withdrawal_l54a_l54b_l54d() -> None:
    ruling = opening_lead_out_of_turn(E, S, Card("HK"), declarer_saw_dummy=False)
    assert ruling.chooser == S and ruling.option_ids == ("accept", "spread", "withdraw")
    accept = ruling.option("accept")
    assert Effect(EffectKind.PLAY_SECOND_FROM, S) in accept.effects and "54B" in accept.law
    assert Effect(EffectKind.EXCHANGE_ROLES, S) in ruling.option("spread").effects
    withdraw = ruling.option("withdraw")
    assert withdraw.law == "54D, 50D"
    assert Effect(EffectKind.PENALTY_CARD, E, (Card("HK"),), data="major") in withdraw.effects
    assert Effect(EffectKind.LEAD_FROM, W) in withdraw.effects
    # then W is to lead while E has a major PC: declarer's L50D2 options
    pcs = PenaltyCards().add(E, Card("HK"), deliberate=True, law="54D")
    options = lead_options(E, S, pcs)
    assert options is not None and options.option_ids == ("require_H", "forbid_H", "no_restriction")


def test_tv111_declarer_who_saw_dummy_must_accept_l54c() -> None:
    ruling = opening_lead_out_of_turn(E, S, Card("HK"), declarer_saw_dummy=True)
    assert ruling.option_ids == ("accept",) and ruling.law == "54C"


def test_tv112_second_card_from_dummy_cannot_be_withdrawn_l54b2() -> None:
    ruling = accepted_lead_second_card(S, Card("H2"), from_dummy=True)
    assert ruling.law == "54B2" and "revoke" in ruling.options[0].effect
    assert accepted_lead_second_card(S, Card("H2"), from_dummy=False).law == "54B1"


def test_l54e_presumed_declarer_or_dummy_leading_is_l24() -> None:
    for seat in (S, N):
        assert opening_lead_out_of_turn(seat, S, Card("C2"), declarer_saw_dummy=False).law == "54E"


# ---- TV113–TV116: leads out of turn in mid-play (L55, L56, L53A) -----------------------------------------------
def test_tv113_declarer_led_from_wrong_hand_lho_of_that_hand_prevails_l55a_l55b2() -> None:
    ruling = lead_out_of_turn(S, S, Card("C5"), N, trick=4)  # dummy won the last trick; S led from hand
    assert set(ruling.choosers) == {E, W} and ruling.prevails == W
    withdraw = ruling.option("withdraw")
    assert withdraw.law == "55B2" and Effect(EffectKind.LEAD_FROM, N) in withdraw.effects
    assert EffectKind.PENALTY_CARD not in kinds(withdraw.effects)
    assert ruling.review == ("16",)  # L55C


def test_tv114_declarer_led_from_dummy_when_defender_to_lead_l55b1() -> None:
    ruling = lead_out_of_turn(N, S, Card("D3"), E, trick=6)
    withdraw = ruling.option("withdraw")
    assert withdraw.law == "55B1" and Effect(EffectKind.WITHDRAW, N, (Card("D3"),)) in withdraw.effects
    assert Effect(EffectKind.LEAD_FROM, E) in withdraw.effects and ruling.prevails == E
    assert EffectKind.PENALTY_CARD not in kinds(withdraw.effects)


def test_tv115_defender_lead_out_of_turn_refused_becomes_major_pc_l56b() -> None:
    ruling = lead_out_of_turn(E, S, Card("S9"), W, trick=5)
    assert ruling.chooser == S and ruling.option_ids == ("accept", "withdraw")
    assert ruling.option("accept").law == "56A, 53A"
    withdraw = ruling.option("withdraw")
    assert withdraw.law == "56B, 50D" and Effect(EffectKind.PENALTY_CARD, E, (Card("S9"),), data="major") in (
        withdraw.effects
    )


def test_tv116_lead_out_of_turn_at_trick_13_must_be_withdrawn_l53a() -> None:
    ruling = lead_out_of_turn(E, S, Card("S9"), W, trick=13)
    assert ruling.option_ids == ("withdraw",) and ruling.law == "53A"


# ---- TV117–TV118: premature play (L57) ----------------------------------------------------------------------
def test_tv117_premature_play_by_fourth_hand_declarer_chooses_for_partner_l57a_l57b() -> None:
    ruling = premature_play(E, S, Card("CK"), suit_led=Suit.CLUBS)
    assert ruling.chooser == S and ruling.law == "57A"
    ids = ruling.option_ids
    assert ids[:2] == ("highest", "lowest") and "play_S" in ids and "not_H" in ids and "play_C" not in ids
    for option in ruling.options:
        assert Effect(EffectKind.PENALTY_CARD, E, (Card("CK"),), data="major") in option.effects
    highest = ruling.option("highest").effects[-1]
    assert allowed_cards(W, Hand("5.4.3.J93"), [Card("C2")], [highest]).allowed == {Card("CJ")}
    play_spade = ruling.option("play_S").effects[-1]
    got = allowed_cards(W, Hand(".4.3.J93"), [Card("C2")], [play_spade])
    assert got.allowed == frozenset({Card("CJ"), Card("C9"), Card("C3")})  # must follow suit first (L44C)
    assert allowed_cards(W, Hand(".4.3."), [Card("C2")], [play_spade]).law == "59"  # cannot comply (L57B, L59)


def test_tv118_no_rectification_when_declarer_played_from_both_hands_l57c1() -> None:
    ruling = premature_play(E, S, Card("C7"), suit_led=Suit.CLUBS, declarer_played_both_hands=True)
    assert ruling.law == "57C1" and ruling.option_ids == ("no_rectification",)


def test_l57c2_dummy_own_premature_play_l57c3_declarer_premature_play_stands() -> None:
    assert premature_play(N, S, Card("C7"), suit_led=Suit.CLUBS, by_dummy=True).law == "57C2"
    assert premature_play(S, S, Card("C7"), suit_led=Suit.CLUBS).law == "57C3"


def test_l57d_play_at_rho_turn() -> None:
    legal = premature_play(W, S, Card("C7"), suit_led=Suit.CLUBS, rho_turn_legal=True)
    assert legal.law == "57D" and legal.options[0].effects[0].kind is EffectKind.REQUIRE_PLAY
    must = allowed_cards(W, Hand("..5.J74"), [Card("C2"), Card("C3"), Card("CA")], legal.options[0].effects)
    assert must.allowed == {Card("C7")}
    illegal = premature_play(W, S, Card("H7"), suit_led=Suit.CLUBS, rho_turn_legal=False)
    assert illegal.options[0].effects[0] == Effect(EffectKind.PENALTY_CARD, W, (Card("H7"),), data="major")


# ---- TV119–TV122: play after an irregularity (L53, L60), simultaneous cards (L58), L47E1 --------------------
def test_tv119_next_hand_plays_to_lead_out_of_turn_accepts_it_l53a_l60a1_l60a2() -> None:
    ruling = play_after_irregularity(S, E, S, correct_leader=W)  # E led out of turn, S (next) played
    assert ruling.law == "60A1" and ruling.options[0].law == "53A, 60A1, 60A2"
    assert "60A3" in ruling.notes[0]


def test_tv120_defender_plays_before_declarer_leads_from_correct_hand_l60b() -> None:
    ruling = play_after_irregularity(W, S, S, card=Card("D6"), after_withdrawal_ordered=True)
    assert ruling.law == "60B" and Effect(EffectKind.PENALTY_CARD, W, (Card("D6"),), data="major") in (
        ruling.options[0].effects
    )


def test_l53b_correct_leader_leads_his_lead_stands() -> None:
    ruling = play_after_irregularity(W, E, S, correct_leader=W, as_lead=True)
    assert ruling.law == "53B" and ruling.options[0].id == "correct_lead_stands"


def test_l53c_wrong_defender_plays_to_declarer_lead_out_of_turn_l57_applies() -> None:
    ruling = play_after_irregularity(E, S, S, correct_leader=W)  # S led out of turn; E (S's RHO) played
    assert ruling.law == "53C"


def test_l60c_other_plays_before_rectification() -> None:
    assert play_after_irregularity(N, E, S).law == "60C"


def test_tv121_two_visible_cards_offender_chooses_other_is_minor_pc_l58b2() -> None:
    ruling = simultaneous_cards(W, [Card("H5"), Card("H9")], S, visible=[Card("H5"), Card("H9")])
    assert ruling.chooser == W and ruling.option_ids == ("play_H5", "play_H9")
    assert Effect(EffectKind.PENALTY_CARD, W, (Card("H9"),), data="minor") in ruling.option("play_H5").effects
    # a second penalty card makes both major (L50B): PenaltyCards.add does it
    pcs = PenaltyCards().add(W, Card("C3"), deliberate=False, law="49").add(W, Card("H9"), deliberate=False, law="58B2")
    assert all(pc.major for pc in pcs)


def test_l58b1_one_visible_card_is_played_l58b4_unnoticed_is_l67() -> None:
    one = simultaneous_cards(W, [Card("H5"), Card("H9")], S, visible=[Card("H9")])
    assert one.law == "58B1" and one.options[0].effects[0].cards == (Card("H5"),)
    assert simultaneous_cards(W, [Card("H5"), Card("H9")], S, visible=[], unnoticed=True).law == "58B4"
    declarer = simultaneous_cards(S, [Card("H5"), Card("H9")], S, visible=[Card("H5"), Card("H9")])
    assert all(EffectKind.PENALTY_CARD not in kinds(o.effects) for o in declarer.options)


def test_tv122_lead_out_of_turn_induced_by_declarer_withdrawn_without_rectification_l47e1() -> None:
    ruling = lead_out_of_turn(E, S, Card("S9"), W, trick=5, told_by_opponent=True)
    assert ruling.law == "47E1" and ruling.option_ids == ("withdraw",)
    assert EffectKind.PENALTY_CARD not in kinds(ruling.options[0].effects)
