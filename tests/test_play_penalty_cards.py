"""Exposed and penalty cards (L48–L52): vectors TV95 and TV102–TV109 of laws-wbf2017.md §12.9–12.10, and one
test per lettered paragraph, built from values (the defender's hand, the trick, the penalty cards)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from contractbridge.cards import Card, Hand, Seat, Suit
from contractbridge.director import Effect, EffectKind
from contractbridge.laws.wbf17.play.penalty_cards import (
    PenaltyCards,
    classify,
    declarer_faces_hand,
    exposed_card,
    failure_to_play,
    follow_set,
    lead_options,
    play_restriction,
)
from contractbridge.laws.wbf17.play.restrictions import allowed_cards

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def pcs(*items: tuple[Seat, str, bool]) -> PenaltyCards:
    out = PenaltyCards()
    for seat, card, deliberate in items:
        out = out.add(seat, Card(card), deliberate=deliberate, law="49")
    return out


# ---- TV95, TV105: following suit comes first -----------------------------------------------------------------
def test_tv95_must_follow_suit_even_with_major_pc_in_another_suit_l44c_l50d1b() -> None:
    got = play_restriction(W, Hand("Q2.J83.76.54"), cards("H5"), pcs((W, "SQ", False)))
    assert got.allowed == frozenset(cards("HJ H8 H3")) and got.law == "50D1(b)"


def test_tv105_void_must_play_major_pc_rather_than_ruff_or_discard_l50d1a() -> None:
    penalty = pcs((W, "SQ", False))
    assert play_restriction(W, Hand("Q2.J8.76.54"), cards("H5"), penalty).allowed == frozenset(cards("HJ H8"))
    got = play_restriction(W, Hand("Q2..7643.54"), cards("H5"), penalty)
    assert got.allowed == {Card("SQ")} and got.law == "50D1(a)"


def test_major_pc_led_at_first_opportunity_l50d1a() -> None:
    got = play_restriction(W, Hand("Q2.J8.76.54"), [], pcs((W, "SQ", False)))
    assert got.allowed == {Card("SQ")}


# ---- TV102–TV104: classification ------------------------------------------------------------------------------
def test_tv102_dropped_low_card_is_minor_honour_may_replace_it_l50b_l50c() -> None:
    penalty = pcs((W, "D4", False))
    assert not penalty.of(W)[0].major
    got = play_restriction(W, Hand("..KT742."), cards("D3"), penalty)  # W holds DK T 7 4 2 (D4 the PC)
    assert got.allowed == frozenset(cards("DK DT D4")) and got.law == "50C"
    assert lead_options(W, S, penalty) is None  # E has no lead restriction (L50C)


def test_minor_pc_does_not_restrict_other_suits_l50c() -> None:
    got = play_restriction(W, Hand("K3..T4."), [], pcs((W, "D4", False)))
    assert got.allowed == frozenset(cards("SK S3 DT D4"))


def test_tv103_exposed_honour_is_major_declarer_gets_l50d2_options() -> None:
    penalty = pcs((W, "SQ", False))
    assert penalty.of(W)[0].major and classify(Card("SQ"), deliberate=False)
    ruling = lead_options(W, S, penalty)
    assert ruling is not None and ruling.chooser == S and ruling.law == "50D2"
    assert ruling.option_ids == ("require_S", "forbid_S", "no_restriction")
    require = ruling.option("require_S")
    assert require.effects == (
        Effect(EffectKind.PICK_UP, W, (Card("SQ"),)),
        Effect(EffectKind.REQUIRE_LEAD, E, suits=(Suit.SPADES,)),
    )
    assert ruling.option("forbid_S").effects[1] == Effect(EffectKind.FORBID_LEAD, E, suits=(Suit.SPADES,))
    assert ruling.option("no_restriction").law == "50D2(b)"


def test_tv104_two_low_accidental_pcs_are_both_major_l50b() -> None:
    penalty = pcs((W, "D4", False), (W, "C7", False))
    assert all(pc.major for pc in penalty.of(W))


def test_deliberate_low_card_is_major_l50b() -> None:
    assert pcs((W, "C7", True)).of(W)[0].major


# ---- TV106–TV107: several penalty cards (L51) ---------------------------------------------------------------
def test_tv106_two_major_pcs_declarer_chooses_l51a() -> None:
    got = play_restriction(W, Hand("QJ2.8..54"), cards("S5"), pcs((W, "SQ", False), (W, "SJ", False)))
    assert got.allowed == frozenset(cards("SQ SJ")) and got.declarer_chooses and "51A" in got.law


def test_tv107_require_one_suit_picks_up_only_that_suit_l51b2a() -> None:
    penalty = pcs((W, "SQ", False), (W, "D5", False))
    ruling = lead_options(W, S, penalty)
    assert ruling is not None and ruling.law == "51B"
    assert set(ruling.option_ids) == {"require_S", "require_D", "forbid_S", "forbid_D", "forbid_SD", "no_restriction"}
    require = ruling.option("require_S")
    picked = require.effects[0].cards
    assert picked == (Card("SQ"),) and "51B2(a)" in require.law
    after = penalty.remove(picked)
    assert [pc.card for pc in after] == [Card("D5")] and after.of(W)[0].major  # stays major (TV107)
    both = ruling.option("forbid_SD")
    assert set(both.effects[0].cards) == {Card("SQ"), Card("D5")} and both.law == "51B2(b)"
    assert both.effects[1].suits == (Suit.SPADES, Suit.DIAMONDS)
    assert ruling.option("no_restriction").law == "51B2(c)"


def test_two_pcs_same_suit_l51b1() -> None:
    ruling = lead_options(W, S, pcs((W, "SQ", False), (W, "SJ", False)))
    assert ruling is not None
    assert ruling.option("require_S").law == "51B1(a)" and ruling.option("forbid_S").law == "51B1(b)"
    assert set(ruling.option("require_S").effects[0].cards) == {Card("SQ"), Card("SJ")}


# ---- TV108: failure to play a penalty card (L52) -----------------------------------------------------------
def test_tv108_declarer_may_accept_or_refuse_the_wrong_card_l52b1_l52b2() -> None:
    ruling = failure_to_play(W, Card("S3"), [Card("SQ")], S, declarer_played_since=False)
    assert ruling.option_ids == ("accept", "refuse") and ruling.chooser == S
    assert ruling.option("accept").law == "52B1(a)"
    refuse = ruling.option("refuse").effects
    assert Effect(EffectKind.PENALTY_CARD, W, (Card("S3"),), data="major") in refuse
    assert Effect(EffectKind.SUBSTITUTE, W, (Card("SQ"),)) in refuse
    assert "64B3" in ruling.notes[0] and ruling.review == ("64C",)


def test_tv108_must_accept_after_declarer_played_on_l52b1b() -> None:
    ruling = failure_to_play(W, Card("S3"), [Card("SQ")], S, declarer_played_since=True)
    assert ruling.option_ids == ("accept",) and ruling.options[0].law == "52B1(b)"


def test_l52a_offender_may_not_withdraw_on_his_own() -> None:
    assert "52A" in failure_to_play(W, Card("S3"), [Card("SQ")], S, declarer_played_since=False).notes[0]


# ---- TV109, L48, L49 ---------------------------------------------------------------------------------------
def test_tv109_declarer_dropped_card_is_no_penalty_card_l48a() -> None:
    for seat in (S, N):
        ruling = exposed_card(seat, Card("C9"), S, deliberate=False)
        assert ruling.law == "48A" and all(e.kind is EffectKind.NONE for e in ruling.options[0].effects)


def test_l49_defender_exposed_card_becomes_penalty_card() -> None:
    ruling = exposed_card(E, Card("C9"), S, deliberate=False)
    assert ruling.law == "49" and ruling.options[0].effects[0].data == "minor" and "50E4" in ruling.review
    assert exposed_card(E, Card("CJ"), S, deliberate=False).options[0].effects[0].data == "major"


def test_l48b_declarer_facing_his_cards() -> None:
    assert declarer_faces_hand(S, after_opening_lead_out_of_turn=True).law == "48B1"
    deemed = declarer_faces_hand(S, after_opening_lead_out_of_turn=False)
    assert deemed.question is not None and deemed.outcome(True).law.startswith("48B2")


def test_l50a_pc_stays_until_played_or_picked_up() -> None:
    penalty = pcs((W, "SQ", False))
    assert len(penalty.remove([Card("HA")])) == 1 and len(penalty.remove([Card("SQ")])) == 0


# ---- restrictions pass through (L26B/L50D2 lead bans, L57A, L59) ---------------------------------------------
def test_lead_ban_and_requirement_with_l59_fallback() -> None:
    hand = Hand("K2.J8.76.")
    ban = Effect(EffectKind.FORBID_LEAD, E, suits=(Suit.SPADES,))
    assert allowed_cards(E, hand, [], [ban]).allowed == frozenset(cards("HJ H8 D7 D6"))
    need = Effect(EffectKind.REQUIRE_LEAD, E, suits=(Suit.CLUBS,))
    got = allowed_cards(E, hand, [], [need])
    assert got.law == "59" and len(got.allowed) == 6  # void in clubs: any card (L59)
    assert allowed_cards(W, hand, [], [ban]).allowed == frozenset(hand)  # not his restriction


def test_restriction_first_pc_stays_l50d1b() -> None:
    hand = Hand("Q2.J8.76.")
    need = Effect(EffectKind.REQUIRE_LEAD, W, suits=(Suit.HEARTS,))
    got = allowed_cards(W, hand, [], [need], pcs((W, "SQ", False)))
    assert got.allowed == frozenset(cards("HJ H8"))
    assert allowed_cards(W, hand, [], [], pcs((W, "SQ", False))).allowed == {Card("SQ")}


def test_l50e_information_from_penalty_cards() -> None:
    ruling = lead_options(W, S, pcs((W, "SQ", False)))
    assert ruling is not None and "L50E2" in ruling.notes[0]
    exposed = exposed_card(W, Card("SQ"), S, deliberate=False)
    assert "L50E1" in exposed.notes[0] and exposed.review == ("50E4",)


hands_st = st.builds(lambda bits: Hand.from_bits(bits), st.integers(1, (1 << 52) - 1))


@given(
    hands_st,
    st.lists(st.integers(0, 51), max_size=3, unique=True),
    st.lists(st.integers(0, 51), max_size=3, unique=True),
    st.lists(st.tuples(st.sampled_from(list(EffectKind)), st.sampled_from(list(Suit))), max_size=3),
)
def test_allowed_cards_never_break_follow_suit_and_never_empty_l44c_l59(
    hand: Hand, trick_ix: list[int], pc_ix: list[int], effects: list[tuple[EffectKind, Suit]]
) -> None:
    trick = [Card.from_index(i) for i in trick_ix if Card.from_index(i) not in hand]
    penalty = PenaltyCards()
    for i in pc_ix:
        if Card.from_index(i) in hand:
            penalty = penalty.add(W, Card.from_index(i), deliberate=False, law="49")
    restrictions = [Effect(kind, W, suits=(suit,), data="highest") for kind, suit in effects]
    got = allowed_cards(W, hand, trick, restrictions, penalty)
    follow = follow_set(hand, trick)
    assert got.allowed and got.allowed <= follow
    if not restrictions and penalty.major(W):
        majors = {pc.card for pc in penalty.major(W)} & follow
        assert not majors or got.allowed == majors
