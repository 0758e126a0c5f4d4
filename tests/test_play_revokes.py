"""Revokes and defective tricks (L61–L64, L67): vectors TV123–TV136 of laws-wbf2017.md §12.12, one test per
lettered paragraph, and a hypothesis test of the L64 transfer function over random tricks and revokes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contractbridge.cards import Card, Hand, Seat, Side, Strain, Suit
from contractbridge.contract import Contract
from contractbridge.deal import Deal, Vulnerability
from contractbridge.director import Effect, EffectKind
from contractbridge.laws.wbf17.play.review import Flag, NoDamage, Result, settle
from contractbridge.laws.wbf17.play.revokes import (
    Action,
    Notice,
    Revoke,
    RevokeKind,
    correction,
    dd_evidence,
    defective_trick,
    equity,
    inquiry_allowed,
    is_established,
    revoke_kind,
    transfers,
)
from contractbridge.play import PlayState

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def winners(text: str) -> list[Seat]:
    """``"NNSEWNSNENSNN"``: who won tricks 1–13."""
    assert len(text) == 13
    return [Seat.parse(ch) for ch in text]


# ---- L61 ----------------------------------------------------------------------------------------------------
def test_l61a_failure_to_follow_or_to_comply_is_a_revoke() -> None:
    hand = Hand("K2.J8.76.")
    assert revoke_kind(hand, [Card("H5")], Card("S2")) is RevokeKind.FOLLOW_SUIT
    assert revoke_kind(hand, [Card("H5")], Card("HJ")) is None
    assert revoke_kind(hand, [Card("C5")], Card("S2")) is None
    assert revoke_kind(hand, [Card("H5")], Card("S2"), dummy=True) is RevokeKind.DUMMY
    required = frozenset({Card("SK")})
    assert revoke_kind(hand, [], Card("S2"), allowed=required, penalty_cards=required) is RevokeKind.PENALTY_CARD
    assert revoke_kind(hand, [], Card("S2"), allowed=frozenset({Card("HJ"), Card("H8")})) is RevokeKind.RESTRICTION


def test_l61b_inquiries() -> None:
    assert inquiry_allowed(S, W, S) == (True, "61B1")
    assert inquiry_allowed(N, S, S) == (True, "61B2(a)")
    assert inquiry_allowed(N, E, S) == (False, "61B2(b)")
    assert inquiry_allowed(E, W, S) == (True, "61B3") and inquiry_allowed(E, S, S) == (True, "61B3")


# ---- TV131–TV133, L62–L63 --------------------------------------------------------------------------------------
def test_tv131_partner_leading_to_next_trick_establishes_l63a1() -> None:
    assert is_established(E, S, [Action(W, "play")]) == (True, "63A1")


def test_l63a_other_ways_of_establishment_and_l47e1_exception() -> None:
    assert is_established(E, S, [Action(S, "play"), Action(N, "play")]) == (False, "62A")
    assert is_established(E, S, [Action(E, "play", induced=True)]) == (False, "62A")  # L47E1
    assert is_established(S, S, [Action(N, "play")]) == (True, "63A1")  # dummy's card counts for declarer
    assert is_established(E, S, [Action(W, "designate")]) == (True, "63A2")
    assert is_established(E, S, [Action(W, "claim")]) == (True, "63A3")
    assert is_established(E, S, [Action(S, "agreed")]) == (True, "63A4")


def test_tv132_defender_corrects_before_establishment_major_pc_nos_may_withdraw_l62a_l62b1_l62c1() -> None:
    ruling = correction(E, Card("D4"), S, played_after=(S, N))
    assert ruling.law == "62B1"
    effects = ruling.options[0].effects
    assert Effect(EffectKind.PENALTY_CARD, E, (Card("D4"),), data="major") in effects
    assert {e.seat for e in effects if e.kind is EffectKind.WITHDRAW and e.data == "may"} == {S, N}
    assert any("62C2" in n for n in ruling.notes)


def test_tv133_declarer_corrects_no_penalty_card_l62b2_l48a() -> None:
    ruling = correction(S, Card("D4"), S)
    assert ruling.law == "62B2" and EffectKind.PENALTY_CARD not in [e.kind for e in ruling.options[0].effects]
    faced = correction(E, Card("D4"), S, faced=True)
    assert faced.law == "62B2"


def test_l62c3_both_sides_revoked_on_one_trick() -> None:
    assert correction(E, Card("D4"), S, both_sides_revoked=True).law == "62C3"


def test_tv130_trick_12_revoke_corrected_even_if_established_no_transfer_l62d1_l64b6() -> None:
    assert correction(E, Card("D4"), S, trick=12).law == "62D1"
    (t,) = transfers([Revoke(E, 12, Suit.HEARTS)], winners("NNNNNNNNNNEN" + "N"))
    assert (t.count, t.law) == (0, "64B6")


# ---- TV123–TV129, TV134–TV136: L64 ------------------------------------------------------------------------------
def test_tv123_revoker_won_the_trick_two_tricks_l64a1() -> None:
    tricks = winners("EWSNESENSNNSS")  # E revoked and won trick 5; EW won tricks 7 and 9 later
    (t,) = transfers([Revoke(E, 5, Suit.HEARTS)], tricks)
    assert (t.count, t.to, t.law, t.tricks) == (2, Side.NS, "64A1", (5, 7))
    assert str(t) == "L64A1: 2 tricks to NS, trick 5 and trick 7"
    table = Result(Contract.parse("4S"), S, 8)
    final = settle(table, Vulnerability.NONE, transfers=[t])
    assert final.ns == 420 and final.steps[-1].law == "64A1"  # 8 tricks at the table, 10 for scoring


def test_tv124_no_later_trick_one_trick_l64a1() -> None:
    (t,) = transfers([Revoke(E, 5, Suit.HEARTS)], winners("EWSNESSNSNNSS"))
    assert (t.count, t.law, t.tricks) == (1, "64A1", (5,))


def test_tv125_partner_won_the_trick_one_trick_l64a2() -> None:
    (t,) = transfers([Revoke(E, 5, Suit.HEARTS)], winners("NNSNWSENSEWSS"))
    assert (t.count, t.law, t.tricks) == (1, "64A2", (5,))


def test_tv126_dummy_won_declarer_revoke_trick_one_trick_l64a2_footnote() -> None:
    (t,) = transfers([Revoke(S, 4, Suit.CLUBS)], winners("NEWNSNSSSNSNS"))
    assert (t.count, t.to, t.law) == (1, Side.EW, "64A2")


def test_tv127_offenders_won_nothing_from_revoke_trick_no_transfer_equity_l64b1_l64c1() -> None:
    (t,) = transfers([Revoke(E, 6, Suit.SPADES)], winners("EWEWENSNSNSNS"))
    assert (t.count, t.law) == (0, "64B1")
    ruling = equity([t], 7, S)
    assert ruling.question is not None and ruling.law == "64C1" and ruling.outcome(True).law == "64C1"


def test_tv128_second_revoke_same_suit_same_player_no_transfer_l64b2_l64c2a() -> None:
    moved = transfers([Revoke(E, 3, Suit.SPADES), Revoke(E, 7, Suit.SPADES)], winners("NNENSEENWSNNS"))
    assert [(t.count, t.law) for t in moved] == [(2, "64A1"), (0, "64B2")]
    assert equity(moved, 8, S).law == "64C2(a)"


def test_tv129_found_after_next_board_call_l64b4_round_ended_l64b5() -> None:
    tricks = winners("EWSNESENSNNSS")
    (late,) = transfers([Revoke(E, 5, Suit.HEARTS, notice=Notice.AFTER_NEXT_DEAL_CALL)], tricks)
    assert (late.count, late.law) == (0, "64B4")
    (after,) = transfers([Revoke(E, 5, Suit.HEARTS, notice=Notice.AFTER_ROUND)], tricks)
    assert (after.count, after.law) == (0, "64B5")


def test_l64b3_penalty_card_or_dummy_revoke_no_transfer() -> None:
    tricks = winners("EWSNESENSNNSS")
    assert transfers([Revoke(E, 5, Suit.HEARTS, RevokeKind.PENALTY_CARD)], tricks)[0].law == "64B3"
    assert transfers([Revoke(N, 5, Suit.HEARTS, RevokeKind.DUMMY)], tricks)[0].law == "64B3"


def test_tv134_both_sides_established_no_transfer_l64b7_l64c2b() -> None:
    moved = transfers([Revoke(E, 3, Suit.SPADES), Revoke(S, 6, Suit.HEARTS)], winners("NNENSEENWSNNS"))
    assert [(t.count, t.law) for t in moved] == [(0, "64B7"), (0, "64B7")]
    assert equity(moved, 8, S).law == "64C2(b)"


def test_l64b8_corrected_under_62c3() -> None:
    (t,) = transfers([Revoke(E, 3, Suit.SPADES, corrected_62c3=True)], winners("NNENSEENWSNNS"))
    assert t.law == "64B8"


def test_tv135_dummy_first_asks_declarer_as_if_established_one_trick_l43b2b_l64a2() -> None:
    (t,) = transfers([Revoke(S, 5, Suit.HEARTS, as_if_established=True)], winners("NNENWSSNSNNSS"))
    assert (t.count, t.to, t.law) == (1, Side.EW, "64A2")


def test_tv136_omitted_card_found_late_deemed_revoke_one_trick_l67b1_l64a2() -> None:
    ruling = defective_trick(
        E, omitted=True, both_sides_played_next=True, hand=Hand("..Q73.K2"), suit_led=Suit.DIAMONDS
    )
    assert ruling.law == "67B1(a)" and ruling.options[0].effects[0].cards == (Card("DQ"), Card("D7"), Card("D3"))
    assert ruling.options[0].law == "67B1(a), 64A2"
    (t,) = transfers([Revoke(E, 4, Suit.DIAMONDS)], winners("NSNWNSENSNNSS"))  # W won trick 4
    assert (t.count, t.law) == (1, "64A2")


def test_l67a_corrected_in_time_l67b2_extra_cards() -> None:
    assert defective_trick(E, omitted=True, both_sides_played_next=False).law == "67A1"
    assert defective_trick(E, omitted=False, both_sides_played_next=False).law == "67A2"
    assert defective_trick(
        E, omitted=True, both_sides_played_next=True, hand=Hand("K..."), suit_led=Suit.CLUBS
    ).law == ("67B1(b)")
    extra = defective_trick(W, omitted=False, both_sides_played_next=True, declarer=S)
    assert extra.law == "67B2" and "penalty card" in extra.options[0].effect


def test_claimed_tricks_count_for_their_side_l64() -> None:
    tricks: list[Seat | Side] = [*winners("NNSNESN" + "NNNNNN")[:7], *[Side.EW] * 6]
    (t,) = transfers([Revoke(S, 8, Suit.CLUBS)], tricks)
    assert (t.count, t.to, t.law) == (0, Side.EW, "64B1")
    (t,) = transfers([Revoke(W, 8, Suit.CLUBS)], tricks)  # EW won tricks 8–13 by an agreed claim
    assert (t.count, t.tricks, t.law) == (1, (8,), "64A2")


def test_transfers_need_thirteen_tricks() -> None:
    with pytest.raises(ValueError, match="13"):
        transfers([], winners("NNNNNNNNNNNNN")[:12])


def test_dd_evidence_is_a_figure_for_the_director_l64c() -> None:
    deal = Deal.random(64)
    play = PlayState(deal, Strain.NOTRUMP, S)
    while len(play.tricks) < 4:
        play.push(min(play.legal_cards()))
    figure = dd_evidence(deal, Strain.NOTRUMP, S, play.tricks, 3)
    won_before = sum(1 for t in play.tricks[:2] if t.winner.side is Side.NS)
    assert won_before <= figure <= won_before + 11
    note = equity([], 7, S, dd_figure=figure).notes[-1]
    assert note.startswith("Evidence, not a ruling") and str(figure) in note


# ---- hypothesis: the transfer function never exceeds L64A and respects L64B ------------------------------------
revoke_st = st.builds(
    Revoke,
    player=st.sampled_from(list(Seat)),
    trick=st.integers(1, 13),
    suit=st.sampled_from(list(Suit)),
    kind=st.sampled_from([RevokeKind.FOLLOW_SUIT, RevokeKind.FOLLOW_SUIT, RevokeKind.PENALTY_CARD, RevokeKind.DUMMY]),
    notice=st.sampled_from([Notice.IN_TIME, Notice.IN_TIME, Notice.IN_TIME, Notice.AFTER_ROUND]),
    corrected_62c3=st.booleans(),
)


@given(st.lists(st.sampled_from(list(Seat)), min_size=13, max_size=13), st.lists(revoke_st, max_size=4))
def test_l64_transfers_never_exceed_l64a_and_respect_l64b(tricks: list[Seat], revokes: list[Revoke]) -> None:
    moved = transfers(revokes, tricks)
    assert len(moved) == len(revokes)
    named: list[int] = []
    sides = {r.player.side for r in revokes if not r.corrected_62c3}
    for t in moved:
        r = t.revoke
        assert t.to == r.player.side.opponents and t.count == len(t.tricks)
        assert t.count <= (2 if tricks[r.trick - 1] == r.player else 1)  # L64A1 / L64A2
        for n in t.tricks:  # only tricks the offenders won, from the revoke trick on
            assert n >= r.trick and tricks[n - 1].side == r.player.side
        named.extend(t.tricks)
        exception = (
            r.trick == 12
            or r.kind is not RevokeKind.FOLLOW_SUIT
            or r.notice is not Notice.IN_TIME
            or len(sides) == 2
            or r.corrected_62c3
            or any(o.player == r.player and o.suit == r.suit and o.trick < r.trick for o in revokes)
        )
        if exception:
            assert t.count == 0 and t.law.startswith("64B")
        elif not any(tricks[n - 1].side == r.player.side for n in range(r.trick, 14)):
            assert (t.count, t.law) == (0, "64B1")
    assert len(named) == len(set(named))  # no trick transferred twice
    for side in Side:
        given_away = sum(t.count for t in moved if t.to != side)
        assert given_away <= sum(1 for w in tricks if w.side == side)


@given(st.lists(st.sampled_from(list(Seat)), min_size=13, max_size=13), st.integers(1, 13), st.sampled_from(list(Seat)))
def test_l64_single_revoke_matches_the_law(tricks: list[Seat], trick: int, player: Seat) -> None:
    (t,) = transfers([Revoke(player, trick, Suit.CLUBS)], tricks)
    os_won = [n for n in range(trick, 14) if tricks[n - 1].side == player.side]
    if trick == 12:
        assert t.count == 0
    elif tricks[trick - 1] == player:
        assert t.count == 1 + (len(os_won) > 1)
    else:
        assert t.count == (1 if os_won else 0)


def test_review_flags_settled_after_transfer() -> None:
    (t,) = transfers([Revoke(E, 5, Suit.HEARTS)], winners("EWSNESENSNNSS"))
    final = settle(
        Result(Contract.parse("4S"), S, 8),
        Vulnerability.NONE,
        transfers=[t],
        flags=[Flag("64C")],
        answers={"64C": NoDamage()},
    )
    assert final.ns == 420 and final.steps[-1].law == "64C"
