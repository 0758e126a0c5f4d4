"""Issue #11: cards played at once at an irregular WBF17 table (L58; digest ``shared/spec/laws-wbf2017.md``
§12.11 TV121): a ``simultaneous`` event from the hand to play is the L58B ruling, its options each playing one
card; a defender's other visible cards become penalty cards (L50B); two hands at once are logged lawful card
first (L58A)."""

from __future__ import annotations

from typing import Any

import pytest

from contractbridge.cards import Card, Seat
from contractbridge.errors import CardNotInHandError, IllegalPlayError
from contractbridge.table import Table
from play_helpers import N_WINS_T1, W_WINS_T1, choose, pending, replayed, table_of

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def together(seat: str, *cards: str, visible: tuple[str, ...] | None = None) -> dict[str, Any]:
    event: dict[str, Any] = {"event": "simultaneous", "seat": seat, "cards": list(cards)}
    if visible is not None:
        event["visible"] = list(visible)
    return event


def test_tv121_both_faces_visible_the_defender_chooses_the_other_a_minor_penalty_card_l58b2_l50b() -> None:
    table = table_of(*W_WINS_T1, more=(together("W", "D2", "D3"),))
    ruling = pending(table)
    assert (ruling.irregularity, ruling.law, ruling.offender, ruling.chooser) == ("simultaneous_cards", "58B2", W, W)
    assert [o.id for o in ruling.options] == ["play_D2", "play_D3"]
    table.apply(choose("play_D3", "W"))
    assert table.play_state is not None and table.play_state.current_trick == [(W, Card("D3"))]
    assert table.record is not None
    assert [(p.seat, p.card, p.major) for p in table.record.penalty_cards] == [(W, Card("D2"), False)]
    assert Card("D2") in table.hand(W) and table.turn == N
    replayed(table)


def test_tv121_with_two_other_cards_both_penalty_cards_are_major_l50b() -> None:
    table = table_of(*W_WINS_T1, more=(together("W", "D2", "D3", "D4"), choose("play_D4", "W")))
    assert table.record is not None
    assert {(str(p.card), p.major) for p in table.record.penalty_cards} == {("D2", True), ("D3", True)}


def test_l58b1_one_face_visible_is_played_the_others_go_back() -> None:
    table = table_of(*W_WINS_T1, more=(together("W", "D2", "SJ", visible=("SJ",)),))
    ruling = pending(table)
    assert (ruling.law, ruling.chooser, [o.id for o in ruling.options]) == ("58B1", None, ["played"])
    table.apply(choose("played", "director"))
    assert table.play_state is not None and table.play_state.current_trick == [(W, Card("SJ"))]
    assert table.record is not None and table.record.penalty_cards == [] and Card("D2") in table.hand(W)


def test_l48a_declarers_cards_played_together_are_no_penalty_cards() -> None:
    table = table_of(*N_WINS_T1, more=(together("N", "D7", "DA"), choose("play_DA", "N")))
    assert table.record is not None and table.record.penalty_cards == [] and Card("D7") in table.hand(N)


def test_only_cards_he_may_play_are_options_and_bad_events_change_nothing() -> None:
    table = table_of(*W_WINS_T1, "D2", more=(together("N", "DA", "S5"),))  # dummy must follow diamonds
    assert [o.id for o in pending(table).options] == ["play_DA"]
    base = table_of(*W_WINS_T1)
    before = base.to_events()
    for bad, error in [
        (together("E", "D8", "DJ"), IllegalPlayError),  # not E's turn
        (together("W", "D2"), IllegalPlayError),
        (together("W", "D2", "HA"), CardNotInHandError),
        (together("W", "D2", "D3", visible=("C2",)), IllegalPlayError),
    ]:
        with pytest.raises(error):
            base.apply(bad)
        assert base.to_events() == before and base.record is not None and base.record.pending is None


def test_l58a_two_hands_at_once_the_lawful_card_first_the_other_played_after_it() -> None:
    table = Table.from_events(table_of(*W_WINS_T1, "D2", "E:D8").to_events())  # E with N, not before him
    ruling = pending(table)
    assert (ruling.irregularity, ruling.law, ruling.offender) == ("premature_play", "57D", E)
