"""Issue #11 wiring: leads and plays out of turn after the opening lead at an irregular WBF17 table (L53A, L55,
L56, L57; digest ``shared/spec/laws-wbf2017.md`` §12.11 TV113–TV118): each is a pending ruling of
``laws.wbf17.play.out_of_turn`` in the table's record, its options applied by ``choose`` events, and the
restrictions it leaves enforced by ``legal_cards``; replaying the log gives the same table."""

from __future__ import annotations

import pytest

from contractbridge.cards import Card, Seat
from contractbridge.errors import IrregularityPendingError, RulingError
from contractbridge.table import IrregularityKind, Table
from play_helpers import E_WINS_T1, N_WINS_T1, S_ON_LEAD, W_WINS_T1, choose, log, pending, table_of

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def test_tv115_defenders_lead_out_of_turn_declarer_accepts_l56a_l53a() -> None:
    table = table_of(*W_WINS_T1, "E:HK")
    ruling = pending(table)
    assert (ruling.irregularity, ruling.law, ruling.offender, ruling.chooser) == ("lead_out_of_turn", "56", E, S)
    assert [(o.id, o.law) for o in ruling.options] == [("accept", "56A, 53A"), ("withdraw", "56B, 50D")]
    lead = table.pending_irregularity
    assert lead is not None and lead.kind is IrregularityKind.LEAD_OUT_OF_TURN and (lead.trick, lead.turn) == (2, W)
    accepted = table_of(*W_WINS_T1, "E:HK", more=(choose("accept"),))
    assert accepted.play_state is not None and accepted.play_state.current_trick == [(E, Card("HK"))]
    assert accepted.turn == S  # the lead stands; the next hand in rotation plays (L53A)


def test_tv115_withdrawn_lead_is_a_major_penalty_card_and_w_leads_under_l50d2_l56b() -> None:
    table = table_of(*W_WINS_T1, "E:HK", more=(choose("withdraw"),))
    assert Card("HK") in table.hand(E) and table.record is not None
    assert [(pc.seat, pc.card, pc.major) for pc in table.record.penalty_cards] == [(E, Card("HK"), True)]
    ruling = pending(table)  # W, the correct leader, waits for declarer's L50D2 options
    assert (ruling.irregularity, ruling.law, ruling.chooser) == ("penalty_card_lead", "50D2", S)
    table.apply(choose("no_restriction"))
    table.play("D2")  # W leads; E must play ♥K, his major PC, at the first legal opportunity — after following suit
    table.play("DA")
    assert table.legal_cards() == {Card("D8"), Card("DJ"), Card("DQ")}  # following suit first (L50D1(b))


def test_tv113_declarer_leads_from_the_wrong_hand_lho_of_that_hand_chooses_l55a_l55b2() -> None:
    table = table_of(*N_WINS_T1, "S:C6")
    ruling = pending(table)
    assert (ruling.law, ruling.offender, ruling.chooser) == ("55", S, W)  # W's choice prevails (L55A)
    assert ruling.review == ("16",)
    with pytest.raises(RulingError):
        table.apply(choose("withdraw", "S"))
    back = table_of(*N_WINS_T1, "S:C6", more=(choose("withdraw", "W"),))
    assert back.record is not None and back.record.rulings[-1]["law"] == "55B2"
    assert Card("C6") in back.hand(S) and back.turn == N and back.record.penalty_cards == []  # no PC (L55B2)


def test_tv114_declarer_leads_from_dummy_when_a_defender_was_on_lead_l55b1() -> None:
    table = table_of(*E_WINS_T1, "N:HA", more=(choose("withdraw", "E"),))  # dummy's LHO chooses (L55A)
    assert table.record is not None and table.record.rulings[-1]["law"] == "55B1"
    assert Card("HA") in table.hand(N) and table.turn == E and table.record.penalty_cards == []
    accepted = table_of(*E_WINS_T1, "N:HA", more=(choose("accept", "E"),))
    assert accepted.turn == E and accepted.play_state is not None  # E plays second to dummy's ♥A
    assert accepted.play_state.current_trick == [(N, Card("HA"))]


def test_tv116_a_lead_out_of_turn_at_trick_13_is_withdrawn_l53a() -> None:
    table = Table.from_events(log())
    while len(table.tricks) < 12:
        table.play(min(table.legal_cards()))
    leader = table.turn
    assert leader is not None
    other = leader.lho
    card = next(iter(table.hand(other)))
    table.play(card, other)
    ruling = pending(table)
    assert (ruling.law, [o.id for o in ruling.options]) == ("53A", ["withdraw"])
    with pytest.raises(IrregularityPendingError):  # nor is it accepted by the next hand playing to it (L60A1)
        table.play(next(iter(table.hand(other.lho))), other.lho)
    table.apply(choose("withdraw", "director"))
    assert table.turn == leader and card in table.hand(other)


