"""The play's correct procedure (L41, L44–L47): vectors TV92–TV101 of laws-wbf2017.md §12.9 and one test per
lettered paragraph, built from values (hands, the trick, the trump)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contractbridge.cards import Card, Hand, Rank, Seat, Strain, Suit
from contractbridge.deal import Deal
from contractbridge.director import EffectKind
from contractbridge.errors import ParseError
from contractbridge.laws.wbf17.play.procedure import (
    Designation,
    DesignationKind,
    ResolutionStatus,
    Retraction,
    card_played,
    dummy_misplaced_card,
    dummy_touched_card,
    fifth_card,
    may_retract,
    parse_designation,
    resolve_designation,
    review_rights,
    unintended_designation,
)
from contractbridge.play import PlayState, Trick, trick_winner

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def resolve(words: str, dummy: str, trick: str = "", trump: Strain = Strain.NOTRUMP, **kw: object):  # type: ignore[no-untyped-def]
    return resolve_designation(parse_designation(words), Hand(dummy), cards(trick), trump, **kw)  # type: ignore[arg-type]


# ---- 12.9 trick mechanics (L44) ---------------------------------------------------------------------------
def test_tv92_highest_trump_wins_l44e() -> None:
    assert trick_winner(N, cards("SA S5 H2 SK"), Strain.HEARTS) == S


def test_tv93_highest_of_suit_led_wins_at_notrump_l44f() -> None:
    assert trick_winner(N, cards("D3 DQ CA DK"), Strain.NOTRUMP) == W


def test_tv94_winner_leads_next_dummy_leads_when_dummy_won_l44g() -> None:
    play = PlayState(Deal.random(94), Strain.NOTRUMP, S)
    while len(play.tricks) < 3:
        play.push(min(play.legal_cards()))
    for before, after in zip(play.tricks, play.tricks[1:], strict=False):
        assert after.leader == before.winner  # a trick dummy won is led from dummy
    assert play.leader == play.tricks[-1].winner


# ---- 12.9 dummy designations (L46) ------------------------------------------------------------------------
def test_tv96_low_and_high_l46b1a_l46b1c() -> None:
    low = resolve("low", ".Q94..", "H8")
    high = resolve("high", ".Q94..", "H8")
    assert (low.card, low.law) == (Card("H4"), "46B1(c)")
    assert (high.card, high.law) == (Card("HQ"), "46B1(a)")


def test_tv97_win_it_is_lowest_card_known_to_win_l46b1b() -> None:
    # E leads HT, S plays H2, W plays HQ; dummy N holds HK J 5 and plays fourth
    got = resolve("win it", ".KJ5..", "HT H2 HQ", Strain.SPADES, leader=E)
    assert (got.status, got.card, got.law) == (ResolutionStatus.PLAYED, Card("HK"), "46B1(b)")


def test_tv98_suit_only_is_lowest_of_suit_l46b2() -> None:
    got = resolve("spade", "J73...")
    assert (got.card, got.law) == (Card("S3"), "46B2")


def test_tv99_card_not_in_dummy_is_void_l46b4() -> None:
    got = resolve("CK", "J73.2.2.Q")
    assert got.status is ResolutionStatus.VOID and got.law == "46B4"
    assert Card("C2") not in got.candidates and Card("CQ") in got.candidates


def test_tv100_play_anything_either_defender_chooses_l46b5() -> None:
    got = resolve("play anything", "J73.2..", "S4")
    assert got.status is ResolutionStatus.DEFENDERS_CHOOSE and got.law == "46B5"
    assert got.candidates == frozenset(cards("SJ S7 S3"))  # still bound to follow suit (L44C)


def test_tv101_rank_only_at_lead_continues_suit_dummy_won_l46b3a() -> None:
    previous = Trick(E, cards("D2 DA D3 D4"), N)
    got = resolve("queen", "Q..Q5.", previous=previous, dummy_seat=N)
    assert (got.card, got.law) == (Card("DQ"), "46B3(a)")


def test_rank_only_two_legal_cards_declarer_must_say_l46b3b() -> None:
    got = resolve("queen", "Q..Q5.", "C2")  # dummy void in clubs: both queens playable
    assert got.status is ResolutionStatus.DECLARER_SPECIFIES and got.candidates == frozenset(cards("SQ DQ"))
    one = resolve("queen", "Q..Q5.", "D2")
    assert (one.card, one.law) == (Card("DQ"), "46B3(b)")


def test_high_when_dummy_void_or_leading_goes_to_director_l46b1() -> None:
    assert resolve("high", "Q...", "H2").status is ResolutionStatus.DIRECTOR
    assert resolve("low", "Q...").status is ResolutionStatus.DIRECTOR


def test_full_designation_l46a() -> None:
    got = resolve("queen of spades", "Q...")
    assert (got.card, got.law) == (Card("SQ"), "46A")


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Low", Designation(DesignationKind.LOW)),
        ("small", Designation(DesignationKind.LOW)),
        ("top", Designation(DesignationKind.HIGH)),
        ("Win it!", Designation(DesignationKind.WIN)),
        ("a club", Designation(DesignationKind.SUIT, Suit.CLUBS)),
        ("hearts", Designation(DesignationKind.SUIT, Suit.HEARTS)),
        ("♦", Designation(DesignationKind.SUIT, Suit.DIAMONDS)),
        ("nine", Designation(DesignationKind.RANK, rank=Rank.NINE)),
        ("Q", Designation(DesignationKind.RANK, rank=Rank.QUEEN)),
        ("♠Q", Designation(DesignationKind.CARD, Suit.SPADES, Rank.QUEEN)),
        ("s10", Designation(DesignationKind.CARD, Suit.SPADES, Rank.TEN)),
        ("king of hearts", Designation(DesignationKind.CARD, Suit.HEARTS, Rank.KING)),
        ("play anything", Designation(DesignationKind.ANYTHING)),
    ],
)
def test_parse_designation(text: str, want: Designation) -> None:
    assert parse_designation(text) == want


@pytest.mark.parametrize("text", ["", "the big one please", "Z9"])
def test_parse_designation_rejects_nonsense(text: str) -> None:
    with pytest.raises(ParseError):
        parse_designation(text)


@given(st.sampled_from(list(DesignationKind)), st.sampled_from(list(Suit)), st.sampled_from(list(Rank)))
def test_designation_text_round_trips(kind: DesignationKind, suit: Suit, rank: Rank) -> None:
    d = Designation(
        kind,
        suit if kind in (DesignationKind.SUIT, DesignationKind.CARD) else None,
        rank if kind in (DesignationKind.RANK, DesignationKind.CARD) else None,
    )
    assert parse_designation(str(d)) == d


# ---- L41 clarification period ------------------------------------------------------------------------------
def test_l41b_review_before_lead_faced_leader_partner_and_declarer_not_dummy() -> None:
    assert review_rights(S, lead_faced=False) == frozenset({S, E})


def test_l41b_review_rights_end_with_own_first_play_dummy_counts_for_declarer() -> None:
    assert review_rights(S, lead_faced=True, played=frozenset({W})) == frozenset({E, S})
    assert review_rights(S, lead_faced=True, played=frozenset({W, N})) == frozenset({E})
    # after accepting an opening lead out of turn only his own card ends declarer's right
    assert S in review_rights(S, lead_faced=True, played=frozenset({E, N}), accepted_lead_out_of_turn=True)


# ---- L45 card played ---------------------------------------------------------------------------------------
def test_l45c1_defender_card_partner_could_see_is_played_or_a_penalty_card() -> None:
    r = card_played("defender", W, Card("SQ"))
    assert r.question is not None and r.question.law == "45C1"
    assert r.outcome(True).id == "played"
    assert r.outcome(False).effects[0].kind is EffectKind.PENALTY_CARD


def test_l45c2_declarer_card_held_in_played_position_is_a_judgement() -> None:
    r = card_played("declarer", S, Card("C9"))
    assert r.law == "45C2" and r.outcome(False).law == "48A"


def test_l45c3_dummy_card_deliberately_touched() -> None:
    assert card_played("dummy", N, Card("D2")).question.law == "45C3"  # type: ignore[union-attr]


def test_l45c4a_named_card_is_played() -> None:
    r = card_played("declarer", S, Card("HA"), named=True)
    assert r.question is None and r.option_ids == ("played",) and r.law == "45C4(a)"


def test_l45c4b_slip_of_tongue_may_be_changed_and_opponent_may_withdraw_l47c_l47d() -> None:
    r = unintended_designation(S, Card("D2"), slip=True, declarer_played_since=False, opponents_played_since=(E,))
    effects = r.options[0].effects
    assert r.law == "45C4(b)" and {e.seat for e in effects if e.kind is EffectKind.WITHDRAW} == {N, E}
    assert unintended_designation(S, Card("D2"), slip=False, declarer_played_since=False).option_ids == ("stands",)
    assert unintended_designation(S, Card("D2"), slip=True, declarer_played_since=True).option_ids == ("stands",)


def test_l45d_dummy_card_declarer_did_not_name() -> None:
    assert dummy_misplaced_card(N, Card("S2"), each_side_played_to_next_trick=False).law == "45D1"
    late = dummy_misplaced_card(N, Card("S2"), each_side_played_to_next_trick=True)
    assert late.law == "45D2" and "64B3" in late.notes[0]


def test_l45e_fifth_card_defender_penalty_card_declarer_back_to_hand() -> None:
    d = fifth_card(W, Card("C4"), S)
    assert d.outcome(False).effects[0].kind is EffectKind.PENALTY_CARD and d.outcome(True).law.startswith("45E1")
    s = fifth_card(N, Card("C4"), S)
    assert s.outcome(False).law == "45E2" and "55" in s.outcome(True).law


# ---- L47 retraction ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("reason", "law", "allowed"),
    [
        (Retraction.RECTIFICATION, "47A", True),
        (Retraction.ILLEGAL_PLAY, "47B", True),
        (Retraction.UNINTENDED_DESIGNATION, "47C", True),
        (Retraction.OPPONENT_CHANGED, "47D", True),
        (Retraction.TOLD_WRONGLY_TURN, "47E1", True),
        (Retraction.MISEXPLANATION, "47E2(a)", True),
        (Retraction.CHANGE_OF_MIND, "47F", False),
    ],
)
def test_l47_retraction(reason: Retraction, law: str, allowed: bool) -> None:
    ok, got, _ = may_retract(reason)
    assert (ok, got) == (allowed, law)


def test_l47e2_too_late_after_a_later_card_or_dummy_faced() -> None:
    assert may_retract(Retraction.MISEXPLANATION, later_card_to_trick=True)[:2] == (False, "47E2(b)")
    assert may_retract(Retraction.MISEXPLANATION, opening_lead=True, dummy_faced=True)[:2] == (False, "47E2(a)")


def test_l45f_dummy_suggesting_a_play_is_reviewed_after_play() -> None:
    assert dummy_touched_card(N, suggested_play=True).review == ("45F",)
    assert dummy_touched_card(N, suggested_play=False).review == ()
