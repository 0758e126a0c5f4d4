"""Issue #11: cards played and quitted tricks (L45A, L45B, L45G, L47A, L47B, L61C, L65, L66; digest
``shared/spec/laws-wbf2017.md`` §4 L45, L47, §5.5): how a card is played and kept, and an ``inspect`` event at an
irregular WBF17 table, noted when the law allows it and refused otherwise."""

from __future__ import annotations

from typing import Any

import pytest

from contractbridge.cards import Card, Seat, Side
from contractbridge.errors import IllegalPlayError
from contractbridge.laws.wbf17.play.tricks import Inspection, card_direction, may_inspect, may_point_out, mixed_cards
from contractbridge.table import Phase
from play_helpers import N_WINS_T1, S_ON_LEAD, W_WINS_T1, choose, replayed, table_of

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def inspect(seat: str, what: str, **more: Any) -> dict[str, Any]:
    return {"event": "inspect", "seat": seat, "what": what, **more}


def test_l45a_l45b_each_plays_his_own_cards_declarer_names_dummys() -> None:
    table = table_of(*N_WINS_T1)
    assert table.turn == N and table.actor == S  # dummy's card is declarer's to name (L45B, L41D)
    table.play("D7")  # named by declarer; dummy places it (L45B)
    assert table.turn == E and table.actor == E  # a defender plays his own card (L45A)


def test_l45g_the_cards_of_the_trick_in_progress_stay_face_up_for_all() -> None:
    table = table_of(*N_WINS_T1, "D7", "D8")
    for seat in Seat:
        assert table.view(seat).current_trick == ((N, Card("D7")), (E, Card("D8")))


def test_l47a_a_defenders_card_withdrawn_to_comply_with_a_rectification_may_become_a_penalty_card() -> None:
    table = table_of(*W_WINS_T1, "E:HK", more=(choose("withdraw"),))  # L56B
    assert Card("HK") in table.hand(E) and table.record is not None
    assert [(p.card, p.major) for p in table.record.penalty_cards] == [(Card("HK"), True)]


def test_l47b_a_card_withdrawn_to_correct_an_illegal_play_a_revoke() -> None:
    table = table_of(*S_ON_LEAD, "C6", "D3", more=({"event": "attention", "seat": "S"},))
    assert table.record is not None and table.record.pending is not None and table.record.pending.law == "62B1"
    table.apply(choose("correct", "director"))
    assert Card("D3") in table.hand(W) and table.legal_cards() == {Card(c) for c in ("C2", "C3", "C4", "C5")}


def test_l65a_l65b_cards_turned_towards_the_side_that_won() -> None:
    assert card_direction(N, S) == "towards his partner (L65B1)"
    assert card_direction(E, S) == "towards the opponents (L65B2)"
    assert may_point_out(side_played_next=False) == (True, "65B3")
    assert may_point_out(side_played_next=True) == (False, "65B3, 16B")


def test_l66a_l66b_l66c_who_may_see_what_and_when() -> None:
    for what, law in ((Inspection.TRICK, "66A"), (Inspection.OWN_CARD, "66B")):
        assert may_inspect(W, what, S, side_played_next=False) == (True, law)
        assert may_inspect(N, what, S, side_played_next=False) == (False, law)  # not dummy
        assert may_inspect(W, what, S, side_played_next=True) == (False, "66C, 61C")
    assert may_inspect(W, Inspection.QUITTED, S, side_played_next=False, director=True) == (True, "66C")
    assert may_inspect(W, Inspection.QUITTED, S, side_played_next=True, play_ended=True) == (True, "66D")


def test_l66d_l65d_only_one_side_mixed_its_cards_the_other_side_is_favoured() -> None:
    assert mixed_cards(frozenset({Side.NS})) == Side.EW
    assert mixed_cards(frozenset({Side.NS, Side.EW})) is None and mixed_cards(frozenset()) is None


def test_inspect_at_the_table_noted_when_lawful_l66a_l66b() -> None:
    table = table_of(*W_WINS_T1, more=(inspect("E", "trick"), inspect("S", "own_card")))
    assert table.record is not None and table.record.notes[-2:] == [
        "L66A: East inspected trick after trick 1.",
        "L66B: South inspected own card after trick 1.",
    ]
    replayed(table)


def test_l61c_l66c_a_revoke_claim_does_not_open_quitted_tricks_the_director_does() -> None:
    table = table_of(*W_WINS_T1, "D2")  # W (the defenders) have played to trick 2
    before = table.to_events()
    for bad in (inspect("W", "trick"), inspect("E", "quitted"), inspect("N", "trick")):
        with pytest.raises(IllegalPlayError, match="66"):
            table.apply(bad)
    assert table.to_events() == before
    table.apply(inspect("E", "quitted", director=True))
    assert table.record is not None and table.record.notes[-1].startswith("L66C: East inspected quitted")


def test_l66d_after_play_anyone_may_inspect() -> None:
    table = table_of()
    while table.phase is Phase.PLAY:
        table.play(min(table.legal_cards()))
    table.apply(inspect("W", "quitted"))
    assert table.record is not None and table.record.notes[-1].startswith("L66D")