def test_tv117_premature_play_declarer_chooses_for_the_partner_l57a() -> None:
    table = table_of(*S_ON_LEAD, "C6", "E:CQ")  # S leads ♣6; E plays ♣Q before W
    ruling = pending(table)
    assert (ruling.irregularity, ruling.law, ruling.offender, ruling.chooser) == ("premature_play", "57A", E, S)
    assert [o.id for o in ruling.options][:4] == ["highest", "lowest", "play_S", "not_S"]
    highest = table_of(*S_ON_LEAD, "C6", "E:CQ", more=(choose("highest"),))
    assert highest.legal_cards() == {Card("C5")}  # W's highest club (L57A1)
    assert highest.record is not None
    assert [(pc.seat, pc.card, pc.major) for pc in highest.record.penalty_cards] == [(E, Card("CQ"), True)]
    highest.play("C5")
    highest.play("CA")
    assert highest.legal_cards() == {Card("CQ")}  # the major PC follows suit at the first opportunity (L50D1)
    lowest = table_of(*S_ON_LEAD, "C6", "E:CQ", more=(choose("lowest"),))
    assert lowest.legal_cards() == {Card("C2")}  # L57A2


def test_l57a4_l57b_a_suit_forbidden_or_required_that_cannot_be_met_l59() -> None:
    table = table_of(*S_ON_LEAD, "C6", "E:CQ", more=(choose("play_H"),))
    assert table.legal_cards() == {Card(c) for c in ("C2", "C3", "C4", "C5")}  # W must follow clubs (L57B, L59)
    forbid = table_of(*S_ON_LEAD, "C6", "E:CQ", more=(choose("not_S"),))
    assert forbid.legal_cards() == {Card(c) for c in ("C2", "C3", "C4", "C5")}


def test_tv118_declarers_premature_play_counts_then_l57c1_no_rectification_l57c3() -> None:
    table = table_of(*S_ON_LEAD, "C6", "N:CA")  # declarer calls dummy's ♣A before W plays
    ruling = pending(table)
    assert (ruling.law, ruling.chooser, [o.id for o in ruling.options]) == ("57C3", None, ["stands"])
    table.apply(choose("stands", "director"))
    assert table.turn == W and Card("CA") in table.hand(N)
    table.apply({"event": "play", "seat": "E", "card": "CJ"})  # E plays before W, declarer has played both hands
    ruling = pending(table)
    assert ruling.law == "57C1"
    table.apply(choose("no_rectification", "director"))
    assert table.record is not None and table.record.penalty_cards == []
    table.play("C2")
    assert table.legal_cards() == {Card("CA")}  # dummy's ♣A counts as played (L57C3)
    table.play("CA")
    assert table.legal_cards() == {Card("CJ")}  # E's ♣J is played at his turn
    table.play("CJ")
    again = Table.from_events(table.to_events())
    assert again.tricks == table.tricks and again.turn == table.turn


def test_l57d_a_defender_plays_at_his_rhos_turn() -> None:
    table = table_of(*S_ON_LEAD, "C6", "C2", "E:CJ")  # N's turn; E plays ♣J
    ruling = pending(table)
    assert (ruling.law, [o.id for o in ruling.options]) == ("57D", ["play_at_turn"])
    table.apply(choose("play_at_turn", "director"))
    table.play("CA")
    assert table.legal_cards() == {Card("CJ")}
    illegal = table_of(*S_ON_LEAD, "C6", "C2", "E:H8", more=(choose("penalty_card", "director"),))
    assert illegal.record is not None and [(p.card, p.major) for p in illegal.record.penalty_cards] == [
        (Card("H8"), True)
    ]


L52_BOARD = (*W_WINS_T1, "E:HK")
L52_MORE = (choose("withdraw"), choose("no_restriction"))
L52_PLAY = ("D2", "D7", "D8", "DT", "H4", "C2", "H2", "HJ")  # E plays ♥J although his major PC ♥K was due


def test_l52_a_card_instead_of_the_penalty_card_declarer_refuses_l52b2() -> None:
    table = Table.from_events([*log(*L52_BOARD, more=L52_MORE), *log(*L52_PLAY)[7:]])
    ruling = pending(table)
    assert (ruling.irregularity, ruling.law, ruling.offender, ruling.chooser) == ("penalty_card_not_played", "52", E, S)
    assert [(o.id, o.law) for o in ruling.options] == [("accept", "52B1(a)"), ("refuse", "52B2")]
    assert ruling.review == ("64C",)
    table.apply(choose("refuse"))
    assert table.legal_cards() == {Card("HK")}  # the penalty card replaces it (L52B2)
    assert table.record is not None and {(str(p.card), p.major) for p in table.record.penalty_cards} == {
        ("HK", True),
        ("HJ", True),
    }
    table.play("HK")
    again = Table.from_events(table.to_events())
    assert again.tricks == table.tricks and again.legal_cards() == table.legal_cards()


def test_l52_declarer_accepts_the_card_the_penalty_card_stays_l52b1() -> None:
    table = Table.from_events([*log(*L52_BOARD, more=L52_MORE), *log(*L52_PLAY)[7:], choose("accept")])
    assert table.tricks[-1].card_of(E) == Card("HJ")
    assert table.record is not None and [str(p.card) for p in table.record.penalty_cards] == ["HK"]  # L52B1(c)
    assert "REVIEW(64C)" in table.record.review  # a revoke without automatic transfer (L64B3): equity is checked
