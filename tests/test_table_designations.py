"""Issue #11 wiring: declarer's designation of dummy's card at an irregular WBF17 table (L46; digest
``shared/spec/laws-wbf2017.md`` §4 L46, §12.9 TV96–TV101): a ``designate`` event with declarer's words plays the
card ``procedure.resolve_designation`` names, notes a void one, or lets a defender (L46B5) or the director pick;
replaying the log gives the same table."""

from __future__ import annotations

from typing import Any

import pytest

from contractbridge.cards import Card, Seat
from contractbridge.errors import EventLogError, IllegalPlayError, ParseError
from contractbridge.table import Table
from play_helpers import N_WINS_T1, log, pending, table_of

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def designate(words: str) -> dict[str, Any]:
    return {"event": "designate", "words": words}


def dummy_card(table: Table) -> Card:
    played = [c for s, c in (table.play_state.played() if table.play_state else []) if s == N]
    return played[-1]


def test_tv96_low_and_high_l46b1a_l46b1c() -> None:
    assert dummy_card(table_of("S2", more=(designate("low"),))) == Card("S4")
    assert dummy_card(table_of("S2", more=(designate("high"),))) == Card("SA")


def test_tv97_win_it_plays_the_lowest_card_known_to_win_l46b1b() -> None:
    table = table_of("SQ", more=(designate("win it"),))
    assert dummy_card(table) == Card("SK") and table.turn == E


def test_tv98_a_suit_named_plays_its_lowest_card_l46b2() -> None:
    assert dummy_card(table_of(*N_WINS_T1, more=(designate("diamond"),))) == Card("D7")


def test_tv99_a_card_dummy_lacks_is_void_l46b4() -> None:
    table = table_of(*N_WINS_T1, more=(designate("king of hearts"),))
    assert table.turn == N and len(table.tricks) == 1 and table.play_state is not None and len(table.play_state) == 4
    assert table.record is not None and any(n.startswith("L46B4") for n in table.record.notes)


def test_tv100_play_anything_a_defender_chooses_l46b5() -> None:
    table = table_of("S2", more=(designate("play anything"),))
    ruling = pending(table)
    assert (ruling.irregularity, ruling.law, ruling.chooser) == ("designation", "46B5", E)
    assert {o.id for o in ruling.options} == {"play_S5", "play_S4", "play_SK", "play_SA"}  # dummy's legal cards
    chosen = table_of("S2", more=(designate("play anything"), {"event": "choose", "seat": "E", "option": "play_SA"}))
    assert dummy_card(chosen) == Card("SA") and chosen.turn == E


def test_tv101_a_rank_at_dummys_lead_continues_the_suit_it_won_with_l46b3a() -> None:
    assert dummy_card(table_of(*N_WINS_T1, more=(designate("king"),))) == Card("SK")


def test_a_designation_out_of_place_or_unreadable_is_refused() -> None:
    table = Table.from_events(log("S2", "S4"))
    before = table.to_events()
    with pytest.raises(IllegalPlayError):  # E is to play, not dummy
        table.apply(designate("low"))
    assert table.to_events() == before
    with pytest.raises(EventLogError):
        Table.from_events([*log("S2"), designate("the best one")])
    table = Table.from_events(log("S2"))
    with pytest.raises(ParseError):
        table.apply(designate("whichever you like, partner"))
